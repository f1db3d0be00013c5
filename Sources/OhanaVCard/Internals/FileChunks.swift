import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read in chunks into one buffer reused for every chunk.
///
/// On Linux Foundation's `FileHandle.read(upToCount:)` reads 4 KiB per system call and returns each
/// chunk as new `Data`: 7,500 calls for a 30 MB file. This reads a chunk with as few `read(2)` calls
/// as the kernel allows, into the same memory each time.
struct FileChunks: ~Copyable {
    private let handle: FileHandle
    private let buffer: UnsafeMutableBufferPointer<UInt8>

    /// Opens `fileURL` (throwing Foundation's error when it cannot be opened) for chunks of `chunkSize` bytes.
    init(_ fileURL: URL, chunkSize: Int) throws {
        handle = try FileHandle(forReadingFrom: fileURL)
        buffer = .allocate(capacity: max(1, chunkSize))
    }

    /// The file's size when it was opened, if known (for sizing what is read from it).
    var size: Int? {
        var info = stat()
        guard fstat(handle.fileDescriptor, &info) == 0, info.st_size > 0 else { return nil }
        return Int(info.st_size)
    }

    deinit {
        try? handle.close()
        buffer.deallocate()
    }

    /// Calls `body` with the next chunk (full unless the file ends within it); returns `false`, without
    /// calling `body`, at the end of the file. The chunk is valid only during the call.
    mutating func next(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        var filled = 0
        while filled < buffer.count {
            let n = read(handle.fileDescriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if n > 0 {
                filled += n
            } else if n == 0 {
                break
            } else if errno != EINTR {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
        guard filled > 0 else { return false }
        try body(UnsafeBufferPointer(rebasing: buffer[..<filled]))
        return true
    }
}
