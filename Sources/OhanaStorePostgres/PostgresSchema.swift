import Foundation
import OhanaStore
import Logging
import PostgresNIO

/// The PostgreSQL store's schema: every migration, in order. A migration, once shipped, never changes.
///
/// The tables mirror the SQLite store's (``SQLiteSchema``): contacts as JSON documents plus lookup
/// tables for sources, tags and name keys. Full-text search is a `tsvector` column with a GIN
/// index; change numbers come from a sequence, and the committed number is kept in `store_info`
/// (written under the store's write lock, so a token never runs ahead of what readers can see).
enum PostgresSchema {
    /// Contacts, lookups, full-text search and change tracking.
    static let v1 = "pg-v1-contacts"
    /// Merge decisions, the member versions of merged contacts, and each incremental provider's sync state.
    static let v2 = "pg-v2-merges-and-sync-state"
    /// The last synced version of each card and the journal of server writes, for two-way sync.
    static let v3 = "pg-v3-sync-records"
    /// The store's settings: small values by key (``OhanaStore/ContactStorage/setting(_:)``).
    static let v4 = "pg-v4-store-settings"
    /// The edit journal: one row per revision of a contact (``OhanaStore/ContactRevision``).
    static let v5 = "pg-v5-contact-revisions"
    /// The accounts of `ohana serve` and the audit trail of writes (``OhanaStore/StoredAccount``).
    static let v6 = "pg-v6-accounts"

    /// The migrations this version knows, oldest first, with their SQL.
    static let migrations: [(identifier: String, sql: [String])] = [
        (v1, [
            """
            CREATE TABLE store_info (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                store_id TEXT NOT NULL,
                change_sequence BIGINT NOT NULL DEFAULT 0,
                pruned_through BIGINT NOT NULL DEFAULT 0
            )
            """,
            "CREATE SEQUENCE change_number",
            """
            CREATE TABLE contact (
                row_id BIGSERIAL PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                json TEXT NOT NULL,
                photo BYTEA,
                photo_type TEXT,
                sort_key TEXT COLLATE "C" NOT NULL,
                search TSVECTOR NOT NULL,
                content_hash BIGINT NOT NULL
            )
            """,
            "CREATE INDEX contact_sort_key ON contact (sort_key, row_id)",
            "CREATE INDEX contact_search ON contact USING GIN (search)",
            """
            CREATE TABLE contact_source (
                contact_row BIGINT NOT NULL REFERENCES contact (row_id) ON DELETE CASCADE,
                provider_id TEXT NOT NULL,
                record_id TEXT NOT NULL
            )
            """,
            "CREATE INDEX contact_source_record ON contact_source (provider_id, record_id)",
            "CREATE INDEX contact_source_contact ON contact_source (contact_row)",
            """
            CREATE TABLE contact_tag (
                contact_row BIGINT NOT NULL REFERENCES contact (row_id) ON DELETE CASCADE,
                tag TEXT COLLATE "C" NOT NULL
            )
            """,
            "CREATE INDEX contact_tag_tag ON contact_tag (tag)",
            "CREATE INDEX contact_tag_contact ON contact_tag (contact_row)",
            """
            CREATE TABLE contact_name_key (
                contact_row BIGINT NOT NULL REFERENCES contact (row_id) ON DELETE CASCADE,
                key TEXT COLLATE "C" NOT NULL
            )
            """,
            "CREATE INDEX contact_name_key_key ON contact_name_key (key)",
            "CREATE INDEX contact_name_key_contact ON contact_name_key (contact_row)",
            """
            CREATE TABLE contact_change (
                contact_id TEXT PRIMARY KEY,
                sequence BIGINT NOT NULL,
                is_removed BOOLEAN NOT NULL,
                added_sequence BIGINT NOT NULL
            )
            """,
            "CREATE INDEX contact_change_sequence ON contact_change (sequence)",
        ]),
        (v2, [
            """
            CREATE TABLE merge_decision (
                id BIGSERIAL PRIMARY KEY,
                is_kept_together BOOLEAN NOT NULL,
                contact_ids TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE merged_member (
                member_id TEXT PRIMARY KEY,
                survivor_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                is_snapshot BOOLEAN NOT NULL,
                json TEXT NOT NULL,
                photo BYTEA,
                photo_type TEXT,
                sort_key TEXT COLLATE "C" NOT NULL
            )
            """,
            "CREATE INDEX merged_member_survivor ON merged_member (survivor_id, position)",
            """
            CREATE TABLE merged_member_source (
                member_id TEXT NOT NULL REFERENCES merged_member (member_id) ON DELETE CASCADE,
                provider_id TEXT NOT NULL,
                record_id TEXT NOT NULL
            )
            """,
            "CREATE INDEX merged_member_source_member ON merged_member_source (member_id)",
            """
            CREATE TABLE provider_sync_state (
                provider_id TEXT PRIMARY KEY,
                state BYTEA NOT NULL
            )
            """,
        ]),
        (v3, [
            """
            CREATE TABLE synced_card (
                provider_id TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT,
                vcard TEXT NOT NULL,
                contact_id TEXT NOT NULL,
                PRIMARY KEY (provider_id, href)
            )
            """,
            "CREATE INDEX synced_card_contact ON synced_card (contact_id)",
            """
            CREATE TABLE sync_journal (
                id BIGSERIAL PRIMARY KEY,
                provider_id TEXT NOT NULL,
                href TEXT NOT NULL,
                operation TEXT NOT NULL,
                contact_id TEXT,
                expected_etag TEXT,
                vcard TEXT,
                local_vcard TEXT
            )
            """,
            "CREATE INDEX sync_journal_provider ON sync_journal (provider_id, id)",
        ]),
        (v4, ["CREATE TABLE store_setting (key TEXT PRIMARY KEY, value BYTEA NOT NULL)"]),
        (v5, [
            "CREATE TABLE contact_revision (number BIGINT PRIMARY KEY, contact_id TEXT NOT NULL, data BYTEA NOT NULL)",
            "CREATE INDEX contact_revision_contact ON contact_revision (contact_id, number)",
        ]),
        (v6, accountTables),
        (v7, ["ALTER TABLE contact ADD COLUMN search_row BYTEA"]),
    ]

