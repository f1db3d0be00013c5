import Foundation
import Ohana
import OhanaDuplicates
import OhanaPhoneNumbers
import OhanaStore

/// Finds the cards of one person in different accounts and links them (``ContactLinks``), with the
/// duplicate detection's rules and explanations; and records the person's decisions on links
/// (accept, keep apart, the primary account). Run by `ohana sync` after syncing the accounts.
///
/// Only contacts from different sources are linked: a cluster the detection finds within one
/// account is left to `ohana dedupe`, which merges it (and deletes the merged cards), as before.
/// Groups kept apart (by the person here, or in the merge review) are never linked. Complexity:
/// the duplicate detection's, O(n log n).
public struct ContactLinking: Sendable {
    /// The region for phone numbers written without a country code.
    public var region: String

    /// Creates the linking with `region` (``RegionCodes/defaultRegion`` when `nil`).
    public init(region: String? = nil) {
        self.region = (region?.uppercased()).flatMap { $0.isEmpty ? nil : $0 } ?? RegionCodes.defaultRegion
    }

    /// What linking did.
    public struct Result: Sendable, Hashable {
        /// Links made or grown by this run.
        public var linked: Int
        /// Links in the store after it.
        public var links: Int
        /// Stored contacts.
        public var storedContacts: Int
        /// Contacts shown (stored contacts, each link's members counted once).
        public var aggregatedContacts: Int

        /// The outcome in one line.
        public var summary: String {
            "\(linked) new link\(linked == 1 ? "" : "s") between accounts, \(links) in all: "
                + "\(storedContacts) cards shown as \(aggregatedContacts) contacts"
        }
    }

