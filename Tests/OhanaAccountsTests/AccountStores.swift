import Foundation
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport

/// The backends the account tests run on.
enum AccountStoreBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite
    case postgres

    var description: String { rawValue }

    /// The location of a new, empty store on this backend.
    func newLocation(in directory: TemporaryDirectory) async throws -> String {
        switch self {
        case .sqlite: directory.file("accounts.sqlite").path
        case .postgres: try await PostgresTestServer.shared.newDatabase().url
        }
    }
}

/// Opens stores by location, as the tool does.
let accountStoreBackends = ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite])
