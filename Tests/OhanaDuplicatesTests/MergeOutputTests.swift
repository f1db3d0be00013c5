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
        let fast = dedupe.apply(detection, to: contacts)
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
