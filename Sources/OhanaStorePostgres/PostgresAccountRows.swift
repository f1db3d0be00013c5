import Foundation
import OhanaStore
import PostgresNIO

extension PostgresSchema {
    /// The account and audit tables (migration ``v6``).
    static let accountTables = [
        """
        CREATE TABLE account (
            name TEXT PRIMARY KEY,
            role TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            token_hashes TEXT NOT NULL DEFAULT '[]',
            session_generation BIGINT NOT NULL DEFAULT 0,
            created BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE audit_entry (
            id BIGSERIAL PRIMARY KEY,
            time BIGINT NOT NULL,
            account TEXT NOT NULL,
            action TEXT NOT NULL,
            detail TEXT NOT NULL
        )
        """,
        "CREATE INDEX audit_entry_time ON audit_entry (time)",
    ]
}

extension PostgresContactStore {
    /// Every account kept in the store, by name.
    public func accounts() async throws -> [StoredAccount] {
        try await readSnapshot { try await $0.accounts() }
    }

    /// Adds or replaces the account with `account.name`, in one transaction.
    public func saveAccount(_ account: StoredAccount) async throws {
        try await write { try await $0.saveAccount(account) }
    }

    /// Removes the account named `name`; returns whether there was one.
    public func removeAccount(named name: String) async throws -> Bool {
        try await write { transaction in
            var removed = false
            for try await _ in try await transaction.query("DELETE FROM account WHERE name = \(name) RETURNING name")
                .decode(String.self) { removed = true }
            return removed
        }
    }

    /// Appends a write to the audit trail; returns it numbered.
    @discardableResult
    public func recordAudit(_ entry: AuditEntry) async throws -> AuditEntry {
        try await write { transaction in
            var entry = entry
            for try await id in try await transaction.query("""
                INSERT INTO audit_entry (time, account, action, detail)
                VALUES (\(StoredTime.micros(entry.time)), \(entry.account), \(entry.action), \(entry.detail)) RETURNING id
                """).decode(Int64.self) { entry.id = id }
            return entry
        }
    }

    /// The audit trail from `since` on (all of it when `nil`), oldest first.
    public func auditEntries(since: Date?) async throws -> [AuditEntry] {
        try await readSnapshot { try await $0.auditEntries(since: since) }
    }

    /// Replaces the accounts and the audit trail (keeping the entries' numbers), in one transaction.
    public func replaceAccountRecords(_ records: StoreAccountRecords) async throws {
        try await write { transaction in
            try await transaction.query("DELETE FROM account")
            try await transaction.query("DELETE FROM audit_entry")
            for account in records.accounts { try await transaction.saveAccount(account) }
            for entry in records.audit {
                try await transaction.query("""
                    INSERT INTO audit_entry (id, time, account, action, detail)
                    VALUES (\(entry.id), \(StoredTime.micros(entry.time)), \(entry.account), \(entry.action), \(entry.detail))
                    """)
            }
            try await transaction.query("""
                SELECT setval(pg_get_serial_sequence('audit_entry', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM audit_entry
                """)
        }
    }
}

extension PostgresWriteTransaction {
    func accounts() async throws -> [StoredAccount] {
        var accounts: [StoredAccount] = []
        let rows = try await query("""
            SELECT name, role, password_hash, token_hashes, session_generation, created FROM account ORDER BY name
            """)
        for try await (name, role, hash, tokens, generation, created) in rows.decode((String, String, String, String, Int64, Int64).self) {
            accounts.append(StoredAccount(
                name: name, role: role, passwordHash: hash,
                tokenHashes: (try? JSONDecoder().decode([String].self, from: Data(tokens.utf8))) ?? [],
                sessionGeneration: Int(generation), created: StoredTime.date(created)))
        }
        return accounts
    }

    func saveAccount(_ account: StoredAccount) async throws {
        let tokens = String(decoding: try JSONEncoder().encode(account.tokenHashes), as: UTF8.self)
        try await query("""
            INSERT INTO account (name, role, password_hash, token_hashes, session_generation, created)
            VALUES (\(account.name), \(account.role), \(account.passwordHash), \(tokens), \(Int64(account.sessionGeneration)),
                    \(StoredTime.micros(account.created)))
            ON CONFLICT (name) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash,
                token_hashes = excluded.token_hashes, session_generation = excluded.session_generation, created = excluded.created
            """)
    }

    func auditEntries(since: Date?) async throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        let from = since.map(StoredTime.micros) ?? Int64.min
        let rows = try await query("SELECT id, time, account, action, detail FROM audit_entry WHERE time >= \(from) ORDER BY id")
        for try await (id, time, account, action, detail) in rows.decode((Int64, Int64, String, String, String).self) {
            entries.append(AuditEntry(id: id, time: StoredTime.date(time), account: account, action: action, detail: detail))
        }
        return entries
    }
}
