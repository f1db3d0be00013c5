import Foundation
import Ohana
import OhanaJSON
import Testing

/// How `ohana process` shows phone numbers it could not place, and which region it reads them in.
@Suite("ohana process: phone numbers in the table, the trace and the region")
struct PhoneOutputTests {
    @Test("an ambiguous number is shown as ambiguous with its candidates and their evidence, never as invalid")
    func ambiguousInTable() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Written the North American way on a card with a Mexican email: valid in both, no clear winner.
        let contacts = [Contact(givenName: "Lupita", familyName: "Garza", fields: [.phone("713-660-0344"), .email("lupita@prodigy.net.mx")])]
        let file = folder.appendingPathComponent("book.json")
        try ContactsJSON.encode(contacts).write(to: file)
        let result = try await CLI.run(["process", file.path, "--format-phones", "international", "--region", "US", "--trace"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("(invalid)"))
        #expect(result.stdout.contains("713-660-0344 (ambiguous: MX or US"))
        let note = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Lupita Garza: 713-660-0344: ambiguous: ") })
        #expect(note.contains("valid in MX (email domain") && note.contains("US (default region, written as there)"))
        #expect(result.stdout.split(separator: "\n").last == "1 contact")
        #expect(result.stderr.contains("\"713-660-0344\": ambiguous: valid in MX (email domain"))
    }

    @Test("the sample book with --dedupe and no --region: one region (the locale's) for duplicates and formatting, no invented +CC",
          arguments: [("de_DE.UTF-8", "DE"), ("en_US.UTF-8", "US")])
    func sampleUnderLocale(_ locale: String, _ region: String) async throws {
        let arguments = ["process", "Samples/addressbook.vcf", "--dedupe", "--format-phones", "international", "--quiet"]
        let environment = ["LANG": locale, "LC_ALL": locale]
        let traced = try await CLI.run(arguments + ["--trace"], environment: environment)
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stderr.contains("regions: duplicates \(region), phone formatting \(region)"), "\(traced.stderr)")
        let result = try await CLI.run(arguments + ["--output", "json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let contacts = try ContactsJSON.decode(result.stdoutData, source: "stdout")
        var national = 0
        for contact in contacts {
            for field in contact.phoneNumbers {
                let details = try #require(field.phoneNumber)
                let written = field.value.trimmingCharacters(in: .whitespaces)
                guard !written.hasPrefix("+"), !written.hasPrefix("00"), details.status == .resolved else { continue }
                national += 1
                // A number written without its country code gets one only from the card's evidence:
                // the default region only when no other region writes it as it is written.
                let source = try #require(details.regionSource, "\(field.value)")
                if source == .defaultRegion { #expect(details.assumedRegion == region, "\(field.value)") }
                #expect(details.isValid, "\(field.value) → \(details.international ?? "")")
            }
        }
        #expect(national > 10)
        // The North American numbers of cards with nothing else on them are not made German under de_DE.
        let invented = contacts.flatMap(\.phoneNumbers).filter {
            ["(718) 285-1598", "415.555.0134", "(415) 555-0188", "206.270.0259", "404.666.5670"].contains($0.value)
        }
        #expect(!invented.isEmpty)
        for field in invented {
            let international = field.phoneNumber?.international
            #expect(international == nil || international?.hasPrefix("+1 ") == true, "\(field.value) → \(international ?? "")")
        }
    }
}
