import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaPhoneNumbers
import OhanaSampleData
import Testing

/// The merge's shortcuts (evidence gathered once, addresses and words folded only when written
/// differently) give what the plain ways give.
@Suite("Merge shortcuts")
struct MergeShortcutTests {
    @Test("phone keys with the evidence handed back are phones(of:)'s, and the evidence is the contact's")
    func phonesWithEvidence() {
        // The default parses only numbers whose digits cannot stand in (none here, mostly); the
        // other parses every number, and so gathers evidence.
        var withEvidence = 0
        let contacts = HardDuplicateBook(seed: 3).generate(count: 3_000) + ContactGenerator(seed: 4).generate(count: 3_000)
        for parsesAll in [false, true] {
            var extractor = KeyExtractor(rules: .default, parsesAllPhones: parsesAll)
            for contact in contacts {
                var evidence: PhoneRegionEvidence?
                let fast = extractor.phones(of: contact, evidence: &evidence)
                let plain = extractor.phones(of: contact)
                #expect(fast.count == plain.count)
                for (a, b) in zip(fast, plain) {
                    #expect(a.fieldIndex == b.fieldIndex && a.written == b.written && a.digits == b.digits && a.parseInput == b.parseInput)
                    #expect(a.e164 == b.e164 && a.isParsed == b.isParsed && a.trailing == b.trailing && a.labeledMobile == b.labeledMobile)
                }
                if let evidence {
                    withEvidence += 1
                    #expect(evidence == extractor.phoneEvidence(of: contact))
                }
            }
        }
        #expect(withEvidence > 100, "some numbers need parsing")
    }

    @Test("addresses merge as by every address's key, on the hard book's clusters")
    func addressesAsByKey() {
        let contacts = HardDuplicateBook(seed: 12).generate(count: 6_000)
        let rules = DuplicateRules.default
        let roots = DuplicateDetector(rules: rules, overrides: DuplicateOverrides()).detect(contacts).roots
        var clusters: [Int32: [Int]] = [:]
        for (index, root) in roots.enumerated() { clusters[root, default: []].append(index) }
        let merger = ContactMerger(rules: rules)
        var extractor = KeyExtractor(rules: rules)
        var withSeveral = 0
        for members in clusters.values.filter({ $0.count > 1 }).sorted(by: { $0[0] < $1[0] }) {
            let cards = members.map { contacts[$0] }
            let fast = merger.mergedAddresses(cards, extractor: &extractor)
            #expect(fast == merger.mergedAddressesByKey(cards, extractor: &extractor))
            if fast.count > 1 { withSeveral += 1 }
        }
        #expect(withSeveral > 10, "some clusters keep two addresses")
    }

    @Test("an address written otherwise with the same words fills the first; another street is kept")
    func addressesWrittenOtherwise() {
        let merger = ContactMerger(rules: .default)
        var extractor = KeyExtractor(rules: .default)
        let first = PostalAddress(street: ["12 Main St."], city: "Springfield", postalCode: "12345")
        let same = PostalAddress(label: .work, street: ["12 main st"], city: "SPRINGFIELD", postalCode: "12 345", country: "USA")
        let other = PostalAddress(street: ["14 Main St."], city: "Springfield", postalCode: "12345")
        let members = [
            Contact(givenName: "Ann", postalAddresses: [first]), Contact(givenName: "Ann", postalAddresses: [same, first]),
            Contact(givenName: "Ann", postalAddresses: [other, same]),
        ]
        let merged = merger.mergedAddresses(members, extractor: &extractor)
        #expect(merged.map(\.street) == [["12 Main St."], ["14 Main St."]])
        #expect(merged[0].label == .work && merged[0].country == "USA")
        #expect(merged == merger.mergedAddressesByKey(members, extractor: &extractor))
    }

    @Test("values are kept once per folded words, the first writing of each")
    func distinctWords() {
        let merger = ContactMerger(rules: .default)
        var extractor = KeyExtractor(rules: .default)
        #expect(merger.distinctByWords(["Acme", "Acme"], extractor: &extractor) == ["Acme"])
        #expect(merger.distinctByWords(["Acme Inc.", "ACME inc", "Globex", "acme  INC", "Globex"], extractor: &extractor)
            == ["Acme Inc.", "Globex"])
        #expect(merger.distinctByWords(["Zoë", "Zoe", "Zoey"], extractor: &extractor) == ["Zoë", "Zoey"])
        #expect(merger.distinctByWords([], extractor: &extractor).isEmpty)
    }
}
