import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// Merges, bookkeeping and provider syncs: ``StoreAlgorithms`` run in this store's transactions
/// (see `PostgresStoreRows.swift`), as the SQLite store runs them.
extension PostgresContactStore {
    /// The merge decisions recorded in the store, in the order they were recorded.
    public func mergeDecisions() async throws -> ContactMergeDecisions {
        try await rowMergeDecisions()
    }

    /// Replaces the merge decisions recorded in the store.
    public func setMergeDecisions(_ decisions: ContactMergeDecisions) async throws {
        try await rowSetMergeDecisions(decisions)
    }

    /// The recorded members of every stored merged contact, by merged contact, in merge order.
    public func allMergedMembers() async throws -> [ContactID: [Contact]] {
        try await readSnapshot { try await $0.allMergedMembers() }
    }

    /// Merges groups of stored contacts in one transaction: `plan` gets every stored contact in
    /// insertion order and returns the groups to merge; each merged contact is stored in place of its
    /// members, whose versions are kept. Returns how many groups were merged.
    public func mergeContacts(_ plan: @escaping @Sendable ([Contact]) throws -> [ContactMergeGroup]) async throws -> Int {
        try await rowMergeContacts(plan)
    }

    /// Undoes the merge that made the stored contact `id` (see ``SQLiteWriteTransaction/undoMerge(of:)``).
    public func undoMerge(of id: ContactID) async throws -> MergeUndoResult {
        try await rowUndoMerge(of: id)
    }

