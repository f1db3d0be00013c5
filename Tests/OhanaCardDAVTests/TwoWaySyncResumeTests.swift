import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStoreSQLite
import OhanaVCard
import Testing

/// Writes a stopped sync left in the journal are settled by the next one (the states a kill can leave, made on purpose).
@Suite("Two-way sync resumes interrupted writes")
struct TwoWaySyncResumeTests {
    @Test("a create that reached the server before the sync stopped is linked, not created a second time")
    func createThatArrived() async throws {
        let account = try await TestAccount.make("user3")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        let contact = Contact(givenName: "Nova", familyName: "Imported", fields: [.email("nova@example.org")])
        try syncWrite(store) { try $0.save(contact) }
        // What a killed sync leaves: the journal entry, and the card on the server; the store knows nothing else.
        let vCard = VCardWriter().string(for: contact)
        let name = CardDAVContactsProvider.fileName(for: contact)
        try syncWrite(store) { t in
            _ = try t.beginSyncWrite(SyncJournalEntry(providerID: provider.identifier, href: account.bookURL.appendingPathComponent(name).path,
                                                      operation: .create, contactID: contact.id, expectedETag: nil, vCard: vCard))
        }
        try await account.put(vCard, named: name)

        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        #expect(report.resumedWrites == 1)
        #expect(report.actions.isEmpty, "\(report.actions)")
        #expect(try await SyncFixtures.serverContacts(account).count == 1)
        let stored = try #require(try store.allContacts().first)
        #expect(stored.provenance.contains { $0.providerID == provider.identifier && $0.recordID?.hasSuffix(name) == true })
        #expect(try syncRead(store) { try $0.pendingSyncWrites(providerID: provider.identifier) }.isEmpty)
    }

    @Test("an update that reached the server becomes the base; an edit made after it is pushed, without a conflict")
    func updateThatArrived() async throws {
        let account = try await TestAccount.make("user3")
        try await account.put(SyncFixtures.card(0), named: "card-0.vcf")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        let original = try #require(try store.allContacts().first)
        var sent = original
        sent.note = "first edit"
        // The killed sync sent `sent` (journal entry, then PUT) and stopped before storing the outcome.
        let etag = try #require(try await account.client.cardReferences(in: account.bookURL).first?.etag)
        let vCard = VCardWriter().string(for: sent)
        try syncWrite(store) { t in
            _ = try t.beginSyncWrite(SyncJournalEntry(providerID: provider.identifier, href: account.href(0), operation: .update,
                                                      contactID: original.id, expectedETag: etag, vCard: vCard,
                                                      localVCard: VCardWriter().string(for: sent)))
            try t.save(sent)
        }
        _ = try await account.client.updateCard(vCard, at: account.href(0), in: account.bookURL, etag: etag)
        // Then the user edited the contact again.
        var later = sent
        later.jobTitle = "Engineer"
        try syncWrite(store) { try $0.save(later) }

        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(report.resumedWrites == 1)
        #expect(report.conflicts.isEmpty)
        #expect(report.actions.map(\.kind) == [.pushUpdate])
        #expect(report.actions.first?.changes.map(\.field) == ["jobTitle"])
        let server = try #require(try await SyncFixtures.serverContacts(account).values.first)
        #expect(server.note == "first edit")
        #expect(server.jobTitle == "Engineer")
    }

    @Test("an update that reached the server for a contact removed since is deleted, not pulled back as a new contact")
    func updateThatArrivedForRemovedContact() async throws {
        let account = try await TestAccount.make("user3")
        for index in 0..<2 { try await account.put(SyncFixtures.card(index), named: "card-\(index).vcf") }
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        let original = try #require(try store.allContacts().first { $0.provenance.contains { $0.recordID == account.href(0) } })
        var sent = original
        sent.note = "edited before the kill"
        let etag = try #require(try await account.client.cardReferences(in: account.bookURL).first { $0.href.hasSuffix("card-0.vcf") }?.etag)
        let vCard = VCardWriter().string(for: sent)
        try syncWrite(store) { t in
            _ = try t.beginSyncWrite(SyncJournalEntry(providerID: provider.identifier, href: account.href(0), operation: .update,
                                                      contactID: original.id, expectedETag: etag, vCard: vCard, localVCard: vCard))
            try t.save(sent)
        }
        _ = try await account.client.updateCard(vCard, at: account.href(0), in: account.bookURL, etag: etag)
        // Before the next sync the user removed the contact.
        try syncWrite(store) { _ = try $0.remove(id: original.id) }

        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(report.resumedWrites == 1)
        #expect(report.actions.map(\.kind) == [.pushDelete], "\(report.actions)")
        let server = try await SyncFixtures.serverContacts(account)
        #expect(server.keys.map { $0.hasSuffix("card-1.vcf") } == [true])
        #expect(try store.allContacts().count == 1)
        #expect(try syncRead(store) { try $0.pendingSyncWrites(providerID: provider.identifier) }.isEmpty)
    }

    @Test("a create whose card is not on the server stays in the journal until the next write to its href settles it")
    func createNotYetArrived() async throws {
        let account = try await TestAccount.make("user3")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        let contact = Contact(givenName: "Vega", familyName: "Pending", fields: [.email("vega@example.org")])
        try syncWrite(store) { try $0.save(contact) }
        let href = account.bookURL.appendingPathComponent(CardDAVContactsProvider.fileName(for: contact)).path
        try syncWrite(store) { t in
            _ = try t.beginSyncWrite(SyncJournalEntry(providerID: provider.identifier, href: href, operation: .create,
                                                      contactID: contact.id, expectedETag: nil, vCard: VCardWriter().string(for: contact)))
        }
        // Without --push-new nothing writes the href: the entry may still land, so it is kept.
        let first = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(first.resumedWrites == 0)
        #expect(try syncRead(store) { try $0.pendingSyncWrites(providerID: provider.identifier) }.count == 1)
        // The create made again at the same href settles it.
        let second = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        #expect(second.actions.map(\.kind) == [.pushCreate])
        #expect(second.actions.first?.href == href)
        #expect(try syncRead(store) { try $0.pendingSyncWrites(providerID: provider.identifier) }.isEmpty)
        #expect(try await SyncFixtures.serverContacts(account).count == 1)
    }

    @Test("an update whose card has another ETag now can no longer land: it is settled, and nothing is pushed twice")
    func updateThatCannotLand() async throws {
        let account = try await TestAccount.make("user3")
        try await account.put(SyncFixtures.card(0), named: "card-0.vcf")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        let original = try #require(try store.allContacts().first)
        var sent = original
        sent.note = "never arrived"
        // A killed sync began this write against an ETag the card no longer has (If-Match fails for good).
        try syncWrite(store) { t in
            _ = try t.beginSyncWrite(SyncJournalEntry(providerID: provider.identifier, href: account.href(0), operation: .update,
                                                      contactID: original.id, expectedETag: "\"gone-etag\"",
                                                      vCard: VCardWriter().string(for: sent), localVCard: VCardWriter().string(for: sent)))
        }
        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(report.resumedWrites == 1)
        #expect(report.actions.isEmpty, "\(report.actions)")
        #expect(try syncRead(store) { try $0.pendingSyncWrites(providerID: provider.identifier) }.isEmpty)
        #expect(try await SyncFixtures.serverContacts(account).values.first?.note == nil)
    }
}
