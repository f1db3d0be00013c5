import Foundation
import Ohana
import OhanaJSON
import Testing

@Suite("One default region: --region, else the locale's")
struct RegionOptionTests {
    /// A card with a Portuguese mobile written nationally and one with a Berlin number: nothing on
    /// them names a country.
    func book() throws -> (folder: URL, file: String) {
        let folder = try CLI.temporaryDirectory()
        let contacts = [
            Contact(givenName: "Ana", familyName: "Sousa", fields: [.phone("919 109 619")]),
            Contact(givenName: "Jonas", familyName: "Weber", fields: [.phone("030 90182000")]),
        ]
        let file = folder.appendingPathComponent("book.json")
        try ContactsJSON.encode(contacts).write(to: file)
        return (folder, file.path)
    }

    /// Runs `ohana process` on the book with `arguments` under `locale` and returns the contacts printed.
    func process(_ arguments: [String], locale: String) async throws -> [Contact] {
        let (folder, file) = try book()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLI.run(
            ["process", file, "--format-phones", "e164", "--output", "json"] + arguments,
            environment: ["LANG": locale, "LC_ALL": locale])
        #expect(result.status == 0, "\(result.stderr)")
        return try ContactsJSON.decode(result.stdoutData, source: "stdout")
    }

    /// The E.164 form of the first number of the contact named `name`.
    func e164(of name: String, in contacts: [Contact]) -> String? {
        contacts.first { $0.givenName == name }?.phoneNumbers.first?.phoneNumber?.e164
    }

    @Test("without --region the locale's region formats the numbers", arguments: [
        ("pt_PT.UTF-8", "+351919109619" as String?, nil as String?), ("de_DE.UTF-8", nil, "+493090182000"),
        ("en_US.UTF-8", nil, nil),
    ])
    func localeRegion(_ locale: String, _ portuguese: String?, _ german: String?) async throws {
        let contacts = try await process([], locale: locale)
        // Where the locale's region is not the number's, the number is not read as the other country's
        // (a Portuguese 9-digit mobile can still be a valid German number under de_DE).
        if let portuguese { #expect(e164(of: "Ana", in: contacts) == portuguese) } else {
            #expect(e164(of: "Ana", in: contacts) != "+351919109619")
        }
        if let german { #expect(e164(of: "Jonas", in: contacts) == german) } else {
            #expect(e164(of: "Jonas", in: contacts) != "+493090182000")
        }
    }

    @Test("--region wins over the locale")
    func explicitRegion() async throws {
        let contacts = try await process(["--region", "pt"], locale: "de_DE.UTF-8")
        #expect(e164(of: "Ana", in: contacts) == "+351919109619")
        #expect(e164(of: "Jonas", in: contacts) == nil)
    }
}
