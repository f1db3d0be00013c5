import Foundation
import Ohana
import OhanaStore

/// Stored contacts as the address book shows them: the members of each link (``ContactLinks``)
/// as one aggregated contact, every other contact as it is. `ohana list`, `search`, `show`,
/// `export` and the page all read contacts through it.
///
/// An aggregated contact is its members merged as a user's merge is (``StoredMerges/mergedContact(of:)``:
/// every value of every card, once), with the first member's id, in the place of the first
/// member present. Nothing is written: the members stay the stored contacts their accounts sync.
///
/// Complexity: O(n) in the contacts, plus one merge per link.
public struct AggregatedContacts: Sendable {
    /// The links the contacts were aggregated with.
    public let links: ContactLinks
    /// The contacts, each link's members as one.
    public private(set) var contacts: [Contact]
    /// The members of each aggregated contact, by its id, in link order (only linked contacts).
    public private(set) var members: [ContactID: [Contact]] = [:]
    /// The aggregated contact's id of each linked member.
    private var aggregateOf: [ContactID: ContactID] = [:]

    /// Aggregates `stored` (in the order given) with `links`; members not among `stored` are left out.
    public init(_ stored: [Contact], links: ContactLinks) {
        let present = Set(stored.map(\.id))
        self.links = links.keeping(only: present)
        guard !self.links.links.isEmpty else {
            contacts = stored
            return
        }
        let byID = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for link in self.links.links {
            for member in link.members { aggregateOf[member] = link.id }
            members[link.id] = link.members.compactMap { byID[$0] }
        }
        var placed: Set<ContactID> = []
        var result: [Contact] = []
        result.reserveCapacity(stored.count)
        for contact in stored {
            guard let id = aggregateOf[contact.id] else {
                result.append(contact)
                continue
            }
            guard placed.insert(id).inserted, let group = members[id] else { continue }
            result.append(Self.aggregate(group))
        }
        contacts = result
    }

    /// `contacts` read from `store` with the store's links applied: each linked card replaced by
    /// its aggregated contact (its other cards read from the store when they are not among
    /// `contacts`), once. `contacts` as they are when the store has no links.
    public static func reading(_ contacts: [Contact], from store: any ContactStorage) async throws -> [Contact] {
        let links = try await ContactLinks.load(from: store)
        guard !links.links.isEmpty else { return contacts }
        let have = Set(contacts.map(\.id))
        let linkOf = links.linkIndexByMember()
        var wanted: Set<Int> = []
        for contact in contacts { if let index = linkOf[contact.id] { wanted.insert(index) } }
        let missing = wanted.sorted().flatMap { links.links[$0].members }.filter { !have.contains($0) }
        let others = try await ContactStoreService.contacts(missing, in: store)
        return AggregatedContacts(contacts + others, links: links).contacts
    }

    /// One aggregated contact of `members` (the first one's id): every value of every card, once.
    static func aggregate(_ members: [Contact]) -> Contact {
        var merged = StoredMerges.mergedContact(of: members)
        merged.mergedContactIDs = members[0].mergedContactIDs
        return merged
    }

    /// The aggregated contact's id for a stored contact's id (itself when it is not linked).
    public func aggregatedID(of id: ContactID) -> ContactID {
        aggregateOf[id] ?? id
    }

    /// The link of an aggregated contact (by its id or any member's), if it is one.
    public func link(of id: ContactID) -> ContactLink? {
        aggregateOf[id].flatMap { links.link(containing: $0) }
    }

    /// Where each value of the aggregated contact `contact` comes from: the source names
    /// (``ContactLinks/sourceName(of:)``) of the members holding it; empty for an unlinked contact.
    public func sources(of contact: Contact) -> ValueSources {
        guard let group = members[aggregatedID(of: contact.id)] else { return ValueSources() }
        return ValueSources(contact, members: group, links: links)
    }
}

/// Where each value of an aggregated contact comes from: for each field and each postal address,
/// in the contact's order, the names of the sources (accounts) whose card holds it.
public struct ValueSources: Codable, Hashable, Sendable {
    /// The sources of each field, in the contact's field order.
    public var fields: [[String]]
    /// The sources of each postal address, in the contact's order.
    public var addresses: [[String]]
    /// The linked cards: each member's id and source, and whether it is the primary one.
    public var cards: [LinkedCard]

    /// No sources (an unlinked contact).
    public init() {
        fields = []
        addresses = []
        cards = []
    }

    /// The sources of `contact`'s values among `members`.
    init(_ contact: Contact, members: [Contact], links: ContactLinks) {
        let names = members.map { links.sourceName(of: $0) }
        fields = contact.fields.map { field in
            Self.unique(zip(members, names).filter { member, _ in member.fields.contains { Self.same($0, field) } }.map(\.1))
        }
        addresses = contact.postalAddresses.map { address in
            Self.unique(zip(members, names).filter { member, _ in
                member.postalAddresses.contains { $0.oneLine.lowercased() == address.oneLine.lowercased() }
            }.map(\.1))
        }
        let primary = links.link(containing: contact.id)?.primary
        cards = zip(members, names).map { member, name in
            LinkedCard(id: member.id.rawValue, source: name, name: member.fullName, isPrimary: member.id == primary)
        }
    }

    /// Whether two fields are the same value: same kind, and the same text (a phone number: the
    /// same digits; an email address or URL: ignoring case).
    static func same(_ a: ContactField, _ b: ContactField) -> Bool {
        guard a.type == b.type else { return false }
        let (x, y) = (a.value.trimmingCharacters(in: .whitespaces), b.value.trimmingCharacters(in: .whitespaces))
        if x == y { return true }
        if a.type == .phoneNumber {
            if let e164 = a.phoneNumber?.e164, e164 == b.phoneNumber?.e164 { return true }
            let digits: (String) -> [UInt8] = { Array($0.utf8.filter { (0x30...0x39).contains($0) }) }
            let (dx, dy) = (digits(x), digits(y))
            if dx == dy { return !dx.isEmpty }
            // The same number with and without its country code (`(212) 555-0199`, `+1 212 555 0199`):
            // only one is written with `+`, and the other's digits end it, up to a 3-digit code.
            guard x.hasPrefix("+") != y.hasPrefix("+") else { return false }
            let (international, national) = x.hasPrefix("+") ? (dx, dy) : (dy, dx)
            let code = international.count - national.count
            return national.count >= 7 && (1...3).contains(code) && Array(international.suffix(national.count)) == national
        }
        return x.lowercased() == y.lowercased()
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

/// One card of an aggregated contact: the stored contact that holds it and the source it comes from.
public struct LinkedCard: Codable, Hashable, Sendable {
    /// The stored contact's id.
    public var id: String
    /// The source's name (the account's).
    public var source: String
    /// The card's full name.
    public var name: String
    /// Whether values added to the aggregated contact go to this card.
    public var isPrimary: Bool

    /// Creates a card.
    public init(id: String, source: String, name: String, isPrimary: Bool) {
        self.id = id
        self.source = source
        self.name = name
        self.isPrimary = isPrimary
    }
}