    /// Takes one member out of a merged contact (see ``SQLiteWriteTransaction/removeMember(_:fromMerged:remerging:)``).
    public func removeMember(_ memberID: ContactID, fromMerged id: ContactID,
                             remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> MergeUndoResult {
        try await rowRemoveMember(memberID, fromMerged: id, remerging: merge)
    }

    /// Stores a batch in one transaction, keeping merged contacts merged (see
    /// ``SQLiteWriteTransaction/upsert(_:remerging:)``).
    public func upsert(_ contacts: [Contact],
                       remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ContactSaveSummary {
        try await rowUpsert(contacts, remerging: merge)
    }

    /// The state the provider `providerID` reported at its last sync into this store, if any.
    public func providerSyncState(for providerID: String) async throws -> ProviderSyncState? {
        try await rowProviderSyncState(for: providerID)
    }

    /// Brings the store up to date with an incremental provider (see ``SQLiteContactStore/sync(with:remerging:)``):
    /// the change set and the new state are applied in one transaction.
    public func sync(with provider: some IncrementalContactsProvider,
                     remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        try await rowSync(with: provider, remerging: merge)
    }

    /// The contact with this id and its version, if stored.
    public func versionedContact(withID id: ContactID) async throws -> VersionedContact? {
        try await rowVersionedContact(id)
    }

    /// Creates, updates or deletes one contact, checked against its version, in one transaction.
    public func write(_ write: ContactWrite) async throws -> ContactWriteResult {
        try await rowWrite(write)
    }

    /// Undoes a revision of the edit journal, in one transaction.
    public func undoRevision(_ number: Int64, expecting version: Int64?) async throws -> ContactWriteResult {
        try await rowUndoRevision(number, expecting: version)
    }

    /// The latest revisions of the edit journal, newest first.
    public func revisions(of contactID: ContactID?, limit: Int) async throws -> [ContactRevision] {
        try await rowRevisions(of: contactID, limit: limit)
    }

    /// A setting kept with the store, if any.
    public func setting(_ key: String) async throws -> Data? {
        try await rowSetting(key)
    }

    /// Keeps (or, with `nil`, forgets) a setting, in one transaction.
    public func setSetting(_ value: Data?, for key: String) async throws {
        try await rowSetSetting(value, for: key)
    }

    /// The merge decisions, member versions, provider sync states and settings the store keeps.
    public func bookkeeping() async throws -> StoreBookkeeping {
        try await rowBookkeeping()
    }

    /// Replaces the merge decisions, member versions and provider sync states, in one transaction.
    public func replaceBookkeeping(_ bookkeeping: StoreBookkeeping) async throws {
        try await rowReplaceBookkeeping(bookkeeping)
    }
}

extension PostgresWriteTransaction {
    /// The state the provider `providerID` reported at its last sync, if any.
    func providerSyncState(for providerID: String) async throws -> ProviderSyncState? {
        for try await data in try await query(
            "SELECT state FROM provider_sync_state WHERE provider_id = \(providerID)").decode(Data.self) {
            return ProviderSyncState(data: data)
        }
        return nil
    }

    /// The sync state of every incremental provider, by provider id.
    func providerSyncStates() async throws -> [String: ProviderSyncState] {
        var states: [String: ProviderSyncState] = [:]
        for try await (providerID, data) in try await query(
            "SELECT provider_id, state FROM provider_sync_state").decode((String, Data).self) {
            states[providerID] = ProviderSyncState(data: data)
        }
        return states
    }

    /// Records (or, with `nil`, forgets) the sync state of the provider `providerID`.
    func setProviderSyncState(_ state: ProviderSyncState?, for providerID: String) async throws {
        if let state {
            try await query("""
                INSERT INTO provider_sync_state (provider_id, state) VALUES (\(providerID), \(state.data))
                ON CONFLICT (provider_id) DO UPDATE SET state = excluded.state
                """)
        } else {
            try await query("DELETE FROM provider_sync_state WHERE provider_id = \(providerID)")
        }
    }

    /// Every recorded member version.
    func allMemberVersions() async throws -> [StoreBookkeeping.MemberVersion] {
        var places: [(String, Int, Bool)] = []
        var records: [StoredRecord] = []
        for try await (survivor, position, isSnapshot, id, json, photo, type) in try await query("""
            SELECT survivor_id, position, is_snapshot, member_id, json, photo, photo_type FROM merged_member
            """).decode((String, Int, Bool, String, String, Data?, String?).self) {
            places.append((survivor, position, isSnapshot))
            records.append(StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type))
        }
        return zip(places, try ContactCodec.decodeAll(records)).map { place, contact in
            StoreBookkeeping.MemberVersion(survivor: ContactID(rawValue: place.0), position: place.1,
                                           isSnapshot: place.2, contact: contact)
        }
    }

    /// The ids of the contacts loaded from one source record of one provider, in storage order.
    func contactIDs(providerID: String, recordID: String) async throws -> [ContactID] {
        var ids: [ContactID] = []
        for try await id in try await query("""
            SELECT id FROM contact WHERE row_id IN (
                SELECT contact_row FROM contact_source WHERE provider_id = \(providerID) AND record_id = \(recordID))
            ORDER BY row_id
            """).decode(String.self) {
            ids.append(ContactID(rawValue: id))
        }
        return ids
    }

    /// The contacts holding any source record of one provider, in storage order.
    func contacts(ofProvider providerID: String) async throws -> [Contact] {
        try await fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE row_id IN (
                SELECT contact_row FROM contact_source WHERE provider_id = \(providerID))
            ORDER BY row_id
            """)
    }

    /// Forgets every member version, provider sync state, synced card and pending server write.
    func removeAllBookkeepingRows() async throws {
        try await query("DELETE FROM merged_member")
        try await query("DELETE FROM provider_sync_state")
        try await query("DELETE FROM synced_card")
        try await query("DELETE FROM sync_journal")
        try await query("DELETE FROM store_setting")
        try await query("DELETE FROM contact_revision")
    }

    /// Every setting the store keeps, by key.
    func settings() async throws -> [String: Data] {
        var settings: [String: Data] = [:]
        for try await (key, value) in try await query("SELECT key, value FROM store_setting").decode((String, Data).self) {
            settings[key] = value
        }
        return settings
    }

    /// One setting, if kept.
    func setting(_ key: String) async throws -> Data? {
        for try await value in try await query("SELECT value FROM store_setting WHERE key = \(key)").decode(Data.self) {
            return value
        }
        return nil
    }

    /// Keeps (or, with `nil`, forgets) one setting.
    func setSetting(_ value: Data?, for key: String) async throws {
        if let value {
            try await query("""
                INSERT INTO store_setting (key, value) VALUES (\(key), \(value))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
        } else {
            try await query("DELETE FROM store_setting WHERE key = \(key)")
        }
    }
}
