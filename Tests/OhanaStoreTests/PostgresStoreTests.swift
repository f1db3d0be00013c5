import Foundation
import Ohana
import OhanaStore
import OhanaTestSupport
import Testing

@Suite("PostgreSQL store")
struct PostgresStoreTests {
    @Test("a postgres:// URL names server, user and database, and never carries a password")
    func locations() throws {
        let location = try PostgresContactStore.Location(url: "postgres://crm@db.example.com:6543/contacts")
        #expect(location == PostgresContactStore.Location(host: "db.example.com", port: 6543, user: "crm", database: "contacts"))
        #expect(try PostgresContactStore.Location(url: "postgresql://crm@db.example.com").database == "crm")
        #expect(throws: ContactStoreError.self) { try PostgresContactStore.Location(url: "postgres://crm:secret@db/x") }
        do {
            _ = try ContactStorageLocation("postgres://crm:secret@db/x")
            Issue.record("a URL with a password was accepted")
        } catch {
            #expect(!"\(error)".contains("secret"))
        }
        #expect(try ContactStorageLocation("book.sqlite") == .sqlite(path: "book.sqlite"))
    }

    @Test("a store migrated by a newer version is refused and left alone")
    func newerVersion() async throws {
        let database = try await PostgresTestServer.shared.newDatabase()
        let location = PostgresContactStore.Location(database)
        let store = try await PostgresContactStore(location: location, password: nil)
        _ = try await store.save([person("a", "Ann", "Lee")], mode: .replace)
        try await store.shutDown()
        try PostgresTestServer.execute("INSERT INTO ohana_migration VALUES ('pg-v99-future')", in: database)
        await #expect(throws: ContactStoreError.newerVersion(path: location.description, unknownMigrations: ["pg-v99-future"])) {
            _ = try await PostgresContactStore(location: location, password: nil)
        }
    }

    @Test("an unreachable server is a clear error naming the store")
    func unreachable() async throws {
        let location = PostgresContactStore.Location(try await PostgresTestServer.shared.newDatabase())
        let wrong = PostgresContactStore.Location(host: "127.0.0.1", port: 1, user: location.user, database: location.database)
        do {
            _ = try await PostgresContactStore(location: wrong, password: nil)
            Issue.record("connected to port 1")
        } catch let error as ContactStoreError {
            guard case .cannotOpen(let path, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(path == wrong.description)
        }
    }

    @Test("a change made through one store object is seen through another on the same database")
    func sharedDatabase() async throws {
        let location = PostgresContactStore.Location(try await PostgresTestServer.shared.newDatabase())
        let one = try await PostgresContactStore(location: location, password: nil)
        let other = try await PostgresContactStore(location: location, password: nil)
        let token = try await other.currentChangeToken()
        _ = try await one.save([person("a", "Ann", "Lee")], mode: .upsertBySourceRecord)
        #expect(try await other.changes(since: token).added.map(\.id) == ["a"])
        #expect(try await other.search("ann", limit: nil).map(\.id) == ["a"])
        try await one.shutDown()
        try await other.shutDown()
    }
}
