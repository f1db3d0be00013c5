import Foundation
import Ohana
@testable import OhanaCardDAV
import Testing

/// CardDAV against a real Radicale started by the test run (see TestServers.swift).
@Suite("CardDAV against Radicale")
struct RadicaleTests {
    @Test("discovery from the server root finds every address book of the user, through /.well-known")
    func discoveryFromServerRoot() async throws {
        let first = try await TestAccount.make("user12", bookName: "family", displayName: "Family")
        _ = try await TestAccount.make("user12", bookName: "work", displayName: "Work")
        let log = RequestLog()
        let client = try CardDAVClient(url: first.server, credential: first.credential,
                                       configuration: .init(requestObserver: log.observer))
        let books = try await client.discoverAddressBooks()
        #expect(books.map(\.url.absoluteString) == ["family/", "work/"].map { first.server.absoluteString + "user12/" + $0 })
        #expect(books.map(\.displayName) == ["Family", "Work"])
        #expect(books.allSatisfy { $0.supportsSyncCollection })
        #expect(books.allSatisfy { $0.syncToken != nil })
        // Radicale answers /.well-known/carddav with a redirect; it was followed within the origin.
        #expect(log.records.first?.url.hasSuffix("/.well-known/carddav") == true)
        #expect(log.records.contains { $0.status == 301 || $0.status == 302 || $0.status == 307 || $0.status == 308 })
    }

    @Test("discovery from an address book URL gives that address book only")
    func discoveryFromAddressBook() async throws {
        let account = try await TestAccount.make("user1", bookName: "single", displayName: "Single")
        let client = try CardDAVClient(url: account.bookURL, credential: account.credential)
        let books = try await client.discoverAddressBooks()
        #expect(books.map(\.url) == [account.bookURL])
        #expect(books.first?.displayName == "Single")
    }

    @Test("a carddav:// URL with a user name maps to http and keeps the user apart")
    func carddavScheme() async throws {
        let server = try await RadicaleServer.shared.baseURL()
        let url = URL(string: "carddav://user1@127.0.0.1:\(server.port!)/user1/")!
        let client = try CardDAVClient(url: url)
        #expect(client.serverURL.absoluteString == "http://127.0.0.1:\(server.port!)/user1/")
        #expect(client.userFromURL == "user1")
        #expect(throws: CardDAVError.self) { try CardDAVClient(url: URL(string: "ftp://example.com/")!) }
    }

