import Foundation
import Testing

/// Without a format option, a command that writes contacts writes the format its `-o` file's
/// extension names; a format asked for wins; an extension no format has keeps the command's own default.
@Suite("The output format the -o file names")
struct OutputFormatChoiceTests {
    let sample = "Samples/addressbook.json"

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("ohana generate -o book.vcf writes vCard; --format json still writes JSON there")
    func generateFollowsTheExtension() async throws {
        let dir = try CLI.temporaryDirectory()
        let vcf = dir.appendingPathComponent("book.vcf").path
        let generated = try await CLI.run(["generate", "--count", "3", "--seed", "2", "-o", vcf])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try text(vcf).hasPrefix("BEGIN:VCARD"))
        #expect(try text(vcf).components(separatedBy: "BEGIN:VCARD").count - 1 == 3)

        let csv = dir.appendingPathComponent("book.csv").path
        #expect(try await CLI.run(["generate", "--count", "3", "--seed", "2", "-o", csv]).status == 0)
        #expect(try text(csv).hasPrefix("First Name,"), "Google's CSV header")

        let asked = dir.appendingPathComponent("asked.vcf").path
        #expect(try await CLI.run(["generate", "--count", "3", "--seed", "2", "--format", "json", "-o", asked]).status == 0)
        #expect(try text(asked).hasPrefix("["))

        let other = dir.appendingPathComponent("book.txt").path
        #expect(try await CLI.run(["generate", "--count", "3", "--seed", "2", "-o", other]).status == 0)
        #expect(try text(other).hasPrefix("["), "no format for .txt: JSON, generate's default")
    }

    @Test("ohana process -o out.vcf writes vCard, not the table; -o out.txt keeps the table")
    func processFollowsTheExtension() async throws {
        let dir = try CLI.temporaryDirectory()
        let vcf = dir.appendingPathComponent("out.vcf").path
        let result = try await CLI.run(["process", sample, "-o", vcf])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try text(vcf).hasPrefix("BEGIN:VCARD"))

        let table = dir.appendingPathComponent("out.txt").path
        #expect(try await CLI.run(["process", sample, "-o", table]).status == 0)
        #expect(try text(table).hasPrefix("NAME"))

        let asked = dir.appendingPathComponent("asked.vcf").path
        #expect(try await CLI.run(["process", sample, "--output", "csv", "-o", asked]).status == 0)
        #expect(try text(asked).hasPrefix("First Name,"))
    }

    @Test("ohana dedupe writes with the writing options: --compact JSON on one line, vCard for a client")
    func dedupeTakesTheWritingOptions() async throws {
        let dir = try CLI.temporaryDirectory()
        let compact = dir.appendingPathComponent("merged.json").path
        let result = try await CLI.run(["dedupe", sample, "--compact", "-o", compact])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try text(compact).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(written.hasPrefix("[{"))
        #expect(!written.contains("\n"), "compact: one line")

        let ios = dir.appendingPathComponent("merged.vcf").path
        #expect(try await CLI.run(["dedupe", sample, "--vcard-target", "ios", "-o", ios]).status == 0)
        #expect(try text(ios).contains("VERSION:3.0"), "iOS reads vCard 3.0")

        let refused = try await CLI.run(["dedupe", sample, "--compact", "-o", dir.appendingPathComponent("merged.csv").path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--compact applies to json and jscontact output only"))
    }

    @Test("a writing option that does not go with the format is refused before anything is read",
          arguments: [["process", "missing.vcf", "--compact", "-o", "out.csv"],
                      ["convert", "missing.vcf", "--to", "csv", "--compact"],
                      ["generate", "--count", "1", "--jscontact-group", "All", "-o", "out.json"]])
    func mismatchedOptionsAreRefusedFirst(_ arguments: [String]) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("applies to"), "\(result.stderr)")
        #expect(!result.stderr.contains("missing.vcf"), "refused before the input is opened")
    }
}
