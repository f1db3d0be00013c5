import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaPhoneNumbers
import OhanaSampleData
import OhanaTestSupport
import Testing

@Suite("Comparison keys")
struct PhoneKeysTests {
    @Test("email addresses: trimmed, lower-cased, mailto: dropped; Gmail dots and +tags only with provider rules")
    func emailKeys() {
        var plain = DuplicateRules.default
        plain.appliesMailProviderRules = false
        var provider = DuplicateRules.default
        provider.appliesMailProviderRules = true
        let withoutRules = KeyExtractor(rules: plain)
        let withRules = KeyExtractor(rules: provider)
        #expect(withoutRules.normalizeEmail("  Ann.Lee+x@GoogleMail.com \n") == "ann.lee+x@googlemail.com")
        #expect(withRules.normalizeEmail("  Ann.Lee+x@GoogleMail.com \n") == "annlee@gmail.com")
        #expect(withRules.normalizeEmail("mailto:Bob.B@Example.COM") == "bob.b@example.com")
        #expect(withRules.normalizeEmail("MAILTO:a.b@gmail.com") == "ab@gmail.com")
        #expect(withRules.normalizeEmail(" Jörg.M@GMAIL.com") == "jörgm@gmail.com")
        #expect(withoutRules.normalizeEmail("Jörg@Example.DE ") == "jörg@example.de")
        #expect(withRules.normalizeEmail("no-at-sign") == "no-at-sign")
        #expect(withRules.normalizeEmail("   ") == "")
    }

    @Test("numbers are resolved from their text as written (its grouping is evidence of the region), on 5,000 generated contacts")
    func parseInputIsTheWrittenText() {
        var extractor = KeyExtractor(rules: .default)
        var compared = 0
        for contact in ContactGenerator(seed: 5).generate(count: 5_000) {
            for phone in extractor.phones(of: contact) {
                compared += 1
                #expect(phone.parseInput == phone.written)
            }
        }
        #expect(compared > 1_000)
        #expect(PhoneDigits.scan("\u{A0}+44 (0)20 7946 0000") == ("4402079460000", true, true))
        #expect(PhoneDigits.scan("0044 20 7946 0000 ext. 12").isPlain == false)
    }

    @Test("numbers are read without parsing only where their last digits are those of the E.164 form")
    func blockingKeysMatchParsedKeys() {
        var cheap = KeyExtractor(rules: .default)
        var parsing = KeyExtractor(rules: .default, parsesAllPhones: true)
        for contact in ContactGenerator(seed: 11).generate(count: 3_000) {
            let fast = cheap.phones(of: contact)
            let full = parsing.phones(of: contact)
            #expect(fast.map(\.trailing) == full.map(\.trailing), "\(contact.phoneNumbers.map(\.value))")
        }
    }

    @Test("a rule on the phone alone needs the same number in E.164, not only the same last digits")
    func phoneAloneNeedsExactNumbers() {
        let a = Fixtures.contact("Ann", "Lee", id: "a", phones: ["+1 415 555 0134"])
        let b = Fixtures.contact("A.", "Lee", id: "b", phones: ["+44 20 5555 0134"])
        let c = Fixtures.contact(nil, "Lee", id: "c", phones: ["(415) 555-0134"], country: "US")
        let report = DuplicateMerging(rules: DuplicateRules(rules: [.sharedPhone])).analyze([a, b, c])
        #expect(report.clusters.map(\.contactIDs) == [["a", "c"]])
        #expect(report.clusters.first?.matches.first?.evidence.first?.first == "+14155550134")
    }

    @Test("in a merge, two numbers sharing only their last digits stay two; national and international forms become one")
    func mergeKeepsDifferentNumbers() {
        let a = Fixtures.contact("Ann", "Lee", id: "a", phones: ["+1 415 555 0134", "020 7946 0134"], emails: ["ann@example.com"], country: "GB")
        let b = Fixtures.contact("Ann", "Lee", id: "b", phones: ["+44 20 5555 0134", "+44 20 7946 0134"], emails: ["ann@example.com"])
        let (contacts, _) = DuplicateMerging().merge([a, b])
        #expect(contacts.count == 1)
        #expect(contacts.first?.phoneNumbers.map(\.value) == ["+1 415 555 0134", "020 7946 0134", "+44 20 5555 0134"])
    }
}
