import Foundation
import Ohana
@testable import OhanaStore
@testable import OhanaStoreSQLite
import Testing

/// An incremental provider over a scripted list of change sets; records the state it was asked from.
actor ScriptedIncrementalProvider: IncrementalContactsProvider {
    nonisolated let identifier = "scripted"
    private var script: [ProviderChanges]
    private(set) var askedStates: [ProviderSyncState?] = []

    init(_ script: [ProviderChanges]) { self.script = script }

    func loadContacts() async throws(ContactsProviderError) -> LoadedContacts { LoadedContacts(contacts: []) }

    func changes(since state: ProviderSyncState?) async throws(ContactsProviderError) -> ProviderChanges {
        askedStates.append(state)
        guard !script.isEmpty else {
            throw ContactsProviderError.unavailable(providerID: identifier, source: "script", reason: "no more change sets")
        }
        return script.removeFirst()
    }
}

private func record(_ id: ContactID, _ name: String) -> Contact {
    Contact(id: id, formattedName: name, provenance: [Provenance(providerID: "scripted", recordID: id.rawValue)])
}

private func state(_ text: String) -> ProviderSyncState { ProviderSyncState(data: Data(text.utf8)) }

@Suite("Provider sync state and change sets")
struct ProviderSyncStateTests {
    @Test("a change set is applied with its state; the next sync starts from that state")
    func appliesChangeSets() async throws {
        let store = try SQLiteContactStore.inMemory()
        let provider = ScriptedIncrementalProvider([
            ProviderChanges(added: [record("a", "Ann"), record("b", "Bob")], state: state("one"), presentRecordIDs: ["a", "b"]),
            ProviderChanges(changed: [record("a", "Ann Changed")],
                            removed: [Provenance(providerID: "scripted", recordID: "b")], state: state("two")),
        ])
        let first = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(first.saved.added == 2)
        #expect(try store.providerSyncState(for: "scripted") == state("one"))
        let second = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(second.saved.updated == 1 && second.removed == 1)
        #expect(try store.allContacts().map(\.fullName) == ["Ann Changed"])
        #expect(try store.providerSyncState(for: "scripted") == state("two"))
        #expect(await provider.askedStates == [nil, state("one")])
    }

    @Test("a provider that fails leaves the store and its state as they were")
    func failureChangesNothing() async throws {
        let store = try SQLiteContactStore.inMemory()
        let provider = ScriptedIncrementalProvider([ProviderChanges(added: [record("a", "Ann")], state: state("one"))])
        _ = try await store.sync(with: provider, remerging: { $0[0] })
        await #expect(throws: ContactsProviderError.self) { try await store.sync(with: provider, remerging: { $0[0] }) }
        #expect(try store.providerSyncState(for: "scripted") == state("one"))
        #expect(try store.allContacts().count == 1)
    }

    @Test("a full listing removes this provider's records that are no longer present, and no one else's")
    func fullListingSweeps() throws {
        let store = try SQLiteContactStore.inMemory()
        let foreign = Contact(id: "f", formattedName: "Foreign", provenance: [Provenance(providerID: "file", recordID: "gone")])
        try store.save([record("a", "Ann"), record("gone", "Gone"), foreign], mode: .upsertBySourceRecord)
        let summary = try store.write {
            try $0.apply(ProviderChanges(changed: [record("a", "Ann")], state: state("s"), presentRecordIDs: ["a"]),
                         from: "scripted", remerging: { $0[0] })
        }
        #expect(summary.removed == 1)
        #expect(try store.allContacts().map(\.fullName).sorted() == ["Ann", "Foreign"])
    }

    @Test("a store of the schema before provider sync state gains the table on open")
    func olderStoreGainsTable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v4.sqlite").path
        try SQLiteSchema.migrateFile(at: path, upTo: SQLiteSchema.v4)
        let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path))
        #expect(try store.providerSyncState(for: "scripted") == nil)
        try store.write { try $0.setProviderSyncState(state("x"), for: "scripted") }
        #expect(try store.providerSyncState(for: "scripted") == state("x"))
        try store.write { try $0.setProviderSyncState(nil, for: "scripted") }
        #expect(try store.providerSyncState(for: "scripted") == nil)
    }
}
