import Foundation
import Ohana
@testable import OhanaAddressBook
import OhanaStore
import Testing

/// Ranking on the search rows' bytes gives what ranking their light contacts gives: the same rank
/// for every row and bound, and the same results, in the same order, for every limit.
struct SearchRowRankingTests {
    /// The shortcut tests' contacts and cards at the edges of the full name read on bytes: a blank
    /// formatted name over parts, parts only of white space or punctuation over an organization,
    /// a tab inside a name, a formatted name only of white space and nothing else.
    static let contacts: [Contact] = SearchShortcutTests.contacts + [
        Contact(id: "blank-parts-org", givenName: " ", familyName: "\t", formattedName: "\n", organization: "Anchor Works"),
        Contact(id: "dash-part-org", givenName: "-", organization: "Anchor Works"),
        Contact(id: "tab-name", givenName: "Ann\tMarie", familyName: "Jones"),
        Contact(id: "blank-only", formattedName: "  "),
        Contact(id: "prefix-suffix", namePrefix: "Dr.", givenName: "Ann", middleName: "Q", familyName: "Ames", nameSuffix: "Jr."),
    ]

    static let queries = ["a", "A", "an", "ann", "ANN m", "mary ann", "ann j", "ames", "a a", "gmail.com", "GMAIL com",
                          "acme a", "bob", "anchor gray", "anchor works", "anchor", "ming", "wang ming", "müller", "x y",
                          "e", "com", "3m", "415", "555 0199", "o'brien", "jo-ann", "dr ann", "jr", "zzzz", "王", "алекс"]

    static func rows(_ contacts: [Contact]) -> SearchRowList {
        var list = SearchRowList()
        list.append(contacts.map(SearchRow.encode))
        return list
    }

    @Test("a row's rank on its bytes is its light contact's rank, for every bound")
    func rowRankIsTheContactRank() {
        let light = Self.contacts.map(SearchCandidates.lightContact)
        let rows = Self.contacts.map(SearchRow.encode)
        for query in Self.queries {
            var ranker = RowRanker(query)
            var reference = QueryMatcher(query)
            for (contact, row) in zip(light, rows) {
                for bound in SearchRank.allCases {
                    let expected = reference.rank(of: contact, within: bound)
                    let outcome = row.withUnsafeBytes { ranker.rank(of: $0, within: bound) }
                    if case .unreadable = outcome {
                        Issue.record("\(query) \(contact.id): unreadable")
                        continue
                    }
                    #expect(outcome.rank == expected, "\(query) \(contact.id) \(bound)")
                    // Ranked again within a wider bound, from what the full name gave, as if anew.
                    guard case .belowFullName(let found) = outcome else { continue }
                    #expect(bound == .nameWords, "\(query) \(contact.id) \(bound)")
                    for wider in SearchRank.allCases where wider > bound {
                        let resumed = row.withUnsafeBytes { ranker.rank(of: $0, within: wider, resuming: found) }
                        #expect(resumed.rank == reference.rank(of: contact, within: wider), "\(query) \(contact.id) \(bound)→\(wider)")
                    }
                }
            }
        }
    }

    @Test("a row's ordering contact lists as its light contact: the same id and names")
    func orderingContact() {
        var ranker = RowRanker("a")
        for contact in Self.contacts {
            let light = SearchCandidates.lightContact(contact)
            let ordering = SearchRow.encode(contact).withUnsafeBytes { ranker.orderingContact(of: $0) }
            #expect(ordering?.id == light.id)
            for mode in AlphabeticalSort.Mode.allCases {
                #expect(ordering.map { mode.sortName(of: $0) } == mode.sortName(of: light), "\(contact.id) \(mode)")
            }
            #expect(ordering?.givenName == light.givenName && ordering?.familyName == light.familyName)
        }
    }

    @Test("the search on rows finds the search on light contacts' results, in the same order")
    func rankedRowsAreRanked() throws {
        let light = Self.contacts.map(SearchCandidates.lightContact)
        let rows = Self.rows(Self.contacts)
        for mode in AlphabeticalSort.Mode.allCases {
            let finder = ContactFinder(ordering: ContactOrdering(mode, locale: Locale(identifier: "en_US")))
            for query in Self.queries {
                for limit in [1, 20, 500, nil] as [Int?] {
                    let expected = finder.ranked(light, query: query, limit: limit)
                    let found = try finder.rankedRows(rows, query: query, limit: limit)
                    #expect(found.total == expected.total)
                    #expect(found.contacts == expected.contacts, "\(mode) \(query) \(String(describing: limit))")
                    #expect(found.matches.map(\.rank) == expected.matches.map(\.rank))
                    #expect(found.matches.map(\.matchedOffsets) == expected.matches.map(\.matchedOffsets))
                }
            }
        }
    }

    @Test("a damaged row makes the search on rows fail")
    func damagedRow() {
        var rows = Self.rows(Array(Self.contacts.prefix(10)))
        rows.append([Array(SearchRow.encode(Self.contacts[10]).dropLast())])
        #expect(throws: SearchRow.Unreadable.self) { try ContactFinder().rankedRows(rows, query: "a", limit: 20) }
        #expect(throws: SearchRow.Unreadable.self) { try ContactFinder().rankedRows(rows, query: "415", limit: 20) }
    }

    @Test("a name starting with an ASCII letter is filed under it, capitalized; others as before")
    func sectionOfASCIIName() {
        #expect(SectionKey(name: "anna") == SectionKey(rank: 65, title: "A"))
        #expect(SectionKey(name: "Zed") == SectionKey(rank: 90, title: "Z"))
        #expect(SectionKey(name: "q") == SectionKey(rank: 81, title: "Q"))
        #expect(SectionKey(name: "a\u{301}lvaro").title == "A")
        #expect(SectionKey(name: "Øre").title == "O")
        #expect(SectionKey(name: " bo") == SectionKey(rank: 66, title: "B"))
        #expect(SectionKey(name: "3M") == .other)
        #expect(SectionKey(name: "Юлия").title == "Ю")
    }
}
