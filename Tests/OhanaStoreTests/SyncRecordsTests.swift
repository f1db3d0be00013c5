import Foundation
import Ohana
@testable import OhanaStore
@testable import OhanaStoreSQLite
import Testing

/// The store side of two-way sync: the last synced version of each card and the journal of server writes.
@Suite("Sync records")
struct SyncRecordsTests {
    @Test("a store that never synced has no synced cards and no pending writes")
    func emptyWithoutTables() throws {
        let store = try SQLiteContactStore.inMemory()
        #expect(try store.read { try $0.syncedCards(providerID: "carddav:x") }.isEmpty)
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "carddav:x") }.isEmpty)
    }

    @Test("synced cards and journal entries survive reopening the file; ending a write removes only its entry")
    func recordsPersist() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("sync.sqlite")
        var store = try SQLiteContactStore(fileURL: url)
        let card = SyncedCard(providerID: "carddav:a", href: "/book/1.vcf", etag: "\"e1\"", vCard: "BEGIN:VCARD\r\nEND:VCARD\r\n",
                              contactID: "c1")
        let (first, second) = try store.write { t in
            try t.recordSyncedCard(card)
            try t.recordSyncedCard(SyncedCard(providerID: "carddav:b", href: "/book/1.vcf", etag: nil, vCard: "", contactID: "c9"))
            let first = try t.beginSyncWrite(SyncJournalEntry(providerID: "carddav:a", href: "/book/1.vcf", operation: .update,
                                                              contactID: "c1", expectedETag: "\"e1\"", vCard: "new", localVCard: "old"))
            let second = try t.beginSyncWrite(SyncJournalEntry(providerID: "carddav:a", href: "/book/2.vcf", operation: .delete,
                                                               contactID: nil, expectedETag: "\"e2\"", vCard: nil))
            return (first, second)
        }
        #expect(first.id < second.id)
        try store.close()
        store = try SQLiteContactStore(fileURL: url)
        #expect(try store.read { try $0.syncedCards(providerID: "carddav:a") } == [card])
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "carddav:a") } == [first, second])
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "carddav:b") }.isEmpty)

        try store.write { t in
            try t.endSyncWrite(id: first.id)
            try t.recordSyncedCard(SyncedCard(providerID: "carddav:a", href: "/book/1.vcf", etag: "\"e3\"", vCard: "v3", contactID: "c1"))
        }
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "carddav:a") } == [second])
        #expect(try store.read { try $0.syncedCards(providerID: "carddav:a") }.map(\.etag) == ["\"e3\""])

        try store.write { t in
            try t.removeSyncedCard(providerID: "carddav:a", href: "/book/1.vcf")
            try t.removeSyncRecords(providerID: "carddav:b")
        }
        #expect(try store.read { try $0.syncedCards(providerID: "carddav:a") }.isEmpty)
        #expect(try store.read { try $0.syncedCards(providerID: "carddav:b") }.isEmpty)
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "carddav:a") } == [second])
    }

    @Test("a write transaction that throws leaves no journal entry behind")
    func rolledBackEntry() throws {
        struct Stop: Error {}
        let store = try SQLiteContactStore.inMemory()
        #expect(throws: Stop.self) {
            try store.write { t in
                _ = try t.beginSyncWrite(SyncJournalEntry(providerID: "p", href: "/b/1.vcf", operation: .create, contactID: "c",
                                                          expectedETag: nil, vCard: "x"))
                throw Stop()
            }
        }
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "p") }.isEmpty)
    }

    @Test("a store of the version before the sync migration gets the sync tables on open")
    func migrationCreatesTables() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v6.sqlite").path
        try SQLiteSchema.migrateFile(at: path, upTo: SQLiteSchema.v6)
        #expect(try Self.tables(at: path).isDisjoint(with: ["syncedCard", "syncJournal"]))
        let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path))
        try store.close()
        #expect(try Self.tables(at: path).isSuperset(of: ["syncedCard", "syncJournal"]))
    }

    @Test("a store whose sync tables were made on first use by an older version keeps its records through the migration")
    func migrationKeepsRecordsOfFirstUseTables() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old-sync.sqlite").path
        try SQLiteSchema.migrateFile(at: path, upTo: SQLiteSchema.v6)
        // What the older version made on the first sync: the same tables, outside the migrator.
        try SQLiteSchema.execute("""
            CREATE TABLE syncedCard (providerID TEXT NOT NULL, href TEXT NOT NULL, etag TEXT, vCard TEXT NOT NULL,
                                     contactID TEXT NOT NULL, PRIMARY KEY (providerID, href));
            CREATE INDEX syncedCard_contact ON syncedCard(contactID);
            CREATE TABLE syncJournal (id INTEGER PRIMARY KEY AUTOINCREMENT, providerID TEXT NOT NULL, href TEXT NOT NULL,
                                      operation TEXT NOT NULL, contactID TEXT, expectedETag TEXT, vCard TEXT, localVCard TEXT);
            CREATE INDEX syncJournal_provider ON syncJournal(providerID, id);
            """, inFileAt: path)
        try SQLiteSchema.execute("INSERT INTO syncedCard VALUES ('carddav:a', '/b/1.vcf', 'e1', 'card', 'c1')", inFileAt: path)
        try SQLiteSchema.execute("INSERT INTO syncJournal (providerID, href, operation, contactID) VALUES ('carddav:a', '/b/2.vcf', 'delete', 'c2')",
                                inFileAt: path)
        let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path))
        #expect(try store.read { try $0.syncedCards(providerID: "carddav:a") }.map(\.etag) == ["e1"])
        #expect(try store.read { try $0.pendingSyncWrites(providerID: "carddav:a") }.map(\.href) == ["/b/2.vcf"])
    }

    /// The names of the tables in an SQLite file.
    static func tables(at path: String) throws -> Set<String> { try SQLiteSchema.tableNames(inFileAt: path) }
}
