import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteReadTransaction {
    /// The last synced version of every card of a provider, ordered by href.
    public func syncedCards(providerID: String) throws -> [SyncedCard] {
        return try Row.fetchAll(db, sql: """
            SELECT href, etag, vCard, contactID FROM syncedCard WHERE providerID = ? ORDER BY href
            """, arguments: [providerID]).map {
            SyncedCard(providerID: providerID, href: $0["href"], etag: $0["etag"], vCard: $0["vCard"],
                       contactID: ContactID(rawValue: $0["contactID"]))
        }
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    public func pendingSyncWrites(providerID: String) throws -> [SyncJournalEntry] {
        return try Row.fetchAll(db, sql: """
            SELECT id, href, operation, contactID, expectedETag, vCard, localVCard FROM syncJournal WHERE providerID = ? ORDER BY id
            """, arguments: [providerID]).map { row in
            let operationText: String = row["operation"]
            guard let operation = SyncJournalEntry.Operation(rawValue: operationText) else {
                throw ContactStoreError.corruptRecord(id: nil, reason: "unknown sync journal operation \(operationText)")
            }
            return SyncJournalEntry(id: row["id"], providerID: providerID, href: row["href"], operation: operation,
                                    contactID: (row["contactID"] as String?).map(ContactID.init(rawValue:)),
                                    expectedETag: row["expectedETag"], vCard: row["vCard"], localVCard: row["localVCard"])
        }
    }
}

extension SQLiteWriteTransaction {
    /// Records a card's synced version (replacing the previous one of the same provider and href).
    public func recordSyncedCard(_ card: SyncedCard) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO syncedCard (providerID, href, etag, vCard, contactID) VALUES (?, ?, ?, ?, ?)
            """, arguments: [card.providerID, card.href, card.etag, card.vCard, card.contactID.rawValue])
    }

    /// Forgets a card's synced version (the card is gone from the server).
    public func removeSyncedCard(providerID: String, href: String) throws {
        try db.execute(sql: "DELETE FROM syncedCard WHERE providerID = ? AND href = ?", arguments: [providerID, href])
    }

    /// Forgets every synced card and pending write of a provider.
    public func removeSyncRecords(providerID: String) throws {
        try db.execute(sql: "DELETE FROM syncedCard WHERE providerID = ?", arguments: [providerID])
        try db.execute(sql: "DELETE FROM syncJournal WHERE providerID = ?", arguments: [providerID])
    }

    /// Records a server write before it is sent; returns the entry with its number.
    public func beginSyncWrite(_ entry: SyncJournalEntry) throws -> SyncJournalEntry {
        try db.execute(sql: """
            INSERT INTO syncJournal (providerID, href, operation, contactID, expectedETag, vCard, localVCard)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [entry.providerID, entry.href, entry.operation.rawValue, entry.contactID?.rawValue,
                             entry.expectedETag, entry.vCard, entry.localVCard])
        var recorded = entry
        recorded.id = db.lastInsertedRowID
        return recorded
    }

    /// Marks a server write as settled (its outcome is stored in the same transaction).
    public func endSyncWrite(id: Int64) throws {
        try db.execute(sql: "DELETE FROM syncJournal WHERE id = ?", arguments: [id])
    }

    /// Marks every write of a provider to one card as settled: a later write's outcome is stored,
    /// so no earlier one can still land.
    public func endSyncWrites(providerID: String, href: String) throws {
        try db.execute(sql: "DELETE FROM syncJournal WHERE providerID = ? AND href = ?", arguments: [providerID, href])
    }
}
