import Foundation
import Ohana
import OhanaCardDAV
import OhanaStore

/// A CardDAV account a store syncs with: a name the person chose and the server's URL
/// (`carddav://USER@HOST/PATH`, never with a password). Kept in the store
/// (``CardDAVAccounts/setting``); its password comes from ``CardDAVCredentials``, never the store.
public struct CardDAVAccount: Codable, Hashable, Sendable {
    /// The account's name (`work`, `icloud`), unique in the store.
    public var name: String
    /// The URL, without a password.
    public var url: String
    /// When it was added.
    public var added: Date

    /// Creates an account.
    public init(name: String, url: String, added: Date = Date()) {
        self.name = name
        self.url = url
        self.added = added
    }

    /// The user name in the URL, if any.
    public var user: String? { URLComponents(string: url)?.user?.removingPercentEncoding }

    /// The server's host name.
    public var host: String? { URLComponents(string: url)?.host }
}

/// The CardDAV accounts of a store, in the order they were added (the first is where contacts
/// created in the store get their card).
public struct CardDAVAccounts: Codable, Hashable, Sendable {
    /// The store setting that keeps them.
    public static let setting = "ohana.carddavAccounts"

    /// The accounts, oldest first.
    public var accounts: [CardDAVAccount]

    /// Creates a list.
    public init(accounts: [CardDAVAccount] = []) {
        self.accounts = accounts
    }

    /// The accounts kept in `store` (none when never added).
    public static func load(from store: any ContactStorage) async throws -> CardDAVAccounts {
        guard let data = try await store.setting(setting) else { return CardDAVAccounts() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(CardDAVAccounts.self, from: data)
    }

    /// Keeps the accounts in `store`.
    public func save(to store: any ContactStorage) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try await store.setSetting(try encoder.encode(self), for: Self.setting)
    }

    /// Loads the accounts kept in `store`, changes them with `change` and keeps the result (nothing
    /// is kept when `change` throws).
    public static func update(in store: any ContactStorage,
                              _ change: (inout CardDAVAccounts) throws(CardDAVAccountError) -> Void) async throws {
        var accounts = try await load(from: store)
        try change(&accounts)
        try await accounts.save(to: store)
    }

    /// Adds an account: its name must be new, its URL a `carddav://` or `carddavs://` URL with a
    /// host and without a password, not already an account of the store.
    public mutating func add(_ account: CardDAVAccount) throws(CardDAVAccountError) {
        let name = account.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw .invalidName(account.name)
        }
        guard let components = URLComponents(string: account.url), ["carddav", "carddavs"].contains(components.scheme?.lowercased()),
              components.host.map({ !$0.isEmpty }) == true else {
            throw .invalidURL(account.url, "write carddav://USER@HOST:PORT/PATH (carddavs:// for TLS)")
        }
        guard components.password == nil else {
            throw .invalidURL(account.url, "a password is never kept in the store; use ~/.netrc or an environment variable")
        }
        if accounts.contains(where: { $0.name == name }) { throw .duplicateName(name) }
        if let other = accounts.first(where: { Self.sameServer($0.url, account.url) }) { throw .duplicateURL(account.url, other.name) }
        var added = account
        added.name = name
        accounts.append(added)
    }

    /// Removes the account named `name`; its contacts stay in the store.
    public mutating func remove(named name: String) throws(CardDAVAccountError) {
        guard let index = accounts.firstIndex(where: { $0.name == name }) else { throw .unknownAccount(name, accounts.map(\.name)) }
        accounts.remove(at: index)
    }

    /// Each account's name by the provider id its cards carry in the store (their provenance), for
    /// naming where a contact's values come from. An account whose URL cannot be read is left out.
    public func sourceNames() -> [String: String] {
        var names: [String: String] = [:]
        for account in accounts {
            guard let url = URL(string: account.url), let provider = try? CardDAVContactsProvider(url: url) else { continue }
            names[provider.identifier] = account.name
        }
        return names
    }

    /// The account named `name`.
    public func account(named name: String) throws(CardDAVAccountError) -> CardDAVAccount {
        guard let account = accounts.first(where: { $0.name == name }) else { throw .unknownAccount(name, accounts.map(\.name)) }
        return account
    }

    /// Whether two account URLs name the same address book (case of scheme and host, and a final slash, ignored).
    static func sameServer(_ a: String, _ b: String) -> Bool {
        func key(_ text: String) -> String {
            guard let c = URLComponents(string: text) else { return text }
            let path = c.path.hasSuffix("/") ? String(c.path.dropLast()) : c.path
            return "\(c.user ?? "")@\(c.host?.lowercased() ?? ""):\(c.port ?? 0)\(path)"
        }
        return key(a) == key(b)
    }
}

/// Why an account could not be added, removed or found.
public enum CardDAVAccountError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is empty or has characters other than letters, digits, `-`, `_` and `.`.
    case invalidName(String)
    /// The URL is not an account URL; the reason says what to write.
    case invalidURL(String, String)
    /// An account of that name exists.
    case duplicateName(String)
    /// The URL is already the account named in the second value.
    case duplicateURL(String, String)
    /// No account of that name; the store's accounts.
    case unknownAccount(String, [String])

    /// The error in one line.
    public var description: String {
        switch self {
        case .invalidName(let name): "'\(name)' is no account name: use letters, digits, -, _ and ."
        case .invalidURL(let url, let advice): "\(url): not an account URL: \(advice)"
        case .duplicateName(let name): "an account named '\(name)' exists already"
        case .duplicateURL(let url, let other): "\(url) is the account '\(other)' already"
        case .unknownAccount(let name, let known):
            "no account named '\(name)'" + (known.isEmpty ? "; add one with ohana account add" : " (accounts: \(known.joined(separator: ", ")))")
        }
    }
}
