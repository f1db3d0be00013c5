import Foundation
import Hummingbird
import Logging
import OhanaAccounts
import OhanaAddressBook

/// The account a request is served for, while its route runs (`nil` when sign-in is off).
public enum SignedInAccount {
    /// The account of the request being served.
    @TaskLocal public static var current: Account?
}

/// Signs requests in (session cookie or `Authorization: Bearer` token), enforces each route's
/// role (``AccessRules``) and the CSRF token of cookie-signed writes, and records every write that
/// succeeded in the store's audit trail with its account.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let auth: ServerAuthentication

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let enforced = try await auth.isEnforced()
        // With sign-in off, a stale token or cookie is no reason to refuse anything.
        let identity = enforced ? try await auth.identify(request) : try? await auth.identify(request)
        if enforced, case .role(let role) = AccessRules.requirement(request.method, path) {
            guard let identity else { throw HTTPError(.unauthorized, message: "sign in first") }
            guard identity.account.role >= role else {
                throw HTTPError(.forbidden, message: "the \(identity.account.role.rawValue) '\(identity.account.name)' may not do this: it needs the \(role.rawValue) role")
            }
            if !AccessRules.isRead(request.method), let cookie = identity.cookie {
                let token = request.headers[ServerAuthentication.csrfHeader] ?? ""
                guard try await auth.sessions.isValidCSRFToken(token, for: cookie) else {
                    throw HTTPError(.forbidden, message: "this write lacks the page's CSRF token (\(ServerAuthentication.csrfHeader))")
                }
            }
        }
        // What a write asked for goes into its audit entry (never an account's body: it holds a password).
        let action = AccessRules.auditAction(request.method, path)
        var request = request
        var asked = ""
        if action != nil, !path.hasPrefix("/api/accounts"),
           let body = try? await request.collectBody(upTo: AddressBookServer.maximumBodySize), body.readableBytes > 0 {
            asked = " " + String(String(buffer: body).prefix(500))
        }
        let response = try await SignedInAccount.$current.withValue(identity?.account) { [request] in
            try await next(request, context)
        }
        if (200..<300).contains(response.status.code), let action {
            let who = identity?.account.name ?? "anonymous" + (context.peerAddress.map { "@" + $0 } ?? "")
            do {
                try await auth.trail.record(account: who, action: action, detail: "\(request.method) \(request.uri)" + asked)
            } catch {
                // The write is done; answering it as failed would be wrong, so the lost entry is logged.
                auth.logger.error("the audit trail did not take a write", metadata: [
                    "account": "\(who)", "action": "\(action)", "uri": "\(request.uri)", "error": "\(error)",
                ])
            }
        }
        return response
    }
}

/// How the server signs requests in: the store's accounts, signed sessions, the throttle.
struct ServerAuthentication: Sendable {
    /// The request header carrying the CSRF token.
    static let csrfHeader = FieldName("X-CSRF-Token")!
    /// The session cookie's name.
    static let cookieName = "ohana_session"

    let access: ServerAccess
    let addressBook: AddressBook
    let throttle: SignInThrottle
    let logger: Logger

    init(access: ServerAccess, addressBook: AddressBook, logger: Logger) {
        self.access = access
        self.addressBook = addressBook
        self.throttle = SignInThrottle(policy: access.throttle)
        self.logger = logger
    }

    /// The accounts of the address book's store.
    var book: AccountBook { get async { AccountBook(store: await addressBook.store) } }
    /// The signed sessions of the store.
    var sessions: AccountSessions { get async { AccountSessions(store: await addressBook.store, lifetime: access.sessionLifetime) } }
    /// The store's audit trail.
    var trail: AuditTrail { get async { AuditTrail(store: await addressBook.store) } }

    /// Who a request is from, and the session cookie it was signed in with.
    struct Identity {
        var account: Account
        var cookie: String?
    }

    /// Whether sign-in is required now.
    func isEnforced() async throws -> Bool {
        switch access.mode {
        case .off: false
        case .required: true
        case .whenAccountsExist: try await book.hasAccounts()
        }
    }

    /// The account a request is signed in as, if any; a bearer token that names none is refused.
    func identify(_ request: Request) async throws -> Identity? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
            guard let account = try await book.verifyToken(token) else {
                throw HTTPError(.unauthorized, message: "the API token is not valid")
            }
            return Identity(account: account, cookie: nil)
        }
        guard let cookie = request.cookies[Self.cookieName]?.value, !cookie.isEmpty,
              let account = try await sessions.account(for: cookie) else { return nil }
        return Identity(account: account, cookie: cookie)
    }

    /// The `Set-Cookie` value of a session (empty and expired to sign out).
    func setCookie(_ value: String, maxAge: Int) -> String {
        "\(Self.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (access.tls ? "; Secure" : "")
    }
}
