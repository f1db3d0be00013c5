import Foundation
import Ohana
@testable import OhanaAddressBook
import OhanaSampleData
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// The search that reads light candidates and decodes only the contacts it shows gives, on both
/// backends, what the plain reference gives: every candidate read whole, every one ranked, all put
/// in list order (rank, then the ordering), the prefix the limit asks for, and the same total.
@Suite(.serialized) struct SearchCandidateParityTests {
    /// The backends the comparison runs on.
    enum Backend: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// A generated book (seeded: international names, phone numbers as each country writes them,
    /// emails, near-duplicates) and cards at the edges of the light reading: a formatted name
    /// that differs from the parts, a name only in the organization or the phonetic parts, no name
    /// at all, a name with a line break, names in capitals, a field type and label the light
    /// reading drops, equal names that only the id orders.
    static let contacts: [Contact] = {
        var contacts = ContactGenerator(seed: 11).generate(count: 4_000)
        contacts += [
            Contact(id: "edge-formatted", givenName: "Zed", familyName: "Quill", formattedName: "Anna Maria Quill"),
            Contact(id: "edge-org", organization: "Acme Anchors", fields: [.email("sales@acme.example")]),
            Contact(id: "edge-phonetic", givenName: "明", familyName: "王", phoneticGivenName: "Ming",
                    phoneticFamilyName: "Wang"),
            Contact(id: "edge-nameless", fields: [.phone("+1 415 555 0199"), .email("a.nobody@gmail.com")]),
            Contact(id: "edge-crlf", givenName: "Ann\r\nMarie", familyName: "Ames"),
            Contact(id: "edge-caps", givenName: "ANNA", familyName: "ABBOTT", fields: [.email("ANNA@GMAIL.COM", label: .work)]),
            Contact(id: "edge-twin-b", givenName: "Ada", familyName: "Ames"),
            Contact(id: "edge-twin-a", givenName: "Ada", familyName: "Ames"),
            Contact(id: "edge-note", givenName: "Quentin", familyName: "Zorn", note: "met at gmail com a conference"),
        ]
        return contacts
    }()

    /// Broad queries (a letter, a domain, digits most numbers hold) and a few narrow ones.
    static let queries = [
        "a", "an", "e", "m", "s", "ma", "jo", "gmail.com", "com", "gmail", "415", "1", "+1", "555",
        "anna maria", "a a", "ames", "müller", "алекс", "王", "ming", "acme a", "zzzz",
    ]

    func open(_ backend: Backend) async throws -> any SearchCandidateStorage {
        switch backend {
        case .sqlite:
            let store = SQLiteContactStorage(try SQLiteContactStore.inMemory())
            _ = try await store.save(Self.contacts, mode: .upsertBySourceRecord)
            return store
        case .postgres:
            let database = try await PostgresTestServer.shared.newDatabase()
            let store = try await PostgresContactStore(
                location: .init(host: database.host, port: database.port, user: database.user, database: database.database),
                password: nil)
            _ = try await store.save(Self.contacts, mode: .upsertBySourceRecord)
            return store
        }
    }

    /// The plain reference: every candidate read whole (the full-text lookups' contacts and the
    /// name-prefix matches, each once), each ranked, all in list order; a limit takes its prefix.
    func reference(_ query: String, in store: any ContactStorage,
                   finder: ContactFinder) async throws -> (matches: [ContactMatch], total: Int) {
        let candidates = try await finder.candidates(for: query, in: store)
        var matcher = QueryMatcher(query)
        let matches = candidates.map { matcher.match($0) }
        let byID = Dictionary(uniqueKeysWithValues: matches.map { ($0.contact.id, $0) })
        let listed = finder.ordering.sorted(candidates).map(\.id)
        let ordered = SearchRank.allCases.flatMap { rank in listed.compactMap { byID[$0]?.rank == rank ? byID[$0] : nil } }
        return (ordered, candidates.count)
    }

    @Test("light candidates give the reference's contacts, ranks, highlights, order and total", arguments: Backend.allCases)
    func lightSearchIsTheReference(backend: Backend) async throws {
        let store = try await open(backend)
        let finder = ContactFinder(ordering: ContactOrdering(.fullName, locale: Locale(identifier: "en_US")), region: "US")
        var broad = 0
        for query in Self.queries {
            let whole = try await reference(query, in: store, finder: finder)
            if whole.total > 1_000 { broad += 1 }
            for limit in [nil, 1, 20, 300] as [Int?] {
                let expected = (matches: Array(whole.matches.prefix(limit ?? whole.total)), total: whole.total)
                // The light path itself (not a fallback to whole contacts), then the public search.
                let light = try #require(try await finder.searchLight(query, in: store, limit: limit), "\(query)")
                let found = try await finder.search(query, in: store, limit: limit)
                for results in [light, found] {
                    let context = "\(backend) \(query) limit \(limit.map(String.init) ?? "none")"
                    #expect(results.total == expected.total, "\(context)")
                    #expect(results.contacts.map(\.id) == expected.matches.map(\.contact.id), "\(context)")
                    #expect(results.matches.map(\.rank) == expected.matches.map(\.rank), "\(context)")
                    #expect(results.matches.map(\.text) == expected.matches.map(\.text), "\(context)")
                    #expect(results.matches.map(\.matchedOffsets) == expected.matches.map(\.matchedOffsets), "\(context)")
                    #expect(results.matches.map { "\($0.location)" } == expected.matches.map { "\($0.location)" }, "\(context)")
                    // Shown contacts are the stored ones, whole.
                    #expect(results.contacts == expected.matches.map(\.contact), "\(context)")
                }
            }
        }
        // The comparison covers queries that find a quarter of the book and more.
        #expect(broad >= 5, "only \(broad) broad queries")
        try await store.shutDown()
    }

    @Test("every rank is reached: a broad query's later passes run when the best ranks hold too few")
    func everyRankIsReached() async throws {
        let store = try await open(.sqlite)
        let finder = ContactFinder(ordering: ContactOrdering(.lastName, locale: Locale(identifier: "sv_SE")), region: "US")
        var seen: Set<SearchRank> = []
        for query in ["a", "gmail.com", "415", "acme a", "ames"] {
            let expected = try await reference(query, in: store, finder: finder)
            let light = try #require(try await finder.searchLight(query, in: store, limit: nil))
            #expect(light.contacts.map(\.id) == expected.matches.map(\.contact.id), "\(query)")
            seen.formUnion(light.matches.map(\.rank))
        }
        #expect(seen == Set(SearchRank.allCases))
        try await store.shutDown()
    }
}
