import Foundation
import Ohana

/// The ``ContactStorage`` operations on merges, bookkeeping, two-way sync records and provider
/// syncs, written once over a backend's transactions; each backend's public methods forward here.
extension StoreRowBackend {
    /// The merge decisions recorded in the store.
    package func rowMergeDecisions() async throws -> ContactMergeDecisions {
        try await readRows { try $0.mergeDecisions() }
    }

    /// Replaces the merge decisions recorded in the store.
    package func rowSetMergeDecisions(_ decisions: ContactMergeDecisions) async throws {
        try await writeRows { try $0.setMergeDecisions(decisions) }
    }

    /// Merges groups of stored contacts in one transaction (``StoreAlgorithms/mergeContacts(_:in:)``).
    package func rowMergeContacts(_ plan: @escaping @Sendable ([Contact]) throws -> [ContactMergeGroup]) async throws -> Int {
        try await writeRows { try StoreAlgorithms.mergeContacts(plan, in: $0) }
    }

    /// Undoes the merge that made the stored contact `id`, in one transaction.
    package func rowUndoMerge(of id: ContactID) async throws -> MergeUndoResult {
        try await writeRows { try StoreAlgorithms.undoMerge(of: id, in: $0) }
    }

    /// Takes one member out of a merged contact, in one transaction.
    package func rowRemoveMember(_ memberID: ContactID, fromMerged id: ContactID,
                                 remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> MergeUndoResult {
        try await writeRows { try StoreAlgorithms.removeMember(memberID, fromMerged: id, remerging: merge, in: $0) }
    }

    /// Stores a batch in one transaction, keeping merged contacts merged.
    package func rowUpsert(_ contacts: [Contact],
                           remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ContactSaveSummary {
        try await writeRows { try StoreAlgorithms.upsert(contacts, remerging: merge, in: $0) }
    }

    /// The state the provider `providerID` reported at its last sync into this store, if any.
    package func rowProviderSyncState(for providerID: String) async throws -> ProviderSyncState? {
        try await readRows { try $0.providerSyncState(for: providerID) }
    }

    /// Brings the store up to date with an incremental provider: asks it what changed since the
    /// state kept for it, and applies the change set and the new state in one transaction.
    package func rowSync(with provider: some IncrementalContactsProvider,
                         remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        let identifier = provider.identifier
        let previous = try await rowProviderSyncState(for: identifier)
        let changes = try await provider.changes(since: previous)
        return try await writeRows { try StoreAlgorithms.apply(changes, from: identifier, remerging: merge, in: $0) }
    }

    /// The merge decisions, member versions, provider sync states and sync records the store keeps.
    /// ``ContactStorage/setting(_:)``.
    package func rowSetting(_ key: String) async throws -> Data? {
        try await readRows { try $0.setting(key) }
    }

    /// ``ContactStorage/setSetting(_:for:)``, in one transaction.
    package func rowSetSetting(_ value: Data?, for key: String) async throws {
        try await writeRows { try $0.setSetting(value, for: key) }
    }

    package func rowBookkeeping() async throws -> StoreBookkeeping {
        try await readRows { try StoreAlgorithms.bookkeeping(in: $0) }
    }

    /// Replaces the bookkeeping, in one transaction.
    package func rowReplaceBookkeeping(_ bookkeeping: StoreBookkeeping) async throws {
        try await writeRows { try StoreAlgorithms.replaceBookkeeping(bookkeeping, in: $0) }
    }

    /// The provider's synced cards and every stored contact, in one snapshot.
    package func rowSyncSnapshot(providerID: String) async throws -> SyncSnapshot {
        try await readRows { try StoreAlgorithms.syncSnapshot(providerID: providerID, in: $0) }
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    package func rowPendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry] {
        try await readRows { try $0.pendingSyncWrites(providerID: providerID) }
    }

    /// Applies a two-way sync's writes in order in one transaction; returns the journal entries begun, numbered.
    package func rowApplySyncWrites(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        try await writeRows { try StoreAlgorithms.apply(writes, in: $0) }
    }

    /// ``ContactStorage/versionedContact(withID:)``.
    package func rowVersionedContact(_ id: ContactID) async throws -> VersionedContact? {
        try await readRows { try StoreAlgorithms.versionedContact(id, in: $0) }
    }

    /// ``ContactStorage/write(_:)``, in one transaction.
    package func rowWrite(_ write: ContactWrite) async throws -> ContactWriteResult {
        let date = Date()
        return try await writeRows { try StoreAlgorithms.write(write, date: date, in: $0) }
    }

    /// ``ContactStorage/undoRevision(_:expecting:)``, in one transaction.
    package func rowUndoRevision(_ number: Int64, expecting version: Int64?) async throws -> ContactWriteResult {
        let date = Date()
        return try await writeRows { try StoreAlgorithms.undoRevision(number, expecting: version, date: date, in: $0) }
    }

    /// ``ContactStorage/revisions(of:limit:)``.
    package func rowRevisions(of contactID: ContactID?, limit: Int) async throws -> [ContactRevision] {
        try await readRows { try $0.revisions(of: contactID, limit: limit) }
    }
}
