import Foundation
import Ohana

extension StoreAlgorithms {
    /// Stores `merged` in place of `members` (a group the user merged) and keeps each member's
    /// version, so that importing a member's source again updates that member and rebuilds the
    /// merged contact (see ``upsert(_:remerging:in:)``) instead of adding the member back.
    ///
    /// `merged` keeps one member's id; the other members are removed from the store. A member that
    /// is itself a merged contact contributes its own members.
    package static func saveMerged(_ merged: Contact, members: [Contact], in rows: some StoreRowTransaction) throws {
        var recorded: [ContactID: [(contact: Contact, isSnapshot: Bool)]] = [:]
        for member in members { recorded[member.id] = try rows.memberVersions(of: member.id) }
        let versions = MergeSplit.memberVersions(of: members, recorded: recorded)
        try rows.forgetMembers(ofRemoved: merged.id)
        _ = try rows.removeContacts(ids: members.map(\.id).filter { $0 != merged.id })
        try rows.saveContact(merged)
        for (position, version) in versions.enumerated() {
            try rows.writeMember(version.contact, survivor: merged.id, position: position, isSnapshot: version.isSnapshot)
        }
    }

    /// Merges groups of stored contacts: `plan` gets every stored contact in insertion order and
    /// returns the groups; each is saved with ``saveMerged(_:members:in:)``. Returns how many were merged.
    package static func mergeContacts(_ plan: ([Contact]) throws -> [ContactMergeGroup],
                                      in rows: some StoreRowTransaction) throws -> Int {
        let groups = try plan(try rows.allContacts(order: .insertion))
        for group in groups { try saveMerged(group.merged, members: group.members, in: rows) }
        return groups.count
    }

    /// Undoes the merge that made the stored contact `id` (``MergeSplit/init(undoing:members:)``):
    /// the members are stored on their own again as recorded, and kept apart.
    package static func undoMerge(of id: ContactID, in rows: some StoreRowTransaction) throws -> MergeUndoResult {
        try apply(MergeSplit(undoing: id, members: rows.memberVersions(of: id).map(\.contact)), of: id, in: rows)
    }

    /// Takes one member out of the merged contact `id` (``MergeSplit/init(removing:from:members:merge:)``).
    package static func removeMember(_ memberID: ContactID, fromMerged id: ContactID,
                                     remerging merge: ([Contact]) throws -> Contact,
                                     in rows: some StoreRowTransaction) throws -> MergeUndoResult {
        let members = try rows.memberVersions(of: id).map(\.contact)
        return try apply(MergeSplit(removing: memberID, from: id, members: members, merge: merge), of: id, in: rows)
    }

    /// Stores a batch in ``ContactSaveMode/upsertBySourceRecord`` mode keeping merged contacts
    /// merged, as ``MergedUpsert`` decides: member versions are written, the rest is saved, and
    /// each merged contact touched is rebuilt with `merge` from its members' latest versions.
    package static func upsert(_ contacts: [Contact], remerging merge: ([Contact]) throws -> Contact,
                               in rows: some StoreRowTransaction) throws -> ContactSaveSummary {
        guard let memberRows = try rows.mergedMemberRows(for: contacts) else {
            return try rows.saveContacts(contacts, mode: .upsertBySourceRecord, claimed: [])
        }
        var plan = try MergedUpsert(contacts, rows: memberRows)
        for write in plan.memberWrites {
            try rows.writeMember(write.contact, survivor: write.survivor, position: write.position, isSnapshot: false)
        }
        plan.add(try rows.saveContacts(plan.rest, mode: .upsertBySourceRecord, claimed: plan.claimed))
        for survivor in plan.touched {
            let members = try rows.memberVersions(of: survivor).map(\.contact)
            guard let merged = try MergedUpsert.remerged(survivor, members: members, merge: merge) else { continue }
            try rows.saveContact(merged)
            _ = try rows.removeContacts(ids: members.map(\.id).filter { $0 != survivor })
        }
        return plan.summary
    }

    /// Applies a provider's change set: upserts the added and changed contacts keeping merged
    /// contacts merged, removes the contacts of removed records and, after a full listing, of the
    /// provider's records no longer present, and records the new state.
    package static func apply(_ changes: ProviderChanges, from providerID: String,
                              remerging merge: ([Contact]) throws -> Contact,
                              in rows: some StoreRowTransaction) throws -> ProviderSyncSummary {
        let saved = try upsert(changes.added + changes.changed, remerging: merge, in: rows)
        let removedRecordContacts = try changes.removed.compactMap(\.recordID).map { recordID in
            try rows.contactIDs(providerID: providerID, recordID: recordID)
        }
        let providerContacts = changes.presentRecordIDs == nil ? [] : try rows.contacts(ofProvider: providerID)
        let removed = try rows.removeContacts(ids: changes.removals(
            providerID: providerID, removedRecordContacts: removedRecordContacts, providerContacts: providerContacts))
        try rows.setProviderSyncState(changes.state, for: providerID)
        return ProviderSyncSummary(saved: saved, removed: removed, changes: changes)
    }

    /// Applies an undone merge or a member taken out (``MergeSplit``) of the merged contact `id`.
    private static func apply(_ split: MergeSplit, of id: ContactID, in rows: some StoreRowTransaction) throws -> MergeUndoResult {
        try rows.forgetMembers(ofRemoved: id)
        _ = try rows.removeContacts(ids: [id])
        if let remaining = split.remaining { try saveMerged(remaining.merged, members: remaining.members, in: rows) }
        for member in split.restored { try rows.saveContact(member) }
        try rows.setMergeDecisions(split.decisions(after: rows.mergeDecisions()))
        return split.result
    }
}
