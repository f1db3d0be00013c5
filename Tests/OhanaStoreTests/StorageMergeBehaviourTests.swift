import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// Merges, member versions and provider sync state through ``ContactStorage``, run on SQLite and
/// on a real PostgreSQL cluster: the same calls must leave the same contacts, members and decisions.
@Suite("Merges and sync state on every backend")
struct StorageMergeBehaviourTests {
    static func contact(_ id: ContactID, _ name: String, record: String?, phone: String, organization: String? = nil) -> Contact {
        Contact(id: id, givenName: name, familyName: "Quimby", organization: organization, fields: [.phone(phone)],
                provenance: [Provenance(providerID: "vcard:a.vcf", recordID: record)])
    }

    static let robert = contact("r", "Robert", record: "r", phone: "+1 415 555 0142")
    static let bob = contact("b", "Bob", record: "b", phone: "(415) 555-0142", organization: "Old Corp")
    static let rob = contact("o", "Rob", record: "o", phone: "+1 415 555 0143")
    static let carl = contact("c", "Carl", record: "c", phone: "+1 212 555 0100")

    /// Merges the groups of stored contacts with these ids, the way the address book does.
    static func merge(_ store: any ContactStorage, _ groups: [[ContactID]]) async throws -> Int {
        try await store.mergeContacts { stored in
            groups.map { ids in
                let members = ids.compactMap { id in stored.first { $0.id == id } }
                return ContactMergeGroup(merged: MergedContactsTests.union(members), members: members)
            }
        }
    }

    @Test("merge decisions read back as recorded, and are replaced whole", arguments: StorageBackend.allCases)
    func decisions(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        #expect(try await store.mergeDecisions().isEmpty)
        let decisions = ContactMergeDecisions(keptTogether: [["a", "b"], ["x", "y", "z"]], keptApart: [["c", "d", "e"]])
        try await store.setMergeDecisions(decisions)
        #expect(try await store.mergeDecisions() == decisions)
        try await store.setMergeDecisions(ContactMergeDecisions(keptApart: [["a", "b"]]))
        #expect(try await store.mergeDecisions() == ContactMergeDecisions(keptApart: [["a", "b"]]))
        try await store.shutDown()
    }

