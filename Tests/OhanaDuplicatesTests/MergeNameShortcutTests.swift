import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaSampleData
import Testing

/// The merge's cheap paths for names and repeats (a cluster named alike composes its full name
/// once; a handful of values drop repeats without a set) give what the plain ways give.
@Suite("Merge name shortcuts")
struct MergeNameShortcutTests {
    /// The clusters the default rules find in a hard book, as their members.
    static func clusters(seed: UInt64, count: Int) -> [[Contact]] {
        let contacts = HardDuplicateBook(seed: seed).generate(count: count)
        let roots = DuplicateDetector(rules: .default, overrides: DuplicateOverrides()).detect(contacts).roots
        var members: [Int32: [Int]] = [:]
        for (index, root) in roots.enumerated() { members[root, default: []].append(index) }
        return members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }.map { $0.map { contacts[$0] } }
    }

    /// Whether the shortcut agrees with the plain way on `members`: the full names are every
    /// member's own, and a cluster called alike keeps the first name, as the plain choice does.
    static func agrees(_ members: [Contact], extractor: inout KeyExtractor) -> Bool {
        let merger = ContactMerger(rules: .default)
        let plainNames = members.map(\.fullName)
        let alike = ContactMerger.namedAlike(members)
        guard ContactMerger.fullNames(members, namedAlike: alike) == plainNames else { return false }
        return !alike || merger.bestNameIndex(members, fullNames: plainNames, extractor: &extractor) == 0
    }

    @Test("on the hard book's clusters: the same full names and the same name kept")
    func hardBook() {
        var extractor = KeyExtractor(rules: .default)
        var alike = 0
        let clusters = Self.clusters(seed: 7, count: 6_000)
        for members in clusters {
            #expect(Self.agrees(members, extractor: &extractor), "\(members.map(\.fullName))")
            if ContactMerger.namedAlike(members) { alike += 1 }
        }
        #expect(alike > 50, "some clusters are named alike")
        #expect(alike < clusters.count - 50, "some are not")
    }

    @Test("cards named alike in their parts but not in their full names are not taken as alike")
    func adversarialNames() {
        var extractor = KeyExtractor(rules: .default)
        let cases: [[Contact]] = [
            // No name: the full name is the organization's, which differs.
            [Contact(organization: "Acme"), Contact(organization: "Globex")],
            [Contact(organization: "Acme"), Contact()],
            // A blank formatted name: the organization again.
            [Contact(formattedName: "  ", organization: "Acme"), Contact(formattedName: "  ", organization: "ACME")],
            // Parts alike, organizations differ: the name is the parts' for both.
            [Contact(givenName: "Ann", familyName: "Lee", organization: "Acme"), Contact(givenName: "Ann", familyName: "Lee")],
            // A formatted name and parts; parts that differ only in white space.
            [Contact(givenName: "Ann", familyName: "Lee", formattedName: "Dr. Ann Lee"), Contact(givenName: "Ann", familyName: "Lee")],
            [Contact(givenName: "Ann ", familyName: "Lee"), Contact(givenName: "Ann", familyName: "Lee")],
            [Contact(givenName: "Ann", familyName: "Lee"), Contact(givenName: "Lee", familyName: "Ann"), Contact(givenName: "Lee", familyName: "Ann")],
        ]
        for members in cases { #expect(Self.agrees(members, extractor: &extractor), "\(members.map(\.fullName))") }
        #expect(!ContactMerger.namedAlike(cases[0]))
        #expect(ContactMerger.namedAlike(cases[3]))
        #expect(!ContactMerger.namedAlike(cases[4]) && !ContactMerger.namedAlike(cases[5]))
    }

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
}
