import Foundation
import Ohana
import OhanaStore

extension ContactRevision {
    /// The revision in one line, as `ohana history` prints it: number, time (UTC), action, contact
    /// id and name, then what changed field by field (``ContactDiff``).
    public var summaryLine: String {
        let name = (after ?? before)?.fullName ?? ""
        let changes = ContactDiff.changes(from: before, to: after)
        let what = switch action {
        case .created: "created"
        case .updated: "updated"
        case .deleted: "deleted"
        case .undone: "undid \(undoes.map { "revision \($0)" } ?? "a revision")"
        }
        var line = "\(number)  \(Self.timeFormat.format(date))  \(what)  \(contactID.rawValue)  \(name.isEmpty ? "(no name)" : name)"
        if action == .updated || action == .undone, !changes.isEmpty {
            line += "  (" + changes.map(\.description).joined(separator: "; ") + ")"
        }
        return line
    }

    /// `2026-11-29 06:50:12` in UTC.
    static let timeFormat = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
        .time(includingFractionalSeconds: false).timeSeparator(.colon).dateTimeSeparator(.space)
}
