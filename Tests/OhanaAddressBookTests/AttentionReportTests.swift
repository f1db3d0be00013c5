import Foundation
import Ohana
import OhanaAddressBook
import OhanaPhoneNumbers
import Testing

/// What needs a person's decision: numbers no evidence decides, junk values, nameless contacts.
@Suite struct AttentionReportTests {
    /// Addresses as people type them into address books, and whether each can be delivered to.
    @Test(arguments: [
        ("anna@example.com", nil), ("Anna.Berg+news@example.co.uk", nil), ("müller@bücher.de", nil),
        ("user@[192.0.2.1]", nil), ("mailto:anna@example.com", nil), ("\"anna berg\"@example.com", nil),
        (" anna@example.com ", nil),
        ("", "empty"), ("n/a", "no @"), ("call reception", "no @"), ("anna.example.com", "no @"),
        ("anna@@example.com", "more than one @"), ("anna@example.com@example.org", "more than one @"),
        ("anna@", "nothing after the @"), ("@example.com", "nothing before the @"),
        ("anna @example.com", "contains a space"), ("anna@exam ple.com", "contains a space"),
        ("anna@example", "the domain has no dot"), ("anna..berg@example.com", "a dot at the start or end of the name, or two dots"),
        (".anna@example.com", "a dot at the start or end of the name, or two dots"),
        ("anna@example..com", "an empty part in the domain"), ("anna@-example.com", "a domain part starts or ends with -"),
        ("anna@exa_mple.com", "a character a domain cannot hold"), ("anna@192.168.1.1", "the domain ends in a number"),
        ("\"a@b\"", "no @ outside quotes"),
    ] as [(String, String?)])
    func emailProblems(address: String, problem: String?) {
        #expect(EmailAddressCheck.problem(in: address) == problem, "\(address)")
    }

    /// Contacts as an address book holds them, numbers resolved with US as the default region.
    static func resolved(_ contacts: [Contact]) -> [Contact] {
        let formatting = PhoneNumberFormatting(formats: [.e164], defaultRegion: "US")
        return contacts.map { var contact = $0; formatting.format(&contact); return contact }
    }

    @Test func listsWhatNoEvidenceDecidesAndNothingElse() throws {
        let contacts = Self.resolved([
            // A Berlin number on a card that names no country: US reads it as nothing.
            Contact(id: "anke", givenName: "Anke", familyName: "Vogel", fields: [.phone("030 1234567", label: .work)]),
            // The same writing, decided by the card's German address: not listed.
            Contact(id: "jonas", givenName: "Jonas", familyName: "Brandt", fields: [.phone("030 7654321")],
                    postalAddresses: [PostalAddress(city: "Berlin", country: "Germany", isoCountryCode: "DE")]),
            // Resolved by its own country code, and by the default region: not listed. (On one card
            // the two would contest each other: the German number names DE for the other.)
            Contact(id: "lea", givenName: "Lea", fields: [.phone("+49 30 1234567")]),
            Contact(id: "sam", givenName: "Sam", fields: [.phone("(415) 555-0142")]),
            // Junk phone and email values.
            Contact(id: "desk", organization: "Acme", fields: [.phone("call reception"), .email("n/a"), .email("desk@acme.com")]),
            // No name at all: shown by its email.
            Contact(id: "ghost", fields: [.email("ghost@example.org")]),
            // A nickname is a name a person can find.
            Contact(id: "nick", nickname: "Bobby", fields: [.phone("+1 415 555 0100")]),
        ])
        let report = AttentionReport(contacts: contacts, defaultRegion: "US")
        #expect(report.counts.map(\.kind) == AttentionReport.Kind.allCases)
        #expect(report.count(of: .unresolvedNumber) == 1)
        #expect(report.count(of: .ambiguousNumber) == 0, "\(report.items(of: .ambiguousNumber))")
        #expect(report.count(of: .junkNumber) == 1)
        #expect(report.count(of: .invalidEmail) == 1)
        #expect(report.count(of: .noName) == 1)
        #expect(report.items.count == 4)

        let unresolved = try #require(report.items(of: .unresolvedNumber).first)
        #expect(unresolved.contactID == "anke")
        #expect(unresolved.value == "030 1234567")
        #expect(unresolved.label == "work")
        #expect(unresolved.pattern == "0## #######")
        #expect(unresolved.evidence == "default US")
        #expect(report.items(of: .junkNumber).first?.contactID == "desk")
        #expect(report.items(of: .junkNumber).first?.pattern == nil)
        #expect(report.items(of: .invalidEmail).first?.value == "n/a")
        #expect(report.items(of: .invalidEmail).first?.reason == "no @")
        let nameless = try #require(report.items(of: .noName).first)
        #expect(nameless.contactID == "ghost")
        #expect(nameless.contactName == "ghost@example.org")
        // Kinds come in order, whatever the contacts' order.
        #expect(report.items.map(\.kind) == [.unresolvedNumber, .junkNumber, .invalidEmail, .noName])

        let text = report.lines
        #expect(text.first == "numbers no evidence places in a country: 1")
        #expect(text.contains { $0.contains("Anke Vogel (anke): \"030 1234567\" work:") && $0.hasSuffix("[0## #######]") })
        #expect(AttentionReport(contacts: []).lines == ["nothing needs attention"])
    }

    @Test func ambiguousNumbersCarryTheirCandidates() throws {
        // A Mexican-looking mobile on a card with a Mexican email domain, read with region US.
        let contacts = Self.resolved([
            Contact(id: "mx", givenName: "Rosa", familyName: "Torres",
                    fields: [.phone("713-660-0344"), .email("rosa@prodigy.net.mx")]),
        ])
        let details = try #require(contacts[0].phoneNumbers.first?.phoneNumber)
        try #require(details.status == .ambiguous, "the resolver no longer finds this ambiguous: \(details)")
        let report = AttentionReport(contacts: contacts, defaultRegion: "US")
        let item = try #require(report.items(of: .ambiguousNumber).first)
        #expect(item.candidates?.map(\.region).sorted() == ["MX", "US"])
        #expect(item.pattern == "###-###-####")
        #expect(item.evidence == "email MX; default US")
        #expect(report.lines.contains { $0.contains("candidates ") })
    }

    @Test func patternsKeepPrefixesAndSeparators() {
        #expect(PhoneRegionChoices.pattern(of: "030 1234567") == "0## #######")
        #expect(PhoneRegionChoices.pattern(of: "0049 30 1234567") == "00## ## #######")
        #expect(PhoneRegionChoices.pattern(of: "(0)30-123 45") == "(0)##-### ##")
        #expect(PhoneRegionChoices.pattern(of: "415.555.0142") == "###.###.####")
        #expect(PhoneRegionChoices.pattern(of: "+1 415 555 0142") == "+# ### ### ####")
    }
}
