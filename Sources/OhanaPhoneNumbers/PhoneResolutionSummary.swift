import Ohana

/// How the phone numbers of some contacts were resolved: how many by each kind of evidence, how
/// many left unresolved, ambiguous or found to be junk, and a line for each of those naming the
/// reason (for an ambiguous one, its candidate regions and their evidence).
public struct PhoneResolutionSummary: Sendable, CustomStringConvertible {
    /// Resolved numbers by the evidence that decided their region.
    public var resolved: [PhoneRegionSource: Int] = [:]
    /// Numbers no evidence decided, kept as written.
    public var unresolved = 0
    /// Numbers valid in several regions the evidence names, none clearly stronger, kept as written.
    public var ambiguous = 0
    /// Values that are no number.
    public var junk = 0
    /// One line per unresolved, ambiguous or junk number: contact, number as written, reason.
    public var notes: [String] = []

    /// Summarises the ``ContactField/phoneNumber`` details of every phone field of `contacts`.
    public init(_ contacts: [Contact]) {
        for contact in contacts {
            for field in contact.fields where field.type == .phoneNumber {
                guard let details = field.phoneNumber else { continue }
                switch details.status {
                case .resolved?:
                    if let source = details.regionSource { resolved[source, default: 0] += 1 }
                case .unresolved?, .junk?, .ambiguous?:
                    let kind: String
                    switch details.status {
                    case .junk?: junk += 1; kind = "not a number"
                    case .ambiguous?: ambiguous += 1; kind = "ambiguous"
                    default: unresolved += 1; kind = "unresolved"
                    }
                    let name = contact.fullName.isEmpty ? "(no name)" : contact.fullName
                    notes.append("\(name): \"\(field.value)\": \(kind): \(details.problem ?? "")")
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
        let head = "phone numbers: \(total) resolved (\(kinds.joined(separator: ", "))), \(unresolved) unresolved, \(ambiguous) ambiguous, \(junk) not a number"
        return ([head] + notes.map { "  " + $0 }).joined(separator: "\n")
    }
}
