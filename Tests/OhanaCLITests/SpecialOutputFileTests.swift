import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `-o` naming something other than a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is
/// written in place: replacing it through a temporary file and a rename put a regular file where
/// `/dev/null` was (for every process on the machine, when run as root).
@Suite("Writing to a device or a pipe")
struct SpecialOutputFileTests {
    @Test("output into a named pipe arrives through the pipe, and the pipe stays a pipe", arguments: [
        ["convert", "--to", "vcard"], ["convert", "--to", "json"], ["process", "--output", "json", "--quiet"],
        ["process", "--output", "csv", "--quiet"],
    ])
    func namedPipe(_ command: [String]) async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.vcf").path
        #expect(try await CLI.run(["generate", "--count", "300", "--seed", "5", "--format", "vcard", "-o", book]).status == 0)
        let pipe = dir.appendingPathComponent("out.pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)

        let arguments = [command[0], book] + command.dropFirst()
        let reader = PipeReader(path: pipe)
        let written = try await CLI.run(arguments + ["-o", pipe])
        #expect(written.status == 0, "\(written.stderr)")
        var status = stat()
        #expect(stat(pipe, &status) == 0)
        // Replaced by a file, the pipe was never opened for writing: its reader would wait forever.
        try #require(status.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced")
        let received = reader.wait()
        let direct = try await CLI.run(arguments)
        #expect(!received.isEmpty)
        #expect(received == direct.stdoutData)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}

/// Reads a named pipe to its end on another thread (opening it waits for the writer).
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread.detachNewThread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                data = handle.readDataToEndOfFile()
                try? handle.close()
            }
            done.signal()
        }
    }

    /// What came through the pipe, once the writer closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