    @Test("loading gives every card with its href and ETag as provenance, and keeps unknown properties")
    func loadAllCards() async throws {
        let account = try await TestAccount.make("user2")
        let a = try await account.put(sampleCard(uid: "uid-a", name: "Ada Lovelace"), named: "a.vcf")
        let b = try await account.put(sampleCard(uid: "uid-b", name: "Blaise Pascal"), named: "b.vcf")
        let c = try await account.put(sampleCard(uid: "uid-c", name: "Carl Gauss"), named: "c.vcf")
        let provider = try account.provider()
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.count == 3)
        #expect(loaded.diagnostics.isEmpty)
        let listing = try await account.client.cardReferences(in: account.bookURL)
        let etags = Dictionary(uniqueKeysWithValues: listing.map { ($0.href, $0.etag) })
        for (reference, name) in [(a, "Ada Lovelace"), (b, "Blaise Pascal"), (c, "Carl Gauss")] {
            let contact = try #require(loaded.contacts.first { $0.fullName == name })
            let record = try #require(contact.provenance.first)
            #expect(record.providerID == provider.identifier)
            #expect(record.recordID == reference.href)
            #expect(record.revision == etags[reference.href] ?? nil)
            #expect(record.revision == reference.etag)
            #expect(contact.phoneNumbers.map(\.value) == ["+1 555 0100"])
            #expect(contact.unmappedProperties.contains { $0.name == "X-OHANA-TEST" && $0.value == "kept" })
        }
    }

    @Test("cards are fetched with addressbook-multiget in batches of the configured size")
    func multigetBatches() async throws {
        let account = try await TestAccount.make("user3")
        for i in 0..<25 { try await account.put(sampleCard(uid: "batch-\(i)", name: "Person \(i)"), named: "p\(i).vcf") }
        let log = RequestLog()
        let provider = try account.provider(configuration: .init(multigetBatchSize: 10, requestObserver: log.observer))
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.count == 25)
        #expect(Set(loaded.contacts.map(\.fullName)).count == 25)
        let fetches = log.records.filter { $0.purpose == .fetch }
        #expect(fetches.count == 3)
        #expect(fetches.allSatisfy { $0.method == "REPORT" && $0.status == 207 })
    }

    @Test("syncing twice with no change transfers no card bodies the second time; changes come incrementally")
    func incrementalSync() async throws {
        let account = try await TestAccount.make("user4")
        for i in 0..<5 { try await account.put(sampleCard(uid: "s-\(i)", name: "Sync \(i)"), named: "s\(i).vcf") }
        let log = RequestLog()
        let provider = try account.provider(configuration: .init(requestObserver: log.observer))
        let first = try await provider.synchronize(from: CardDAVSyncState())
        #expect(first.added.count == 5)
        #expect(first.cardsFetched == 5)
        let firstBytes = log.records.reduce(0) { $0 + $1.responseBytes }
        log.clear()

        let second = try await provider.synchronize(from: first.state)
        #expect(second.added.isEmpty && second.changed.isEmpty && second.removed.isEmpty)
        #expect(second.cardsFetched == 0)
        #expect(second.fullLoads.isEmpty)
        let records = log.records
        #expect(!records.contains { $0.purpose == .fetch }, "no card bodies requested: \(records)")
        #expect(records.filter { $0.purpose == .sync }.count == 1)
        let syncBytes = records.filter { $0.purpose == .sync }.reduce(0) { $0 + $1.responseBytes }
        #expect(syncBytes < 600, "the second sync-collection answer lists no members (\(syncBytes) bytes)")
        #expect(records.reduce(0) { $0 + $1.responseBytes } < firstBytes)

        // One added, one changed, one removed on the server.
        let listing = try await account.client.cardReferences(in: account.bookURL)
        let s1 = try #require(listing.first { $0.href.hasSuffix("/s1.vcf") })
        let s2 = try #require(listing.first { $0.href.hasSuffix("/s2.vcf") })
        _ = try await account.client.updateCard(sampleCard(uid: "s-1", name: "Sync One Changed"), at: s1.href,
                                                in: account.bookURL, etag: try #require(s1.etag))
        try await account.client.deleteCard(at: s2.href, in: account.bookURL, etag: s2.etag)
        try await account.put(sampleCard(uid: "s-new", name: "Sync New"), named: "new.vcf")
        log.clear()

        let third = try await provider.synchronize(from: second.state)
        #expect(third.added.map(\.fullName) == ["Sync New"])
        #expect(third.changed.map(\.fullName) == ["Sync One Changed"])
        #expect(third.removed.map(\.recordID) == [s2.href])
        #expect(third.removed.first?.revision == s2.etag)
        #expect(third.cardsFetched == 2)
        #expect(third.fullLoads.isEmpty)
    }

    @Test("loadContacts keeps the contact list and syncs incrementally on later loads")
    func providerLoadsIncrementally() async throws {
        let account = try await TestAccount.make("user4")
        for i in 0..<4 { try await account.put(sampleCard(uid: "l-\(i)", name: "Load \(i)"), named: "l\(i).vcf") }
        let log = RequestLog()
        let provider = try account.provider(configuration: .init(requestObserver: log.observer))
        let first = try await provider.loadContacts()
        #expect(first.contacts.count == 4)
        log.clear()
        let second = try await provider.loadContacts()
        #expect(second.contacts.map(\.fullName) == first.contacts.map(\.fullName))
        #expect(!log.records.contains { $0.purpose == .fetch })
        let listing = try await account.client.cardReferences(in: account.bookURL)
        let l0 = try #require(listing.first { $0.href.hasSuffix("/l0.vcf") })
        try await account.client.deleteCard(at: l0.href, in: account.bookURL, etag: l0.etag)
        let third = try await provider.loadContacts()
        #expect(third.contacts.map(\.fullName) == ["Load 1", "Load 2", "Load 3"])
    }

    @Test("an invalid sync token falls back to a full load, says so, and still reports removals")
    func invalidSyncToken() async throws {
        let account = try await TestAccount.make("user5")
        for i in 0..<3 { try await account.put(sampleCard(uid: "t-\(i)", name: "Token \(i)"), named: "t\(i).vcf") }
        let provider = try account.provider()
        let first = try await provider.synchronize(from: CardDAVSyncState())
        var state = first.state
        let key = try #require(state.addressBooks.keys.first)
        state.addressBooks[key]?.syncToken = "http://radicale.org/ns/sync/0000000000000000000000000000000000000000"
        state.addressBooks[key]?.etags["/user5/\(account.bookURL.lastPathComponent)/gone.vcf"] = "\"old\""
        let result = try await provider.synchronize(from: state)
        #expect(result.fullLoads.map(\.reason) == [.invalidSyncToken])
        #expect(result.diagnostics.contains { $0.severity == .warning && $0.message.contains("sync token") })
        #expect(result.cardsFetched == 0, "unchanged ETags are not fetched again")
        #expect(result.removed.map(\.recordID) == ["/user5/\(account.bookURL.lastPathComponent)/gone.vcf"])
        #expect(result.state.addressBooks[key]?.syncToken != state.addressBooks[key]?.syncToken)
        let again = try await provider.synchronize(from: result.state)
        #expect(again.fullLoads.isEmpty)
    }

    @Test("create, update and delete write back with If-None-Match and If-Match")
    func writeBack() async throws {
        let account = try await TestAccount.make("user6")
        let provider = try account.provider()
        var contact = Contact(id: "writeback-1", givenName: "Grace", familyName: "Hopper", formattedName: "Grace Hopper")
        contact = try await provider.create(contact, in: account.bookURL)
        let record = try #require(contact.provenance.first { $0.providerID == provider.identifier })
        let href = try #require(record.recordID)
        let created = try #require(try await account.client.card(at: href, in: account.bookURL))
        #expect(created.vCard.contains("Grace Hopper"))
        #expect(created.etag == record.revision)

        // Creating again at the same name must not overwrite.
        await #expect(throws: CardDAVError.self) { _ = try await provider.create(contact, in: account.bookURL) }

        contact.formattedName = "Rear Admiral Grace Hopper"
        contact = try await provider.update(contact)
        let updated = try #require(try await account.client.card(at: href, in: account.bookURL))
        #expect(updated.vCard.contains("Rear Admiral Grace Hopper"))
        #expect(contact.provenance.first?.revision == updated.etag)
        #expect(updated.etag != created.etag)

        try await provider.delete(contact)
        #expect(try await account.client.card(at: href, in: account.bookURL) == nil)
    }

    @Test("a write over a card changed on the server is a 412 conflict with both versions; nothing is overwritten")
    func conflicts() async throws {
        let account = try await TestAccount.make("user7")
        let reference = try await account.put(sampleCard(uid: "conflict-1", name: "Original Name"), named: "c1.vcf")
        let provider = try account.provider()
        let loaded = try await provider.loadContacts()
        var local = try #require(loaded.contacts.first)
        // Someone else changes the card on the server.
        let serverVersion = sampleCard(uid: "conflict-1", name: "Changed Elsewhere")
        let serverReference = try await account.client.updateCard(serverVersion, at: reference.href, in: account.bookURL,
                                                                  etag: try #require(reference.etag))
        local.formattedName = "Changed Locally"
        do throws(CardDAVError) {
            _ = try await provider.update(local)
            Issue.record("an update over a changed card must fail")
        } catch {
            guard case .conflict(let conflict) = error else { Issue.record("expected a conflict, got \(error)"); return }
            #expect(error.status == 412)
            #expect(conflict.expectedETag == reference.etag)
            #expect(conflict.serverETag == serverReference.etag)
            #expect(conflict.serverCard?.contains("Changed Elsewhere") == true)
            #expect(conflict.localCard?.contains("Changed Locally") == true)
            #expect(conflict.localContact?.formattedName == "Changed Locally")
            #expect(conflict.serverContact?.fullName == "Changed Elsewhere")
            #expect(conflict.description.contains("412"))
            #expect(conflict.description.contains(reference.href))
        }
        let onServer = try #require(try await account.client.card(at: reference.href, in: account.bookURL))
        #expect(onServer.vCard.contains("Changed Elsewhere"))

        // A delete based on the old version is refused the same way.
        do throws(CardDAVError) {
            try await provider.delete(local)
            Issue.record("a delete over a changed card must fail")
        } catch {
            guard case .conflict(let conflict) = error else { Issue.record("expected a conflict, got \(error)"); return }
            #expect(conflict.serverETag == serverReference.etag)
        }
        #expect(try await account.client.card(at: reference.href, in: account.bookURL) != nil)

        // A card deleted on the server: the update reports it as deleted there.
        try await account.client.deleteCard(at: reference.href, in: account.bookURL, etag: nil)
        do throws(CardDAVError) {
            _ = try await provider.update(local)
            Issue.record("an update of a card deleted on the server must fail")
        } catch {
            guard case .conflict(let conflict) = error else { Issue.record("expected a conflict, got \(error)"); return }
            #expect(conflict.serverCard == nil && conflict.serverETag == nil)
            #expect(conflict.description.contains("deleted on the server"))
        }
        #expect(try await account.client.card(at: reference.href, in: account.bookURL) == nil)
    }

    @Test("a 401 goes through the authorization step; refused credentials ask again; passwords never show")
    func authorization() async throws {
        let account = try await TestAccount.make("user8")
        try await account.put(sampleCard(uid: "auth-1", name: "Auth Person"), named: "a.vcf")
        let captured = CapturedLog()
        let url = URL(string: "carddav://user8@127.0.0.1:\(account.server.port!)\(account.bookURL.path)")!
        let provider = try CardDAVContactsProvider(url: url, configuration: .init(logger: captured.logger))
        var descriptions: [String] = []
        do throws(ContactsProviderError) {
            _ = try await provider.loadContacts()
            Issue.record("loading without credentials must ask for them")
        } catch {
            guard case .authorizationRequired(let challenge) = error else { Issue.record("got \(error)"); return }
            #expect(challenge.providerID == provider.identifier)
            #expect(challenge.realm == "Radicale - Password Required")
            descriptions.append(error.description)
        }
        let wrong = "Wr0ng-Pa55word-zz"
        await provider.authorize(with: .password(user: "", password: wrong))
        do throws(ContactsProviderError) {
            _ = try await provider.loadContacts()
            Issue.record("wrong credentials must not load")
        } catch {
            guard case .authorizationRequired(let challenge) = error else { Issue.record("got \(error)"); return }
            #expect(challenge.message.contains("refused"))
            descriptions.append(error.description)
        }
        await provider.authorize(with: .password(user: "", password: account.password))
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.map(\.fullName) == ["Auth Person"])

        let secrets = [wrong, account.password,
                       Data("user8:\(wrong)".utf8).base64EncodedString(),
                       Data("user8:\(account.password)".utf8).base64EncodedString()]
        for secret in secrets {
            #expect(!captured.text.contains(secret))
            for description in descriptions { #expect(!description.contains(secret)) }
        }
        #expect(captured.text.contains("PROPFIND"), "requests were logged (without credentials)")
    }

    @Test("the data source asks the app for credentials on a 401 and loads")
    func dataSourceAuthorization() async throws {
        let account = try await TestAccount.make("user11")
        try await account.put(sampleCard(uid: "ds-1", name: "Data Source Person"), named: "d.vcf")
        let provider = try CardDAVContactsProvider(url: account.bookURL)
        let password = account.password
        let source = ContactsDataSource(providers: [provider], authorizationHandler: { challenge in
            challenge.realm == "Radicale - Password Required" ? .password(user: "user11", password: password) : nil
        })
        _ = try await source.load()
        #expect(source.contacts.map(\.fullName) == ["Data Source Person"])
    }

    @Test("a fetch that fails part way keeps what arrived, says so, and the next sync fetches only the rest")
    func partialFailureKeepsWhatLoaded() async throws {
        let account = try await TestAccount.make("user9")
        for i in 0..<6 { try await account.put(sampleCard(uid: "p-\(i)", name: "Part \(i)"), named: "p\(i).vcf") }
        let big = String(repeating: "x", count: 40_000)
        try await account.put(sampleCard(uid: "p-big", name: "Big Card", note: big), named: "big.vcf")
        let log = RequestLog()
        let limited = try account.provider(configuration: .init(maximumResponseSize: 20_000, multigetBatchSize: 1,
                                                                requestObserver: log.observer))
        let first = try await limited.synchronize(from: CardDAVSyncState())
        #expect(!first.isComplete)
        #expect(first.incompleteAddressBooks == [account.bookURL])
        let error = try #require(first.diagnostics.first { $0.severity == .error })
        #expect(error.description.contains(account.bookURL.absoluteString))
        #expect(error.description.contains("larger than the limit"))
        #expect(first.added.count == first.cardsFetched)
        #expect(first.added.count < 7)
        let key = account.bookURL.absoluteString
        #expect(first.state.addressBooks[key]?.syncToken == nil, "the token does not advance past what did not arrive")
        #expect(first.state.addressBooks[key]?.etags.count == first.added.count)

        let unlimited = try account.provider()
        let second = try await unlimited.synchronize(from: first.state)
        #expect(second.isComplete)
        #expect(second.added.count == 7 - first.added.count)
        #expect(second.cardsFetched == 7 - first.added.count)
        #expect(Set((first.added + second.added).map(\.fullName)).count == 7)
    }

    @Test("when a later load fails, the provider keeps the contacts of the last load and reports the error")
    func failedReloadKeepsContacts() async throws {
        let account = try await TestAccount.make("user10")
        try await account.put(sampleCard(uid: "keep-1", name: "Kept Person"), named: "k.vcf")
        let provider = try account.provider()
        #expect(try await provider.loadContacts().contacts.map(\.fullName) == ["Kept Person"])
        // The address book disappears from the server.
        let exchange = try await account.client.send("DELETE", account.bookURL, purpose: .delete)
        #expect(exchange.status == 200 || exchange.status == 204)
        let again = try await provider.loadContacts()
        #expect(again.contacts.map(\.fullName) == ["Kept Person"])
        let diagnostic = try #require(again.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("not synced"))
        #expect(diagnostic.message.contains("HTTP 404") || diagnostic.message.contains("no CardDAV address book"))
    }
}
