import Foundation

/// An account of a shared store as the store keeps it: who may sign in to `ohana serve`, with
/// which role, and the hashes that prove it. The store only keeps these rows; hashing, checking
/// and the rules live in `OhanaAccounts`.
public struct StoredAccount: Hashable, Sendable, Codable {
    /// The account's name, unique in the store.
    public var name: String
    /// The role's name (`viewer`, `editor` or `admin`).
    public var role: String
    /// The password's salted slow hash (bcrypt's modular crypt text).
    public var passwordHash: String
    /// The hashes of the account's API tokens (the tokens themselves are never kept).
    public var tokenHashes: [String]
    /// Bumped when the account signs out or changes its password: sessions signed with an older
    /// generation end.
    public var sessionGeneration: Int
    /// When the account was added.
    public var created: Date

    /// Creates an account row.
    public init(name: String, role: String, passwordHash: String, tokenHashes: [String] = [],
                sessionGeneration: Int = 0, created: Date = Date()) {
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.tokenHashes = tokenHashes
        self.sessionGeneration = sessionGeneration
        self.created = created
    }
}

/// One write recorded in a store's audit trail: who made it, when, what it was and what it changed.
public struct AuditEntry: Hashable, Sendable, Codable {
    /// The entry's number in its store (`0` before it is recorded); numbers grow with time.
    public var id: Int64
    /// When the write was made.
    public var time: Date
    /// Who made it: an account name, or `os:NAME` for the operating-system user of the tool.
    public var account: String
    /// What was done, a short word such as `merge`, `split`, `keep-apart`, `import`.
    public var action: String
    /// What changed, in a line (ids, counts, file names).
    public var detail: String

    /// Creates an entry.
    public init(id: Int64 = 0, time: Date = Date(), account: String, action: String, detail: String) {
        self.id = id
        self.time = time
        self.account = account
        self.action = action
        self.detail = detail
    }
}

/// The accounts and audit trail a store keeps, as ``ContactStoreCopy`` copies them.
public struct StoreAccountRecords: Hashable, Sendable {
    /// Every account, by name.
    public var accounts: [StoredAccount]
    /// The whole audit trail, oldest first.
    public var audit: [AuditEntry]

    /// Creates the records.
    public init(accounts: [StoredAccount] = [], audit: [AuditEntry] = []) {
        self.accounts = accounts
        self.audit = audit
    }
}

extension ContactStorage {
    /// The accounts and the whole audit trail, as a copy takes them.
    public func accountRecords() async throws -> StoreAccountRecords {
        StoreAccountRecords(accounts: try await accounts(), audit: try await auditEntries(since: nil))
    }
}

extension ContactStoreCopy {
    /// Copies the accounts and the audit trail, and checks the target then keeps the same.
    static func copyAccountRecords(from source: any ContactStorage, to target: any ContactStorage) async throws {
        let records = try await source.accountRecords()
        try await target.replaceAccountRecords(records)
        let copied = try await target.accountRecords()
        guard copied == records else {
            throw ContactStoreError.copyMismatch(
                "the target keeps \(copied.accounts.count) accounts and \(copied.audit.count) audit entries; "
                    + "the source \(records.accounts.count) and \(records.audit.count)")
        }
    }
}

/// Times of account and audit rows as stored: whole microseconds since 1970, so that a time read
/// back, written to another store and read again stays equal.
package enum StoredTime {
    /// `date` in microseconds since 1970.
    package static func micros(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000_000).rounded()) }
    /// The date `micros` microseconds after 1970.
    package static func date(_ micros: Int64) -> Date { Date(timeIntervalSince1970: Double(micros) / 1_000_000) }
}
