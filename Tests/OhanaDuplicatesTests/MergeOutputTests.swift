import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaSampleData
import Testing

/// The merged result does not depend on how fast it is made: the default merging gives exactly
/// what the plain path gives (every number resolved with its contact's evidence, one cluster
/// after another on one core, the result assembled in input order).
@Suite("Merged output")
struct MergeOutputTests {
    /// The plain path: clusters merged one after another, each placed where its first member was.
    static func plainMerge(_ contacts: [Contact], _ detection: Detection, rules: DuplicateRules) -> [Contact] {
        var members: [Int32: [Int]] = [:]
        for (index, root) in detection.roots.enumerated() { members[root, default: []].append(index) }
        var merger = ContactMerger(rules: rules)
        merger.resolvesEveryNumberWithEvidence = true
        var extractor = KeyExtractor(rules: rules)
        var result: [Contact] = []
        for (index, root) in detection.roots.enumerated() {
            let cluster = members[root]!
            if cluster.count == 1 {
                result.append(contacts[index])
            } else if cluster[0] == index {
                result.append(merger.merge(cluster.map { contacts[$0] }, extractor: &extractor))
            }
        }
        return result
    }

    @Test("the hard book merges to the same contacts, in the same order, as on the plain path", arguments: [3, 12])
    func sameAsThePlainPath(seed: UInt64) {
        let contacts = HardDuplicateBook(seed: seed).generate(count: 6_000)
        let dedupe = DuplicateMerging()
        let detection = DuplicateDetector(rules: dedupe.rules, overrides: dedupe.overrides).detect(contacts)
        let fast = dedupe.apply(detection.roots, to: contacts)
        let plain = Self.plainMerge(contacts, detection, rules: dedupe.rules)
        #expect(fast.count == plain.count)
        #expect(fast.count < contacts.count - 300, "the book has duplicates to merge")
        // Clusters whose numbers are written both with and without their country code: the case
        // where the default skips the contact's evidence.
        let mixed = plain.filter { merged in
            merged.mergedContactIDs.count > 0 && merged.phoneNumbers.contains { $0.value.hasPrefix("+") }
        }
        #expect(mixed.count > 50)
        for (a, b) in zip(fast, plain) where a != b {
            Issue.record("merged differently: \(a.fullName) \(a.fields.map(\.value)) vs \(b.fields.map(\.value))")
            break
        }
        #expect(fast == plain)
    }

    @Test("without explanations: the same merged contacts and clusters, no matches listed")
    func unexplained() {
        let contacts = HardDuplicateBook(seed: 5).generate(count: 4_000)
        let dedupe = DuplicateMerging()
        let explained = dedupe.merge(contacts)
        let plain = dedupe.merge(contacts, explaining: false)
        #expect(plain.contacts == explained.contacts)
        #expect(plain.report.clusters.count > 100, "the book has duplicates to merge")
        let (ids, names) = (plain.report.clusters.map(\.contactIDs), plain.report.clusters.map(\.names))
        #expect(ids == explained.report.clusters.map(\.contactIDs))
        #expect(names == explained.report.clusters.map(\.names))
        let listsMatches = plain.report.clusters.contains { !$0.matches.isEmpty }
        #expect(!listsMatches)
        #expect(plain.report.rejectedMatches.isEmpty)
        #expect(!explained.report.rejectedMatches.isEmpty, "the book has matches not merged")
        #expect(plain.report.summary == explained.report.summary)
        #expect(plain.report.comparedPairs == explained.report.comparedPairs)
        #expect(plain.report.sharedValues == explained.report.sharedValues)
        #expect(plain.report.oversizedBlocks == explained.report.oversizedBlocks)
        #expect(dedupe.analyze(contacts, explaining: false) == plain.report)
    }

    @Test("pairs found in several blocks are compared once, in order")
    func pairsSortedOnce() {
        var pairs: [UInt64] = [7, 3, 7, 1, 3, 3, 9, 1]
        DuplicateDetector.sortUnique(&pairs)
        #expect(pairs == [1, 3, 7, 9])
        var none: [UInt64] = []
        DuplicateDetector.sortUnique(&none)
        #expect(none.isEmpty)
    }

    @Test("a large group kept together merges numbers written two ways into one each")
    func largeGroupKeptTogether() {
        // 40 cards, 20 numbers, each written once with its country code and once without.
        let contacts = (0..<40).map { i in
            let n = 10 + i / 2
            let number = i % 2 == 0 ? "+1 415 555 01\(n)" : "(415) 555-01\(n)"
            return Contact(id: ContactID(rawValue: "c\(i)"), givenName: "Sam", familyName: "Lee", fields: [.phone(number)])
        }
        let merging = DuplicateMerging(rules: DuplicateRules(rules: []), overrides: DuplicateOverrides(keptTogether: [contacts.map(\.id)]))
        let merged = merging.merge(contacts).contacts
        #expect(merged.count == 1)
        #expect(merged.first?.phoneNumbers.count == 20)
        #expect(merged.first?.phoneNumbers.first?.value == "+1 415 555 0110")
    }

    @Test("a book without duplicates comes back unchanged, an empty one empty")
    func nothingToMerge() {
        let contacts = [
            Contact(givenName: "Ann", familyName: "Lee", fields: [.phone("+1 415 555 0100")]),
            Contact(givenName: "Bo", familyName: "Berg", fields: [.email("bo@example.se")]),
            Contact(organization: "Initech"),
        ]
        #expect(DuplicateMerging().merge(contacts).contacts == contacts)
        #expect(DuplicateMerging().merge([]).contacts.isEmpty)
    }
}
