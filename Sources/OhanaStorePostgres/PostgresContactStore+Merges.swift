import Foundation
import Ohana
import OhanaStore
import PostgresNIO

extension PostgresContactStore {
    /// The merge decisions recorded in the store, in the order they were recorded.
    public func mergeDecisions() async throws -> ContactMergeDecisions {
        try await readSnapshot { try await $0.mergeDecisions() }
    }

    /// Replaces the merge decisions recorded in the store.
    public func setMergeDecisions(_ decisions: ContactMergeDecisions) async throws {
        try await write { try await $0.setMergeDecisions(decisions) }
    }

    /// The recorded members of every stored merged contact, by merged contact, in merge order.
    public func allMergedMembers() async throws -> [ContactID: [Contact]] {
        try await readSnapshot { try await $0.allMergedMembers() }
    }

    /// Merges groups of stored contacts in one transaction: `plan` gets every stored contact in
    /// insertion order and returns the groups to merge; each merged contact is stored in place of its
    /// members, whose versions are kept. Returns how many groups were merged.
    public func mergeContacts(_ plan: @escaping @Sendable ([Contact]) throws -> [ContactMergeGroup]) async throws -> Int {
        try await write { transaction in
            let stored = try await transaction.allContacts()
            let groups = try plan(stored)
            for group in groups { try await transaction.saveMerged(group.merged, members: group.members) }
            return groups.count
        }
    }

    /// Undoes the merge that made the stored contact `id` (see ``SQLiteWriteTransaction/undoMerge(of:)``).
    public func undoMerge(of id: ContactID) async throws -> MergeUndoResult {
        try await write { try await $0.undoMerge(of: id) }
    }

    /// Takes one member out of a merged contact (see ``SQLiteWriteTransaction/removeMember(_:fromMerged:remerging:)``).
    public func removeMember(_ memberID: ContactID, fromMerged id: ContactID,
                             remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> MergeUndoResult {
        try await write { try await $0.removeMember(memberID, fromMerged: id, remerging: merge) }
    }

    /// Stores a batch in one transaction, keeping merged contacts merged (see
    /// ``SQLiteWriteTransaction/upsert(_:remerging:)``).
    public func upsert(_ contacts: [Contact],
                       remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ContactSaveSummary {
        try await write { try await $0.upsert(contacts, remerging: merge) }
    }

    /// The state the provider `providerID` reported at its last sync into this store, if any.
    public func providerSyncState(for providerID: String) async throws -> ProviderSyncState? {
        try await readSnapshot { try await $0.providerSyncState(for: providerID) }
    }

    /// Brings the store up to date with an incremental provider (see ``SQLiteContactStore/sync(with:remerging:)``):
    /// the change set and the new state are applied in one transaction.
    public func sync(with provider: some IncrementalContactsProvider,
                     remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        let previous = try await providerSyncState(for: provider.identifier)
        let changes = try await provider.changes(since: previous)
        let identifier = provider.identifier
        return try await write { try await $0.apply(changes, from: identifier, remerging: merge) }
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

    /// Applies a provider's change set (see ``SQLiteWriteTransaction/apply(_:from:remerging:)``).
    func apply(_ changes: ProviderChanges, from providerID: String,
               remerging merge: ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        let saved = try await upsert(changes.added + changes.changed, remerging: merge)
        var removedRecordContacts: [[ContactID]] = []
        for recordID in changes.removed.compactMap(\.recordID) {
            var ids: [ContactID] = []
            for try await id in try await query("""
                SELECT id FROM contact WHERE row_id IN (
                    SELECT contact_row FROM contact_source WHERE provider_id = \(providerID) AND record_id = \(recordID))
                ORDER BY row_id
                """).decode(String.self) {
                ids.append(ContactID(rawValue: id))
            }
            removedRecordContacts.append(ids)
        }
        let providerContacts = changes.presentRecordIDs == nil ? [] : try await fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE row_id IN (
                SELECT contact_row FROM contact_source WHERE provider_id = \(providerID))
            ORDER BY row_id
            """)
        let removed = try await remove(ids: changes.removals(
            providerID: providerID, removedRecordContacts: removedRecordContacts, providerContacts: providerContacts))
        try await setProviderSyncState(changes.state, for: providerID)
        return ProviderSyncSummary(saved: saved, removed: removed, changes: changes)
    }
}

extension PostgresContactStore {
    /// The merge decisions, member versions and provider sync states the store keeps.
    public func bookkeeping() async throws -> StoreBookkeeping {
        try await readSnapshot { transaction in
            var places: [(String, Int, Bool)] = []
            var records: [StoredRecord] = []
            for try await (survivor, position, isSnapshot, id, json, photo, type) in try await transaction.query("""
                SELECT survivor_id, position, is_snapshot, member_id, json, photo, photo_type FROM merged_member
                """).decode((String, Int, Bool, String, String, Data?, String?).self) {
                places.append((survivor, position, isSnapshot))
                records.append(StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type))
            }
            let members = zip(places, try ContactCodec.decodeAll(records)).map { place, contact in
                StoreBookkeeping.MemberVersion(survivor: ContactID(rawValue: place.0), position: place.1,
                                               isSnapshot: place.2, contact: contact)
            }
            var states: [String: ProviderSyncState] = [:]
            for try await (providerID, data) in try await transaction.query(
                "SELECT provider_id, state FROM provider_sync_state").decode((String, Data).self) {
                states[providerID] = ProviderSyncState(data: data)
            }
            var providers: [String] = []
            for try await provider in try await transaction.query("""
                SELECT provider_id COLLATE "C" FROM synced_card UNION SELECT provider_id FROM sync_journal ORDER BY 1
                """).decode(String.self) {
                providers.append(provider)
            }
            var cards: [SyncedCard] = []
            var pending: [SyncJournalEntry] = []
            for provider in providers {
                cards += try await transaction.syncedCards(providerID: provider)
                pending += try await transaction.pendingSyncWrites(providerID: provider)
            }
            return StoreBookkeeping(decisions: try await transaction.mergeDecisions(),
                                    members: StoreBookkeeping.ordered(members), providerSyncStates: states,
                                    syncedCards: cards, pendingSyncWrites: pending,
                                    changeHistory: try await transaction.changeHistory())
        }
    }

    /// Replaces the merge decisions, member versions and provider sync states, in one transaction.
    public func replaceBookkeeping(_ bookkeeping: StoreBookkeeping) async throws {
        try await write { transaction in
            try await transaction.setMergeDecisions(bookkeeping.decisions)
            try await transaction.query("DELETE FROM merged_member")
            try await transaction.query("DELETE FROM provider_sync_state")
            try await transaction.query("DELETE FROM synced_card")
            try await transaction.query("DELETE FROM sync_journal")
            for member in bookkeeping.members {
                try await transaction.writeMember(member.contact, survivor: member.survivor, position: member.position,
                                                  isSnapshot: member.isSnapshot)
            }
            for (providerID, state) in bookkeeping.providerSyncStates {
                try await transaction.setProviderSyncState(state, for: providerID)
            }
            _ = try await transaction.apply(bookkeeping.syncRecordWrites)
            if let history = bookkeeping.changeHistory { try await transaction.replaceChangeHistory(history) }
        }
    }
}
