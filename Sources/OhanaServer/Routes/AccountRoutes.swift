import Foundation
import Hummingbird
import Logging
import OhanaAccounts
import OhanaStore

extension AddressBookServer {
    /// Signing in and out, the session probe, and (for admins) the accounts and the audit trail.
    static func addAccountRoutes(to router: Router<ServerRequestContext>, auth: ServerAuthentication) {
        router.post("/api/login") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            let body = try await decodeBody(SignIn.self, from: request)
            let address = context.peerAddress
            switch await auth.throttle.verdict(account: body.user, address: address) {
            case .refuse:
                auth.logger.warning("sign-in refused: too many failures", metadata: ["account": "\(body.user.prefix(64))", "address": "\(address ?? "?")"])
                throw HTTPError(.tooManyRequests, message: "too many failed sign-ins; try again later")
            case .proceed(let delay):
                if delay > .zero { try await Task.sleep(for: delay) }
            }
            guard let account = try await auth.book.verifyPassword(name: body.user, password: body.password) else {
                let failures = await auth.throttle.recordFailure(account: body.user, address: address)
                auth.logger.warning("sign-in failed", metadata: [
                    "account": "\(body.user.prefix(64))", "address": "\(address ?? "?")", "failures": "\(failures)",
                ])
                if failures >= auth.access.throttle.refuseAfter {
                    throw HTTPError(.tooManyRequests, message: "too many failed sign-ins; try again later")
                }
                throw HTTPError(.unauthorized, message: "wrong account name or password")
            }
            await auth.throttle.recordSuccess(account: account.name)
            auth.logger.info("signed in", metadata: ["account": "\(account.name)", "address": "\(address ?? "?")"])
            let cookie = try await auth.sessions.start(for: account)
            let state = SessionInfo(user: account.name, role: account.role.rawValue, csrf: try await auth.sessions.csrfToken(for: cookie), auth: true)
            var response = try state.response(from: request, context: context)
            response.headers[.setCookie] = auth.setCookie(cookie, maxAge: Int(auth.access.sessionLifetime))
            return response
        }
        router.post("/api/logout") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            if let account = SignedInAccount.current { try await auth.book.endSessions(of: account.name) }
            var response = Response(status: .noContent)
            response.headers[.setCookie] = auth.setCookie("", maxAge: 0)
            return response
        }
        router.get("/api/session") { request, context -> SessionInfo in
            try QueryParameters(request, allowed: []).finish()
            let enforced = try await auth.isEnforced()
            guard let identity = try await auth.identify(request) else {
                if enforced { throw HTTPError(.unauthorized, message: "sign in first") }
                return SessionInfo(user: nil, role: nil, csrf: nil, auth: false)
            }
            let csrf = try await identity.cookie.asyncMap { try await auth.sessions.csrfToken(for: $0) }
            return SessionInfo(user: identity.account.name, role: identity.account.role.rawValue, csrf: csrf, auth: enforced)
        }
        router.get("/api/accounts") { request, _ -> AccountList in
            try QueryParameters(request, allowed: []).finish()
            return AccountList(accounts: try await auth.book.list())
        }
        // Managing accounts from the page: only while sign-in is required (an admin is signed in).
        router.post("/api/accounts") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            try await requireSignIn(auth)
            let body = try await decodeBody(NewAccount.self, from: request)
            guard let role = AccountRole(rawValue: body.role) else {
                throw HTTPError(.badRequest, message: "'role' must be viewer, editor or admin")
            }
            let account = try await accountOperation { try await auth.book.add(name: body.name, role: role, password: body.password) }
            var response = try account.response(from: request, context: context)
            response.status = .created
            return response
        }
        router.delete("/api/accounts/:name") { request, context -> HTTPResponse.Status in
            try QueryParameters(request, allowed: []).finish()
            try await requireSignIn(auth)
            let name = try pathID(context, "name")
            try await accountOperation { try await auth.book.remove(named: name) }
            return .noContent
        }
        router.get("/api/audit") { request, _ -> AuditList in
            var query = try QueryParameters(request, allowed: ["since"])
            let since = try query.text("since", required: false)
            try query.finish()
            var date: Date?
            if !since.isEmpty {
                guard let parsed = AuditTrail.time(since) else {
                    throw HTTPError(.badRequest, message: "'since' is not a date (2026-11-29) or an ISO 8601 time: \(since.prefix(40))")
                }
                date = parsed
            }
            return AuditList(entries: try await auth.trail.entries(since: date))
        }
    }
}

/// Refuses managing accounts while sign-in is off: nobody is signed in to answer for it.
private func requireSignIn(_ auth: ServerAuthentication) async throws {
    guard try await auth.isEnforced() else {
        throw HTTPError(.forbidden, message: "accounts are managed with `ohana user` while sign-in is off")
    }
}

/// Runs an account operation, its refusal as a 400 answer.
private func accountOperation<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as AccountError {
        throw HTTPError(.badRequest, message: error.description)
    }
}

extension Account: ResponseEncodable {}

/// The body of `POST /api/accounts`.
struct NewAccount: Decodable {
    var name: String
    var role: String
    var password: String
}

extension Optional {
    /// `map` for an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// The body of `POST /api/login`.
struct SignIn: Decodable {
    var user: String
    var password: String
}

/// Who is signed in, and the CSRF token the page sends with writes.
struct SessionInfo: Codable, ResponseEncodable {
    /// The account's name (`nil` when sign-in is off and nobody signed in).
    var user: String?
    /// Its role.
    var role: String?
    /// The CSRF token of the session (`nil` for a bearer token or no session).
    var csrf: String?
    /// Whether sign-in is required.
    var auth: Bool
}

/// `GET /api/accounts`.
struct AccountList: Codable, ResponseEncodable {
    var accounts: [Account]
}

/// `GET /api/audit`.
struct AuditList: Codable, ResponseEncodable {
    var entries: [AuditEntry]
}
