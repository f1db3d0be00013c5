/// Why a filter refused to select or deselect a contact.
public struct SelectionRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The contact that was refused.
    public var contact: Contact
    /// The name of the filter that refused it.
    public var filterName: String
    /// Why, in words a user understands.
    public var reason: String

    /// Creates a refusal.
    public init(contact: Contact, filterName: String, reason: String) {
        self.contact = contact
        self.filterName = filterName
        self.reason = reason
    }

    /// "<name>: refused by <filter>: <reason>".
    public var description: String {
        "\(contact.fullName.isEmpty ? contact.id.rawValue : contact.fullName): refused by \(filterName): \(reason)"
    }
}

/// What a selection filter lets through, and what it refuses and why.
public struct SelectionFilterResult: Sendable {
    /// The contacts the filter allows, in the order given.
    public var allowed: [Contact]
    /// The contacts the filter refuses, with reasons.
    public var refusals: [SelectionRefusal]

    /// Creates a result.
    public init(allowed: [Contact], refusals: [SelectionRefusal] = []) {
        self.allowed = allowed
        self.refusals = refusals
    }
}

/// An event a selection filter reports after the selection changed or a change was refused.
public struct SelectionFilterEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The selection reached the filter's maximum count.
        case reachedMaximum(count: Int)
        /// A selection was refused because it would have exceeded the maximum.
        case attemptedToExceedMaximum(refused: [Contact])
        /// The selection was at the maximum and is now below it.
        case noLongerAtMaximum
        /// The selection came down to the filter's minimum count.
        case reachedMinimum(count: Int)
        /// A deselection was refused because it would have gone below the minimum.
        case attemptedToGoBelowMinimum(refused: [Contact])
        /// The selection was at the minimum and is now above it.
        case noLongerAtMinimum
        /// An event of a custom filter.
        case custom(String)
    }

    /// The name of the filter reporting the event.
    public var filterName: String
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(filterName: String, kind: Kind) {
        self.filterName = filterName
        self.kind = kind
    }
}

/// A rule that decides which contacts may be selected or deselected (Ohana's selection filters).
///
/// Filters are stateless: the data source passes the current selection. They run in order; each
/// sees only what the previous ones allowed.
public protocol ContactsSelectionFilter: Sendable {
    /// A short name shown in refusals and events; defaults to the type's name.
    var name: String { get }

