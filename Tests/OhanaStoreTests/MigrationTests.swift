import Foundation
import Ohana
@testable import OhanaStore
@testable import OhanaStoreSQLite
import Testing

@Suite("Schema versions and opening files")
struct MigrationTests {
    @Test("a store written with only the first schema version is migrated on open and works fully")
    func migratesOlderStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old.sqlite").path
        try SQLiteSchema.migrateFile(at: path, upTo: SQLiteSchema.v1)
        // What the first version stored: the contact's JSON and its sort key, nothing else.
        let old = richContact(id: "old-1")
        let encoder = JSONEncoder()
        let json = String(decoding: try encoder.encode(old), as: UTF8.self)
        try SQLiteSchema.execute("INSERT INTO contact (id, json, sortKey) VALUES (?, ?, ?)",
                                arguments: [old.id.rawValue, json, "zoe"], inFileAt: path)
        try SQLiteSchema.execute("INSERT INTO contact (id, json, sortKey) VALUES (?, ?, ?)",
                                arguments: ["old-2", #"{"id":"old-2","givenName":"Émile","tags":["Café"]}"#, "emile"],
                                inFileAt: path)

        let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path))
        try store.read { (transaction) throws in
            #expect(try transaction.contact(withID: "old-1") == old)
            #expect(try transaction.search("angstrom").map(\.id) == ["old-1"])
            #expect(try transaction.contacts(withNamePrefix: "emi").map(\.id) == ["old-2"])
            #expect(try transaction.contacts(taggedWith: "cafe").map(\.id) == ["old-2"])
            #expect(try transaction.contacts(providerID: "csv:b.csv", recordID: "row-7").map(\.id) == ["old-1"])
        }
        // Change tracking starts with the migrated contacts.
        let token = try store.currentChangeToken()
        #expect(token.sequence == 1)
        try store.write { try $0.remove(id: "old-2") }
        #expect(try store.changes(since: token).removed == ["old-2"])
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("a file that is not a store is refused and left byte for byte as it was")
    func refusesNonStore() throws {
        let directory = try TemporaryDirectory()
        let text = directory.file("notes.sqlite")
        try Data("BEGIN:VCARD\nthis is not a database\n".utf8 + Data(repeating: 7, count: 5000)).write(to: text)
        let before = try Data(contentsOf: text)
        #expect(throws: ContactStoreError.notAStore(path: text.path, reason: "not an SQLite database")) {
            try SQLiteContactStore(fileURL: text)
        }
        #expect(try Data(contentsOf: text) == before)

        let foreign = directory.file("foreign.sqlite")
        try SQLiteSchema.execute("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')", inFileAt: foreign.path)
        let foreignBefore = try Data(contentsOf: foreign)
        do {
            _ = try SQLiteContactStore(fileURL: foreign)
            Issue.record("a foreign SQLite database was opened as a store")
        } catch let error as ContactStoreError {
            guard case .notAStore = error else { Issue.record("unexpected error \(error)"); return }
            #expect(error.description.contains(foreign.path))
        }
        #expect(try Data(contentsOf: foreign) == foreignBefore)
    }

    @Test("a store from a newer version is refused and left byte for byte as it was")
    func refusesNewerStore() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("newer.sqlite")
        do {
            let store = try SQLiteContactStore(fileURL: url)
            try store.write { try $0.insert(richContact()) }
            try store.close()
        }
        try SQLiteSchema.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')", inFileAt: url.path)
        let before = try Data(contentsOf: url)
        #expect(throws: ContactStoreError.newerVersion(path: url.path, unknownMigrations: ["v9-from-the-future"])) {
            try SQLiteContactStore(fileURL: url)
        }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test("an empty file becomes a new store; a missing folder is created")
    func emptyFileAndMissingFolder() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let store = try SQLiteContactStore(fileURL: empty)
        try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
        let nested = directory.url.appendingPathComponent("a/b/contacts.sqlite")
        let other = try SQLiteContactStore(fileURL: nested)
        #expect(try other.allContacts().isEmpty)
    }
}
