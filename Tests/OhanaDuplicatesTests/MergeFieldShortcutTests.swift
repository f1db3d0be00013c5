import Foundation
import Ohana
@testable import OhanaDuplicates
import Testing

/// The merge's cheap ways with fields and repeats (a handful of values without a set, numbers
/// keyed by their bare E.164 form or digits) give what the plain ways give.
@Suite("Merge field shortcuts")
struct MergeFieldShortcutTests {
    @Test("repeats are dropped as through a set, first writing first, for few values and many")
    func distinctAsThroughASet() {
        let merger = ContactMerger(rules: .default)
        func throughSet(_ values: [String]) -> [String] {
            var seen = Set<String>()
            return values.filter { seen.insert($0).inserted }
        }
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 5, 16, 17, 40] {
            let values = (0..<count).map { _ in ["a", "b", "c", "Ä", "A\u{308}", "d"].randomElement(using: &generator)! }
            #expect(merger.distinct(values) == throughSet(values), "\(values)")
        }
    }

    @Test("a number's bare key is never another kind of field's: a URL, a note field or an address holding its digits stays apart")
    func bareNumberKeysStayApart() {
        let a = Contact(id: "a", givenName: "Ann", familyName: "Lee", fields: [
            .phone("+1 415 555 0100"), .url("+14155550100"), ContactField(type: .other, value: "4155550100"),
            ContactField(type: .instantMessage, value: "14155550100"), .email("ann@example.com"),
        ])
        let b = Contact(id: "b", givenName: "Ann", familyName: "Lee", fields: [
            .phone("(415) 555-0100"), .phone("555"), ContactField(type: .other, value: "555"), .email("ann@example.com"),
        ])
        let (contacts, _) = DuplicateMerging(rules: DuplicateRules(defaultRegion: "US")).merge([a, b])
        #expect(contacts.count == 1)
        let fields = contacts.first?.fields.map { "\($0.type.rawValue) \($0.value)" }
        // The two writings of one number become one; every other field is kept.
        #expect(fields == [
            "phoneNumber +1 415 555 0100", "url +14155550100", "other 4155550100", "instantMessage 14155550100",
            "emailAddress ann@example.com", "phoneNumber 555", "other 555",
        ])
    }

    @Test("many fields (a group kept together) are keyed through a dictionary, as a handful through a list")
    func manyFieldsAsFew() {
        let rules = DuplicateRules(defaultRegion: "US")
        let merger = ContactMerger(rules: rules)
        var extractor = KeyExtractor(rules: rules)
        let numbers = (0..<12).map { "+1 415 555 01\(10 + $0)" }
        let members = (0..<4).map { m in
            Contact(id: ContactID(rawValue: "m\(m)"), givenName: "Ann", familyName: "Lee",
                    fields: numbers.map { .phone(m % 2 == 0 ? $0 : String($0.dropFirst(3))) } + [.email("ann\(m % 2)@example.com")])
        }
        // 52 fields: over the list's limit; the first two members alone: under it.
        let many = merger.merge(members, extractor: &extractor)
        let few = merger.merge(Array(members.prefix(2)), extractor: &extractor)
        #expect(many.fields.map(\.value) == numbers + ["ann0@example.com", "ann1@example.com"])
        #expect(few.fields.map(\.value) == many.fields.map(\.value))
    }
}
