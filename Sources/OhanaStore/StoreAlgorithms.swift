import Foundation
import Ohana

/// The store's algorithms, written once over the rows of a transaction (``StoreRowReading``,
/// ``StoreRowTransaction``) and run by every backend: bookkeeping, sync-record writes and their
/// journal here; merges, the remerging upsert and provider change sets in `StoreAlgorithms+Merges.swift`.
package enum StoreAlgorithms {
    /// The merge decisions, member versions, provider sync states, sync records and change history a store keeps.
    package static func bookkeeping(in rows: some StoreRowReading) throws -> StoreBookkeeping {
        let providers = try rows.syncProviderIDs()
        return StoreBookkeeping(
            decisions: try rows.mergeDecisions(), members: StoreBookkeeping.ordered(try rows.allMemberVersions()),
            providerSyncStates: try rows.providerSyncStates(),
            syncedCards: try providers.flatMap { try rows.syncedCards(providerID: $0) },
            pendingSyncWrites: try providers.flatMap { try rows.pendingSyncWrites(providerID: $0) },
            changeHistory: try rows.changeHistory(), settings: try rows.settings(),
            revisions: try rows.revisions(of: nil, limit: Int.max).reversed())
    }

    /// Replaces the merge decisions, member versions, provider sync states, sync records and settings, and,
    /// when `bookkeeping` has one, the change history.
    package static func replaceBookkeeping(_ bookkeeping: StoreBookkeeping, in rows: some StoreRowTransaction) throws {
        try rows.setMergeDecisions(bookkeeping.decisions)
        try rows.removeAllBookkeepingRows()
        for member in bookkeeping.members {
            try rows.writeMember(member.contact, survivor: member.survivor, position: member.position,
                                 isSnapshot: member.isSnapshot)
        }
        for (providerID, state) in bookkeeping.providerSyncStates {
            try rows.setProviderSyncState(state, for: providerID)
        }
        _ = try apply(bookkeeping.syncRecordWrites, in: rows)
        for (key, value) in bookkeeping.settings { try rows.setSetting(value, for: key) }
        for revision in bookkeeping.revisions { _ = try rows.recordRevision(revision) }
        if let history = bookkeeping.changeHistory { try rows.replaceChangeHistory(history) }
    }

    /// Applies a two-way sync's writes in order; returns the journal entries begun, numbered.
    package static func apply(_ writes: [SyncRecordWrite], in rows: some StoreRowTransaction) throws -> [SyncJournalEntry] {
        var begun: [SyncJournalEntry] = []
        for write in writes {
            switch write {
            case .save(let contact): try rows.saveContact(contact)
            case .remove(let id): _ = try rows.removeContacts(ids: [id])
            case .recordSyncedCard(let card): try rows.recordSyncedCard(card)
            case .removeSyncedCard(let providerID, let href): try rows.removeSyncedCard(providerID: providerID, href: href)
            case .beginSyncWrite(let entry): begun.append(try rows.beginSyncWrite(entry))
            case .endSyncWrite(let id): try rows.endSyncWrite(id: id)
            case .endSyncWrites(let providerID, let href): try rows.endSyncWrites(providerID: providerID, href: href)
            case .setProviderSyncState(let state, let providerID): try rows.setProviderSyncState(state, for: providerID)
            }
        }
        return begun
    }

    /// Commits a child store's net changes since change number `base`: a contact also changed here
    /// since then is a conflict, settled by `policy` (``NetChange/commitPlan(_:parentVersions:parentSequences:base:policy:)``).
    package static func commitChild(_ changes: [NetChange], base: Int64, policy: ChildCommitPolicy,
                                    in rows: some StoreRowTransaction) throws -> ContactSaveSummary {
        let ids = changes.map(\.id)
        var parentVersions: [ContactID: Contact] = [:]
        for contact in try rows.contacts(ids: ids) { parentVersions[contact.id] = contact }
        let (saves, removals) = try NetChange.commitPlan(changes, parentVersions: parentVersions,
                                                         parentSequences: try rows.changeSequences(of: ids),
                                                         base: base, policy: policy)
        var summary = try rows.saveContacts(saves, mode: .upsertByID, claimed: [])
        summary.removed += try rows.removeContacts(ids: removals)
        return summary
    }

    /// The provider's synced cards and every stored contact, in one snapshot.
    package static func syncSnapshot(providerID: String, in rows: some StoreRowReading) throws -> SyncSnapshot {
        SyncSnapshot(syncedCards: try rows.syncedCards(providerID: providerID), contacts: try rows.allContacts(order: .insertion))
    }
}
