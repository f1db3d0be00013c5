import Foundation
import Ohana
import OhanaPhoneNumbers
import OhanaStore

/// The address book's one search, used by `ohana search` and by the page's `/api/search` alike:
/// the same query on the same store gives the same contacts in the same order.
///
/// It runs in two steps, so that it stays fast on a store of a million contacts:
///
/// 1. **Candidates from the store's indexes**, never a scan: the full-text index (every query
///    word starts a word of a name, field value, address, tag or note; case and accents ignored)
///    and the name-key index (the query starts a word of a name part, folded as the store folds
///    it, so accents in any script are ignored). A query that reads as a phone number also looks
///    up its digits written together and, with the configured region, its international (E.164)
///    digits, so `030 1234567` finds `+49 30 1234567` with region DE.
/// 2. **One ranking, written once** (``SearchRank``): the full name starts with the query, then the
///    query starts words inside the full name, then every word is in the names, then in one field
///    value (an email address, a phone number), then elsewhere; within a rank, the list order
///    (``ContactOrdering``: the configured locale's collation).
///
/// Complexity: the index lookups (logarithmic in the store's size per word), then O(m log m) in
/// the m contacts found; nothing is proportional to the store's size unless the query matches
/// most of it (a one-letter query finds, decodes and ranks every contact with a word starting
/// with that letter).
public struct ContactFinder: Sendable {
    /// The order results of one rank come in.
    public var ordering: ContactOrdering
    /// The region assumed for a phone number query written without a country code.
    public var region: String

    /// Creates a search ordering ties with `ordering` and reading phone queries in `region`
    /// (``RegionCodes/defaultRegion`` when `nil`).
    public init(ordering: ContactOrdering = ContactOrdering(), region: String? = nil) {
        self.ordering = ordering
        self.region = (region?.uppercased()).flatMap { $0.isEmpty ? nil : $0 } ?? RegionCodes.defaultRegion
    }

    /// What a search found.
    public struct Results: Sendable {
        /// The best matches, best first, at most the limit asked for.
        public var matches: [ContactMatch]
        /// How many contacts matched in all.
        public var total: Int

        /// The matched contacts, best first.
        public var contacts: [Contact] { matches.map(\.contact) }
    }

    /// The contacts of `store` matching `query`, best first, at most `limit` of them (all when `nil`).
    /// A query without a letter or digit finds nothing.
    public func search(_ query: String, in store: any ContactStorage, limit: Int? = nil) async throws -> Results {
        var matcher = QueryMatcher(query)
        guard !matcher.isEmpty else { return Results(matches: [], total: 0) }
        var found: [ContactID: Contact] = [:]
        for text in lookups(for: query) {
            for contact in try await store.search(text, limit: nil) { found[contact.id] = contact }
        }
        for contact in try await store.contacts(withNamePrefix: query) { found[contact.id] = contact }
        // List order first, then a stable sort by rank: ties within a rank keep the list order.
        let listed = ordering.sorted(Array(found.values))
        let ranked = listed.map { matcher.match($0) }.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
        }.map(\.element)
        return Results(matches: Array(ranked.prefix(max(0, limit ?? ranked.count))), total: ranked.count)
    }

    /// The full-text lookups for a query: the query, and for a phone number its digits together
    /// and its E.164 digits in the configured region.
    func lookups(for query: String) -> [String] {
        var lookups = [query]
        guard ContactSearch.isPhoneQuery(query) else { return lookups }
        let digits = query.filter(\.isNumber)
        if !lookups.contains(digits) { lookups.append(digits) }
        if let e164 = PhoneNumberUtility.shared.e164(query, defaultRegion: region)?.filter(\.isNumber),
           !lookups.contains(e164) {
            lookups.append(e164)
        }
        return lookups
    }
}
