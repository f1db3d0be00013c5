import Foundation
import GRDB
import Ohana
import OhanaStore

/// The SQLite store's schema: every migration, in order, in this one file (PostgreSQL's are in
/// `PostgresSchema`). A migration, once shipped, never changes.
enum SQLiteSchema {
    /// The first schema: contacts as JSON plus the lookup tables for ids, sources, tags and names.
    static let v1 = "v1-contacts"
    /// Adds full-text search (FTS5) over names and field values, and rebuilds every index.
    static let v2 = "v2-full-text-search"
    /// Adds change tracking: one row per contact that ever changed, with sequence numbers.
    static let v3 = "v3-change-tracking"
    /// Adds merge decisions (groups kept together or apart) and the member versions of merged contacts.
    static let v4 = "v4-merge-decisions"
    /// Adds each contact's content hash (``ContentHash``), so a re-import recognises an unchanged
    /// contact without encoding it; rows stored before get theirs when next saved.
    static let v6 = "v6-content-hash"
    /// Content hashes become hashes of the stored JSON (cheaper than of the `Codable` form): the old
    /// ones are cleared, and each contact gets its new hash when next saved.
    static let v7 = "v7-content-hash-of-json"

    /// The migrations this version knows, oldest first.
    static let identifiers = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12]

    /// The migrator that brings a database to the current schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            try db.execute(sql: """
                CREATE TABLE storeInfo (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    storeID TEXT NOT NULL
                );
                CREATE TABLE contact (
                    rowid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    json BLOB NOT NULL,
                    photo BLOB,
                    photoType TEXT,
                    sortKey TEXT NOT NULL
                );
                CREATE INDEX contact_sortKey ON contact(sortKey);
                CREATE TABLE contactSource (
                    contactRowid INTEGER NOT NULL REFERENCES contact(rowid) ON DELETE CASCADE,
                    providerID TEXT NOT NULL,
                    recordID TEXT NOT NULL
                );
                CREATE INDEX contactSource_record ON contactSource(providerID, recordID);
                CREATE INDEX contactSource_contact ON contactSource(contactRowid);
                CREATE TABLE contactTag (
                    contactRowid INTEGER NOT NULL REFERENCES contact(rowid) ON DELETE CASCADE,
                    tag TEXT NOT NULL
                );
                CREATE INDEX contactTag_tag ON contactTag(tag);
                CREATE INDEX contactTag_contact ON contactTag(contactRowid);
                CREATE TABLE contactNameKey (
                    contactRowid INTEGER NOT NULL REFERENCES contact(rowid) ON DELETE CASCADE,
                    key TEXT NOT NULL
                );
                CREATE INDEX contactNameKey_key ON contactNameKey(key);
                CREATE INDEX contactNameKey_contact ON contactNameKey(contactRowid);
                """)
            try db.execute(sql: "INSERT INTO storeInfo (id, storeID) VALUES (1, ?)",
                           arguments: [UUID().uuidString.lowercased()])
        }
        migrator.registerMigration(v2) { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE contactSearch USING fts5(
                    names, fieldValues, tokenize = 'unicode61 remove_diacritics 2'
                )
                """)
            // Rebuild every lookup table from the JSON, which is the truth.
            try db.execute(sql: "DELETE FROM contactSource; DELETE FROM contactTag; DELETE FROM contactNameKey")
            let rows = try Row.fetchCursor(db, sql: "SELECT rowid, json, photo, photoType FROM contact")
            let codec = ContactCodec()
            var pending: [(Int64, Contact)] = []
            while let row = try rows.next() {
                pending.append((row["rowid"], try codec.decode(row)))
            }
            for (rowid, contact) in pending {
                try ContactIndex.write(contact, rowid: rowid, in: db, replacing: false, searchRow: false)
            }
        }
        migrator.registerMigration(v3) { db in
            try db.execute(sql: """
                ALTER TABLE storeInfo ADD COLUMN changeSequence INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE storeInfo ADD COLUMN prunedThrough INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE contactChange (
                    contactID TEXT PRIMARY KEY,
                    sequence INTEGER NOT NULL,
                    isRemoved BOOLEAN NOT NULL,
                    addedSequence INTEGER NOT NULL
                );
                CREATE INDEX contactChange_sequence ON contactChange(sequence);
                """)
            // Contacts stored before change tracking count as added by change 1.
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM contact)") == true {
                try db.execute(sql: """
                    UPDATE storeInfo SET changeSequence = 1;
                    INSERT INTO contactChange (contactID, sequence, isRemoved, addedSequence)
                        SELECT id, 1, 0, 1 FROM contact;
                    """)
            }
        }
        migrator.registerMigration(v4) { db in
            try db.execute(sql: """
                CREATE TABLE mergeDecision (
                    id INTEGER PRIMARY KEY,
                    isKeptTogether BOOLEAN NOT NULL,
                    contactIDs TEXT NOT NULL
                );
                CREATE TABLE mergedMember (
                    memberID TEXT PRIMARY KEY,
                    survivorID TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    isSnapshot BOOLEAN NOT NULL,
                    json BLOB NOT NULL,
                    photo BLOB,
                    photoType TEXT,
                    sortKey TEXT NOT NULL
                );
                CREATE INDEX mergedMember_survivor ON mergedMember(survivorID, position);
                CREATE INDEX mergedMember_sortKey ON mergedMember(sortKey);
                CREATE TABLE mergedMemberSource (
                    memberID TEXT NOT NULL,
                    providerID TEXT NOT NULL,
                    recordID TEXT NOT NULL
                );
                CREATE INDEX mergedMemberSource_record ON mergedMemberSource(providerID, recordID);
                CREATE INDEX mergedMemberSource_member ON mergedMemberSource(memberID);
                """)
        }
        migrator.registerMigration(v5, migrate: createProviderSyncStateTable)
        migrator.registerMigration(v6) { db in
            try db.execute(sql: "ALTER TABLE contact ADD COLUMN contentHash INTEGER")
        }
        // Content hashes are now of the stored JSON: older ones are cleared, and the next save of
        // each contact recognises it by its bytes and writes the new hash.
        migrator.registerMigration(v7) { db in
            try db.execute(sql: "UPDATE contact SET contentHash = NULL")
        }
        migrator.registerMigration(v8, migrate: createSyncTables)
        migrator.registerMigration(v9) { db in
            try db.execute(sql: "CREATE TABLE storeSetting (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        }
        migrator.registerMigration(v10) { db in
            try db.execute(sql: """
                CREATE TABLE contactRevision (number INTEGER PRIMARY KEY, contactID TEXT NOT NULL, data BLOB NOT NULL);
                CREATE INDEX contactRevision_contact ON contactRevision(contactID, number);
                """)
        }
        migrator.registerMigration(v11, migrate: createAccountTables)
        migrator.registerMigration(v12, migrate: createSearchRows)
        return migrator
    }

    /// Adds the sync state of each incremental provider, in a table of its own.
    static let v5 = "v5-provider-sync-state"

    /// Creates the provider sync state table.
    static func createProviderSyncStateTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE providerSyncState (
                providerID TEXT PRIMARY KEY,
                state BLOB NOT NULL
            )
            """)
    }

    /// Adds the sync records of two-way sync: the last synced version of each card and the journal
    /// of server writes. (v7 is the content hash of the stored JSON.)
    static let v8 = "v8-sync-records"

    /// Adds the store's settings: small values by key (``OhanaStore/ContactStorage/setting(_:)``).
    static let v9 = "v9-store-settings"

    /// Adds the edit journal: one row per revision of a contact (``OhanaStore/ContactRevision``).
    static let v10 = "v10-contact-revisions"

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
