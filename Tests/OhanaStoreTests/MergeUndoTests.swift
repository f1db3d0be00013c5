import Foundation
import Ohana
import OhanaStore
import Testing

@Suite("Undoing merges")
struct MergeUndoTests {
    static func encoded(_ contacts: [Contact]) throws -> [Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try contacts.sorted { $0.id < $1.id }.map { try encoder.encode($0) }
    }

    static func originals() -> [Contact] {
        var rich = richContact(id: "a")
        rich.fields.append(.phone("+1 415 555 0142", label: .mobile))
        let bob = Contact(id: "b", givenName: "Bob", familyName: "Ångström", organization: "Old Corp",
                          fields: [.phone("(415) 555-0142", label: .work), .email("bob@example.com")],
                          provenance: [Provenance(providerID: "vcard:b.vcf", recordID: "b-1")])
        let third = Contact(id: "c", givenName: "Zoe", familyName: "Angstrom", fields: [.email("ZOE@example.com")],
                            provenance: [Provenance(providerID: "csv:c.csv", recordID: nil)])
        return [rich, bob, third]
    }

    @Test("merge, undo: the store holds the original contacts byte for byte, kept apart from now on", arguments: StoreKind.allCases)
    func undoRoundTrip(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(in: directory)
        let originals = Self.originals()
        let bystander = person("z", "Ann", "Lee")
        try store.save(originals + [bystander], mode: .upsertBySourceRecord)
        let before = try Self.encoded(store.allContacts())
        try store.setMergeDecisions(ContactMergeDecisions(keptTogether: [["a", "b", "c"]], keptApart: [["z", "q"]]))
        try store.write { try $0.saveMerged(MergedContactsTests.union(originals), members: originals) }
        #expect(try store.allContacts().map(\.id).sorted() == ["a", "z"])

        let result = try store.undoMerge(of: "a")
        #expect(result.remaining == nil)
        #expect(result.restored.map(\.id) == ["a", "b", "c"])
        let after = try store.allContacts()
        #expect(try Self.encoded(after) == before)
        #expect(after.sorted { $0.id < $1.id } == (originals + [bystander]).sorted { $0.id < $1.id })
        #expect(try store.read { try $0.mergedMembers(of: "a") }.isEmpty)
        #expect(try store.mergeDecisions() == ContactMergeDecisions(keptTogether: [], keptApart: [["z", "q"], ["a", "b", "c"]]))
        // Nothing left to undo.
        #expect(throws: ContactStoreError.self) { try store.undoMerge(of: "a") }
    }

    @Test("one member taken out of a merge: it is stored as it was, the others stay merged", arguments: StoreKind.allCases)
    func removeOneMember(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(in: directory)
        let originals = Self.originals()
        try store.save(originals, mode: .upsertBySourceRecord)
        try store.write { try $0.saveMerged(MergedContactsTests.union(originals), members: originals) }

        // Taking out the member whose id the merged contact carries: the rest take the next id.
        let result = try store.removeMember("a", fromMerged: "a", remerging: MergedContactsTests.union)
        #expect(result.restored == [originals[0]])
        #expect(result.remaining?.id == "b")
        let stored = try store.allContacts()
        #expect(Set(stored.map(\.id)) == ["a", "b"])
        #expect(try Self.encoded(stored.filter { $0.id == "a" }) == Self.encoded([originals[0]]))
        #expect(try store.read { try $0.mergedMembers(of: "b") } == [originals[1], originals[2]])
        #expect(try store.mergeDecisions().keptApart == [["a", "b"], ["a", "c"]])

        // The last two: the merge is undone whole.
        let last = try store.removeMember("c", fromMerged: "b", remerging: MergedContactsTests.union)
        #expect(last.remaining == nil)
        #expect(try Self.encoded(store.allContacts()) == Self.encoded(originals))
        #expect(throws: ContactStoreError.self) { try store.removeMember("x", fromMerged: "a", remerging: MergedContactsTests.union) }
    }
}
