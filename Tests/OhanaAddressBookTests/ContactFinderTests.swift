import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaStoreSQLite
import Testing

/// The one search on a small address book whose truth is written beside it: what each query must
/// find, in which rank, and in which order.
@Suite("The address book's one search and order")
struct ContactFinderTests {
    static let contacts: [Contact] = [
        Contact(id: "ann-lee", givenName: "Ann", familyName: "Lee"),
        Contact(id: "mary-ann", givenName: "Mary", middleName: "Ann", familyName: "Jones"),
        Contact(id: "bob", givenName: "Bob", familyName: "Smith", fields: [.email("ann.bee@example.com")]),
        Contact(id: "carl", givenName: "Carl", familyName: "Young", note: "ask ann about the boat"),
        Contact(id: "joanna", givenName: "Joanna", familyName: "Ray"),
        Contact(id: "zoe", namePrefix: "Dr.", givenName: "Zoë", familyName: "Ångström",
                fields: [.phone("+46 18 471 00 00", label: .work), .email("zoe@example.se", label: .home)]),
        Contact(id: "anders", givenName: "Anders", familyName: "Angstrom"),
        Contact(id: "sf", givenName: "Sam", familyName: "Fisher", fields: [.phone("(415) 555-0100")]),
        Contact(id: "berlin", givenName: "Jörg", familyName: "Müller", fields: [.phone("+49 30 1234567")]),
        Contact(id: "pushkin", givenName: "Александр", familyName: "Пушкин"),
        Contact(id: "giorgos", givenName: "Γιώργος", familyName: "Παπαδόπουλος"),
        Contact(id: "wang", givenName: "小明", familyName: "王", formattedName: "王小明"),
        Contact(id: "mohammed", givenName: "محمد", familyName: "العلي"),
        Contact(id: "axel", givenName: "Axel", familyName: "Berg"),
        Contact(id: "asa", givenName: "Åsa", familyName: "Berg"),
    ]

    func store() async throws -> any ContactStorage {
        let store = try SQLiteContactStore.inMemory()
        try await store.save(Self.contacts, mode: .upsertBySourceRecord)
        return SQLiteContactStorage(store)
    }

    func ids(_ query: String, region: String = "US", locale: String = "en_US") async throws -> [String] {
        let finder = ContactFinder(ordering: ContactOrdering(.fullName, locale: Locale(identifier: locale)), region: region)
        return try await finder.search(query, in: store()).contacts.map(\.id.rawValue)
    }

    @Test("the name starting with the query comes first, then words inside a name, one field, anywhere")
    func ranks() async throws {
        let finder = ContactFinder(region: "US")
        let found = try await finder.search("ann", in: store())
        #expect(found.contacts.map(\.id.rawValue) == ["ann-lee", "mary-ann", "bob", "carl"])
        #expect(found.matches.map(\.rank) == [.nameStart, .nameWords, .oneField, .elsewhere])
        #expect(found.total == 4)
        // "Joanna" holds "ann" inside a word, not at a word start: no match.
        #expect(!found.contacts.map(\.id).contains("joanna"))
        let two = try await finder.search("ann", in: store(), limit: 2)
        #expect(two.contacts.map(\.id.rawValue) == ["ann-lee", "mary-ann"])
        #expect(two.total == 4)
    }

    @Test("accents are ignored both ways; a word is found by its start, not its middle")
    func accentsAndPartialWords() async throws {
        #expect(try await ids("angstrom") == ["anders", "zoe"])
        #expect(try await ids("ÅNGSTRÖM") == ["anders", "zoe"])
        #expect(try await ids("zoe ang") == ["zoe"])
        #expect(try await ids("jorg mull") == ["berlin"])
        #expect(try await ids("ström").isEmpty)
    }

    @Test("digits find phone numbers however they are written; a national number in the region finds the international one")
    func phoneDigits() async throws {
        #expect(try await ids("555 0100") == ["sf"])
        #expect(try await ids("4155550100") == ["sf"])
        #expect(try await ids("471 00") == ["zoe"])
        #expect(try await ids("030 1234567", region: "DE") == ["berlin"])
        #expect(try await ids("030 1234567", region: "US").isEmpty)
    }

    @Test("an email address is found whole or in part, and highlighted in the field")
    func emails() async throws {
        let found = try await ContactFinder(region: "US").search("zoe@example.se", in: store())
        #expect(found.contacts.map(\.id.rawValue) == ["zoe"])
        let match = try #require(found.matches.first)
        #expect(match.rank == .oneField)
        #expect(match.text == "zoe@example.se")
        #expect(try await ids("ann.bee") == ["bob"])
    }

    @Test("Cyrillic, Greek, CJK and Arabic names, in any case and without Greek accents")
    func otherScripts() async throws {
        #expect(try await ids("алекс") == ["pushkin"])
        #expect(try await ids("ПУШКИН") == ["pushkin"])
        #expect(try await ids("γιωργος") == ["giorgos"])
        #expect(try await ids("Παπαδ") == ["giorgos"])
        #expect(try await ids("王") == ["wang"])
        #expect(try await ids("小明") == ["wang"])
        #expect(try await ids("محمد") == ["mohammed"])
    }