    /// Links the stored contacts of different sources that the duplicate detection finds to be one
    /// person; `sourceNames` names each source to link across (a CardDAV account's name by its
    /// provider id). Contacts of no named source are not linked. Existing links are kept (a new
    /// match with one of their members joins them); the result is written only when it changed.
    @discardableResult
    public func link(in store: any ContactStorage, sourceNames: [String: String]) async throws -> Result {
        let stored = try await store.allContacts(order: .insertion)
        let position = Dictionary(stored.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let before = try await ContactLinks.load(from: store)
        var links = before.keeping(only: Set(position.keys))
        links.sourceNames.merge(sourceNames) { _, new in new }
        func source(_ contact: Contact) -> String? {
            contact.provenance.first { sourceNames[$0.providerID] != nil }?.providerID
        }
        let sourceOf = Dictionary(stored.compactMap { contact in source(contact).map { (contact.id, $0) } },
                                  uniquingKeysWith: { a, _ in a })
        let candidates = stored.filter { sourceOf[$0.id] != nil }
        let apart = try await store.mergeDecisions().keptApart
        let report = DuplicateMerging(rules: DuplicateRules(defaultRegion: region), overrides: DuplicateOverrides(keptApart: apart))
            .analyze(candidates)
        var linked = 0
        var linkOf = links.linkIndexByMember()
        for (cluster, reasons) in zip(report.clusters, MergeReview.reasons(of: report)) {
            guard Set(cluster.contactIDs.compactMap { sourceOf[$0] }).count > 1 else { continue }
            let members = cluster.contactIDs.sorted { (position[$0] ?? 0) < (position[$1] ?? 0) }
            if let index = members.lazy.compactMap({ linkOf[$0] }).first {
                var link = links.links[index]
                let added = members.filter { !link.members.contains($0) }
                guard !added.isEmpty || (!link.isAccepted && link.reasons != reasons) else { continue }
                link.members += added
                if !link.isAccepted { link.reasons = reasons }
                links.links[index] = link
                for member in added { linkOf[member] = index }
                if !added.isEmpty { linked += 1 }
            } else {
                links.links.append(ContactLink(members: members, reasons: reasons))
                for member in members { linkOf[member] = links.links.count - 1 }
                linked += 1
            }
        }
        if links != before { try await links.save(to: store) }
        let aggregated = AggregatedContacts(stored, links: links).contacts.count
        return Result(linked: linked, links: links.links.count, storedContacts: stored.count, aggregatedContacts: aggregated)
    }
}

/// A decision on a link between accounts.
public enum LinkDecision: String, Codable, Sendable, CaseIterable {
    /// The cards are one person: keep the link (it is no longer proposed again with other reasons).
    case accept
    /// The cards are different people: the link is taken apart and never made again.
    case keepApart
}

extension ContactStoreService {
    /// The links between accounts kept in the store, each with its members' names and sources.
    public func links() async throws -> [LinkSummary] {
        let links = try await ContactLinks.load(from: store)
        let ids = Array(Set(links.links.flatMap(\.members)))
        let byID = Dictionary(try await Self.contacts(ids, in: store).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return links.keeping(only: Set(byID.keys)).links.map { link in
            let cards = link.members.compactMap { byID[$0] }.map { member in
                LinkedCard(id: member.id.rawValue, source: links.sourceName(of: member), name: member.fullName,
                           isPrimary: member.id == link.primary)
            }
            return LinkSummary(id: link.id.rawValue, cards: cards, reasons: link.reasons, isAccepted: link.isAccepted)
        }
    }

    /// Records a decision on the link holding the contact `id` (the aggregated contact's id or a member's).
    /// Keeping apart takes the link away and records its cards as kept apart with the merge
    /// review's decisions: neither linking nor the merge review proposes them again.
    public func decide(link id: ContactID, _ decision: LinkDecision) async throws(AddressBookError) {
        var apart: [ContactID] = []
        try await changeLinks(of: id) { (links: inout ContactLinks, index: Int) throws(AddressBookError) in
            switch decision {
            case .accept: links.links[index].isAccepted = true
            case .keepApart: apart = links.links.remove(at: index).members
            }
        }
        guard !apart.isEmpty else { return }
        do {
            var decisions = try await store.mergeDecisions()
            decisions.keptTogether.removeAll { Set($0) == Set(apart) }
            decisions.keptApart.removeAll { Set($0) == Set(apart) }
            decisions.keptApart.append(apart)
            try await store.setMergeDecisions(decisions)
        } catch {
            throw Self.editError(error, id: id)
        }
    }

    /// Makes the card from the source named `source` (an account's name) the primary card of the
    /// aggregated contact `id`: values added to it go there from now on.
    public func setPrimary(of id: ContactID, source: String) async throws(AddressBookError) {
        guard let linked = try await linkedContact(id) else {
            throw AddressBookError(.notFound, "'\(id.rawValue)' is not linked to a card in another account")
        }
        let cards = linked.sources.cards
        guard let card = cards.first(where: { $0.source == source }) else {
            let names = cards.map(\.source).joined(separator: ", ")
            throw AddressBookError(.badRequest, "no card of '\(id.rawValue)' comes from '\(source)' (its cards come from \(names))")
        }
        try await changeLinks(of: id) { (links: inout ContactLinks, index: Int) throws(AddressBookError) in
            links.links[index].primary = ContactID(rawValue: card.id)
        }
    }

    /// The stored contacts with these ids (those still stored), in one read where the store can.
    static func contacts(_ ids: [ContactID], in store: any ContactStorage) async throws -> [Contact] {
        if let store = store as? any SearchCandidateStorage { return try await store.contacts(ids: ids) }
        var found: [Contact] = []
        for id in ids { if let contact = try await store.contact(withID: id) { found.append(contact) } }
        return found
    }

    private func changeLinks(of id: ContactID,
                             _ change: (inout ContactLinks, Int) throws(AddressBookError) -> Void) async throws(AddressBookError) {
        do {
            var links = try await ContactLinks.load(from: store)
            guard let index = links.linkIndex(containing: id) else {
                throw AddressBookError(.notFound, "'\(id.rawValue)' is not linked to a card in another account")
            }
            try change(&links, index)
            try await links.save(to: store)
        } catch {
            throw Self.editError(error, id: id)
        }
    }
}

/// A link between accounts as the review lists it.
public struct LinkSummary: Codable, Hashable, Sendable {
    /// The aggregated contact's id.
    public var id: String
    /// Its cards, in link order, with their sources.
    public var cards: [LinkedCard]
    /// Why they were linked.
    public var reasons: [String]
    /// Whether the person confirmed it.
    public var isAccepted: Bool
}

extension LinkSummary {
    /// The link for a reader, as `ohana links` prints it: the name, id and decision, one line per
    /// card (its account, whether it is the primary one), then one `why:` line per reason.
    public var lines: [String] {
        let name = cards.first?.name ?? id
        var lines = ["\(name.isEmpty ? "(no name)" : name)  [id \(id)]  \(isAccepted ? "accepted" : "linked, not reviewed")"]
        for card in cards {
            lines.append("  \(card.source)\(card.isPrimary ? " (primary)" : ""): \(card.name) [id \(card.id)]")
        }
        lines += reasons.map { "  why: \($0)" }
        return lines
    }
}
