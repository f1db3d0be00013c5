import Foundation
import Ohana
@testable import OhanaStore
import OhanaSampleData
import OhanaStorePostgres
@testable import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// Each contact's search row holds exactly its light contact, is written with the contact on both
/// backends, and is made for the contacts of a store from before it (SQLite `v12-search-text`,
/// PostgreSQL `pg-v7-search-text`), whose searches then find what they found.
@Suite(.serialized) struct SearchRowTests {
    /// Generated contacts and cards at the edges: every name part, none, escapes, other scripts.
    static let contacts: [Contact] = ContactGenerator(seed: 5).generate(count: 1_500) + [
        Contact(id: "parts", namePrefix: "Dr.", givenName: "Ada", middleName: "B", familyName: "Cole", nameSuffix: "Jr.",
                nickname: "Addy", phoneticGivenName: "A", phoneticMiddleName: "Bee", phoneticFamilyName: "Kol",
                formattedName: "Dr. Ada Cole", organization: "Acme", jobTitle: "Boss",
                fields: [.phone("+1 415 555 0100", label: .work), .email("ada@acme.example")], note: "x", tags: ["t"]),
        Contact(id: "empty"),
        Contact(id: "quote", givenName: "Ann \"Nan\"", familyName: "Lee\\Li", fields: [.email("a\u{1}b@example.com")]),
        Contact(id: "ünïcode", givenName: "Zoë", familyName: "王", fields: [.url("https://example.com/ü")]),
        Contact(id: "blank-parts", givenName: "", familyName: "", organization: ""),
    ]

    /// Queries broad and narrow, for the candidates compared across a migration.
    static let queries = ["a", "ma", "gmail.com", "415", "王", "zoë", "acme", ""]

    @Test("a search row reads back as the contact's light contact; a damaged one reads as nothing")
    func roundTrip() throws {
        for contact in Self.contacts {
            let row = SearchRow.encode(contact)
            #expect(row.withUnsafeBytes { SearchRow.lightContact($0) } == SearchCandidates.lightContact(contact), "\(contact.id)")
            #expect(row.first == SearchRow.version)
        }
        let row = SearchRow.encode(Self.contacts[0])
        #expect(Array(row.dropLast()).withUnsafeBytes { SearchRow.lightContact($0) } == nil)
        #expect((row + [0]).withUnsafeBytes { SearchRow.lightContact($0) } == nil)
        #expect([SearchRow.version + 1].withUnsafeBytes { SearchRow.lightContact($0) } == nil)
    }

    @Test("a chunk of search rows and stored JSON, mixed, reads as the light contacts in order")
    func mixedChunk() throws {
        let codec = ContactCodec()
        var chunk = StoredJSONChunk()
        for (index, contact) in Self.contacts.enumerated() {
            chunk.append(index.isMultiple(of: 3) ? Array(try codec.encodeJSON(contact)) : SearchRow.encode(contact))
        }
        #expect(try SearchCandidates.decodeAll(chunk) == Self.contacts.map(SearchCandidates.lightContact))
    }

    /// Every query's candidates, by id (their order is none in particular).
    func candidates(_ store: any SearchCandidateStorage) async throws -> [String: [Contact]] {
        var found: [String: [Contact]] = [:]
        for query in Self.queries {
            found[query] = try await store.searchCandidates(fullText: [query], namePrefix: query).sorted { $0.id.rawValue < $1.id.rawValue }
        }
        return found
    }

    @Test("a SQLite store of schema v11 gets its search rows on open and finds the same candidates")
    func sqliteMigration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v11.sqlite").path
        var store = SQLiteContactStorage(try SQLiteContactStore(fileURL: URL(fileURLWithPath: path)))
        _ = try await store.save(Self.contacts, mode: .upsertBySourceRecord)
        let before = try await candidates(store)
        #expect(before["a"]?.count ?? 0 > 500)
        #expect(before[""]?.count == Self.contacts.count)
        try await store.shutDown()
        // What v11 left: the same tables without the search rows.
        try SQLiteSchema.execute("DROP TABLE contactSearchRow", inFileAt: path)
        try SQLiteSchema.execute("DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [SQLiteSchema.v12], inFileAt: path)
        #expect(try !SQLiteSchema.tableNames(inFileAt: path).contains("contactSearchRow"))

        store = SQLiteContactStorage(try SQLiteContactStore(fileURL: URL(fileURLWithPath: path)))
        #expect(try SQLiteSchema.tableNames(inFileAt: path).contains("contactSearchRow"))
        #expect(try await candidates(store) == before)
        // Later writes keep the rows: a changed name is found by its new name only, a removed contact not at all.
        var changed = try #require(try await store.contact(withID: "parts"))
        changed.givenName = "Quorra"
        _ = try await store.save([changed], mode: .upsertBySourceRecord)
        _ = try await store.remove(ids: ["empty"])
        #expect(try await store.searchCandidates(fullText: ["quorra"], namePrefix: "quorra").map(\.id) == ["parts"])
        #expect(try await store.searchCandidates(fullText: [""], namePrefix: "").count == Self.contacts.count - 1)
        try await store.shutDown()
    }

    @Test("a PostgreSQL database of schema pg-v6 gets its search rows on open and finds the same candidates")
    func postgresMigration() async throws {
        let database = try await PostgresTestServer.shared.newDatabase()
        let location = PostgresContactStore.Location(database)
        var store = try await PostgresContactStore(location: location, password: nil)
        _ = try await store.save(Self.contacts, mode: .upsertBySourceRecord)
        let before = try await candidates(store)
        #expect(before["a"]?.count ?? 0 > 500)
        try await store.shutDown()
        // What pg-v6 left: the same tables without the search rows.
        try PostgresTestServer.execute("ALTER TABLE contact DROP COLUMN search_row", in: database)
        try PostgresTestServer.execute("DELETE FROM ohana_migration WHERE identifier = 'pg-v7-search-text'", in: database)

        store = try await PostgresContactStore(location: location, password: nil)
        // Every contact has its row (the candidates are read from the rows, not the JSON).
        try PostgresTestServer.execute("""
            DO $$ BEGIN
                IF EXISTS (SELECT 1 FROM contact WHERE search_row IS NULL) THEN RAISE EXCEPTION 'a contact has no search row'; END IF;
            END $$
            """, in: database)
        #expect(try await candidates(store) == before)
        var changed = try #require(try await store.contact(withID: "parts"))
        changed.givenName = "Quorra"
        _ = try await store.save([changed], mode: .upsertBySourceRecord)
        #expect(try await store.searchCandidates(fullText: ["quorra"], namePrefix: "quorra").map(\.id) == ["parts"])
        try await store.shutDown()
    }
}
