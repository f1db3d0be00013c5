import Ohana

/// How the phone numbers of some contacts were resolved: how many by each kind of evidence, how
/// many left unresolved or found to be junk, and a line for each of those naming the reason.
public struct PhoneResolutionSummary: Sendable, CustomStringConvertible {
    /// Resolved numbers by the evidence that decided their region.
    public var resolved: [PhoneRegionSource: Int] = [:]
    /// Numbers no evidence decided, kept as written.
    public var unresolved = 0
    /// Values that are no number.
    public var junk = 0
    /// One line per unresolved or junk number: contact, number as written, reason.
    public var notes: [String] = []

    /// Summarises the ``ContactField/phoneNumber`` details of every phone field of `contacts`.
    public init(_ contacts: [Contact]) {
        for contact in contacts {
            for field in contact.fields where field.type == .phoneNumber {
                guard let details = field.phoneNumber else { continue }
                switch details.status {
                case .resolved?:
                    if let source = details.regionSource { resolved[source, default: 0] += 1 }
                case .unresolved?, .junk?:
                    if details.status == .junk { junk += 1 } else { unresolved += 1 }
                    let name = contact.fullName.isEmpty ? "(no name)" : contact.fullName
                    notes.append("\(name): \"\(field.value)\": \(details.status == .junk ? "not a number" : "unresolved"): \(details.problem ?? "")")
                case nil:
                    break
                }
            }
        }
    }

    /// The counts in one line, then the notes, one a line.
    public var description: String {
        let total = resolved.values.reduce(0, +)
        let kinds = PhoneRegionSource.allCases.compactMap { source in
            resolved[source].map { "\($0) by \(source.explanation)" }
        }
        let head = "phone numbers: \(total) resolved (\(kinds.joined(separator: ", "))), \(unresolved) unresolved, \(junk) not a number"
        return ([head] + notes.map { "  " + $0 }).joined(separator: "\n")
    }
}
