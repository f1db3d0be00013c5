import Hummingbird
import OhanaAccounts

/// What each route needs, by method and path prefix, so that routes added later fall under the
/// rule of their kind: the page and signing in are open; reading and exporting (picker sessions
/// included) need a viewer; every other write under `/api` an editor; accounts and the audit
/// trail an admin.
enum AccessRules {
    /// What a request needs.
    enum Requirement: Equatable {
        /// Nothing: the page's files, signing in, the session probe.
        case open
        /// A signed-in account with at least this role.
        case role(AccountRole)
    }

    /// Paths anyone may reach.
    static let openPaths: Set<String> = ["/api/login", "/api/session"]
    /// Prefixes of what only an admin may reach.
    static let adminPrefixes = ["/api/accounts", "/api/audit"]
    /// Prefixes whose writes are reading and exporting (picker sessions), open to a viewer.
    static let viewerWritePrefixes = ["/api/sessions", "/api/logout"]

    /// What `method path` needs.
    static func requirement(_ method: HTTPRequest.Method, _ path: String) -> Requirement {
        if openPaths.contains(path) { return .open }
        if adminPrefixes.contains(where: { hasPrefix(path, $0) }) { return .role(.admin) }
        guard path.hasPrefix("/api/") || path == "/metrics" else { return .open }
        if isRead(method) || viewerWritePrefixes.contains(where: { hasPrefix(path, $0) }) { return .role(.viewer) }
        return .role(.editor)
    }

    /// Whether the method only reads.
    static func isRead(_ method: HTTPRequest.Method) -> Bool { method == .get || method == .head }

    /// Whether `path` is `prefix` or under it.
    private static func hasPrefix(_ path: String, _ prefix: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    /// The audit trail's word for a write, or `nil` for writes that change nothing in the store
    /// (picker sessions, signing in and out).
    static func auditAction(_ method: HTTPRequest.Method, _ path: String) -> String? {
        if isRead(method) || path == "/api/login" || viewerWritePrefixes.contains(where: { hasPrefix(path, $0) }) { return nil }
        let parts = path.split(separator: "/").map(String.init)
        if parts.starts(with: ["api", "accounts"]) { return method == .delete ? "account-remove" : "account-add" }
        if parts.starts(with: ["api", "merges"]), let last = parts.last {
            switch last {
            case "accept": return "merge-accept"
            case "keep-apart": return "keep-apart"
            case "reset": return "merge-reset"
            case "apply": return "merge"
            default: break
            }
        }
        if parts.starts(with: ["api", "merged"]), parts.last == "split" { return "split" }
        if parts.starts(with: ["api", "merged"]), parts.last == "remove" { return "split-member" }
        if parts.starts(with: ["api", "review"]) { return "review-decision" }
        if parts.starts(with: ["api", "links"]) { return "link-decision" }
        if parts.starts(with: ["api", "contacts"]) {
            switch method {
            case .post: return "contact-create"
            case .delete: return "contact-delete"
            default: return "contact-update"
            }
        }
        return method.rawValue.lowercased() + " " + path
    }
}
