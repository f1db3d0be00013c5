import Foundation
import Ohana
import OhanaStore

extension ContactStorageOpener {
    /// The PostgreSQL backend's opener: it takes `postgres://USER@HOST:PORT/DATABASE` (and
    /// `postgresql://`) URLs, never with a password; the password comes from the caller, else
    /// `PGPASSWORD`. Child stores of the stores it opens are made by `childStores`.
    public static func postgres(childStores: ChildStoreFactory? = nil) -> ContactStorageOpener {
        ContactStorageOpener(
            name: "PostgreSQL",
            accepts: { location in
                let lowered = location.lowercased()
                return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
            },
            describe: { try PostgresContactStore.Location(url: $0).description },
            open: { location, password in
                try await PostgresContactStore(location: PostgresContactStore.Location(url: location),
                                               password: password ?? ProcessInfo.processInfo.environment["PGPASSWORD"],
                                               childStores: childStores)
            })
    }
}
