import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
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
            _ = try storeBackends.location("postgres://crm:secret@db/x")
            Issue.record("a URL with a password was accepted")
        } catch {
            #expect(!"\(error)".contains("secret"))
        }
        #expect(try storeBackends.location("book.sqlite").backend == "SQLite")
        #expect(try storeBackends.location("postgresql://crm@db.example.com").backend == "PostgreSQL")
        #expect(try storeBackends.location("book.sqlite").description == "book.sqlite")
        // Registered alone, the SQLite backend takes no URL: a postgres:// store is refused, not made a file.
        #expect(throws: ContactStoreError.self) { try ContactStorageBackends([.sqlite]).location("postgres://crm@db/x") }
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
            guard case .cannotConnect(let address, let reason, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(address == "127.0.0.1:1")
            #expect(reason == "connection refused")
            #expect(error.description.hasPrefix("cannot connect to PostgreSQL at 127.0.0.1:1 (connection refused): is PostgreSQL running"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a host name that does not resolve says so")
    func unknownHost() async throws {
        let wrong = PostgresContactStore.Location(host: "no-such-host.invalid", port: 5432, user: "ohana", database: "contacts")
        await #expect(throws: ContactStoreError.cannotConnect(
            address: "no-such-host.invalid:5432", reason: "host not found", advice: "check the host name")) {
            _ = try await PostgresContactStore(location: wrong, password: nil)
        }
    }

    @Test("a database or a role the server does not have is the server's reason and what to do")
    func refusedByServer() async throws {
        let location = PostgresContactStore.Location(try await PostgresTestServer.shared.newDatabase())
        let noDatabase = PostgresContactStore.Location(host: location.host, port: location.port, user: location.user,
                                                      database: "no_such_database")
        do {
            _ = try await PostgresContactStore(location: noDatabase, password: nil)
            Issue.record("opened a database that does not exist")
        } catch let error as ContactStoreError {
            guard case .refusedByServer(let path, let reason, let advice) = error else { Issue.record("unexpected \(error)"); return }
            #expect(path == noDatabase.description)
            #expect(reason.contains("no_such_database") && reason.contains("does not exist"), "\(reason)")
            #expect(advice.hasPrefix("create it (createdb"))
        }
        let noRole = PostgresContactStore.Location(host: location.host, port: location.port, user: "no_such_role",
                                                  database: location.database)
        do {
            _ = try await PostgresContactStore(location: noRole, password: nil)
            Issue.record("opened as a role that does not exist")
        } catch let error as ContactStoreError {
            guard case .refusedByServer(_, let reason, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(reason.contains("no_such_role"), "\(reason)")
        }
    }

    @Test("a URL with a password is refused, named with its port and database but not the password")
    func passwordInURL() throws {
        #expect(throws: ContactStoreError.cannotOpen(
            path: "postgres://crm@db.example.com:6543/contacts",
            reason: "the URL carries a password; give it in PGPASSWORD or at the prompt instead")) {
            _ = try PostgresContactStore.Location(url: "postgres://crm:s3cret@db.example.com:6543/contacts")
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

    @Test("a store opened without a child-store factory refuses to make a child; with one, its children are in-memory SQLite")
    func childStoresNeedAFactory() async throws {
        let location = PostgresContactStore.Location(try await PostgresTestServer.shared.newDatabase())
        let bare = try await PostgresContactStore(location: location, password: nil)
        await #expect(throws: ContactStoreError.noChildStores(location: location.description)) { _ = try await bare.makeChild() }
        try await bare.shutDown()
        let store = try await storeBackends.open(location.description)
        let child = try await store.makeChild()
        #expect(child is SQLiteContactStore && child.isChild)
        child.discard()
        try await store.shutDown()
    }
}
