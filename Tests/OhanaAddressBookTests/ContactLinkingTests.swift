import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// Two accounts' cards in one SQLite store: people on both, namesakes, a duplicate inside one account.
private struct TwoAccounts {
    static let work = "carddav:http://dav.example.com/work/"
    static let home = "carddav:http://cloud.example.net/home/"
    static let names = [work: "work", home: "home"]

    let folder: URL
    let store: any ContactStorage

    /// A SQLite file, or with `postgres` a new database of the test PostgreSQL server.
    init(postgres: Bool = false) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if postgres {
            let database = try await PostgresTestServer.shared.newDatabase()
            store = try await PostgresContactStore(
                location: .init(host: database.host, port: database.port, user: database.user, database: database.database),
                password: nil)
        } else {
            store = SQLiteContactStorage(try SQLiteContactStore(fileURL: folder.appendingPathComponent("contacts.sqlite")))
        }
    }

    static func card(_ id: String, _ given: String, _ family: String, in account: String, _ fields: [ContactField],
                     city: String? = nil, note: String? = nil) -> Contact {
        var contact = Contact(id: ContactID(rawValue: id), givenName: given, familyName: family, fields: fields,
                              postalAddresses: city.map { [PostalAddress(city: $0)] } ?? [],
                              provenance: [Provenance(providerID: account, recordID: "/\(id).vcf")])
        contact.note = note
        return contact
    }

    /// Ada on both (same email, the phone only at work); Grace on both (same mobile, written
    /// differently; another email at home); two María García, namesakes with nothing else in
    /// common; Alan twice in the work account (a duplicate inside one account); Linus only at home.
    static let cards: [Contact] = [
        card("w-ada", "Ada", "Lovelace", in: work, [.email("ada@analytical.org"), .phone("+44 20 7946 0018")], city: "London"),
        card("w-grace", "Grace", "Hopper", in: work, [.phone("+1 212 555 0199"), .email("ghopper@navy.mil")]),
        card("w-maria", "María", "García", in: work, [.phone("+34 912 345 678"), .email("mgarcia@empresa.es")], city: "Madrid"),
        card("w-alan", "Alan", "Turing", in: work, [.email("alan@bletchley.uk")]),
        card("w-alan2", "Alan", "Turing", in: work, [.email("alan@bletchley.uk")]),
        card("h-ada", "Ada", "Lovelace", in: home, [.email("ADA@analytical.org")], note: "met at the Royal Society"),
        card("h-grace", "Grace", "Hopper", in: home, [.phone("(212) 555-0199"), .email("grace@cobol.dev")]),
        card("h-maria", "María", "García", in: home, [.phone("+52 55 8765 4321"), .email("maria.garcia@correo.mx")], city: "Ciudad de México"),
        card("h-linus", "Linus", "Torvalds", in: home, [.email("linus@kernel.example")]),
    ]

    func filled() async throws -> Self {
        _ = try await store.save(Self.cards, mode: .replace)
        return self
    }

    func cleanUp() async throws {
        try await store.shutDown()
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite("Cards of one person in several accounts: linked, shown as one, edits routed to their cards")
struct ContactLinkingTests {
    @Test("linking joins the same person across accounts only; namesakes and one account's duplicates stay apart; a second run changes nothing", arguments: [false, true])
    func linksAcrossAccounts(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        let result = try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let links = try await ContactStoreService(store: book.store).links()
        let members = Set(links.map { Set($0.cards.map(\.id)) })
        #expect(members == [["w-ada", "h-ada"], ["w-grace", "h-grace"]])
        #expect(result.linked == 2 && result.storedContacts == 9 && result.aggregatedContacts == 7)
        #expect(links.allSatisfy { !$0.reasons.isEmpty && $0.cards.first?.isPrimary == true })
        #expect(links.first { $0.id == "w-ada" }?.cards.map(\.source) == ["work", "home"])
        let before = try await book.store.setting(ContactLinks.setting)
        let again = try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        #expect(again.linked == 0 && again.links == 2)
        #expect(try await book.store.setting(ContactLinks.setting) == before)
        try await book.cleanUp()
    }

    @Test("list, search, show and export give the aggregated contact once, with each value's accounts", arguments: [false, true])
    func readsAggregated(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let listed = try await ContactOrdering().contacts(in: book.store)
        #expect(listed.count == 7)
        #expect(listed.filter { $0.familyName == "Lovelace" }.map(\.id) == ["w-ada"])
        let exported = try await ContactStoreService(store: book.store).contactsToExport()
        #expect(Set(exported.map(\.id)) == Set(listed.map(\.id)))
        let ada = try #require(exported.first { $0.id == "w-ada" })
        #expect(ada.note == "met at the Royal Society" && ada.phoneNumbers.count == 1)
        // A value only the home card has finds the aggregated contact, once.
        let found = try await ContactFinder(region: "US").search("Royal Society", in: book.store, limit: 20)
        #expect(found.contacts.map(\.id) == ["w-ada"])
        let byName = try await ContactFinder(region: "US").search("Grace", in: book.store, limit: 1)
        #expect(byName.contacts.map(\.id) == ["w-grace"] && byName.contacts[0].emailAddresses.count == 2)
        let (shown, sources) = try await ContactStoreService(store: book.store).contactWithSources("h-grace")
        #expect(shown.contact.id == "w-grace")
        let lines = shown.detailLines(sources: sources)
        #expect(lines.contains("  phone: +1 212 555 0199  [work, home]"))
        #expect(lines.contains("  email: grace@cobol.dev  [home]"))
        #expect(lines.contains("  card: work (primary): Grace Hopper [id w-grace]"))
        try await book.cleanUp()
    }

    @Test("a changed value changes on every card holding it; an added one goes to the primary card only", arguments: [false, true])
    func routesEdits(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let service = ContactStoreService(store: book.store)
        let version = try await service.versionedContact("w-ada").version
        _ = try await service.editContact("w-ada", applying: ContactEdit(
            additions: [.phone("+44 7700 900123")],
            replacements: [.init(type: .emailAddress, old: "ada@analytical.org", new: "ada@engine.org")]), expecting: version)
        let work = try #require(try await book.store.contact(withID: "w-ada"))
        let home = try #require(try await book.store.contact(withID: "h-ada"))
        #expect(work.emailAddresses.map(\.value) == ["ada@engine.org"] && home.emailAddresses.map(\.value) == ["ada@engine.org"])
        #expect(work.phoneNumbers.count == 2 && home.phoneNumbers.isEmpty)
        // A stale version is refused with both versions; nothing is written.
        await #expect(throws: AddressBookError.self) {
            try await service.editContact("w-ada", applying: ContactEdit(removals: [.init(type: .emailAddress, value: "ada@engine.org")]),
                                          expecting: version)
        }
        // The home card made primary: the next value goes there; a value on one card is removed there only.
        try await service.setPrimary(of: "w-ada", source: "home")
        _ = try await service.editContact("h-ada", applying: ContactEdit(
            additions: [.email("countess@lovelace.example")], removals: [.init(type: .phoneNumber, value: "+44 20 7946 0018")]))
        let work2 = try #require(try await book.store.contact(withID: "w-ada"))
        let home2 = try #require(try await book.store.contact(withID: "h-ada"))
        #expect(home2.emailAddresses.map(\.value) == ["ada@engine.org", "countess@lovelace.example"])
        #expect(work2.emailAddresses.map(\.value) == ["ada@engine.org"] && work2.phoneNumbers.map(\.value) == ["+44 7700 900123"])
        // The whole card rewritten (the $EDITOR path): a changed email changes on both cards.
        var whole = try await service.versionedContact("w-ada")
        let written = whole.contact
        whole.contact.fields = written.fields.map { field in
            var field = field
            if field.value == "ada@engine.org" { field.value = "ada@difference.engine" }
            return field
        }
        _ = try await service.replaceContact("w-ada", with: whole.contact, expecting: whole.version)
        #expect(try await book.store.contact(withID: "w-ada")?.emailAddresses.map(\.value) == ["ada@difference.engine"])
        #expect(try await book.store.contact(withID: "h-ada")?.emailAddresses.map(\.value)
            == ["ada@difference.engine", "countess@lovelace.example"])
        try await book.cleanUp()
    }

    @Test("deleting a linked contact asks which account; one card or every card is deleted as asked", arguments: [false, true])
    func deletesAsAsked(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let service = ContactStoreService(store: book.store)
        do {
            _ = try await service.deleteContact("w-grace")
            Issue.record("a linked contact was deleted without saying from where")
        } catch {
            #expect(error.kind == .conflict && error.message.contains("work, home"))
        }
        #expect(try await book.store.contactCount() == 9)
        let one = try await service.deleteContact("w-grace", linked: .card(source: "home"))
        #expect(try await book.store.contact(withID: "h-grace") == nil)
        #expect(one.stored?.contact.id == "w-grace")
        let both = try await service.deleteContact("w-ada", linked: .everywhere)
        #expect(try await book.store.contact(withID: "w-ada") == nil)
        #expect(try await book.store.contact(withID: "h-ada") == nil)
        // Both deletes are named for undoing; undone, the two cards are one contact again.
        let revisions = both.otherRevisions.map(\.number) + [both.revision?.number].compactMap { $0 }
        #expect(revisions.count == 2 && both.summaryLine("deleted").hasSuffix("undo with: ohana undo \(revisions[0]) \(revisions[1])"))
        for number in revisions.reversed() { _ = try await service.undoRevision(number) }
        #expect(try await service.versionedContact("h-ada").contact.id == "w-ada")
        _ = try await service.deleteContact("w-ada", linked: .everywhere)
        #expect(try await ContactOrdering().contacts(in: book.store).count == 6)
        try await book.cleanUp()
    }

    @Test("the page's address book shows links as one contact and follows a link decided elsewhere", arguments: [false, true])
    func addressBookFollowsLinks(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let addressBook = AddressBook(store: book.store, region: "US")
        try await addressBook.reload()
        #expect(await addressBook.contactCount == 7)
        let detail = try await addressBook.detail(id: "h-ada")
        #expect(detail.id == "w-ada" && detail.valueSources?.cards.map(\.source) == ["work", "home"])
        // `ohana links --keep-apart` in another process: a setting only, the change token does not move.
        try await ContactStoreService(store: book.store).decide(link: "w-ada", .keepApart)
        try await addressBook.refreshIfChanged()
        #expect(await addressBook.contactCount == 8)
        try await book.cleanUp()
    }

    @Test("the review's actions on one card's own values edit that card, linked or not", arguments: [false, true])
    func reviewActsOnCards(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let done = try await ContactStoreService(store: book.store).writeResolvedNumbersInternationally(region: "US")
        #expect(done.items >= 1)
        let home = try #require(try await book.store.contact(withID: "h-grace"))
        #expect(home.phoneNumbers.map(\.value).allSatisfy { $0.hasPrefix("+1") }, "\(home.phoneNumbers.map(\.value))")
        #expect(try await book.store.contact(withID: "w-grace")?.phoneNumbers.count == 1)
        try await book.cleanUp()
    }

    @Test("a number written differently on each card is changed on both", arguments: [false, true])
    func routesWritingsOfOneValue(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let service = ContactStoreService(store: book.store)
        _ = try await service.editContact("w-grace", applying: ContactEdit(
            replacements: [.init(type: .phoneNumber, old: "+1 212 555 0199", new: "+1 646 555 0123")]))
        #expect(try await book.store.contact(withID: "w-grace")?.phoneNumbers.map(\.value) == ["+1 646 555 0123"])
        #expect(try await book.store.contact(withID: "h-grace")?.phoneNumbers.map(\.value) == ["+1 646 555 0123"])
        // The aggregated contact's history holds both cards' revisions, newest first.
        let history = try await service.revisions(of: "w-grace")
        #expect(Set(history.map(\.contactID)) == ["w-grace", "h-grace"] && history.map(\.number) == history.map(\.number).sorted(by: >))
        _ = try await service.editContact("h-grace", applying: ContactEdit(removals: [.init(type: .phoneNumber, value: "+1 646 555 0123")]))
        #expect(try await book.store.contact(withID: "w-grace")?.phoneNumbers.isEmpty == true)
        #expect(try await book.store.contact(withID: "h-grace")?.phoneNumbers.isEmpty == true)
        try await book.cleanUp()
    }

    @Test("a link kept apart is taken away and never made again", arguments: [false, true])
    func keepsApart(postgres: Bool) async throws {
        let book = try await TwoAccounts(postgres: postgres).filled()
        try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        let service = ContactStoreService(store: book.store)
        try await service.decide(link: "h-grace", .keepApart)
        try await service.decide(link: "w-ada", .accept)
        let again = try await ContactLinking(region: "US").link(in: book.store, sourceNames: TwoAccounts.names)
        #expect(again.linked == 0 && again.aggregatedContacts == 8)
        let links = try await service.links()
        #expect(links.map(\.id) == ["w-ada"] && links[0].isAccepted)
        #expect(try await service.versionedContact("h-grace").contact.id == "h-grace")
        // The merge review shows Grace's two cards as kept apart, not as a duplicate to merge.
        let addressBook = AddressBook(store: book.store, region: "US")
        try await addressBook.reload()
        let clusters = await addressBook.mergeReport().clusters.filter { Set($0.contacts.map(\.id)) == ["w-grace", "h-grace"] }
        #expect(clusters.map(\.decision) == [.keptApart])
        try await book.cleanUp()
    }
}
