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
/// Complexity: the index lookups (logarithmic in the store's size per word), then O(m) in the m
/// contacts found, read light (names and field values, no photo), ranked best ranks first (on
/// the bytes of ASCII text); list order keys only the first index sections that hold the limit,
/// O(s log s) in their s contacts, and only the contacts shown are decoded whole. A one-letter
/// query on a million contacts reads and ranks the names of the few hundred thousand it finds,
/// and decodes the twenty it shows.
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
    ///
    /// The store's backends read the candidates light (ids, names and field values, see
    /// `SearchCandidateStorage`), and only the contacts shown are read whole: a broad query on a
    /// million contacts decodes `limit` contacts, not the hundreds of thousands it finds.
    ///
    /// Cards linked across accounts (``ContactLinks``) are found as their aggregated contact, once
    /// (``searchAggregated(_:in:limit:links:)``).
    public func search(_ query: String, in store: any ContactStorage, limit: Int? = nil) async throws -> Results {
        guard !QueryMatcher(query).isEmpty else { return Results(matches: [], total: 0) }
        let links = try await ContactLinks.load(from: store)
        guard links.links.isEmpty else { return try await searchAggregated(query, in: store, limit: limit, links: links) }
        return try await searchCards(query, in: store, limit: limit)
    }

    /// The search over stored contacts, each on its own.
    func searchCards(_ query: String, in store: any ContactStorage, limit: Int?) async throws -> Results {
        if let store = store as? any SearchCandidateStorage,
           let results = try await searchLight(query, in: store, limit: limit) {
            return results
        }
        return ranked(try await candidates(for: query, in: store), query: query, limit: limit)
    }

    /// Every candidate for `query`, whole: the full-text lookups' contacts, then the name-key
    /// prefix matches, each once (for stores that do not serve candidates light).
    func candidates(for query: String, in store: any ContactStorage) async throws -> [Contact] {
        var candidates: [Contact] = []
        var seen: Set<ContactID> = []
        for text in lookups(for: query) {
            for contact in try await store.search(text, limit: nil) where seen.insert(contact.id).inserted {
                candidates.append(contact)
            }
        }
        for contact in try await store.contacts(withNamePrefix: query) where seen.insert(contact.id).inserted {
            candidates.append(contact)
        }
        return candidates
    }

    /// The search on light candidates: ranked and ordered as ``ranked(_:query:limit:)`` does (on
    /// their search rows' bytes: ``rankedRows(_:query:limit:)``), then
    /// the shown contacts read whole and matched again for their highlights. `nil` when a shown
    /// contact changed or went in between (the caller then searches the whole contacts).
    func searchLight(_ query: String, in store: any SearchCandidateStorage, limit: Int?) async throws -> Results? {
        let rows = try await store.searchCandidateRows(fullText: lookups(for: query), namePrefix: query)
        let shown = try rankedRows(rows, query: query, limit: limit)
        let whole = try await store.contacts(ids: shown.matches.map(\.contact.id))
        guard whole.count == shown.matches.count else { return nil }
        var matcher = QueryMatcher(query)
        var matches: [ContactMatch] = []
        matches.reserveCapacity(whole.count)
        for (light, contact) in zip(shown.matches, whole) {
            let match = matcher.match(contact)
            guard contact.id == light.contact.id, match.rank == light.rank,
                  SearchCandidates.lightContact(contact) == light.contact else { return nil }
            matches.append(match)
        }
        return Results(matches: matches, total: shown.total)
    }

    /// The candidates best first, the same result as ranking every one, putting all in list order
    /// (rank, then ``ContactOrdering``) and taking the prefix the limit asks for, found cheaper: a
    /// first pass finds the full name's ranks (``SearchRank/nameStart``, ``SearchRank/nameWords``;
    /// on the bytes of plain ASCII names), and the second pass ranks the rest only when those hold
    /// fewer contacts than the limit; only the ranks the limit reaches are put in list order. A
    /// broad query ("a") reads the full names of what it finds and orders the thousands of its best rank.
    ///
    /// Complexity: O(m) per pass for m candidates (on every core), then O(k log k) for the k in
    /// the ranks shown.
    func ranked(_ candidates: [Contact], query: String, limit: Int?) -> Results {
        let wanted = max(0, limit ?? candidates.count)
        var remaining = Array(candidates.indices)
        var shown: [ContactMatch] = []
        var matcher = QueryMatcher(query)
        for bound in [SearchRank.nameWords, .elsewhere] where shown.count < wanted && !remaining.isEmpty {
            let ranks = parallelMap(remaining, minimumPerWorker: 256, state: { QueryMatcher(query) }) { matcher, position in
                matcher.rank(of: candidates[position], within: bound)
            }
            var byRank = Array(repeating: [Int](), count: SearchRank.elsewhere.rawValue + 1)
            var worse: [Int] = []
            for (position, rank) in zip(remaining, ranks) {
                if let rank { byRank[rank.rawValue].append(position) } else { worse.append(position) }
            }
            for positions in byRank where shown.count < wanted && !positions.isEmpty {
                for position in ordering.first(wanted - shown.count, of: candidates, positions: positions) {
                    shown.append(matcher.match(candidates[position]))
                }
            }
            remaining = worse
        }
        return Results(matches: shown, total: candidates.count)
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
