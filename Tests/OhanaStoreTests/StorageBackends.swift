import Foundation
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport

extension PostgresContactStore.Location {
    /// The location of a database on the test cluster.
    init(_ database: PostgresTestDatabase) {
        self.init(host: database.host, port: database.port, user: database.user, database: database.database)
    }
}

/// The backends the tests open stores by location with, registered as the `ohana` tool does.
let storeBackends = ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite])

/// The store backends the behaviour suite runs on.
enum StorageBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite
    case postgres

    var description: String { rawValue }

    /// Opens an empty store on this backend; `directory` holds the SQLite file for the test.
    func open(in directory: TemporaryDirectory,
              configuration: SQLiteContactStore.Configuration = SQLiteContactStore.Configuration()) async throws -> any ContactStorage {
        switch self {
        case .sqlite:
            SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("contacts.sqlite"), configuration: configuration))
        case .postgres:
            try await PostgresContactStore(location: .init(try await PostgresTestServer.shared.newDatabase()), password: nil,
                                           configuration: configuration, childStores: .sqliteInMemory)
        }
    }

    /// The `--store` argument of a new, empty store on this backend (for helper processes).
    func newLocation(in directory: TemporaryDirectory) async throws -> String {
        switch self {
        case .sqlite: directory.file("shared.sqlite").path
        case .postgres: try await PostgresTestServer.shared.newDatabase().url
        }
    }
}
