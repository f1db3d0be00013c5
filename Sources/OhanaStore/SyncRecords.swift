import Foundation
import GRDB
import Ohana

/// The last synced version of one server card: the base of the next three-way merge.
public struct SyncedCard: Hashable, Sendable, Codable {
    /// The provider the card belongs to.
    public var providerID: String
    /// The card's href on the server.
    public var href: String
    /// The card's ETag when it was last synced (`nil` when the server gave none).
    public var etag: String?
    /// The card's text as last synced.
    public var vCard: String
    /// The stored contact the card was synced with.
    public var contactID: ContactID

    /// Creates a synced card record.
    public init(providerID: String, href: String, etag: String?, vCard: String, contactID: ContactID) {
        self.providerID = providerID
        self.href = href
        self.etag = etag
        self.vCard = vCard
        self.contactID = contactID
    }
}

/// A server write recorded before it is sent and removed once its outcome is stored, so that a sync
/// stopped at any point knows on the next run which writes may have reached the server.
public struct SyncJournalEntry: Hashable, Sendable {
    /// The kind of write.
    public enum Operation: String, Hashable, Sendable, Codable {
        /// A new card (`PUT` with `If-None-Match: *`).
        case create
        /// A changed card (`PUT` with `If-Match`).
        case update
        /// A removed card (`DELETE` with `If-Match`).
        case delete
    }

    /// The entry's number, in the order writes were begun (0 before it is recorded).
    public var id: Int64
    /// The provider written to.
    public var providerID: String
    /// The card's href.
    public var href: String
    /// The kind of write.
    public var operation: Operation
    /// The stored contact the write is for.
    public var contactID: ContactID?
    /// The ETag the write was conditional on (`nil` for a create).
    public var expectedETag: String?
    /// The card text sent (`nil` for a delete).
    public var vCard: String?
    /// The stored contact's content the card was made from, as a card (so that a write that arrived
    /// can be reconciled with edits made after it).
    public var localVCard: String?

    /// Creates a journal entry.
    public init(id: Int64 = 0, providerID: String, href: String, operation: Operation, contactID: ContactID?,
                expectedETag: String?, vCard: String?, localVCard: String? = nil) {
        self.id = id
        self.providerID = providerID
        self.href = href
        self.operation = operation
        self.contactID = contactID
        self.expectedETag = expectedETag
        self.vCard = vCard
        self.localVCard = localVCard
    }
}

extension StoreSchema {
    /// Adds the sync records of two-way sync: the last synced version of each card and the journal
    /// of server writes. (v7 is the content hash of the stored JSON.)
    static let v8 = "v8-sync-records"

    /// Creates the sync tables; a store written by a version that created them on first use keeps its own.
    static func createSyncTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS syncedCard (
                providerID TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT,
                vCard TEXT NOT NULL,
                contactID TEXT NOT NULL,
                PRIMARY KEY (providerID, href)
            );
            CREATE INDEX IF NOT EXISTS syncedCard_contact ON syncedCard(contactID);
            CREATE TABLE IF NOT EXISTS syncJournal (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                providerID TEXT NOT NULL,
                href TEXT NOT NULL,
                operation TEXT NOT NULL,
                contactID TEXT,
                expectedETag TEXT,
                vCard TEXT,
                localVCard TEXT
            );
            CREATE INDEX IF NOT EXISTS syncJournal_provider ON syncJournal(providerID, id);
            """)
    }
}

extension ContactReadTransaction {
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

extension ContactWriteTransaction {
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
