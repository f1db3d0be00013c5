import Foundation
import GRDB
import Ohana
import OhanaStore

/// The stored contacts' ids, rowids, content hashes and source records, read in two scans. A large
/// batch looks its contacts up here instead of querying the database once or twice per contact:
/// that is what makes re-importing an unchanged file cheap (its cost is then mostly encoding the
/// JSON whose hash is compared).
///
/// Taken inside a write transaction before the batch writes anything; valid until the first write.
/// Used on the writing thread only.
final class StoredSnapshot {
    /// A provider's record, the key a contact is matched by on re-import.
    struct SourceKey: Hashable {
        var providerID: String
        var recordID: String
    }

    /// Rowid and content hash of every stored contact.
    private(set) var versions: [ContactID: (rowid: Int64, contentHash: Int64?)] = [:]
    /// The contacts loaded from each source record, in rowid order.
    private(set) var bySource: [SourceKey: [ContactID]] = [:]
    /// For each source record, how many of its first ids are known to be claimed by the batch:
    /// claims only grow, so the search for an unclaimed one resumes there (many contacts share a
    /// record id where a provider reuses them, as SIM cards do with their 250 slots).
    private var claimedPrefix: [SourceKey: Int] = [:]

    /// A batch of at least this many contacts takes a snapshot ...
    static let minimumBatch = 512

    /// ... when the store holds at most this many times as many contacts as the batch (so reading
    /// the whole store costs no more than the batch's own lookups would).
    static let maximumStoreToBatchRatio = 4

    /// Reads the snapshot when a batch of `batchCount` contacts is large enough, relative to the
    /// store, for two scans to be cheaper than per-contact queries; otherwise `nil`.
    static func takeIfWorthwhile(for batchCount: Int, in db: Database) throws -> StoredSnapshot? {
        guard batchCount >= minimumBatch else { return nil }
        let stored = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0
        guard stored <= batchCount * maximumStoreToBatchRatio else { return nil }
        return try StoredSnapshot(db, expectedCount: stored)
    }

    /// Reads every stored contact's id, rowid and content hash, and every source record.
    private init(_ db: Database, expectedCount: Int) throws {
        versions.reserveCapacity(expectedCount)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, rowid, contentHash FROM contact")
        while let row = try rows.next() {
            versions[ContactID(rawValue: row[0])] = (row[1], row[2])
        }
        bySource.reserveCapacity(expectedCount)
        let sources = try Row.fetchCursor(db, sql: """
            SELECT contactSource.providerID, contactSource.recordID, contact.id
            FROM contactSource JOIN contact ON contact.rowid = contactSource.contactRowid
            ORDER BY contact.rowid
            """)
        while let row = try sources.next() {
            bySource[SourceKey(providerID: row[0], recordID: row[1]), default: []].append(ContactID(rawValue: row[2]))
        }
    }

    /// The first contact loaded from this source record (in the order they were stored) whose id
    /// is not in `claimed`. `claimed` must only have grown since the previous call.
    func firstUnclaimed(providerID: String, recordID: String, claimed: Set<ContactID>) -> ContactID? {
        let key = SourceKey(providerID: providerID, recordID: recordID)
        guard let ids = bySource[key] else { return nil }
        var index = claimedPrefix[key] ?? 0
        while index < ids.count, claimed.contains(ids[index]) { index += 1 }
        if index > 0 { claimedPrefix[key] = index }
        return index < ids.count ? ids[index] : nil
    }

    /// The rowid of the contact with this id, if stored.
    func rowid(of id: ContactID) -> Int64? {
        versions[id]?.rowid
    }

    /// The stored version of a contact as far as the snapshot knows it: `.some(nil)` when not
    /// stored, `nil` when the row has no content hash yet (its bytes must be read to compare).
    func storedVersion(of id: ContactID) -> StoredVersion?? {
        guard let version = versions[id] else { return .some(nil) }
        guard let hash = version.contentHash else { return nil }
        return .some(StoredVersion(rowid: version.rowid, contentHash: hash))
    }
}