    /// Decides which of `candidates` may be added to `selected`.
    func filter(selecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult

    /// Decides which of `candidates` may be removed from `selected`.
    func filter(deselecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult

    /// The events to report after a selection or deselection attempt.
    ///
    /// - Parameters:
    ///   - old: The selection before the attempt.
    ///   - new: The selection after it.
    ///   - refused: What this filter refused in the attempt.
    func events(from old: [Contact], to new: [Contact], refused: [Contact]) -> [SelectionFilterEvent]
}

extension ContactsSelectionFilter {
    /// The type's name.
    public var name: String { String(describing: type(of: self)) }

    /// Allows every selection.
    public func filter(selecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult {
        SelectionFilterResult(allowed: candidates)
    }

    /// Allows every deselection.
    public func filter(deselecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult {
        SelectionFilterResult(allowed: candidates)
    }

    /// Reports no events.
    public func events(from old: [Contact], to new: [Contact], refused: [Contact]) -> [SelectionFilterEvent] { [] }
}

/// Allows at most a given number of selected contacts (Ohana's `OHMaximumSelectedCountSelectionFilter`).
///
/// Reports ``SelectionFilterEvent/Kind/reachedMaximum(count:)``,
/// ``SelectionFilterEvent/Kind/attemptedToExceedMaximum(refused:)`` and
/// ``SelectionFilterEvent/Kind/noLongerAtMaximum``.
public struct MaximumSelectedCount: ContactsSelectionFilter {
    /// The largest number of contacts that may be selected.
    public let maximum: Int

    /// Creates the filter; a negative maximum counts as zero.
    public init(_ maximum: Int) { self.maximum = max(0, maximum) }

    /// Allows candidates in order until the maximum is reached and refuses the rest.
    public func filter(selecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult {
        admitting(candidates, room: maximum - selected.count, filterName: name,
                  reason: "at most \(maximum) contact\(maximum == 1 ? "" : "s") can be selected")
    }

    /// Reports reaching, exceeding and leaving the maximum.
    public func events(from old: [Contact], to new: [Contact], refused: [Contact]) -> [SelectionFilterEvent] {
        var events: [SelectionFilterEvent] = []
        if new.count >= maximum && old.count < maximum {
            events.append(.init(filterName: name, kind: .reachedMaximum(count: maximum)))
        }
        if !refused.isEmpty {
            events.append(.init(filterName: name, kind: .attemptedToExceedMaximum(refused: refused)))
        }
        if old.count >= maximum && new.count < maximum {
            events.append(.init(filterName: name, kind: .noLongerAtMaximum))
        }
        return events
    }
}

/// Keeps at least a given number of contacts selected (Ohana's `OHMinimumSelectedCountSelectionFilter`).
///
/// Deselections that would go below the minimum are refused. Reports
/// ``SelectionFilterEvent/Kind/reachedMinimum(count:)``,
/// ``SelectionFilterEvent/Kind/attemptedToGoBelowMinimum(refused:)`` and
/// ``SelectionFilterEvent/Kind/noLongerAtMinimum``.
public struct MinimumSelectedCount: ContactsSelectionFilter {
    /// The smallest number of contacts that must stay selected.
    public let minimum: Int

    /// Creates the filter; a negative minimum counts as zero.
    public init(_ minimum: Int) { self.minimum = max(0, minimum) }

    /// Allows deselections in order while the selection stays at or above the minimum.
    public func filter(deselecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult {
        admitting(candidates, room: selected.count - minimum, filterName: name,
                  reason: "at least \(minimum) contact\(minimum == 1 ? "" : "s") must stay selected")
    }

    /// Reports reaching, going below and leaving the minimum.
    public func events(from old: [Contact], to new: [Contact], refused: [Contact]) -> [SelectionFilterEvent] {
        var events: [SelectionFilterEvent] = []
        if new.count <= minimum && old.count > minimum {
            events.append(.init(filterName: name, kind: .reachedMinimum(count: minimum)))
        }
        if !refused.isEmpty {
            events.append(.init(filterName: name, kind: .attemptedToGoBelowMinimum(refused: refused)))
        }
        if old.count <= minimum && new.count > minimum {
            events.append(.init(filterName: name, kind: .noLongerAtMinimum))
        }
        return events
    }
}

/// Allows selecting only contacts that have a field of a given type (Ohana's `OHRequiredFieldSelectionFilter`).
public struct RequiredFieldSelection: ContactsSelectionFilter {
    /// The field type a selectable contact must have.
    public let fieldType: ContactFieldType

    /// Creates the filter.
    public init(_ fieldType: ContactFieldType) { self.fieldType = fieldType }

    /// Refuses candidates without a non-empty field of the required type.
    public func filter(selecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult {
        var result = SelectionFilterResult(allowed: [])
        for contact in candidates {
            if contact.fields.contains(where: { $0.type == fieldType && !$0.value.isBlank }) {
                result.allowed.append(contact)
            } else {
                result.refusals.append(SelectionRefusal(
                    contact: contact, filterName: name, reason: "has no \(fieldType.displayName)"))
            }
        }
        return result
    }
}

/// Allows selecting only contacts for which a closure returns `true`.
public struct SelectionPredicate: ContactsSelectionFilter {
    /// The filter's name in refusals.
    public let name: String
    /// The reason given when a contact is refused.
    public let reason: String
    private let predicate: @Sendable (Contact) -> Bool

    /// Creates the filter.
    public init(name: String, reason: String, _ predicate: @escaping @Sendable (Contact) -> Bool) {
        self.name = name
        self.reason = reason
        self.predicate = predicate
    }

    /// Refuses candidates for which the predicate is false.
    public func filter(selecting candidates: [Contact], selected: [Contact]) -> SelectionFilterResult {
        var result = SelectionFilterResult(allowed: [])
        for contact in candidates {
            if predicate(contact) { result.allowed.append(contact) }
            else { result.refusals.append(SelectionRefusal(contact: contact, filterName: name, reason: reason)) }
        }
        return result
    }
}

/// Allows the first `room` candidates, in order, and refuses the rest with `reason`.
private func admitting(_ candidates: [Contact], room: Int, filterName: String, reason: String) -> SelectionFilterResult {
    let allowed = max(0, room)
    return SelectionFilterResult(
        allowed: Array(candidates.prefix(allowed)),
        refusals: candidates.dropFirst(allowed).map { SelectionRefusal(contact: $0, filterName: filterName, reason: reason) })
}

extension ContactFieldType {
    /// Words for the type, as in "has no phone number".
    public var displayName: String {
        switch self {
        case .phoneNumber: "phone number"
        case .emailAddress: "email address"
        case .url: "URL"
        case .instantMessage: "instant messaging address"
        case .other: "other field"
        }
    }
}
