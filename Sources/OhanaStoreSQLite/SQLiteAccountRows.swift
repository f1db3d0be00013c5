import Foundation
import GRDB
import OhanaStore

extension SQLiteSchema {
    /// Adds the accounts of `ohana serve` and the audit trail of writes (``OhanaStore/StoredAccount``).
    static let v11 = "v11-accounts"

    /// Creates the account and audit tables.
    static func createAccountTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account (
                name TEXT PRIMARY KEY,
                role TEXT NOT NULL,
                passwordHash TEXT NOT NULL,
                tokenHashes TEXT NOT NULL DEFAULT '[]',
                sessionGeneration INTEGER NOT NULL DEFAULT 0,
                created INTEGER NOT NULL
            );
            CREATE TABLE auditEntry (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                time INTEGER NOT NULL,
                account TEXT NOT NULL,
                action TEXT NOT NULL,
                detail TEXT NOT NULL
            );
            CREATE INDEX auditEntryTime ON auditEntry (time);
            """)
    }
}

extension SQLiteContactStorage {
    /// Every account kept in the store, by name.
    public func accounts() async throws -> [StoredAccount] {
        try await store.read { try SQLiteAccountRows.accounts(in: $0.db) }
    }

    /// Adds or replaces the account with `account.name`, in one transaction.
    public func saveAccount(_ account: StoredAccount) async throws {
        try await store.write { try SQLiteAccountRows.save(account, in: $0.db) }
    }

    /// Removes the account named `name`; returns whether there was one.
    public func removeAccount(named name: String) async throws -> Bool {
        try await store.write { transaction in
            try transaction.db.execute(sql: "DELETE FROM account WHERE name = ?", arguments: [name])
            return transaction.db.changesCount > 0
        }
    }

    /// Appends a write to the audit trail; returns it numbered.
    @discardableResult
    public func recordAudit(_ entry: AuditEntry) async throws -> AuditEntry {
        try await store.write { try SQLiteAccountRows.append(entry, keepingID: false, in: $0.db) }
    }

    /// The audit trail from `since` on (all of it when `nil`), oldest first.
    public func auditEntries(since: Date?) async throws -> [AuditEntry] {
        try await store.read { try SQLiteAccountRows.audit(since: since, in: $0.db) }
    }

    /// Replaces the accounts and the audit trail (keeping the entries' numbers), in one transaction.
    public func replaceAccountRecords(_ records: StoreAccountRecords) async throws {
        try await store.write { transaction in
            try transaction.db.execute(sql: "DELETE FROM account; DELETE FROM auditEntry")
            for account in records.accounts { try SQLiteAccountRows.save(account, in: transaction.db) }
            for entry in records.audit { _ = try SQLiteAccountRows.append(entry, keepingID: true, in: transaction.db) }
        }
    }
}

/// The SQL of the account and audit rows.
enum SQLiteAccountRows {
    static func accounts(in db: Database) throws -> [StoredAccount] {
        try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY name").map { row in
            let tokens: String = row["tokenHashes"]
            return StoredAccount(
                name: row["name"], role: row["role"], passwordHash: row["passwordHash"],
                tokenHashes: (try? JSONDecoder().decode([String].self, from: Data(tokens.utf8))) ?? [],
                sessionGeneration: row["sessionGeneration"], created: StoredTime.date(row["created"]))
        }
    }

    static func save(_ account: StoredAccount, in db: Database) throws {
        let tokens = String(decoding: try JSONEncoder().encode(account.tokenHashes), as: UTF8.self)
        try db.execute(sql: """
            INSERT INTO account (name, role, passwordHash, tokenHashes, sessionGeneration, created)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET role = excluded.role, passwordHash = excluded.passwordHash,
                tokenHashes = excluded.tokenHashes, sessionGeneration = excluded.sessionGeneration, created = excluded.created
            """, arguments: [account.name, account.role, account.passwordHash, tokens, account.sessionGeneration,
                             StoredTime.micros(account.created)])
    }

    static func append(_ entry: AuditEntry, keepingID: Bool, in db: Database) throws -> AuditEntry {
        var entry = entry
        try db.execute(sql: "INSERT INTO auditEntry (id, time, account, action, detail) VALUES (?, ?, ?, ?, ?)",
                       arguments: [keepingID ? entry.id : nil, StoredTime.micros(entry.time), entry.account,
                                   entry.action, entry.detail])
        entry.id = db.lastInsertedRowID
        return entry
    }

    static func audit(since: Date?, in db: Database) throws -> [AuditEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM auditEntry WHERE time >= ? ORDER BY id",
                         arguments: [since.map(StoredTime.micros) ?? Int64.min]).map { row in
            AuditEntry(id: row["id"], time: StoredTime.date(row["time"]), account: row["account"],
                       action: row["action"], detail: row["detail"])
        }
    }
}
