import Foundation
import Ohana
import OhanaStore

extension ContactFinder {
    /// The search with linked cards found as their aggregated contact: the stored contacts are
    /// searched (``searchCards(_:in:limit:)``), each match replaced by its aggregated contact the
    /// first time one of its cards is found and left out after, in the order found. When that
    /// leaves fewer than `limit`, the search is run again asking for twice as many.
    ///
    /// `total` counts the contacts found less the cards of aggregated contacts already counted
    /// among those read.
    func searchAggregated(_ query: String, in store: any ContactStorage, limit: Int?,
                          links: ContactLinks) async throws -> Results {
        var asked = limit.map { $0 + min($0, links.links.count) }
        while true {
            let cards = try await searchCards(query, in: store, limit: asked)
            let results = try await aggregating(cards, query: query, in: store, links: links, limit: limit)
            guard let wanted = limit, let read = asked, results.matches.count < wanted, cards.matches.count == read else {
                return results
            }
            asked = read * 2
        }
    }

    private func aggregating(_ cards: Results, query: String, in store: any ContactStorage, links: ContactLinks,
                             limit: Int?) async throws -> Results {
        var matcher = QueryMatcher(query)
        var seen: Set<ContactID> = []
        var skipped = 0
        var matches: [ContactMatch] = []
        for match in cards.matches {
            guard let link = links.link(containing: match.contact.id) else {
                matches.append(match)
                continue
            }
            guard seen.insert(link.id).inserted else {
                skipped += 1
                continue
            }
            let members = try await ContactStoreService.contacts(link.members, in: store)
            let group = links.keeping(only: Set(members.map(\.id))).link(containing: match.contact.id)?.members ?? []
            let ordered = group.compactMap { id in members.first { $0.id == id } }
            matches.append(ordered.count > 1 ? matcher.match(AggregatedContacts.aggregate(ordered)) : match)
        }
        if let limit, matches.count > limit { matches.removeLast(matches.count - limit) }
        return Results(matches: matches, total: cards.total - skipped)
    }
}