    /// The key of the transaction-level advisory lock every writer takes first: writes are serial,
    /// so change numbers are committed in order.
    static let writeLockKey: Int64 = 0x0DA_5707E

    /// Brings the database to the current schema (in one transaction, under the write lock, taken
    /// only when a migration is pending); refuses a database migrated by a newer version.
    static func migrate(_ connection: PostgresConnection, location: String, logger: Logger) async throws {
        if try await pending(connection, location: location, logger: logger).isEmpty { return }
        try await connection.query("BEGIN", logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_xact_lock(\(writeLockKey))", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS ohana_migration (identifier TEXT PRIMARY KEY)",
                                       logger: logger)
            for migration in try await pending(connection, location: location, logger: logger) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                if migration.identifier == v1 {
                    let storeID = UUID().uuidString.lowercased()
                    try await connection.query("INSERT INTO store_info (id, store_id) VALUES (1, \(storeID))", logger: logger)
                }
                if migration.identifier == v7 { try await fillSearchRows(connection, logger: logger) }
                try await connection.query("INSERT INTO ohana_migration (identifier) VALUES (\(migration.identifier))",
                                           logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// The migrations not yet applied, in order; throws for a database with migrations this version does not know.
    private static func pending(_ connection: PostgresConnection, location: String,
                                logger: Logger) async throws -> [(identifier: String, sql: [String])] {
        var applied = Set<String>()
        var exists = false
        for try await found in try await connection.query(
            "SELECT to_regclass('ohana_migration') IS NOT NULL", logger: logger).decode(Bool.self) {
            exists = found
        }
        if exists {
            for try await identifier in try await connection.query(
                "SELECT identifier FROM ohana_migration", logger: logger).decode(String.self) {
                applied.insert(identifier)
            }
        }
        let unknown = applied.subtracting(migrations.map(\.identifier)).sorted()
        if !unknown.isEmpty {
            throw ContactStoreError.newerVersion(path: location, unknownMigrations: unknown)
        }
        return migrations.filter { !applied.contains($0.identifier) }
    }
}
