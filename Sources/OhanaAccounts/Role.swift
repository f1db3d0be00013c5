/// What an account may do on `ohana serve`; each role may do everything the ones before it may.
public enum AccountRole: String, CaseIterable, Comparable, Sendable, Codable {
    /// Reads and exports.
    case viewer
    /// Also writes: edits, merges, splits, keep-apart and review decisions.
    case editor
    /// Also manages accounts and reads the audit trail.
    case admin

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Whether `lhs` may do less than `rhs`.
    public static func < (lhs: AccountRole, rhs: AccountRole) -> Bool { lhs.rank < rhs.rank }
}