    @Test("a merge keeps its members' versions; undoing it restores them exactly and keeps them apart",
          arguments: StorageBackend.allCases)
    func mergeAndUndo(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Self.robert, Self.bob, Self.carl], mode: .upsertBySourceRecord)
        try await store.setMergeDecisions(ContactMergeDecisions(keptTogether: [["r", "b"]]))
        let token = try await store.currentChangeToken()
        #expect(try await Self.merge(store, [["r", "b"]]) == 1)
        #expect(try await store.allContacts(order: .insertion).map(\.id) == ["r", "c"])
        #expect(try await store.contact(withID: "r")?.mergedContactIDs == ["b"])
        #expect(try await store.allMergedMembers() == ["r": [Self.robert, Self.bob]])
        let merged = try await store.changes(since: token)
        #expect(merged.updated.map(\.id) == ["r"] && merged.removed == ["b"])

        let undone = try await store.undoMerge(of: "r")
        #expect(undone.restored == [Self.robert, Self.bob] && undone.remaining == nil)
        #expect(Set(try await store.allContacts(order: .insertion)) == [Self.robert, Self.bob, Self.carl])
        #expect(try await store.allMergedMembers().isEmpty)
        #expect(try await store.mergeDecisions() == ContactMergeDecisions(keptApart: [["r", "b"]]))
        await #expect(throws: ContactStoreError.self) { try await store.undoMerge(of: "c") }
        try await store.shutDown()
    }

    @Test("taking one member out of three stores it alone and merges the other two anew",
          arguments: StorageBackend.allCases)
    func removeOneMember(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Self.robert, Self.bob, Self.rob], mode: .upsertBySourceRecord)
        try await store.setMergeDecisions(ContactMergeDecisions(keptTogether: [["r", "b", "o"]]))
        #expect(try await Self.merge(store, [["r", "b", "o"]]) == 1)
        let result = try await store.removeMember("b", fromMerged: "r", remerging: MergedContactsTests.union)
        #expect(result.restored == [Self.bob])
        #expect(result.remaining?.mergedContactIDs == ["o"])
        #expect(try await store.allContacts(order: .name).map(\.id) == ["b", "r"])
        #expect(try await store.allMergedMembers() == ["r": [Self.robert, Self.rob]])
        #expect(try await store.mergeDecisions()
            == ContactMergeDecisions(keptTogether: [["r", "o"]], keptApart: [["b", "r"], ["b", "o"]]))
        try await store.shutDown()
    }

    @Test("importing again updates the members of a merged contact instead of adding them back",
          arguments: StorageBackend.allCases)
    func importKeepsMergesMerged(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Self.robert, Self.bob, Self.carl], mode: .upsertBySourceRecord)
        #expect(try await Self.merge(store, [["r", "b"]]) == 1)

        // The source loaded again under new ids (a file without UIDs), Bob changed.
        var newBob = Self.contact(ContactID(), "Bob", record: "b", phone: "(415) 555-0142", organization: "New Corp")
        newBob.fields.append(.email("bob@newcorp.example"))
        let reloaded = [Self.contact(ContactID(), "Robert", record: "r", phone: "+1 415 555 0142"), newBob,
                        Self.contact(ContactID(), "Carl", record: "c", phone: "+1 212 555 0100")]
        let summary = try await store.upsert(reloaded, remerging: MergedContactsTests.union)
        #expect(summary.added == 0 && summary.updated == 1 && summary.unchanged == 2, "\(summary)")
        let stored = try await store.allContacts(order: .insertion)
        #expect(stored.map(\.id) == ["r", "c"])
        #expect(stored.first?.organization == "New Corp")
        #expect(stored.first?.fields.map(\.value).contains("bob@newcorp.example") == true)
        #expect(try await store.allMergedMembers()["r"]?.map(\.organization) == [nil, "New Corp"])

        // A source record twice in one batch: the second joins the merged contact.
        let twice = try await store.upsert(
            [Self.contact(ContactID(), "Bob", record: "b", phone: "+1 999 555 0000"),
             Self.contact(ContactID(), "Bobby", record: "b", phone: "+1 999 555 0001")],
            remerging: MergedContactsTests.union)
        #expect(twice.updated == 1 && twice.added == 1, "\(twice)")
        #expect(try await store.contactCount() == 2)
        #expect(try await store.allMergedMembers()["r"]?.map(\.givenName) == ["Robert", "Bob", "Bobby"])
        try await store.shutDown()
    }

    @Test("a provider's change sets are applied with their state; a full listing removes what is gone",
          arguments: StorageBackend.allCases)
    func providerSync(backend: StorageBackend) async throws {
        func record(_ id: ContactID, _ name: String) -> Contact {
            Contact(id: id, formattedName: name, provenance: [Provenance(providerID: "scripted", recordID: id.rawValue)])
        }
        func state(_ text: String) -> ProviderSyncState { ProviderSyncState(data: Data(text.utf8)) }
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Contact(id: "own", formattedName: "Someone Else",
                                      provenance: [Provenance(providerID: "vcard:other.vcf", recordID: "own")])],
                             mode: .upsertBySourceRecord)
        let provider = ScriptedIncrementalProvider([
            ProviderChanges(added: [record("a", "Ann"), record("b", "Bob"), record("d", "Dan")], state: state("one")),
            ProviderChanges(changed: [record("a", "Ann Changed")],
                            removed: [Provenance(providerID: "scripted", recordID: "b")], state: state("two")),
            ProviderChanges(state: state("three"), presentRecordIDs: ["a"]),
        ])
        #expect(try await store.providerSyncState(for: "scripted") == nil)
        #expect(try await store.sync(with: provider, remerging: { $0[0] }).saved.added == 3)
        #expect(try await store.providerSyncState(for: "scripted") == state("one"))
        let second = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(second.saved.updated == 1 && second.removed == 1)
        let third = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(third.removed == 1)
        #expect(try await store.allContacts(order: .name).map(\.fullName) == ["Ann Changed", "Someone Else"])
        #expect(try await store.providerSyncState(for: "scripted") == state("three"))
        #expect(await provider.askedStates == [nil, state("one"), state("two")])
        try await store.shutDown()
    }
}
