/// Combines post processors with a logical operation over contact identity
/// (Ohana's `OHCompositeAndPostProcessor`, `…OrPostProcessor`, `…XorPostProcessor`).
///
/// Every inner post processor receives the same input. The result keeps the input's order and,
/// for each contact, the version the first inner post processor that kept it returned.
/// - ``Operation/and``: contacts every post processor kept.
/// - ``Operation/or``: contacts at least one kept.
/// - ``Operation/xor``: contacts exactly one kept. With more than two post processors this is
///   "exactly one", not parity: a contact kept by three of three is left out.
///
/// An empty result is an empty list; with no inner post processors, `and` and `or` return
/// nothing and so does `xor`. Contacts that inner post processors create (new ids) are kept
/// after the input's contacts, in the order they first appear. Complexity: O(k·n) for k inner
/// post processors plus their own cost.
public struct Composite: ContactsPostProcessor {
    /// The logical operation.
    public enum Operation: String, Sendable {
        /// Kept by all.
        case and
        /// Kept by at least one.
        case or
        /// Kept by exactly one.
        case xor
    }

    /// The operation.
    public let operation: Operation
    /// The inner post processors.
    public let postProcessors: [any ContactsPostProcessor]

    /// Creates a composite.
    public init(_ operation: Operation, _ postProcessors: [any ContactsPostProcessor]) {
        self.operation = operation
        self.postProcessors = postProcessors
    }

    /// "Composite.<op>(<inner names>)".
    public var name: String {
        "Composite.\(operation.rawValue)(\(postProcessors.map(\.name).joined(separator: ", ")))"
    }

    /// Prepares every inner post processor.
    public func prepare() async {
        for processor in postProcessors { await processor.prepare() }
    }

    /// Runs every inner post processor on the input and combines their results.
    public func process(_ contacts: [Contact]) async throws -> [Contact] {
        guard !postProcessors.isEmpty else { return [] }
        // The input's contacts by slot (an id's first position): counts and first versions in
        // arrays, one hash lookup per contact returned; contacts the inner ones create, by id.
        var slots: [ContactID: Int] = [:]
        slots.reserveCapacity(contacts.count)
        for (index, contact) in contacts.enumerated() where slots[contact.id] == nil { slots[contact.id] = index }
        var counts = [Int](repeating: 0, count: contacts.count)
        var firstVersion = [Contact?](repeating: nil, count: contacts.count)
        var lastCounted = [Int](repeating: -1, count: contacts.count)
        var createdCounts: [ContactID: Int] = [:]
        var createdVersion: [ContactID: Contact] = [:]
        var created: [ContactID] = []
        for (position, processor) in postProcessors.enumerated() {
            var createdHere = Set<ContactID>()
            for contact in try await processor.process(contacts) {
                if let slot = slots[contact.id] {
                    guard lastCounted[slot] != position else { continue }
                    lastCounted[slot] = position
                    counts[slot] += 1
                    if firstVersion[slot] == nil { firstVersion[slot] = contact }
                } else if createdHere.insert(contact.id).inserted {
                    createdCounts[contact.id, default: 0] += 1
                    if createdVersion[contact.id] == nil {
                        createdVersion[contact.id] = contact
                        created.append(contact.id)
                    }
                }
            }
        }
        let needed = postProcessors.count
        func passes(_ n: Int) -> Bool {
            switch operation {
            case .and: return n == needed
            case .or: return n >= 1
            case .xor: return n == 1
            }
        }
        var result: [Contact] = []
        for (index, contact) in contacts.enumerated() where slots[contact.id] == index && passes(counts[index]) {
            if let version = firstVersion[index] { result.append(version) }
        }
        for id in created where passes(createdCounts[id] ?? 0) {
            if let version = createdVersion[id] { result.append(version) }
        }
        return result
    }
}
