import Foundation

/// How one backend opens stores by location: which locations it takes, how a location is named in
/// messages, and how a store there is opened. The backend targets offer theirs (`.sqlite` in
/// OhanaStoreSQLite, `.postgres(childStores:)` in OhanaStorePostgres); an app registers the ones it
/// links with ``ContactStorageBackends``.
public struct ContactStorageOpener: Sendable {
    /// The backend's name, for messages ("SQLite", "PostgreSQL").
    public let name: String
    /// Whether this backend takes `location` (a file path or a URL).
    public let accepts: @Sendable (_ location: String) -> Bool
    /// Checks `location` without opening it and returns it as messages name it (never with a
    /// password); throws ``ContactStoreError/cannotOpen(path:reason:)`` for a malformed one.
    public let describe: @Sendable (_ location: String) throws -> String
    /// Opens (creating or migrating when needed) the store at `location`; `password` is for a
    /// server that asks for one.
    public let open: @Sendable (_ location: String, _ password: String?) async throws -> any ContactStorage
    /// Whether a store is at `location` before it is opened (a file that is there); `nil` when the
    /// backend cannot tell without opening it (a server tells when asked).
    public let exists: @Sendable (_ location: String) -> Bool?

    /// Creates an opener from the backend's steps; `exists` tells nothing unless given.
    public init(name: String,
                accepts: @escaping @Sendable (_ location: String) -> Bool,
                describe: @escaping @Sendable (_ location: String) throws -> String,
                open: @escaping @Sendable (_ location: String, _ password: String?) async throws -> any ContactStorage,
                exists: @escaping @Sendable (_ location: String) -> Bool? = { _ in nil }) {
        self.name = name
        self.accepts = accepts
        self.describe = describe
        self.open = open
        self.exists = exists
    }
}

/// The store backends an app links, in the order they are asked: a location is opened by the
/// first that takes it. The `ohana` tool registers PostgreSQL (for `postgres://` URLs) and then
/// SQLite (for file paths).
public struct ContactStorageBackends: Sendable {
    /// The registered backends, in the order they are asked.
    public let openers: [ContactStorageOpener]

    /// Registers `openers`, asked in this order.
    public init(_ openers: [ContactStorageOpener]) {
        self.openers = openers
    }

    /// Reads a `--store`-like argument: the location `text` names and the backend that opens it.
    /// Throws ``ContactStoreError/cannotOpen(path:reason:)`` when no registered backend takes it or
    /// the one that does finds it malformed (a `postgres://` URL that carries a password, say).
    public func location(_ text: String) throws -> ContactStorageLocation {
        guard let opener = openers.first(where: { $0.accepts(text) }) else {
            let names = openers.map(\.name).joined(separator: ", ")
            throw ContactStoreError.cannotOpen(path: text, reason: "no store backend here opens it (registered: \(names.isEmpty ? "none" : names))")
        }
        return ContactStorageLocation(text: text, description: try opener.describe(text), opener: opener)
    }

    /// Opens the store `text` names (see ``location(_:)`` and ``ContactStorageLocation/open(password:)``).
    public func open(_ text: String, password: String? = nil) async throws -> any ContactStorage {
        try await location(text).open(password: password)
    }
}

/// Where a store lives, as a registered backend read it: a SQLite file path, a `postgres://` URL.
public struct ContactStorageLocation: Sendable, CustomStringConvertible {
    /// The location as given.
    public let text: String
    /// The location in one line, as messages name it (never with a password).
    public let description: String
    /// The backend that opens it.
    public let opener: ContactStorageOpener

    /// The name of the backend that opens it ("SQLite", "PostgreSQL").
    public var backend: String { opener.name }

    /// Opens (creating or migrating when needed) the store at this location; `password` is for a
    /// server that asks for one (the PostgreSQL backend reads `PGPASSWORD` when it is `nil`).
    ///
    /// Without `creating`, a store the backend knows is not there is not made: for work that only
    /// reads, where a mistyped path would otherwise show an empty store and leave a new file.
    ///
    /// - Throws: ``ContactStoreError/cannotOpen(path:reason:)`` for a store that is not there
    ///   (without `creating`), and whatever the backend throws.
    public func open(password: String? = nil, creating: Bool = true) async throws -> any ContactStorage {
        if !creating, opener.exists(text) == false {
            throw ContactStoreError.cannotOpen(
                path: description, reason: "no such file; commands that only read make none (import into it first)")
        }
        return try await opener.open(text, password)
    }
}
