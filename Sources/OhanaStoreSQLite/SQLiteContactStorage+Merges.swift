import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteContactStorage {
    /// Makes a child store (see ``SQLiteContactStore/makeChild()``).
    public func makeChild() async throws -> any ContactChildStore {
        try store.makeChild()
    }

    /// Commits a child store's changes to this store (see ``SQLiteContactStore/commitChild(_:policy:)``).
    @discardableResult
    public func commitChild(_ child: any ContactChildStore, policy: ChildCommitPolicy) async throws -> ContactSaveSummary {
        guard let child = child as? SQLiteContactStore else { throw ContactStoreError.notAChild }
        return try store.commitChild(child, policy: policy)
    }

    /// The merge decisions recorded in the store.
    public func mergeDecisions() async throws -> ContactMergeDecisions {
        try await store.rowMergeDecisions()
    }

    /// Replaces the merge decisions recorded in the store.
    public func setMergeDecisions(_ decisions: ContactMergeDecisions) async throws {
        try await store.rowSetMergeDecisions(decisions)
    }

    /// The recorded members of every stored merged contact, by merged contact, in merge order.
    public func allMergedMembers() async throws -> [ContactID: [Contact]] {
        try await store.read { try $0.allMergedMembers() }
    }

    /// Merges groups of stored contacts in one transaction; returns how many were merged.
    public func mergeContacts(_ plan: @escaping @Sendable ([Contact]) throws -> [ContactMergeGroup]) async throws -> Int {
        try await store.rowMergeContacts(plan)
    }

    /// Undoes the merge that made the stored contact `id`.
    public func undoMerge(of id: ContactID) async throws -> MergeUndoResult {
        try await store.rowUndoMerge(of: id)
    }

    /// Takes one member out of a merged contact.
    public func removeMember(_ memberID: ContactID, fromMerged id: ContactID,
                             remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> MergeUndoResult {
        try await store.rowRemoveMember(memberID, fromMerged: id, remerging: merge)
    }

    /// Stores a batch in one transaction, keeping merged contacts merged.
    public func upsert(_ contacts: [Contact],
                       remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ContactSaveSummary {
        try await store.rowUpsert(contacts, remerging: merge)
    }

    /// The state the provider `providerID` reported at its last sync into this store, if any.
    public func providerSyncState(for providerID: String) async throws -> ProviderSyncState? {
        try await store.rowProviderSyncState(for: providerID)
    }

    /// Brings the store up to date with an incremental provider, in one transaction.
    public func sync(with provider: some IncrementalContactsProvider,
                     remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        try await store.rowSync(with: provider, remerging: merge)
    }
}

extension SQLiteReadTransaction {
    /// The recorded members of every stored merged contact, by merged contact, in merge order.
    public func allMergedMembers() throws -> [ContactID: [Contact]] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT mergedMember.survivorID, mergedMember.memberID AS id, mergedMember.json, mergedMember.photo,
                   mergedMember.photoType
            FROM mergedMember JOIN contact ON contact.id = mergedMember.survivorID
            ORDER BY mergedMember.survivorID, mergedMember.position
            """)
        var members: [ContactID: [Contact]] = [:]
        for row in rows { members[ContactID(rawValue: row["survivorID"]), default: []].append(try codec.decode(row)) }
        return members
    }
}

extension SQLiteContactStorage {
    /// The contact with this id and its version, if stored.
    public func versionedContact(withID id: ContactID) async throws -> VersionedContact? {
        try await store.rowVersionedContact(id)
    }

    /// Creates, updates or deletes one contact, checked against its version, in one transaction.
    public func write(_ write: ContactWrite) async throws -> ContactWriteResult {
        try await store.rowWrite(write)
    }

    /// Undoes a revision of the edit journal, in one transaction.
    public func undoRevision(_ number: Int64, expecting version: Int64?) async throws -> ContactWriteResult {
        try await store.rowUndoRevision(number, expecting: version)
    }

    /// The latest revisions of the edit journal, newest first.
    public func revisions(of contactID: ContactID?, limit: Int) async throws -> [ContactRevision] {
        try await store.rowRevisions(of: contactID, limit: limit)
    }

    /// A setting kept with the store, if any.
    public func setting(_ key: String) async throws -> Data? {
        try await store.rowSetting(key)
    }

    /// Keeps (or, with `nil`, forgets) a setting, in one transaction.
    public func setSetting(_ value: Data?, for key: String) async throws {
        try await store.rowSetSetting(value, for: key)
    }

    /// The merge decisions, member versions, provider sync states and settings the store keeps.
    public func bookkeeping() async throws -> StoreBookkeeping {
        try await store.rowBookkeeping()
    }

    /// Replaces the merge decisions, member versions and provider sync states, in one transaction.
    public func replaceBookkeeping(_ bookkeeping: StoreBookkeeping) async throws {
        try await store.rowReplaceBookkeeping(bookkeeping)
    }
}
