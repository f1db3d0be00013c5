import Foundation
import Ohana
@testable import OhanaCardDAV
import OhanaStore
import OhanaVCard
import Testing

/// Writes a stopped sync left in the journal are settled by the next one (the states a kill can leave, made on purpose).
@Suite("Two-way sync resumes interrupted writes")
struct TwoWaySyncResumeTests {
    @Test("a create that reached the server before the sync stopped is linked, not created a second time")
    func createThatArrived() async throws {
        let account = try await TestAccount.make("user3")
        let store = try ContactStore.inMemory()
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

        let report = try await CardDAVTwoWaySync(provider: provider, store: store, options: .init(pushNew: true)).run()
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
        let store = try ContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: store).run()
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

        let report = try await CardDAVTwoWaySync(provider: provider, store: store).run()
        #expect(report.resumedWrites == 1)
        #expect(report.conflicts.isEmpty)
        #expect(report.actions.map(\.kind) == [.pushUpdate])
        #expect(report.actions.first?.changes.map(\.field) == ["jobTitle"])
        let server = try #require(try await SyncFixtures.serverContacts(account).values.first)
        #expect(server.note == "first edit")
        #expect(server.jobTitle == "Engineer")
    }
}

/// A card changed on the server between the listing and the push (a 412 on the write).
@Suite("Two-way sync meets a concurrent change")
struct TwoWaySyncConcurrentChangeTests {
    /// Runs once, on the first listing: changes card 0 on the server with curl (another client, mid-sync).
    final class ChangeOnce: Sendable {
        private let lock = NSLock()
        private nonisolated(unsafe) var done = false
        let account: TestAccount

        init(account: TestAccount) { self.account = account }

        func observe(_ record: CardDAVRequestRecord) {
            guard record.purpose == .listing else { return }
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return }
            done = true
            var card = SyncFixtures.card(0).replacingOccurrences(of: "END:VCARD", with: "NOTE:changed mid-sync\r\nEND:VCARD")
            card = card.replacingOccurrences(of: "\r\n\r\n", with: "\r\n")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-s", "-o", "/dev/null", "-u", "\(account.user):\(account.password)", "-X", "PUT",
                                 "-H", "Content-Type: text/vcard", "--data-binary", card,
                                 account.bookURL.appendingPathComponent("card-0.vcf").absoluteString]
            try? process.run()
            process.waitUntilExit()
        }
    }

    @Test("a 412 on the push re-fetches the card, merges again and writes both changes")
    func preconditionFailedRemerges() async throws {
        let account = try await TestAccount.make("user3")
        try await account.put(SyncFixtures.card(0), named: "card-0.vcf")
        let store = try ContactStore.inMemory()
        _ = try await CardDAVTwoWaySync(provider: try account.provider(), store: store).run()
        var edited = try #require(try store.allContacts().first)
        edited.jobTitle = "Mathematician"
        try syncWrite(store) { try $0.save(edited) }

        let change = ChangeOnce(account: account)
        let log = RequestLog()
        let provider = try account.provider(configuration: .init(requestObserver: { change.observe($0); log.record($0) }))
        let report = try await CardDAVTwoWaySync(provider: provider, store: store).run()
        #expect(log.records.contains { $0.method == "PUT" && $0.status == 412 }, "the first write should have met the change")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.count(.pushUpdate) == 1)
        let server = try #require(try await SyncFixtures.serverContacts(account).values.first)
        #expect(server.jobTitle == "Mathematician")
        #expect(server.note == "changed mid-sync")
        let stored = try #require(try store.allContacts().first)
        #expect(SyncFixtures.canonical(stored) == SyncFixtures.canonical(server))
    }
}

/// A store filled before two-way sync (contacts with their card's href, no synced version).
@Suite("Two-way sync of a store without synced versions")
struct TwoWaySyncWithoutBaseTests {
    @Test("without a base nothing is dropped: values of both sides are kept, disagreeing single values are conflicts")
    func firstTwoWaySyncKeepsBothSides() async throws {
        let account = try await TestAccount.make("user3")
        try await account.put(SyncFixtures.card(0), named: "card-0.vcf")
        let provider = try account.provider()
        // The pull-only way: the provider's contacts saved as they are.
        var pulled = try #require(try await provider.loadContacts().contacts.first)
        pulled.note = "local note"
        pulled.fields.append(.phone("+1 202 555 7777", label: .work))
        let store = try ContactStore.inMemory()
        try syncWrite(store) { try $0.save(pulled) }
        let etag = try #require(try await account.client.cardReferences(in: account.bookURL).first?.etag)
        let card = SyncFixtures.card(0).replacingOccurrences(of: "END:VCARD", with: "NOTE:server note\r\nEMAIL:ada@work.example\r\nEND:VCARD")
        _ = try await account.client.updateCard(card, at: account.href(0), in: account.bookURL, etag: etag)

        let report = try await CardDAVTwoWaySync(provider: provider, store: store).run()
        #expect(report.conflicts.map(\.conflict.field) == ["note"])
        let server = try #require(try await SyncFixtures.serverContacts(account).values.first)
        #expect(server.note == "local note")
        #expect(server.phoneNumbers.map(\.value).contains("+1 202 555 7777"))
        #expect(server.emailAddresses.map(\.value).contains("ada@work.example"))
        #expect(try store.allContacts().count == 1)
    }
}
