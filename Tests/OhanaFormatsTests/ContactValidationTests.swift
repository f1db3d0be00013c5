import Foundation
import Ohana
import OhanaFormats
import OhanaTestSupport
import Testing

@Suite("Checking address books: what ohana validate reports")
struct ContactValidationTests {
    @Test("an unopenable input comes first, then each read input's problems; cards are counted; the summary says it")
    func reportsEveryInput() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-validate")
        let good = folder.file("good.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana Lima\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jörg Müller\r\nEND:VCARD\r\n".utf8)
            .write(to: good)
        let broken = folder.file("broken.json")
        try Data("{ not json".utf8).write(to: broken)
        let unknown = folder.file("notes.txt")
        try Data("hello".utf8).write(to: unknown)

        let report = try await ContactValidation.check([good.path, broken.path, unknown.path]) {
            try ContactFormat.provider(forFileAt: $0)
        }
        #expect(report.inputCount == 3)
        #expect(report.cardCount == 2)
        #expect(report.hasErrors && report.errorCount == 2, "\(report.diagnostics)")
        #expect(report.diagnostics.first?.source == unknown.path)
        #expect(report.diagnostics.first?.severity == .error)
        #expect(report.diagnostics.contains { $0.severity == .error && $0.source.hasSuffix("broken.json") })
        #expect(!report.diagnostics.contains { $0.source.hasSuffix("good.vcf") })
        #expect(report.summary == "3 files, 2 cards: 2 errors, \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")")
        #expect(report.diagnostics(errorsOnly: true).allSatisfy { $0.severity == .error })
    }

    @Test("clean inputs give no diagnostics and a summary in the singular where it is one")
    func cleanInput() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-validate")
        let good = folder.file("one.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana Lima\r\nEND:VCARD\r\n".utf8).write(to: good)
        let report = try await ContactValidation.check([good.path]) { try ContactFormat.provider(forFileAt: $0) }
        #expect(report.diagnostics.isEmpty && !report.hasErrors)
        #expect(report.summary == "1 file, 1 card: 0 errors, 0 warnings")
    }
}
