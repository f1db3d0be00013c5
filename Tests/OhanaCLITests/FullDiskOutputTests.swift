import Foundation
import OhanaTestSupport
import Testing

/// Output to a device that is always full (`/dev/full`, Linux): an error naming what could not be
/// written, exit status 1, never a crash; through `-o` and through standard output.
@Suite("Writing to a full disk")
struct FullDiskOutputTests {
    static var hasDevFull: Bool { FileManager.default.isWritableFile(atPath: "/dev/full") }

    @Test("standard output", arguments: [
        ["convert", "--to", "json"], ["convert", "--to", "vcard"], ["process", "--output", "json", "--quiet"],
        ["process", "--output", "csv", "--quiet"],
    ])
    func standardOutput(_ command: [String]) async throws {
        guard Self.hasDevFull else { return }
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.vcf").path
        #expect(try await CLI.run(["generate", "--count", "300", "--seed", "5", "--format", "vcard", "-o", book]).status == 0)
        let ohana = CLI.binDirectory.appendingPathComponent("ohana").path
        let arguments = [command[0], book] + command.dropFirst()
        let result = try await CLI.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", #""$0" "$@" > /dev/full"#, ohana] + arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("standard output: cannot write: no space left on device"), "\(result.stderr)")
    }

    @Test("a file named by -o, the streamed vCard-to-JSON conversion included", arguments: [
        ["convert", "--to", "json"], ["process", "--output", "json", "--quiet"],
    ])
    func outputFile(_ command: [String]) async throws {
        guard Self.hasDevFull else { return }
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.vcf").path
        #expect(try await CLI.run(["generate", "--count", "300", "--seed", "5", "--format", "vcard", "-o", book]).status == 0)
        let result = try await CLI.run([command[0], book] + command.dropFirst() + ["-o", "/dev/full"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/full: cannot write: no space left on device"), "\(result.stderr)")
    }
}
