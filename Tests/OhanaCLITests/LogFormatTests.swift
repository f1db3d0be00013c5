import Foundation
import OhanaTestSupport
import Testing

/// `--log-format json` and `--log-file`: everything the tool writes on standard error is one JSON
/// object a line, and the log file gets the same lines.
@Suite("Log format and log file")
struct LogFormatTests {
    private func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test("a traced run with a broken card writes only JSON lines, each with time, level, label and message")
    func traceAsJSON() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-log-json")
        let broken = folder.file("broken.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nTEL;TYPE=CELL:030 1234567\r\nBDAY:not-a-date\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\n".utf8)
            .write(to: broken)
        let log = folder.file("ohana.log")
        let result = try await CLI.run(["process", "Samples/addressbook.vcf", broken.path, "--format-phones", "e164",
                                  "--trace", "--output", "json", "--log-format", "json", "--log-file", log.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try objects(result.stderr)
        #expect(lines.count >= 3, "\(result.stderr)")
        for line in lines {
            for key in ["time", "level", "label", "message"] { #expect(line[key] is String, "\(key) missing in \(line)") }
        }
        let messages = lines.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("broken.vcf") }, "no diagnostic for the broken file: \(messages)")
        #expect(lines.contains { ($0["level"] as? String) == "warning" || ($0["level"] as? String) == "error" })
        #expect(messages.contains { $0.contains("post processor PhoneNumberFormatting") }, "no trace: \(messages)")
        // Standard output is still the contacts.
        #expect(try JSONSerialization.jsonObject(with: result.stdoutData) is [Any])
        // The log file has the same lines.
        let logged = try String(contentsOf: log, encoding: .utf8)
        #expect(try objects(logged).compactMap { $0["message"] as? String } == messages)
    }

    @Test("an error is a JSON line too, with level error")
    func errorAsJSON() async throws {
        let result = try await CLI.run(["process", "no-such-book.vcf", "--log-format", "json"])
        #expect(result.status != 0)
        let lines = try objects(result.stderr)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?["level"] as? String == "error")
        #expect((lines.first?["message"] as? String)?.contains("no-such-book.vcf") == true)
    }

    @Test("an unknown log format is refused")
    func unknownFormat() async throws {
        let result = try await CLI.run(["list", "--log-format", "xml"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown log format 'xml': use text or json"))
    }

    @Test("text logs go to the log file as well as standard error")
    func textLogFile() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-log-text")
        let log = folder.file("ohana.log")
        let result = try await CLI.run(["process", "Samples/addressbook.vcf", "--trace", "--output", "json", "--log-file", log.path])
        #expect(result.status == 0)
        let logged = try String(contentsOf: log, encoding: .utf8)
        #expect(!logged.isEmpty)
        #expect(logged.contains("post processor") || logged.contains("provider"), "\(logged)")
        #expect(result.stderr.contains(logged.split(separator: "\n").first.map(String.init) ?? "—"))
    }
}
