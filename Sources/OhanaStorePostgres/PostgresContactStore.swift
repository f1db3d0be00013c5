import Foundation
import Logging
import Ohana
import OhanaStore
import PostgresNIO
import Synchronization

/// A contact store in a PostgreSQL database, for address books that several processes share
/// (`ohana serve` instances, a sync job, an importer) or that outgrow one file.
///
/// It behaves like the SQLite store through ``ContactStorage`` (merges and member versions, sync
/// records, provider sync state and child stores included): every write is one transaction
/// (writers take the store's lock in turn, so change numbers are committed in order), full-text
/// search runs on a `tsvector` column, change numbers come from a sequence, and bulk imports go
/// through `COPY`.
public final class PostgresContactStore: ContactStorage {
    /// Where a PostgreSQL store lives: server, user and database. It never holds a password.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// The server's host name or address.
        public var host: String
        /// The server's port.
        public var port: Int
        /// The user to connect as.
        public var user: String
        /// The database holding the store.
        public var database: String

        /// Creates a location.
        public init(host: String = "127.0.0.1", port: Int = 5432, user: String, database: String) {
            self.host = host
            self.port = port
            self.user = user
            self.database = database
        }

        /// Reads `postgres://USER@HOST:PORT/DATABASE`; throws for a URL with a password (give it
        /// in `PGPASSWORD` or at a prompt instead) or without a host.
        public init(url: String) throws {
            guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
                throw ContactStoreError.cannotOpen(path: url, reason: "not a postgres://USER@HOST:PORT/DATABASE URL")
            }
            if components.password != nil {
                // Named without the password, and with everything else the URL said.
                let port = components.port.map { ":\($0)" } ?? ""
                throw ContactStoreError.cannotOpen(
                    path: "postgres://\(components.user ?? "")@\(host)\(port)\(components.path)",
                    reason: "the URL carries a password; give it in PGPASSWORD or at the prompt instead")
            }
            let environment = ProcessInfo.processInfo.environment
            let user = components.user ?? environment["PGUSER"] ?? "postgres"
            let database = String(components.path.drop(while: { $0 == "/" }))
            self.init(host: host, port: components.port ?? 5432, user: user,
                      database: database.isEmpty ? user : database)
        }

        /// The URL of the location, without password.
        public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
    }

    /// Where the store lives.
    public let location: Location
    /// The options the store was opened with (the removal history limit applies here too).
    public let configuration: ContactStoreConfiguration
    /// Makes this store's child stores; `nil`: ``makeChild()`` throws ``ContactStoreError/noChildStores(location:)``.
    public let childStores: ChildStoreFactory?

    let client: PostgresClient
    let logger: Logger
    private let runner: Task<Void, Never>
    private let isClosed = Mutex(false)

    /// Connects to the database at `location`, creating the store's tables when missing and
    /// migrating them when an older version made them. Throws
    /// ``ContactStoreError/cannotOpen(path:reason:)`` when the server cannot be reached or refuses,
    /// and ``ContactStoreError/newerVersion(path:unknownMigrations:)`` for a newer version's store.
    /// Child stores are made by `childStores` (pass `ChildStoreFactory.sqliteInMemory` from OhanaStoreSQLite).
    public init(location: Location, password: String?,
                configuration: ContactStoreConfiguration = ContactStoreConfiguration(),
                childStores: ChildStoreFactory? = nil) async throws {
        var logger = Logger(label: "ohana.store.postgres")
        logger.logLevel = .error
        self.logger = logger
        self.location = location
        self.configuration = configuration
        self.childStores = childStores
        // One direct connection first: it fails fast with the server's reason, where a pool would retry.
        let direct = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: password,
            database: location.database, tls: .disable)
        do {
            let connection = try await PostgresConnection.connect(configuration: direct, id: 0, logger: logger)
            do {
                try await PostgresSchema.migrate(connection, location: location.description, logger: logger)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch let error as ContactStoreError {
            throw error
        } catch let error as PSQLError where error.code == .authMechanismRequiresPassword {
            throw ContactStoreError.passwordRequired(location: location.description)
        } catch {
            throw Self.openingError(error, location: location)
        }
        var pooled = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: password,
            database: location.database, tls: .disable)
        pooled.options.maximumConnections = 8
        let client = PostgresClient(configuration: pooled, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
    }

    /// The store's URL, without password.
    public var locationDescription: String { location.description }

    /// Closes the store's connections; later calls throw.
    public func shutDown() async throws {
        let wasClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !wasClosed { runner.cancel() }
    }

    deinit { runner.cancel() }

    // MARK: - Reads

    /// The contact with this id, if stored.
    public func contact(withID id: ContactID) async throws -> Contact? {
        try await fetchContacts("SELECT id, json, photo, photo_type FROM contact WHERE id = \(id.rawValue)").first
    }

    /// Every stored contact, in the given order.
    public func allContacts(order: ContactOrder) async throws -> [Contact] {
        switch order {
        case .insertion: try await fetchContacts("SELECT id, json, photo, photo_type FROM contact ORDER BY row_id")
        case .name: try await fetchContacts("SELECT id, json, photo, photo_type FROM contact ORDER BY sort_key, row_id")
        }
    }

    /// The number of stored contacts.
    public func contactCount() async throws -> Int {
        try await fetchOne("SELECT count(*) FROM contact", as: Int.self) ?? 0
    }

    /// The contacts loaded from one source record of one provider, in the order they were stored.
    public func contacts(providerID: String, recordID: String) async throws -> [Contact] {
        try await fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE row_id IN (
                SELECT contact_row FROM contact_source WHERE provider_id = \(providerID) AND record_id = \(recordID))
            ORDER BY row_id
            """)
    }

    /// The contacts carrying a tag, ignoring case and diacritics, ordered by name.
    public func contacts(taggedWith tag: String) async throws -> [Contact] {
        try await fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE row_id IN (
                SELECT contact_row FROM contact_tag WHERE tag = \(PostgresText.clean(TextFolding.fold(tag))))
            ORDER BY sort_key, row_id
            """)
    }

    /// The contacts with a name part starting with `prefix` (at a word start), ignoring case and
    /// diacritics, ordered by name. An empty prefix matches every contact.
    public func contacts(withNamePrefix prefix: String) async throws -> [Contact] {
        let folded = PostgresText.clean(TextFolding.fold(prefix))
        if folded.isEmpty { return try await allContacts(order: .name) }
        let upper = TextFolding.upperBound(ofPrefix: folded)
        return try await fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE row_id IN (
                SELECT contact_row FROM contact_name_key WHERE key >= \(folded) AND key < \(upper))
            ORDER BY sort_key, row_id
            """)
    }

    /// The contacts whose names or field values contain every word of `query` (as a word prefix),
    /// ignoring case and diacritics, best matches first (names weigh more than field values).
    public func search(_ query: String, limit: Int? = nil) async throws -> [Contact] {
        guard let pattern = PostgresText.searchQuery(for: query) else { return [] }
        let limit = Int64(limit ?? Int(Int64.max))
        return try await fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE search @@ \(pattern)::tsquery
            ORDER BY ts_rank(search, \(pattern)::tsquery) DESC, row_id LIMIT \(limit)
            """)
    }

    /// The token for the store's current state.
    public func currentChangeToken() async throws -> ChangeToken {
        try await storeInfo().token
    }

    /// What changed since `token`; throws ``ContactStoreError/unknownChangeToken(_:)`` or
    /// ``ContactStoreError/expiredChangeToken(_:)`` when the caller must reload everything instead.
    public func changes(since token: ChangeToken) async throws -> ContactChanges {
        // One snapshot for the store information and the change log.
        let (info, log) = try await readSnapshot { transaction in
            let info = try await Self.storeInfo(transaction.connection, logger: logger)
            try token.check(info)
            return (info, try await transaction.changeLog(since: token.sequence))
        }
        return try ContactChanges(log: log, since: token.sequence, info: info)
    }

    // MARK: - Internals

    func storeInfo() async throws -> StoreInfo {
        try ensureOpen()
        return try await client.withConnection { try await Self.storeInfo($0, logger: logger) }
    }

    static func storeInfo(_ connection: PostgresConnection, logger: Logger) async throws -> StoreInfo {
        let rows = try await connection.query(
            "SELECT store_id, change_sequence, pruned_through FROM store_info WHERE id = 1", logger: logger)
        for try await (storeID, sequence, pruned) in rows.decode((String, Int64, Int64).self) {
            return StoreInfo(storeID: storeID, sequence: sequence, prunedThrough: pruned)
        }
        throw ContactStoreError.corruptRecord(id: nil, reason: "the store information row is missing")
    }

    /// The contacts of a query selecting `id, json, photo, photo_type`, decoded on every core.
    func fetchContacts(_ query: PostgresQuery) async throws -> [Contact] {
        try ensureOpen()
        var records: [StoredRecord] = []
        let rows = try await client.query(query, logger: logger)
        for try await (id, json, photo, type) in rows.decode((String, String, Data?, String?).self) {
            records.append(StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type))
        }
        return try ContactCodec.decodeAll(records)
    }

    func fetchOne<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type) async throws -> T? {
        try ensureOpen()
        for try await value in try await client.query(query, logger: logger).decode(T.self) { return value }
        return nil
    }

    func ensureOpen() throws {
        if isClosed.withLock({ $0 }) { throw ContactStoreError.closed }
    }

    /// The server's own words for an error (postgres-nio hides them from `description`).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
        return String(describing: error)
    }
}
