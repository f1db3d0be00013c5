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
        guard !QueryMatcher(query).isEmpty else { return Results(matches: [], total: 0) }
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
        return ranked(candidates, query: query, limit: limit)
    }

    /// The candidates best first: each ranked (on every core), then only the ranks the limit
    /// reaches put in list order, so a broad query ("a") orders the few hundred it shows, not the
    /// tens of thousands it finds. The same result as ranking, list-ordering all and taking the prefix.
    ///
    /// Complexity: O(m) to rank m candidates, then O(k log k) for the k in the ranks shown.
    func ranked(_ candidates: [Contact], query: String, limit: Int?) -> Results {
        let matches = parallelMap(candidates, minimumPerWorker: 256, state: { QueryMatcher(query) }) { matcher, contact in
            matcher.match(contact)
        }
        let wanted = max(0, limit ?? matches.count)
        var byRank = Array(repeating: [Int](), count: SearchRank.elsewhere.rawValue + 1)
        for (position, match) in matches.enumerated() { byRank[match.rank.rawValue].append(position) }
        var shown: [ContactMatch] = []
        for positions in byRank where shown.count < wanted && !positions.isEmpty {
            for entry in ordering.order(of: candidates, positions: positions).prefix(wanted - shown.count) {
                shown.append(matches[entry.position])
            }
        }
        return Results(matches: shown, total: matches.count)
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
