/// Keeps only contacts that have a non-empty field of a given type (Ohana's `OHRequiredFieldPostProcessor`).
///
/// To show every contact but allow selecting only some, use ``RequiredFieldSelection`` instead.
/// Complexity: O(n).
public struct RequiredField: ContactsPostProcessor {
    /// The field type a contact must have.
    public let fieldType: ContactFieldType

    /// Creates the filter.
    public init(_ fieldType: ContactFieldType) { self.fieldType = fieldType }

    /// "RequiredField(<type>)".
    public var name: String { "RequiredField(\(fieldType.rawValue))" }

    /// Returns the contacts that have the field type, in order (removed in place: the others are
    /// not copied).
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        let fieldType = self.fieldType
        contacts.removeContacts(inParallelWhere: { !$0.fields.contains { $0.type == fieldType && !$0.value.isBlank } })
        return contacts
    }
}

/// Keeps only contacts that have a non-empty postal address (Ohana's `OHRequiredPostalAddressPostProcessor`).
///
/// Complexity: O(n).
public struct RequiredPostalAddress: ContactsPostProcessor {
    /// Creates the filter.
    public init() {}

    /// Returns the contacts with at least one non-empty postal address, in order.
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        contacts.removeContacts(inParallelWhere: { !$0.postalAddresses.contains { !$0.isEmpty } })
        return contacts
    }
}

/// Reverses the order of the contacts (Ohana's `OHReverseOrderPostProcessor`).
///
/// Complexity: O(n).
public struct ReverseOrder: ContactsPostProcessor {
    /// Creates the post processor.
    public init() {}

    /// Returns the contacts in reverse order.
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        contacts.reverse()
        return contacts
    }
}

/// Keeps only contacts for which a predicate returns `true`.
///
/// Complexity: O(n) calls of the predicate.
public struct ContactFilter: ContactsPostProcessor {
    /// The name shown in reports.
    public let name: String
    private let isIncluded: @Sendable (Contact) -> Bool

    /// Creates the filter.
    public init(name: String = "ContactFilter", _ isIncluded: @escaping @Sendable (Contact) -> Bool) {
        self.name = name
        self.isIncluded = isIncluded
    }

    /// Returns the contacts that pass, in order.
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        contacts.removeContacts { !isIncluded($0) }
        return contacts
    }
}

/// A one-off step given as a closure over the whole list.
public struct CustomPostProcessor: ContactsPostProcessor {
    /// The name shown in reports.
    public let name: String
    private let body: @Sendable ([Contact]) async throws -> [Contact]

    /// Creates the step.
    public init(name: String = "CustomPostProcessor", _ body: @escaping @Sendable ([Contact]) async throws -> [Contact]) {
        self.name = name
        self.body = body
    }

    /// Runs the closure.
    public func process(_ contacts: [Contact]) async throws -> [Contact] { try await body(contacts) }
}

/// A one-off step that changes each contact through a closure.
public struct ContactTransform: ContactsPostProcessor {
    /// The name shown in reports.
    public let name: String
    private let transform: @Sendable (inout Contact) -> Void

    /// Creates the step.
    public init(name: String = "ContactTransform", _ transform: @escaping @Sendable (inout Contact) -> Void) {
        self.name = name
        self.transform = transform
    }

    /// Returns every contact after the closure changed it (in place when the array is handed over).
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        contacts.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { transform(&buffer[index]) }
        }
        return contacts
    }
}

extension Array where Element == Contact {
    /// Removes the contacts `isRemoved` picks, keeping the others in order. Each contact is lent to
    /// `isRemoved` and moved, never copied (`removeAll(where:)` copies each element it tests).
    ///
    /// Complexity: O(n).
    mutating func removeContacts(where isRemoved: (Contact) throws -> Bool) rethrows {
        try compact { buffer, index in try !isRemoved(buffer[index]) }
    }

    /// Removes the contacts `isRemoved` picks, as ``removeContacts(where:)`` does, with `isRemoved`
    /// asked on every core first (filters of large books ran on one core between stages that use all).
    ///
    /// Complexity: O(n).
    mutating func removeContacts(inParallelWhere isRemoved: @Sendable (Contact) -> Bool) {
        let removed = parallelMap(self, minimumPerWorker: 4096, state: {}) { _, contact in isRemoved(contact) }
        compact { _, index in !removed[index] }
    }

    /// Keeps the contacts `isKept` picks (asked in order, with the buffer and the contact's index),
    /// moving them forward in place, and drops the rest.
    private mutating func compact(
        keeping isKept: (UnsafeMutableBufferPointer<Contact>, Int) throws -> Bool
    ) rethrows {
        var kept = 0
        try withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where try isKept(buffer, index) {
                if index != kept { buffer.swapAt(kept, index) }
                kept += 1
            }
        }
        removeLast(count - kept)
    }
}
