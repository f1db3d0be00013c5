import Foundation
import Logging
import Ohana
import OhanaStore
import PostgresNIO

extension PostgresContactStore {
    /// Stores a batch of contacts in one transaction, in one of the ``ContactSaveMode``s, with the
    /// same rules as the SQLite store (``SQLiteWriteTransaction/save(_:mode:)``). New contacts and
    /// their lookup rows go in through `COPY`.
    public func save(_ contacts: [Contact], mode: ContactSaveMode) async throws -> ContactSaveSummary {
        try await trackingSave(backend: "postgresql") { try await write { try await $0.save(contacts, mode: mode) } }
    }

    /// Removes the contacts with these ids in one transaction; returns how many were stored.
    public func remove(ids: [ContactID]) async throws -> Int {
        try await write { try await $0.remove(ids: ids) }
    }

    /// Runs `body` on one connection in a read-only snapshot (repeatable read): the counterpart of
    /// ``write(_:)`` for reads that must agree with each other.
    func readSnapshot<T: Sendable>(_ body: (PostgresWriteTransaction) async throws -> T) async throws -> T {
        try ensureOpen()
        return try await client.withConnection { connection in
            try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            do {
                let result = try await body(PostgresWriteTransaction(connection: connection, logger: logger))
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Runs `body` in a write transaction under the store's write lock: committed when it returns,
    /// rolled back when it throws.
    func write<T: Sendable>(_ body: (PostgresWriteTransaction) async throws -> T) async throws -> T {
        try ensureOpen()
        let limit = configuration.removalHistoryLimit
        return try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.writeLockKey))", logger: logger)
                let transaction = PostgresWriteTransaction(connection: connection, logger: logger)
                let result = try await body(transaction)
                try await transaction.finish(removalHistoryLimit: limit)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}

/// One write transaction of the PostgreSQL store. Only valid inside the block it was passed to.
final class PostgresWriteTransaction {
    let connection: PostgresConnection
    let logger: Logger
    /// This transaction's change number, taken from the sequence at its first change.
    private var sequence: Int64?
    private var didRemove = false

    init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    @discardableResult
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await connection.query(query, logger: logger)
    }

    /// The change number of this transaction.
    func changeNumber() async throws -> Int64 {
        if let sequence { return sequence }
        var next: Int64 = 0
        for try await value in try await query("SELECT nextval('change_number')").decode(Int64.self) { next = value }
        sequence = next
        return next
    }

    /// Forgets this transaction's change number (after the store took another's change history).
    func resetChangeNumber() { sequence = nil }

    /// Publishes the change number (readers' tokens) and prunes the removal history when over its limit.
    func finish(removalHistoryLimit: Int) async throws {
        guard let sequence else { return }
        try await query("UPDATE store_info SET change_sequence = \(sequence) WHERE id = 1")
        guard didRemove, removalHistoryLimit >= 0 else { return }
        var count = 0
        for try await value in try await query("SELECT count(*) FROM contact_change WHERE is_removed").decode(Int.self) {
            count = value
        }
        guard count > removalHistoryLimit else { return }
        var through: Int64?
        for try await value in try await query("""
            SELECT sequence FROM contact_change WHERE is_removed ORDER BY sequence LIMIT 1 OFFSET \(count - removalHistoryLimit - 1)
            """).decode(Int64.self) { through = value }
        guard let through else { return }
        try await query("DELETE FROM contact_change WHERE is_removed AND sequence <= \(through)")
        try await query("UPDATE store_info SET pruned_through = GREATEST(pruned_through, \(through)) WHERE id = 1")
    }

    /// Records that these contacts were added, changed or removed by this transaction.
    func recordChanges(of ids: [String], removed: Bool, added: Bool) async throws {
        guard !ids.isEmpty else { return }
        let sequence = try await changeNumber()
        if removed { didRemove = true }
        if added {
            try await query("""
                INSERT INTO contact_change (contact_id, sequence, is_removed, added_sequence)
                SELECT unnest(\(ids)::text[]), \(sequence), false, \(sequence)
                ON CONFLICT (contact_id) DO UPDATE SET sequence = excluded.sequence, is_removed = false,
                    added_sequence = excluded.added_sequence
                """)
        } else {
            try await query("""
                INSERT INTO contact_change (contact_id, sequence, is_removed, added_sequence)
                SELECT unnest(\(ids)::text[]), \(sequence), \(removed), 0
                ON CONFLICT (contact_id) DO UPDATE SET sequence = excluded.sequence, is_removed = excluded.is_removed
                """)
        }
    }

    /// The change log after change number `base`, in change order, with each contact's stored form.
    func changeLog(since base: Int64) async throws -> [ChangeLogRow] {
        var log: [ChangeLogRow] = []
        for try await (id, removed, added, json, photo, type) in try await query("""
            SELECT change.contact_id, change.is_removed, change.added_sequence, contact.json, contact.photo, contact.photo_type
            FROM contact_change AS change LEFT JOIN contact ON contact.id = change.contact_id
            WHERE change.sequence > \(base)
            ORDER BY change.sequence, change.contact_id
            """).decode((String, Bool, Int64, String?, Data?, String?).self) {
            log.append(ChangeLogRow(
                contactID: ContactID(rawValue: id), isRemoved: removed, addedSequence: added,
                record: json.map { StoredRecord(id: id, json: Data($0.utf8), photo: photo, photoType: type) }))
        }
        return log
    }

    /// Removes the contacts with these ids (their lookup rows, and the members of merged ones, go
    /// with them); returns how many were stored.
    func remove(ids: [ContactID]) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        var removed: [String] = []
        for try await id in try await query(
            "DELETE FROM contact WHERE id = ANY(\(ids.map(\.rawValue))::text[]) RETURNING id").decode(String.self) {
            removed.append(id)
        }
        try await forgetMembers(ofRemoved: removed)
        try await recordChanges(of: removed, removed: true, added: false)
        return removed.count
    }

