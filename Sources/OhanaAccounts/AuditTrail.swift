import Foundation
import OhanaStore

/// The audit trail of a store's writes: who made each, when, and what it changed. The server
/// records each write route it serves with the signed-in account; the tool records its writes
/// (imports, dedupe merges, sync pushes) with the operating-system user (``osUser``).
public struct AuditTrail: Sendable {
    /// The store keeping the trail.
    public let store: any ContactStorage

    /// The trail of `store`.
    public init(store: any ContactStorage) { self.store = store }

    /// Records one write.
    @discardableResult
    public func record(account: String, action: String, detail: String, time: Date = Date()) async throws -> AuditEntry {
        try await store.recordAudit(AuditEntry(time: time, account: account, action: action, detail: detail))
    }

    /// The entries from `since` on (all of them when `nil`), oldest first.
    public func entries(since: Date? = nil) async throws -> [AuditEntry] {
        try await store.auditEntries(since: since)
    }

    /// The operating-system user running this process, as an audit entry names it: `os:NAME`.
    public static var osUser: String {
        let environment = ProcessInfo.processInfo.environment
        let name = environment["USER"] ?? environment["LOGNAME"] ?? ""
        return "os:" + (name.isEmpty ? "uid\(getuid())" : name)
    }
}

extension AuditTrail {
    /// A time as `--since` and `?since=` take it: a day (`2026-11-29`, UTC midnight) or an ISO 8601
    /// time (`2026-11-29T08:00:00Z`).
    public static func time(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }
}
