import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaDuplicates
import OhanaStore
import OhanaStoreSQLite
import OhanaTestSupport
import OhanaVCard
import Testing

/// The two apps' cards (``TwoAppsCards``) and line helpers for comparing what the server holds.
enum TwoAppsFixtures {
    static let iPhone = TwoAppsCards.iPhone
    static let davx5 = TwoAppsCards.davx5
    static let other = TwoAppsCards.other

    /// The content lines of a card (folding undone), for comparing two texts line by line.
    static func lines(_ vCard: String) -> [String] { VCardLines.unfolded(vCard) }

    /// The lines of property `name` (no group) in a card.
    static func lines(_ vCard: String, named name: String) -> [String] {
        lines(vCard).filter { $0.uppercased().hasPrefix(name.uppercased() + ":") || $0.uppercased().hasPrefix(name.uppercased() + ";") }
    }
}

/// The PRODID of every card Ohana writes.
let ohanaProductID = "-//Ohana//Ohana for Swift//EN"

/// A card on the server, text and all.
func serverCards(_ account: TestAccount) async throws -> [CardDAVCard] {
    let references = try await account.client.cardReferences(in: account.bookURL)
    let fetched = await account.client.fetchCards(references.map(\.href), in: account.bookURL)
    if let error = fetched.error { throw error }
    return fetched.cards
}

