import Ohana
import OhanaStore

extension ContactChanges {
    /// The changes one per line, as `ohana changes` prints them: `added ID NAME`, `updated ID NAME`,
    /// `removed ID`, then `token TOKEN`.
    public var lines: [String] {
        added.map { "added \($0.id) \($0.fullName)" } + updated.map { "updated \($0.id) \($0.fullName)" }
            + removed.map { "removed \($0)" } + ["token \(token)"]
    }
}

extension MergeUndoResult {
    /// What an undo restored, for a reader: the restored contacts by name and id (the id alone
    /// when a contact has no name), then the merged contact that stays, if any.
    public var summaryLines: [String] {
        var lines = ["restored \(restored.count) contact(s), kept apart from now on: "
            + restored.map { $0.fullName.isEmpty ? $0.id.rawValue : "\($0.fullName) [\($0.id.rawValue)]" }.joined(separator: " | ")]
        if let remaining { lines.append("still merged: \(remaining.fullName) [\(remaining.id.rawValue)]") }
        return lines
    }
}