    @Test("within a rank, results follow the locale's list order")
    func localeOrder() async throws {
        #expect(try await ids("berg", locale: "en_US") == ["asa", "axel"])
        #expect(try await ids("berg", locale: "sv_SE") == ["axel", "asa"])
    }

    @Test("the list order does not depend on the order the contacts are read in")
    func orderingIsCanonical() {
        let ordering = ContactOrdering(.lastName, locale: Locale(identifier: "en_US"))
        let twins = [Contact(id: "b", givenName: "Eva", familyName: "Lind"), Contact(id: "a", givenName: "Eva", familyName: "Lind")]
        #expect(ordering.sorted(twins).map(\.id) == ["a", "b"])
        #expect(ordering.sorted(twins.reversed()).map(\.id) == ["a", "b"])
        #expect(ordering.sorted(Self.contacts) == ordering.sorted(Self.contacts.shuffled()))
    }

    @Test("the page's search and the store-level search are one: same contacts, same order")
    func pageUsesTheSameSearch() async throws {
        let storage = try await store()
        let book = AddressBook(store: storage, locale: Locale(identifier: "en_US"), region: "US")
        try await book.reload()
        for query in ["ann", "angstrom", "555 0100", "berg", "алекс"] {
            let page = try await book.search(query, order: .fullName, limit: 20).results.map(\.contact.id)
            let direct = try await ContactFinder(region: "US").search(query, in: storage, limit: 20).contacts.map(\.id.rawValue)
            #expect(page == direct, "\(query)")
        }
    }

    @Test("a picker's filter means what the search means: word starts, not letters scattered in a word")
    func pickerFilter() async throws {
        let book = AddressBook(store: try await store(), locale: Locale(identifier: "en_US"), region: "US")
        try await book.reload()
        let session = try await book.startSession(picker: "multiple", order: .fullName)
        let page = try await book.sessionRows(session.session, query: "ann", offset: 0, limit: 50)
        #expect(Set(page.rows.map(\.id)) == ["ann-lee", "mary-ann", "bob", "carl"])
        #expect(page.total == 4)
    }
}

/// A broad query orders only the ranks its limit reaches: the results are those of ordering every
/// match and ranking them, whatever the limit.
@Suite struct ContactFinderLimitTests {
    /// Two thousand contacts whose names and emails share first letters, with accents, other
    /// scripts and nameless cards, so that "a", "an" and "example" match most of them in every rank.
    static let contacts: [Contact] = {
        let given = ["Ann", "Anna", "Åsa", "Anders", "Bob", "Ánh", "Carl", "Aaron", "Zoë", "Алла", "Ada", "", "Anne-Marie", "Björn"]
        let family = ["Andersson", "Berg", "Ahn", "Lee", "Ångström", "Young", "Abbott", "", "Иванова", "Smith", "O'Neil"]
        return (0..<2_000).map { index in
            let first = given[index % given.count]
            let last = family[(index / given.count) % family.count]
            var fields: [ContactField] = [.email("\(index % 7 == 0 ? "a" : "x")\(index)@example.com")]
            if index % 5 == 0 { fields.append(.phone("+1 415 555 \(1000 + index)")) }
            return Contact(
                id: ContactID(rawValue: String(format: "c%04d", (index * 7919) % 2_000)), givenName: first.isEmpty ? nil : first,
                familyName: last.isEmpty ? nil : last, organization: index % 9 == 0 ? "Acme Anchors" : nil, fields: fields,
                note: index % 11 == 0 ? "ask about a boat" : nil)
        }
    }()

    @Test(arguments: ["a", "an", "ann", "example", "acme a", "415"])
    func aLimitGivesThePrefixOfTheWholeOrder(query: String) async throws {
        let store = try SQLiteContactStore.inMemory()
        try await store.save(Self.contacts, mode: .upsertBySourceRecord)
        let storage = SQLiteContactStorage(store)
        let ordering = ContactOrdering(.fullName, locale: Locale(identifier: "sv_SE"))
        let finder = ContactFinder(ordering: ordering, region: "US")
        let all = try await finder.search(query, in: storage)
        #expect(all.total == all.matches.count)
        #expect(all.total > 100, "\(query) finds \(all.total)")
        // Best rank first; within a rank, the order the whole list has.
        #expect(all.matches.map(\.rank) == all.matches.map(\.rank).sorted())
        let listed = ordering.sorted(all.contacts).map(\.id)
        let rankOf = Dictionary(uniqueKeysWithValues: all.matches.map { ($0.contact.id, $0.rank) })
        let expected = SearchRank.allCases.flatMap { rank in listed.filter { rankOf[$0] == rank } }
        #expect(all.contacts.map(\.id) == expected)
        for limit in [1, 5, 20, 150] {
            let some = try await finder.search(query, in: storage, limit: limit)
            #expect(some.contacts.map(\.id) == Array(all.contacts.map(\.id).prefix(limit)), "\(query) limit \(limit)")
            #expect(some.total == all.total)
        }
    }
}
