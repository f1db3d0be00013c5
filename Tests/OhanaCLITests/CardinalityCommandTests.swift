import Foundation
import OhanaTestSupport
import Testing

/// `ohana dedupe -o` and `ohana validate` on one person's cards written by two apps (an iPhone and
/// DAVx5), each with its own PRODID and REV: RFC 6350 allows one of each on a card.
@Suite("RFC 6350 cardinalities through the tool")
struct CardinalityCommandTests {
    static let twoApps = TwoAppsCards.iPhone + TwoAppsCards.davx5 + """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Lindqvist;Maja;;;\r
        FN:Maja Lindqvist\r
        TEL;type=CELL:+46 70 123 45 67\r
        END:VCARD\r

        """

    /// The lines of a text that start with `prefix`.
    static func lines(_ text: String, _ prefix: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { $0.hasPrefix(prefix) }
    }

    @Test("dedupe -o writes the merged card with one PRODID (Ohana's) and one REV, and validate finds nothing")
    func dedupeWritesOnePRODID() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("m.vcf")
        try Self.twoApps.write(to: input, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out.vcf")
        let dedupe = try await CLI.run(["dedupe", input.path, "-o", output.path])
        #expect(dedupe.status == 0, "\(dedupe.stderr)")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(Self.lines(text, "BEGIN:VCARD").count == 2, "\(text)")
        #expect(Self.lines(text, "PRODID").count == 2, "one a card: \(text)")
        #expect(Set(Self.lines(text, "PRODID")) == ["PRODID:-//Ohana//Ohana for Swift//EN"])
        #expect(Self.lines(text, "REV") == ["REV:20240615T083000Z"], "the later of the two apps' REVs")

        let validate = try await CLI.run(["validate", output.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(!validate.stdout.contains("RFC 6350"), "\(validate.stdout)")
    }

    @Test("validate names the file, line and reason of a second PRODID and REV")
    func validateFlagsRepeats() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Both apps' cards run together into one, as a careless merge writes it.
        let card = Self.twoApps.components(separatedBy: "END:VCARD\r\n")
        let joined = card[0] + card[1].replacingOccurrences(of: "BEGIN:VCARD\r\nVERSION:3.0\r\n", with: "")
            .replacingOccurrences(of: "UID:6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9\r\n", with: "") + "END:VCARD\r\n"
        let file = dir.appendingPathComponent("joined.vcf")
        try joined.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["validate", file.path])
        #expect(result.stdout.contains("\(file.path):12: warning: second PRODID in the card; RFC 6350 allows one"),
                "\(result.stdout)")
        #expect(result.stdout.contains("\(file.path):17: warning: second REV in the card; RFC 6350 allows one"),
                "\(result.stdout)")
        #expect(result.stdout.contains("second N in the card"), "\(result.stdout)")
    }
}
