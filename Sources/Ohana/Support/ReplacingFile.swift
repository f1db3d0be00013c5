import Foundation

/// A file written through a temporary file next to it (`.NAME.PID.tmp`) that replaces it by
/// `rename` once complete, so that readers never see half a file. A path that names something other
/// than a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is written in place instead:
/// renaming over it would put a regular file where the device was (as root, for every process).
package struct ReplacingFile {
    /// The file to replace.
    let url: URL
    /// The temporary file being written (`url` itself when written in place).
    let temporary: URL
    /// The temporary file's handle.
    let handle: FileHandle
    /// Whether `url` is written in place.
    let isInPlace: Bool

    /// Creates the temporary file (or opens `url` for writing, when it is not a regular file).
    init(_ url: URL) throws {
        self.url = url
        if Self.isSpecialFile(url.path) {
            guard let handle = FileHandle(forWritingAtPath: url.path) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
            }
            (temporary, self.handle, isInPlace) = (url, handle, true)
            return
        }
        temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: temporary) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        self.handle = handle
        isInPlace = false
    }

    /// Whether `path` exists and is not a regular file (a device, a pipe, a socket); links followed.
    private static func isSpecialFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT != S_IFREG
    }

    /// Removes the temporary file; the file keeps what it held.
    func discard() {
        try? handle.close()
        if !isInPlace { try? FileManager.default.removeItem(at: temporary) }
    }

    /// Closes the temporary file and puts it in the file's place.
    func commit() throws {
        try? handle.close()
        guard !isInPlace else { return }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
            ])
        }
    }

    /// Writes `url` through `body` (handed the handle to write to): the file is replaced once
    /// `body` returns, and left as it was when `body` or the writing throws.
    package static func write<Result>(to url: URL, _ body: (FileHandle) throws -> Result) throws -> Result {
        let file = try ReplacingFile(url)
        let result: Result
        do {
            result = try body(file.handle)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
        return result
    }

    /// ``write(to:_:)`` for a `body` that waits.
    package static func write<Result>(to url: URL, _ body: (FileHandle) async throws -> Result) async throws -> Result {
        let file = try ReplacingFile(url)
        let result: Result
        do {
            result = try await body(file.handle)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
        return result
    }
}
