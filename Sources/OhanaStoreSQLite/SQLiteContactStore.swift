import Foundation
import GRDB
import Logging
import Ohana
import OhanaStore
import Synchronization

/// A persistent contact store on SQLite: transactional reads and writes, child stores, change
/// tracking, full-text search.
///
/// Reads and writes happen only inside blocks. A write block is one transaction: committed when the
/// block returns, rolled back when it throws; readers never see part of one. A file store uses
/// SQLite's WAL mode, so reads run concurrently with a write; an in-memory store (``inMemory(configuration:)``)
/// runs the same code on a single connection.
///
/// Blocks are not reentrant: inside a block, use the transaction it is given, never the store itself.
public final class SQLiteContactStore: Sendable {
    /// Options for opening a store.
    public typealias Configuration = ContactStoreConfiguration

    /// The store's file; `nil` for an in-memory store (and for child stores).
    public let fileURL: URL?
    /// The options the store was opened with.
    public let configuration: Configuration

    let writer: any DatabaseWriter
    /// The store a child store was made from (a SQLite parent).
    let parent: SQLiteContactStore?
    /// The store of another backend (PostgreSQL) a child store was made from.
    package let foreignParent: (any AnyObject & Sendable)?
    /// The parent's change number when the child was made.
    package let baseSequence: Int64
    /// The child's own change number when it was made (its changes since are what merging applies):
    /// the parent's for a copy of a SQLite parent, that of the filled copy for a PostgreSQL parent's child.
    let childBaseSequence: Int64
    private let isClosed = Mutex(false)
    private static let logger = Logger(label: "ohana.store")

    private init(writer: any DatabaseWriter, fileURL: URL?, configuration: Configuration,
                 parent: SQLiteContactStore? = nil, foreignParent: (any AnyObject & Sendable)? = nil,
                 baseSequence: Int64 = 0, childBaseSequence: Int64? = nil) {
        self.writer = writer
        self.fileURL = fileURL
        self.configuration = configuration
        self.parent = parent
        self.foreignParent = foreignParent
        self.baseSequence = baseSequence
        self.childBaseSequence = childBaseSequence ?? baseSequence
    }

    /// A child of a store of another backend (PostgreSQL): an in-memory store holding `contacts`
    /// (the parent's at change number `baseSequence`).
    static func child(of parent: any AnyObject & Sendable, contacts: [Contact], baseSequence: Int64,
                      configuration: Configuration) throws -> SQLiteContactStore {
        let queue = try DatabaseQueue(configuration: GRDB.Configuration())
        try migrate(queue, path: ":memory:")
        let filled = try queue.write { db -> Int64 in
            let transaction = SQLiteWriteTransaction(db, removalHistoryLimit: configuration.removalHistoryLimit)
            try transaction.save(contacts, mode: .replace)
            return try transaction.currentChangeToken().sequence
        }
        return SQLiteContactStore(writer: queue, fileURL: nil, configuration: configuration, foreignParent: parent,
                            baseSequence: baseSequence, childBaseSequence: filled)
    }