/// What RFC 6350 and RFC 6352 ask of a client, against both servers the tests start.
@Suite("Correct with every server (Radicale and Xandikos)")
struct ServerCorrectnessTests {
    @Test("a URL naming no address book is an error, not all of the account's books", arguments: TestServerKind.allCases)
    func missingAddressBook(_ kind: TestServerKind) async throws {
        let account = try await TestAccount.make("user4", on: kind)
        try await account.put(TwoAppsFixtures.other, named: "other.vcf")
        let missing = account.bookURL.deletingLastPathComponent().appendingPathComponent("nosuchbook-\(UUID().uuidString)/")
        let provider = try CardDAVContactsProvider(url: missing, credential: account.credential)
        do {
            let books = try await provider.addressBooks()
            Issue.record("found \(books.map(\.url)) at a URL that names no address book")
        } catch {
            #expect(error.status == 404, "\(error)")
            #expect(error.description.contains("nosuchbook"), "\(error)")
        }
        let store = try SQLiteContactStore.inMemory()
        await #expect(throws: CardDAVError.self) {
            _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        }
        #expect(try store.allContacts().isEmpty)
    }

    @Test("an RFC 6352 precondition or a content status is a refusal with the server's reason, sent once",
          arguments: TestServerKind.allCases)
    func preconditionIsARefusal(_ kind: TestServerKind) async throws {
        let account = try await TestAccount.make("user4", on: kind)
        let log = RequestLog()
        let client = try CardDAVClient(url: account.server, credential: account.credential,
                                       configuration: CardDAVConfiguration(requestObserver: log.observer))
        // Two PRODIDs (what a merge of an iPhone card and a DAVx5 card used to be written as).
        let invalid = TwoAppsFixtures.iPhone.replacingOccurrences(
            of: "REV:", with: "PRODID:+//IDN bitfire.at//DAVx5/4.3.14-ose ez-vcard/0.12.1\r\nREV:")
        for attempt in ["create", "update"] {
            log.clear()
            do {
                if attempt == "create" {
                    _ = try await client.createCard(invalid, in: account.bookURL, named: "two-prodids.vcf")
                } else {
                    let card = try await account.put(TwoAppsFixtures.other, named: "other.vcf")
                    _ = try await client.updateCard(invalid, at: card.href, in: account.bookURL, etag: try #require(card.etag))
                }
                Issue.record("\(kind) took a card with two PRODIDs (\(attempt))")
            } catch {
                guard case .refused(let refusal)? = error as? CardDAVError else {
                    Issue.record("\(attempt): expected a refusal, got \(error)")
                    continue
                }
                switch kind {
                case .radicale:
                    #expect(refusal.status == 400)
                case .xandikos:
                    #expect(refusal.status == 412)
                    #expect(refusal.precondition == "valid-address-data")
                    #expect(refusal.reason.contains("Invalid VCard"), "\(refusal.reason)")
                }
                #expect(refusal.description.contains("PUT refused with HTTP \(refusal.status)"), "\(refusal)")
            }
            #expect(log.records.filter { $0.method == "PUT" }.count == 1, "sent once, not retried as a changed card")
        }
    }

    @Test("one person's cards from an iPhone and from DAVx5, merged: one card with one PRODID and one REV, in 3.0",
          arguments: TestServerKind.allCases)
    func mergeOfCardsFromTwoApps(_ kind: TestServerKind) async throws {
        let account = try await TestAccount.make("user4", on: kind)
        try await account.put(TwoAppsFixtures.iPhone, named: "iphone.vcf")
        try await account.put(TwoAppsFixtures.davx5, named: "davx5.vcf")
        try await account.put(TwoAppsFixtures.other, named: "other.vcf")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        let first = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(first.count(.pullAdd) == 3)

        // The duplicate detector finds the person twice (name and phone) and merges the two cards.
        let contacts = try store.allContacts()
        let (merged, report) = DuplicateMerging().merge(contacts)
        #expect(merged.count == 2, "\(report)")
        let person = try #require(merged.first { $0.fullName == "Chidi Okafor" })
        let members = contacts.filter { $0.fullName == "Chidi Okafor" }
        #expect(members.count == 2)
        #expect(person.unmappedProperties.filter { $0.name == "PRODID" }.count == 2, "the merge keeps both apps' PRODIDs")
        try syncWrite(store) { try $0.saveMerged(person, members: members) }

        let second = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics)")
        #expect(second.unwrittenCards.isEmpty)
        #expect(second.count(.pushUpdate) == 1)
        #expect(second.count(.pushDelete) == 1)
        let cards = try await serverCards(account)
        #expect(cards.count == 2)
        let card = try #require(cards.first { $0.vCard.contains("FN:Chidi Okafor") })
        #expect(TwoAppsFixtures.lines(card.vCard, named: "PRODID") == ["PRODID:\(ohanaProductID)"])
        #expect(TwoAppsFixtures.lines(card.vCard, named: "REV") == ["REV:20240615T083000Z"], "the later of the two")
        #expect(TwoAppsFixtures.lines(card.vCard, named: "VERSION") == ["VERSION:3.0"])
        #expect(TwoAppsFixtures.lines(card.vCard, named: "BDAY") == ["BDAY:1952-08-21"])
        #expect(TwoAppsFixtures.lines(card.vCard, named: "UID").count == 1)
        #expect(TwoAppsFixtures.lines(card.vCard, named: "N").count == 1)
        #expect(card.vCard.contains("chidi@example.org") && card.vCard.contains("chidi.okafor@mail.example.net"))
        // A second client (vobject) reads both cards.
        #expect(try await readWithIndependentClient(account).count == 2)

        let third = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(third.actions.isEmpty, "\(third.actions)")
        #expect(third.diagnostics.isEmpty, "\(third.diagnostics)")
    }

    @Test("a 3.0 card edited on both sides is still 3.0 on the server, different only in the changed properties",
          arguments: TestServerKind.allCases)
    func threeOhCardWrittenBackAsItCame(_ kind: TestServerKind) async throws {
        let account = try await TestAccount.make("user4", on: kind)
        let card = TwoAppsFixtures.iPhone.replacingOccurrences(of: "BDAY:", with: """
            ORG:Okafor & Sons;Accounts\r
            item2.TEL:+1 202 555 0199\r
            item2.X-ABLabel:Boat\r
            EMAIL;TYPE=INTERNET;TYPE=HOME:chidi.home@example.net\r
            item3.ADR;type=HOME;type=pref:;;12 Marina Road\\nFlat 4;Lagos;;101241;Nigeria\r
            item3.X-ABADR:ng\r
            X-SOCIALPROFILE;type=twitter:https://twitter.com/chidi\r
            BDAY:
            """)
        let put = try await account.put(card, named: "chidi.vcf")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()

        // The server's side: a note (as the iPhone writes it). The store's side: a work phone.
        let serverEdit = card.replacingOccurrences(of: "REV:", with: "NOTE:Met at the 1998 conference\\, Abuja\r\nREV:")
        _ = try await account.client.updateCard(serverEdit, at: put.href, in: account.bookURL, etag: try #require(put.etag))
        var local = try #require(try store.allContacts().first)
        local.fields.append(.phone("+1 202 555 0100", label: .work))
        try syncWrite(store) { try $0.save(local) }
        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(report.count(.pushUpdate) == 1)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")

        // Compared property by property (parameter spellings and itemN numbers aside, which say the same).
        let pushed = try #require(try await serverCards(account).first).vCard
        let before = VCardLines.normalized(serverEdit), after = VCardLines.normalized(pushed)
        let appleOther = ["item.EMAIL;TYPE=INTERNET;TYPE=PREF:chidi@example.org", "item.X-ABLABEL:_$!<Other>!$_"]
        let removed = before.filter { !after.contains($0) && !appleOther.contains($0) }
        let added = after.filter { !before.contains($0) && !$0.contains("chidi@example.org") }
        #expect(removed.isEmpty, "pushed:\n\(pushed)")
        #expect(added.count == 1, "pushed:\n\(pushed)")
        #expect(added.contains { $0.hasPrefix("TEL") && $0.hasSuffix(":+1 202 555 0100") }, "\(added)")
        #expect(after.contains("PRODID:-//Apple Inc.//iPhone OS 17.4//EN"), "one app's card keeps its PRODID")
        #expect(after.contains("VERSION:3.0") && after.contains("BDAY:1952-08-21"))
        // An Apple label that a TYPE value could also say (`_$!<Other>!$_`) goes back in its group.
        #expect(appleOther.allSatisfy(after.contains), "pushed:\n\(pushed)")
    }

    @Test("a card the server refuses does not stop the others, nor a later run", arguments: TestServerKind.allCases)
    func refusedCardDoesNotStopTheOthers(_ kind: TestServerKind) async throws {
        let account = try await TestAccount.make("user4", on: kind)
        try await account.put(TwoAppsFixtures.other, named: "other.vcf")
        let log = RequestLog()
        let provider = try account.provider(configuration: CardDAVConfiguration(requestObserver: log.observer))
        let store = try SQLiteContactStore.inMemory()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        // Three contacts imported from a file; one has a photo whose base64 is broken, kept as written.
        let file = """
            BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ahn;Ji-woo;;;\r\nFN:Ji-woo Ahn\r\nTEL;TYPE=CELL:+82 10 1234 5678\r\nEND:VCARD\r
            BEGIN:VCARD\r\nVERSION:3.0\r\nN:Broken;Photo;;;\r\nFN:Photo Broken\r\nPHOTO;ENCODING=b;TYPE=JPEG:!!!notbase64\r\nEND:VCARD\r
            BEGIN:VCARD\r\nVERSION:3.0\r\nN:Castillo;Rosa;;;\r\nFN:Rosa Castillo\r\nEMAIL:rosa@example.com\r\nEND:VCARD\r

            """
        let imported = VCardReader(options: VCardReadingOptions(providerID: "file:import.vcf")).read(Data(file.utf8), source: "import.vcf")
        #expect(imported.contacts.count == 3)
        try syncWrite(store) { t in for contact in imported.contacts { try t.save(contact) } }

        log.clear()
        let first = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        #expect(first.count(.pushCreate) == 2)
        #expect(first.unwrittenCards.count == 1)
        let refusal = try #require(first.diagnostics.first { $0.severity == .error })
        #expect(refusal.message.contains("Photo Broken: not written"), "\(refusal)")
        #expect(refusal.message.contains("PUT"), "\(refusal)")
        #expect(log.records.filter { $0.method == "PUT" && $0.url.hasSuffix(first.unwrittenCards[0]) }.count == 1)
        var cards = try await serverCards(account)
        #expect(cards.count == 3)
        // New cards are written in the version the address book takes (3.0 on both).
        for card in cards { #expect(TwoAppsFixtures.lines(card.vCard, named: "VERSION") == ["VERSION:3.0"], "\(card.vCard)") }

        // Later: the refused card is tried again (and refused again); an edit of another goes through.
        var rosa = try #require(try store.allContacts().first { $0.fullName == "Rosa Castillo" })
        rosa.note = "edited after the refusal"
        try syncWrite(store) { try $0.save(rosa) }
        let second = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        #expect(second.count(.pushUpdate) == 1)
        #expect(second.unwrittenCards.count == 1)
        cards = try await serverCards(account)
        #expect(cards.contains { $0.vCard.contains("NOTE:edited after the refusal") })
        #expect(try await account.client.cardReferences(in: account.bookURL).count == 3)
    }

    @Test("ohana sync prints the server's refusal, syncs the other cards and exits with status 1")
    func syncCommandFailsOnARefusedCard() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let account = try await TestAccount.make("user4")
        try await account.put(TwoAppsFixtures.other, named: "other.vcf")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-sync-refused-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("contacts.sqlite").path
        let url = "carddav://\(account.user)@\(try #require(account.bookURL.host)):\(try #require(account.bookURL.port))\(account.bookURL.path)/"
        let runner = SyncCommandStateTests()
        let first = try runner.run(ohana, ["sync", url, "--store", file], password: account.password)
        #expect(first.status == 0, "\(first.errors)")
        let broken = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Broken;Photo;;;\r\nFN:Photo Broken\r\nPHOTO;ENCODING=b;TYPE=JPEG:!!!notbase64\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Castillo;Rosa;;;\r\nFN:Rosa Castillo\r\nEND:VCARD\r\n"
        let imported = VCardReader(options: VCardReadingOptions(providerID: "file:import.vcf")).read(Data(broken.utf8), source: "import.vcf")
        do {
            let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: file))
            try await store.save(imported.contacts, mode: .upsertBySourceRecord)
            try store.close()
        }
        let second = try runner.run(ohana, ["sync", url, "--store", file, "--push-new"], password: account.password)
        #expect(second.status == 1, "\(second.output)\(second.errors)")
        #expect(second.errors.contains("Photo Broken: not written:") && second.errors.contains("PUT refused with HTTP 400"), "\(second.errors)")
        #expect(second.errors.contains("1 card not written"), "\(second.errors)")
        #expect(second.output.contains("pushed 1 created"), "\(second.output)")
    }
}
