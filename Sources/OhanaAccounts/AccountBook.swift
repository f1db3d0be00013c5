import Crypto
import Dispatch
import Foundation
import HummingbirdBcrypt
import OhanaStore

/// An account as the tool and the server show it: never its hashes.
public struct Account: Hashable, Sendable, Codable {
    /// The account's name.
    public var name: String
    /// What it may do.
    public var role: AccountRole
    /// When it was added.
    public var created: Date
    /// How many API tokens it has.
    public var tokenCount: Int

    init(_ stored: StoredAccount) {
        name = stored.name
        role = AccountRole(rawValue: stored.role) ?? .viewer
        created = stored.created
        tokenCount = stored.tokenHashes.count
    }
}

/// Why an account operation was refused, in a user's words.
public struct AccountError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

/// The accounts of a store: adding, changing passwords, removing, listing, API tokens, and checking
/// a password or a token. Passwords are hashed with bcrypt (salted, slow; checked in constant time
/// by bcrypt's own comparison); tokens are 256 random bits, shown once and kept as their SHA-256.
public struct AccountBook: Sendable {
    /// The store that keeps the accounts.
    public let store: any ContactStorage
    /// bcrypt's cost (log2 of its rounds) for new password hashes.
    public let cost: UInt8

    /// The accounts of `store`; `cost` is bcrypt's (12 by default; tests use less).
    public init(store: any ContactStorage, cost: UInt8 = 12) {
        self.store = store
        self.cost = min(max(cost, 4), 31)
    }

    /// The shortest password accepted.
    public static let minimumPasswordLength = 8
    /// The longest password accepted: bcrypt reads only the first 72 bytes.
    public static let maximumPasswordBytes = 72

    /// Whether `name` may name an account: 1–64 letters, digits, `.`, `_`, `-` or `@`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-@".unicodeScalars.contains($0) }
    }

    /// Every account, by name.
    public func list() async throws -> [Account] {
        try await store.accounts().map(Account.init)
    }

    /// The account named `name`, if there is one.
    public func account(named name: String) async throws -> Account? {
        try await stored(name).map(Account.init)
    }

    /// Whether the store has any account.
    public func hasAccounts() async throws -> Bool {
        try await !store.accounts().isEmpty
    }

    /// Adds an account; throws when the name is taken or invalid or the password too short.
    @discardableResult
    public func add(name: String, role: AccountRole, password: String) async throws -> Account {
        guard Self.isValidName(name) else {
            throw AccountError("'\(name.prefix(80))' is not an account name: use 1 to 64 letters, digits, '.', '_', '-' or '@'")
        }
        if try await stored(name) != nil { throw AccountError("there is already an account named '\(name)'") }
        let account = StoredAccount(name: name, role: role.rawValue, passwordHash: try await hash(password))
        try await store.saveAccount(account)
        _ = try await AccountSessions(store: store).key()
        return Account(account)
    }

    /// Changes an account's password; its sessions end.
    public func changePassword(of name: String, to password: String) async throws {
        var account = try await existing(name)
        account.passwordHash = try await hash(password)
        account.sessionGeneration += 1
        try await store.saveAccount(account)
    }

    /// Changes an account's role.
    public func changeRole(of name: String, to role: AccountRole) async throws {
        var account = try await existing(name)
        account.role = role.rawValue
        try await store.saveAccount(account)
    }

    /// Removes an account (its sessions and tokens end with it).
    public func remove(named name: String) async throws {
        guard try await store.removeAccount(named: name) else { throw AccountError("there is no account named '\(name)'") }
    }

    /// Issues a new API token for the account: returned once, kept only as its hash.
    public func issueToken(for name: String) async throws -> String {
        var account = try await existing(name)
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = "ohana_" + bytes.map { String(format: "%02x", $0) }.joined()
        account.tokenHashes.append(Self.tokenHash(token))
        try await store.saveAccount(account)
        return token
    }

    /// The account whose password this is, or `nil` (an unknown name takes as long as a wrong password).
    public func verifyPassword(name: String, password: String) async throws -> Account? {
        let account = try await stored(name)
        let hash = account?.passwordHash ?? Self.unknownAccountHash
        let matches = await Self.offPool { Bcrypt.verify(password, hash: hash) }
        guard let account, matches else { return nil }
        return Account(account)
    }

    /// The account holding this API token, or `nil`.
    public func verifyToken(_ token: String) async throws -> Account? {
        let hash = Self.tokenHash(token)
        var found: StoredAccount?
        for account in try await store.accounts() {
            for stored in account.tokenHashes where Self.constantTimeEqual(stored, hash) { found = account }
        }
        return found.map(Account.init)
    }

    /// Ends every session of the account (signing out): cookies signed before no longer work.
    public func endSessions(of name: String) async throws {
        var account = try await existing(name)
        account.sessionGeneration += 1
        try await store.saveAccount(account)
    }

    // MARK: Helpers

    func stored(_ name: String) async throws -> StoredAccount? {
        try await store.accounts().first { $0.name == name }
    }

    private func existing(_ name: String) async throws -> StoredAccount {
        guard let account = try await stored(name) else { throw AccountError("there is no account named '\(name)'") }
        return account
    }

    private func hash(_ password: String) async throws -> String {
        guard password.count >= Self.minimumPasswordLength else {
            throw AccountError("a password needs at least \(Self.minimumPasswordLength) characters")
        }
        guard password.utf8.count <= Self.maximumPasswordBytes else {
            throw AccountError("a password may have at most \(Self.maximumPasswordBytes) bytes (bcrypt reads no more)")
        }
        let cost = cost
        return await Self.offPool { Bcrypt.hash(password, cost: cost) }
    }

    /// A bcrypt hash no password is checked against in vain: checking an unknown account's
    /// password against it takes as long as checking a known one's.
    private static let unknownAccountHash = Bcrypt.hash(UUID().uuidString, cost: 12)

    /// The SHA-256 of a token, in hex.
    static func tokenHash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether two strings are equal, in time that depends only on their lengths.
    package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Runs slow work (bcrypt) on a dispatch thread, off Swift's cooperative pool.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
