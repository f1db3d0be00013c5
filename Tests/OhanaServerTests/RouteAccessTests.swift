import Foundation
import Hummingbird
import HummingbirdTesting
import OhanaAccounts
import OhanaServer
import Testing

/// Every registered route, for every role and for no session: what each may reach, by the rule of
/// issue #39 written out here on its own (not read from the server's table).
@Suite("Roles on every route")
struct RouteAccessTests {
    /// The least role a route needs, or `nil` when anyone may reach it.
    static func expectedRole(_ method: HTTPRequest.Method, _ path: String) -> AccountRole? {
        if path == "/api/login" || path == "/api/session" { return nil }
        if path.hasPrefix("/api/accounts") || path.hasPrefix("/api/audit") { return .admin }
        if !path.hasPrefix("/api/") && path != "/metrics" { return nil }
        let reads = method == .get || method == .head
        // Picker sessions are how a viewer exports; signing out is anyone's.
        if reads || path.hasPrefix("/api/sessions") || path == "/api/logout" { return .viewer }
        return .editor
    }

    /// A concrete path for a route's pattern.
    static func concrete(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
            if part.hasPrefix(":") { return "x" + part.dropFirst() }
            if part == "**" { return "no-such-thing" }
            return String(part)
        }.joined(separator: "/")
    }

    @Test("each route answers 401 without a session, 403 to a role below its own, and neither to its role and above")
    func walk() async throws {
        let server = try await SignedInServer.make()
        let routes = server.router.routes.map { (method: $0.method, path: $0.path.description) }
        #expect(routes.count > 25, "routes found: \(routes.count)")
        // The writes every later change falls under by method and path prefix are among them.
        #expect(routes.contains { $0.method == .post && $0.path == "/api/merges/apply" })
        let callers: [AccountRole?] = [nil, .viewer, .editor, .admin]
        let tokens = server.tokens
        try await Application(router: server.router).test(.router) { client in
            var checked = 0
            for route in routes {
                let path = Self.concrete(route.path)
                let needed = Self.expectedRole(route.method, path)
                for caller in callers {
                    var headers: HTTPFields = [.contentType: "application/json"]
                    if let caller { headers[.authorization] = "Bearer " + tokens[caller]! }
                    let response = try await client.execute(uri: path, method: route.method, headers: headers,
                                                            body: ByteBuffer(string: "{}"))
                    let status = response.status
                    let label = "\(route.method) \(route.path) as \(caller?.rawValue ?? "nobody")"
                    switch (needed, caller) {
                    case (nil, _):
                        if path == "/api/session" && caller == nil {
                            #expect(status == .unauthorized, "\(label): \(status)")
                        } else {
                            #expect(status != .unauthorized && status != .forbidden, "\(label): \(status)")
                        }
                    case (.some, nil):
                        #expect(status == .unauthorized, "\(label): \(status)")
                    case (.some(let role), .some(let caller)) where caller < role:
                        #expect(status == .forbidden, "\(label): \(status)")
                    default:
                        #expect(status != .unauthorized && status != .forbidden, "\(label): \(status)")
                    }
                    checked += 1
                }
            }
            #expect(checked == routes.count * callers.count)
        }
    }
}