    /// Opens the store at `fileURL`, creating it (and its folder) when missing and migrating it when
    /// it was written by an older version; the side files older versions kept beside it (merge
    /// decisions, CardDAV sync states) move into it, and are renamed to `….migrated`.
    ///
    /// Throws ``ContactStoreError/notAStore(path:reason:)`` for a file that is not a store and
    /// ``ContactStoreError/newerVersion(path:unknownMigrations:)`` for one from a newer version;
    /// in both cases the file is not modified.
    public convenience init(fileURL: URL, configuration: Configuration = Configuration()) throws {
        let path = fileURL.path
        try Self.inspectExistingFile(at: path, busyTimeout: configuration.busyTimeout)
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ContactStoreError.cannotOpen(path: path, reason: readFailureReason(error))
        }
        var config = GRDB.Configuration()
        config.busyMode = .timeout(configuration.busyTimeout)
        config.label = "ohana.store"
        config.prepareDatabase { db in
            // The writer keeps a batch's index pages in memory (SQLite's default is 2 MiB), so
            // that a bulk import does not spill and re-read them; readers keep the default.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -65536") }
            // A bulk import grows the write-ahead log to its size; once checkpointed, the log is
            // cut back to 64 MiB, not left as large as the store beside it.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA journal_size_limit = 67108864") }
            // Readers map the file (up to SQLite's limit) instead of copying each page they read
            // from the page cache: a broad search reads a good part of the search rows.
            if db.configuration.readonly { try db.execute(sql: "PRAGMA mmap_size = 4294967296") }
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
        } catch {
            throw ContactStoreError.cannotOpen(path: path, reason: Self.reason(error))
        }
        try Self.migrate(pool, path: path)
        self.init(writer: pool, fileURL: fileURL, configuration: configuration)
        try LegacySideFiles.importAll(beside: fileURL, into: self)
    }

    /// Creates an empty store in memory (SQLite's in-memory mode), gone when the store is released.
    public static func inMemory(configuration: Configuration = Configuration()) throws -> SQLiteContactStore {
        let queue = try DatabaseQueue(configuration: GRDB.Configuration())
        try migrate(queue, path: ":memory:")
        return SQLiteContactStore(writer: queue, fileURL: nil, configuration: configuration)
    }

    // MARK: - Transactions

    /// Runs `body` in a read transaction and returns its result.
    public func read<T>(_ body: (SQLiteReadTransaction) throws -> T) throws -> T {
        try ensureOpen()
        return try writer.read { db in try body(SQLiteReadTransaction(db)) }
    }

    /// Runs `body` in a write transaction, committed when it returns and rolled back when it throws.
    @discardableResult
    public func write<T>(_ body: (SQLiteWriteTransaction) throws -> T) throws -> T {
        try ensureOpen()
        let limit = configuration.removalHistoryLimit
        return try writer.write { db in
            let transaction = SQLiteWriteTransaction(db, removalHistoryLimit: limit)
            let result = try body(transaction)
            try transaction.pruneRemovalHistoryIfNeeded()
            return result
        }
    }

    /// Runs `body` in a read transaction without blocking the caller's thread.
    public func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteReadTransaction) throws -> T) async throws -> T {
        try ensureOpen()
        return try await writer.read { db in try body(SQLiteReadTransaction(db)) }
    }

    /// Runs `body` in a write transaction without blocking the caller's thread; committed when it
    /// returns and rolled back when it throws.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteWriteTransaction) throws -> T) async throws -> T {
        try ensureOpen()
        let limit = configuration.removalHistoryLimit
        return try await writer.write { db in
            let transaction = SQLiteWriteTransaction(db, removalHistoryLimit: limit)
            let result = try body(transaction)
            try transaction.pruneRemovalHistoryIfNeeded()
            return result
        }
    }

    // MARK: - Conveniences

    /// Stores a batch of contacts (a pipeline's result) in one transaction.
    @discardableResult
    public func save(_ contacts: [Contact], mode: ContactSaveMode) throws -> ContactSaveSummary {
        try write { try $0.save(contacts, mode: mode) }
    }

    /// Stores a batch of contacts in one transaction without blocking the caller's thread.
    @discardableResult
    public func save(_ contacts: [Contact], mode: ContactSaveMode) async throws -> ContactSaveSummary {
        try await write { try $0.save(contacts, mode: mode) }
    }

    /// Every stored contact, in the given order.
    public func allContacts(order: ContactOrder = .insertion) throws -> [Contact] {
        try read { try $0.allContacts(order: order) }
    }

    /// The token for the store's current state.
    public func currentChangeToken() throws -> ChangeToken {
        try read { try $0.currentChangeToken() }
    }

    /// What changed since `token`; an unknown or expired token throws, and the caller reloads everything.
    public func changes(since token: ChangeToken) throws -> ContactChanges {
        try read { try $0.changes(since: token) }
    }

    /// Runs SQLite's integrity check; returns the problems found (none when the file is sound).
    public func integrityProblems() throws -> [String] {
        try read { try $0.integrityProblems() }
    }

    /// Closes the store; later calls throw. Child stores of this store stay usable until merged.
    ///
    /// A store file gets its write-ahead log back first (a checkpoint that empties the log), so
    /// that the file alone holds every contact: copied or backed up without its `-wal` beside it,
    /// it is whole. (SQLite does this itself only when the last connection to close can write,
    /// and a pool's readers close last.) When another process is reading or writing, the close
    /// does not wait for it: what the log still holds stays there, as safe, until a later close.
    public func close() throws {
        let wasClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        if fileURL != nil {
            do {
                _ = try writer.writeWithoutTransaction { db in
                    // Nothing is waited for (a close runs on a caller's thread): what another
                    // process still reads stays in the log.
                    try db.execute(sql: "PRAGMA busy_timeout = 0")
                    return try db.checkpoint(.truncate)
                }
            } catch {
                Self.logger.debug("write-ahead log kept: \(error)", metadata: ["store": "\(fileURL?.path ?? "")"])
            }
        }
        try writer.close()
    }

    // MARK: - Child stores

    /// Makes a child store: an in-memory copy of this store's current state that takes reads and
    /// writes like this one, and is later merged with ``commitChild(_:policy:)`` or thrown away with ``discard()``.
    public func makeChild() throws -> SQLiteContactStore {
        try ensureOpen()
        let queue = try DatabaseQueue(configuration: GRDB.Configuration())
        try writer.backup(to: queue)
        let base = try queue.write { db -> Int64 in
            try db.execute(sql: "UPDATE storeInfo SET storeID = ? WHERE id = 1",
                           arguments: [UUID().uuidString.lowercased()])
            return try Int64.fetchOne(db, sql: "SELECT changeSequence FROM storeInfo WHERE id = 1") ?? 0
        }
        return SQLiteContactStore(writer: queue, fileURL: nil, configuration: configuration, parent: self, baseSequence: base)
    }

    /// Whether this store is a child store.
    public var isChild: Bool { parent != nil || foreignParent != nil }

    /// Commits a child store's changes to this store in one transaction, then closes the child.
    ///
    /// A contact the child changed that was also changed here since the child was made is a
    /// conflict. With ``ChildCommitPolicy/failOnConflict`` nothing is merged, the child stays open, and
    /// ``ContactStoreError/mergeConflicts(_:)`` lists every conflict with both versions.
    @discardableResult
    public func commitChild(_ child: SQLiteContactStore, policy: ChildCommitPolicy = .failOnConflict) throws -> ContactSaveSummary {
        guard child.parent === self else { throw ContactStoreError.notAChild }
        let base = child.baseSequence
        let childChanges = try child.netChangesSinceMade()
        let summary = try write { try StoreAlgorithms.commitChild(childChanges, base: base, policy: policy, in: $0) }
        child.markClosed()
        return summary
    }

    /// Throws a child store's changes away and closes it.
    public func discard() {
        markClosed()
    }

    /// What this child changed since it was made, one net change per contact.
    package func netChangesSinceMade() throws -> [NetChange] {
        let base = childBaseSequence
        return try read { try $0.netChanges(since: base) }
    }

    /// Closes a child once merged.
    package func closeMergedChild() { markClosed() }

    // MARK: - Internals

    private func ensureOpen() throws {
        if isClosed.withLock({ $0 }) { throw ContactStoreError.closed }
    }

    private func markClosed() {
        isClosed.withLock { $0 = true }
    }

    /// Refuses, without writing anything, a file that is not a store or is from a newer version.
    private static func inspectExistingFile(at path: String, busyTimeout: TimeInterval) throws {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
            throw ContactStoreError.notAStore(path: path, reason: "not a regular file")
        }
        guard (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0 else { return }
        var config = GRDB.Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            try queue.read { db in
                let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                if tables.isEmpty { return }
                guard tables.contains("grdb_migrations"), tables.contains("storeInfo"), tables.contains("contact") else {
                    throw ContactStoreError.notAStore(path: path, reason: "an SQLite database without the store's tables")
                }
                let unknown = try SQLiteSchema.migrator.appliedIdentifiers(db)
                    .subtracting(SQLiteSchema.identifiers).sorted()
                if !unknown.isEmpty {
                    throw ContactStoreError.newerVersion(path: path, unknownMigrations: unknown)
                }
            }
        } catch let error as ContactStoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw ContactStoreError.notAStore(path: path, reason: "not an SQLite database")
        } catch {
            throw ContactStoreError.cannotOpen(path: path, reason: reason(error))
        }
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
        let migrator = SQLiteSchema.migrator
        do {
            let pending = try writer.read { db in
                try SQLiteSchema.identifiers.filter { try !migrator.appliedIdentifiers(db).contains($0) }
            }
            if try writer.read(migrator.hasBeenSuperseded) {
                let unknown = try writer.read { try migrator.appliedIdentifiers($0) }
                    .subtracting(SQLiteSchema.identifiers).sorted()
                throw ContactStoreError.newerVersion(path: path, unknownMigrations: unknown)
            }
            if !pending.isEmpty {
                logger.debug("migrating contact store", metadata: ["path": "\(path)", "migrations": "\(pending)"])
                try migrator.migrate(writer)
            }
        } catch let error as ContactStoreError {
            throw error
        } catch {
            throw ContactStoreError.cannotOpen(path: path, reason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return "\(error)"
    }
}

/// The SQLite store's name before it said it was SQLite.
@available(*, deprecated, renamed: "SQLiteContactStore")
public typealias ContactStore = SQLiteContactStore

/// The SQLite store's read transaction under its name from before it said it was SQLite.
@available(*, deprecated, renamed: "SQLiteReadTransaction")
public typealias ContactReadTransaction = SQLiteReadTransaction

/// The SQLite store's write transaction under its name from before it said it was SQLite.
@available(*, deprecated, renamed: "SQLiteWriteTransaction")
public typealias ContactWriteTransaction = SQLiteWriteTransaction
