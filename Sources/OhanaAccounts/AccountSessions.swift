import Crypto
import Foundation
import OhanaStore

/// Signed sessions of `ohana serve`: a cookie value that names the account, its session generation
/// and an expiry, signed with HMAC-SHA256 under a key kept in the store (a setting), so every serve
/// process on one PostgreSQL store accepts the sessions of the others without a table of sessions
/// to share, clean up or lock. Signing out or changing the password bumps the account's session
/// generation, which ends all of its sessions at once; removing the account ends them too.
///
/// Each session has a CSRF token derived from it (HMAC of the cookie under the same key), which the
/// page sends in a header with every write.
public struct AccountSessions: Sendable {
    /// The store keeping the key and the accounts.
    public let store: any ContactStorage
    /// How long a session lasts.
    public let lifetime: TimeInterval

    /// The setting the signing key is kept under.
    public static let keySetting = "ohana.accounts.session-key"

    /// Sessions of `store` that last `lifetime` seconds (12 hours by default).
    public init(store: any ContactStorage, lifetime: TimeInterval = 12 * 3600) {
        self.store = store
        self.lifetime = lifetime
    }

    /// A session as signed into its cookie.
    struct Claims: Codable {
        var user: String
        var generation: Int
        var expires: Int64
        var nonce: String
    }

    /// A new session for the account (after its password was checked): the cookie value.
    public func start(for account: Account, now: Date = Date()) async throws -> String {
        guard let stored = try await AccountBook(store: store).stored(account.name) else {
            throw AccountError("there is no account named '\(account.name)'")
        }
        let nonce = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
        let claims = Claims(user: stored.name, generation: stored.sessionGeneration,
                            expires: Int64(now.addingTimeInterval(lifetime).timeIntervalSince1970), nonce: nonce)
        let payload = try JSONEncoder().encode(claims)
        let key = try await key()
        return Self.base64URL(payload) + "." + Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: payload, using: key)))
    }

    /// The signed-in account of a cookie value, or `nil` when it is forged, expired, signed out or
    /// its account is gone.
    public func account(for cookie: String, now: Date = Date()) async throws -> Account? {
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Self.data(base64URL: parts[0]), let signature = Self.data(base64URL: parts[1]),
              let key = try await existingKey(),
              HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: payload, using: key),
              let claims = try? JSONDecoder().decode(Claims.self, from: payload),
              Double(claims.expires) > now.timeIntervalSince1970,
              let stored = try await AccountBook(store: store).stored(claims.user),
              stored.sessionGeneration == claims.generation else { return nil }
        return Account(stored)
    }

    /// The CSRF token of a session: what a write with that session's cookie must send.
    public func csrfToken(for cookie: String) async throws -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(("csrf:" + cookie).utf8), using: try await key())
        return Self.base64URL(Data(code))
    }

    /// Whether `token` is the CSRF token of the session `cookie`, compared in constant time.
    public func isValidCSRFToken(_ token: String, for cookie: String) async throws -> Bool {
        guard let key = try await existingKey(), let code = Self.data(base64URL: Substring(token)) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(("csrf:" + cookie).utf8), using: key)
    }

    /// The signing key, made (256 random bits) and kept in the store on first use.
    @discardableResult
    func key() async throws -> SymmetricKey {
        if let key = try await existingKey() { return key }
        try await store.setSetting(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }, for: Self.keySetting)
        // Two processes making the key at once: both go on with the one kept last.
        guard let key = try await existingKey() else { throw AccountError("the session key could not be kept") }
        return key
    }

    private func existingKey() async throws -> SymmetricKey? {
        try await store.setting(Self.keySetting).map { SymmetricKey(data: $0) }
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: Substring) -> Data? {
        var text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text)
    }
}
