import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaSampleData
import OhanaTestSupport
import Testing

/// Detection weighs the evidence no rule asks for by shortcuts (a mailbox name sought only where a
/// local part may be shared, a city written alike taken without folding the others); the
/// explanation lists the values one by one. Both must come to the same weight.
@Suite("Other evidence: the weight detection adds is the sum the explanation lists")
struct OtherEvidenceWeightTests {
    @Test("on every match and rejected match of books of near-duplicates, with and without provider rules")
    func weightIsTheListedSum() {
        var contacts = HardDuplicateBook(seed: 12).generate(count: 3_000) + ContactGenerator(seed: 7).generate(count: 3_000)
        // Mailbox names by Gmail's rules, `mailto:` and case; a city with nothing to fold; non-ASCII addresses.
        contacts += [
            Fixtures.contact("Ann", "Lee", id: "m1", phones: ["+1 415 555 0101"], emails: ["Ann.Lee+x@gmail.com"]),
            Fixtures.contact("Ann", "Lee", id: "m2", phones: ["+1 415 555 0101"], emails: [" MAILTO:annlee@yahoo.com"]),
            Fixtures.contact("Zoë", "Ng", id: "m3", phones: ["+1 415 555 0102"], emails: ["zoë.ng@example.com"]),
            Fixtures.contact("Zoë", "Ng", id: "m4", phones: ["+1 415 555 0102"], emails: ["ZOË.NG@example.org"]),
        ]
        var cityless = Fixtures.contact("Bo", "Yu", id: "c1", phones: ["+1 415 555 0103"])
        cityless.postalAddresses = [PostalAddress(label: .home, city: "--", isoCountryCode: "US")]
        var other = cityless
        other.id = "c2"
        contacts += [cityless, other]
        var strict = DuplicateRules.default
        strict.appliesMailProviderRules = false
        for rules in [DuplicateRules.default, strict] {
            let detection = DuplicateDetector(rules: rules, overrides: DuplicateOverrides()).detect(contacts)
            let pairs = (detection.unions + detection.rejected.map(\.edge)).map { (Int($0.first), Int($0.second)) }
            #expect(pairs.count > 1_000)
            var extractor = KeyExtractor(rules: rules)
            var differ: [String] = []
            var weighed = 0
            contacts.withUnsafeBufferPointer { book in
                let base = book.baseAddress!
                for (a, b) in pairs + [(contacts.count - 6, contacts.count - 5), (contacts.count - 4, contacts.count - 3),
                                       (contacts.count - 2, contacts.count - 1)] {
                    let emails = (detection.tables.emails(of: a), detection.tables.emails(of: b))
                    let weight = OtherEvidence.weight(base + a, base + b, emails: emails, rules: rules, extractor: &extractor)
                    let listed = OtherEvidence.values(base + a, base + b, rules: rules, extractor: &extractor)
                    if weight != 0 { weighed += 1 }
                    let sum = listed.reduce(0) { $0 + ($1.weight ?? 0) }
                    if abs(weight - sum) > 1e-9 { differ.append("\(book[a].id) ~ \(book[b].id): \(weight), listed \(listed)") }
                }
            }
            #expect(weighed > 100)
            #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(3))")
        }
    }
}