    /// The stored versions of the contacts with these ids, by id.
    func storedVersions(of ids: [String]) async throws -> [String: StoredVersion] {
        var versions: [String: StoredVersion] = [:]
        var start = 0
        while start < ids.count {
            let slice = Array(ids[start..<min(ids.count, start + 20_000)])
            let rows = try await query("SELECT row_id, id, content_hash FROM contact WHERE id = ANY(\(slice)::text[])")
            for try await (rowid, id, hash) in rows.decode((Int64, String, Int64).self) {
                versions[id] = StoredVersion(rowid: rowid, contentHash: hash)
            }
            start += slice.count
        }
        return versions
    }

    /// Streams rows into a table through `COPY`, a megabyte at a time.
    func copy<Row>(into table: String, columns: [String], rows: [Row],
                   _ makeRow: (Row) -> [PostgresText.CopyField]) async throws {
        guard !rows.isEmpty else { return }
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
            var buffer = ByteBuffer()
            for row in rows {
                PostgresText.appendRow(makeRow(row), to: &buffer)
                if buffer.readableBytes >= 1 << 20 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
    }

    /// Writes the lookup rows (sources, tags, name keys) of contacts stored at the given row ids.
    func writeLookups(_ items: [StoredLookups]) async throws {
        let sources = items.flatMap { item -> [(Int64, String, String)] in
            var seen = Set<[String]>()
            return item.contact.provenance.compactMap { provenance in
                guard let recordID = provenance.recordID,
                      seen.insert([provenance.providerID, recordID]).inserted else { return nil }
                return (item.rowid, provenance.providerID, recordID)
            }
        }
        try await copy(into: "contact_source", columns: ["contact_row", "provider_id", "record_id"], rows: sources) {
            [.integer($0.0), .text($0.1), .text($0.2)]
        }
        let tags = items.flatMap { item in item.entries.tags.map { (item.rowid, $0) } }
        try await copy(into: "contact_tag", columns: ["contact_row", "tag"], rows: tags) { [.integer($0.0), .text($0.1)] }
        let keys = items.flatMap { item in item.entries.nameKeys.map { (item.rowid, $0) } }
        try await copy(into: "contact_name_key", columns: ["contact_row", "key"], rows: keys) {
            [.integer($0.0), .text($0.1)]
        }
    }
}

/// A stored contact's row id with what its lookup rows are made of.
struct StoredLookups {
    var rowid: Int64
    var contact: Contact
    var entries: ContactIndex.Entries
}
