/// Something that happened in the library, described as data: a name and typed properties, the way
/// Just Eat's JustTrack describes events, so that any number of trackers (logs, metrics, an
/// analytics service) can receive the same event.
///
/// Names are dotted and lower-case, `area.what_happened` (`contacts.loaded`,
/// `contacts.selection_refused`); properties name counts, durations in seconds, identifiers and
/// reasons. No property ever holds a contact's data (names, numbers, addresses).
public struct TrackedEvent: Sendable, Hashable, CustomStringConvertible {
    /// The event's name, such as `contacts.loaded`.
    public var name: String
    /// The event's properties, by name.
    public var properties: [String: TrackedValue]

    /// Creates an event.
    public init(_ name: String, _ properties: [String: TrackedValue] = [:]) {
        self.name = name
        self.properties = properties
    }

    /// The event in one line: its name, then its properties sorted by name.
    public var description: String {
        ([name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }
}

/// A property value of a ``TrackedEvent``.
public enum TrackedValue: Sendable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// Text: an identifier, a name of a step, a reason.
    case text(String)
    /// A count.
    case integer(Int)
    /// A measurement, such as a duration in seconds.
    case number(Double)
    /// A yes or no.
    case flag(Bool)

    /// Creates a text value.
    public init(stringLiteral value: String) { self = .text(value) }
    /// Creates a count.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// Creates a measurement.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a yes or no.
    public init(booleanLiteral value: Bool) { self = .flag(value) }

    /// The value as a number, for counts and measurements; `nil` for text and flags.
    public var numericValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .text, .flag: nil
        }
    }

    /// The value as written in a log line.
    public var description: String {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .flag(let value): String(value)
        }
    }
}

/// Receives the library's events. Register one with ``EventTrackers/add(_:)``; it is called on the
/// task that caused the event, so it should hand slow work (a network call) to a task of its own.
public protocol ContactsEventTracker: Sendable {
    /// Receives one event.
    func track(_ event: TrackedEvent)
}
