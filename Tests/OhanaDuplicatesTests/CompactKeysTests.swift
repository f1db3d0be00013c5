import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaSampleData
import OhanaTestSupport
import Testing

@Suite("Compact keys hashed straight from the contact")
struct CompactKeysTests {
    /// Every field of two compact keys, and the pool values each points at.
    private func mismatch(_ a: CompactKeys, _ poolA: [UInt64], _ b: CompactKeys, _ poolB: [UInt64]) -> String? {
        let fields: [(String, Bool)] = [
            ("names", a.nameCount == b.nameCount), ("phones", a.phoneCount == b.phoneCount),
            ("emails", a.emailCount == b.emailCount), ("words", a.wordCount == b.wordCount),
            ("organization only", a.isOrganizationOnly == b.isOrganizationOnly), ("identity", a.identity == b.identity),
            ("role emails", a.roleEmails == b.roleEmails), ("organization", a.organization == b.organization),
            ("fingerprint", a.fingerprint == b.fingerprint),
        ]
        if let field = fields.first(where: { !$0.1 }) { return field.0 }
        let length = Int(a.nameCount) + 2 * Int(a.phoneCount) + Int(a.emailCount) + Int(a.wordCount)
        let valuesA = poolA[Int(a.start)..<(Int(a.start) + length)]
        let valuesB = poolB[Int(b.start)..<(Int(b.start) + length)]
        return valuesA.elementsEqual(valuesB) ? nil : "pool"
    }

    private func check(_ contacts: [Contact], rules: DuplicateRules, _ book: String) {
        var extractor = KeyExtractor(rules: rules)
        var direct: [UInt64] = []
        var viaStrings: [UInt64] = []
        var mismatches: [String] = []
        for contact in contacts {
            let a = extractor.compactKeys(of: contact, into: &direct)
            let b = DuplicateDetector.compact(extractor.keys(of: contact), rules: rules, into: &viaStrings)
            if let field = mismatch(a, direct, b, viaStrings) { mismatches.append("\(contact.id) (\(contact.fullName)): \(field)") }
        }
        #expect(mismatches.isEmpty, "\(book): \(mismatches.count) contacts differ, first \(mismatches.prefix(5))")
    }

    @Test("equal to the keys made through strings, on the hard book and a generated book, with and without provider rules")
    func sameAsThroughStrings() {
        let hard = HardDuplicateBook(seed: 12).generate(count: 4_000)
        let generated = ContactGenerator(seed: 3).generate(count: 4_000)
        check(hard, rules: .default, "hard book")
        check(generated, rules: .default, "generated book")
        var strict = DuplicateRules.default
        strict.appliesMailProviderRules = false
        check(generated, rules: strict, "generated book, no provider rules")
    }

    @Test("emails: mailto:, case, spaces, Gmail's dots and tags, googlemail.com, role addresses and no @ hash as normalised")
    func emails() {
        let cards = [
            Fixtures.contact("Ann", "Lee", id: "a", emails: ["  MailTo:Ann.Lee+news@GoogleMail.com ", "INFO+x@acme.com", "no-at-sign"]),
            Fixtures.contact("Ann", "Lee", id: "b", emails: ["ann.lee@gmail.com", "Zoë@example.com", "mailto:"]),
            Fixtures.contact(nil, nil, id: "c", emails: ["office@acme.com"], organization: "ACME Inc."),
        ]
        check(cards, rules: .default, "fixtures")
        var rules = DuplicateRules.default
        rules.appliesMailProviderRules = false
        check(cards, rules: rules, "fixtures, no provider rules")
    }
}
