import Foundation
import Ohana
import OhanaStore

/// Cards of one person kept in different accounts (one stored contact per card), linked so that
/// the address book shows them as one aggregated contact, as Android joins raw contacts. Linking
/// never changes or deletes a card: each member stays the stored contact its account syncs.
public struct ContactLink: Codable, Hashable, Sendable {
    /// The linked stored contacts, the one first stored first: its id is the aggregated contact's id.
    public var members: [ContactID]
    /// The member whose account gets values added to the aggregated contact (by default the first).
    public var primary: ContactID
    /// Why the duplicate detection linked them, one line per matching pair.
    public var reasons: [String]
    /// Whether the person confirmed the link in the review (an unconfirmed link is still shown as one contact).
    public var isAccepted: Bool

    /// Creates a link; the primary member is the first unless named.
    public init(members: [ContactID], primary: ContactID? = nil, reasons: [String] = [], isAccepted: Bool = false) {
        self.members = members
        self.primary = primary ?? members[0]
        self.reasons = reasons
        self.isAccepted = isAccepted
    }

    /// The aggregated contact's id: the first member's.
    public var id: ContactID { members[0] }
}

/// Every link of a store, kept in the store (``ContactLinks/setting``). Cards the person said are
/// different people are kept apart with the merge review's decisions
/// (``OhanaStore/ContactMergeDecisions/keptApart``), so that neither linking nor the merge review
/// proposes them again.
public struct ContactLinks: Codable, Hashable, Sendable {
    /// The store setting that keeps them.
    public static let setting = "ohana.contactLinks"

    /// The links, in the order they were made.
    public var links: [ContactLink]
    /// The name to show for each source a member comes from (a CardDAV account's name by its provider id).
    public var sourceNames: [String: String]

    /// Creates links.
    public init(links: [ContactLink] = [], sourceNames: [String: String] = [:]) {
        self.links = links
        self.sourceNames = sourceNames
    }

    /// The links kept in `store` (none when never linked).
    public static func load(from store: any ContactStorage) async throws -> ContactLinks {
        guard let data = try await store.setting(setting) else { return ContactLinks() }
        return try JSONDecoder().decode(ContactLinks.self, from: data)
    }

    /// Keeps the links in `store`.
    public func save(to store: any ContactStorage) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try await store.setSetting(try encoder.encode(self), for: Self.setting)
    }

    /// The link holding `id` (as its aggregated id or as any member), if any.
    public func link(containing id: ContactID) -> ContactLink? {
        links.first { $0.members.contains(id) }
    }

    /// The index of each member's link, by member id.
    func linkIndexByMember() -> [ContactID: Int] {
        var index: [ContactID: Int] = [:]
        for (offset, link) in links.enumerated() {
            for member in link.members where index[member] == nil { index[member] = offset }
        }
        return index
    }

    /// The index of the link holding `id`.
    func linkIndex(containing id: ContactID) -> Int? {
        links.firstIndex { $0.members.contains(id) }
    }

    /// The name of the source a stored contact comes from: the first of its provenance records
    /// whose provider has a name here, else its first provider id, else `this store`.
    public func sourceName(of contact: Contact) -> String {
        for record in contact.provenance {
            if let name = sourceNames[record.providerID] { return name }
        }
        return contact.provenance.first?.providerID ?? "this store"
    }

    /// The links with members no longer stored taken out, and links left with one member dropped.
    func keeping(only stored: Set<ContactID>) -> ContactLinks {
        var kept = self
        kept.links = links.compactMap { link in
            var link = link
            link.members.removeAll { !stored.contains($0) }
            guard link.members.count > 1 else { return nil }
            if !link.members.contains(link.primary) { link.primary = link.members[0] }
            return link
        }
        return kept
    }
}
