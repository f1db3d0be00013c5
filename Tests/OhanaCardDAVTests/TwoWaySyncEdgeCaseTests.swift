import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStoreSQLite
import Testing

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
            guard record.purpose == .listing || record.purpose == .sync else { return }
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
        let store = try SQLiteContactStore.inMemory()
        _ = try await CardDAVTwoWaySync(provider: try account.provider(), store: SQLiteContactStorage(store)).run()
        var edited = try #require(try store.allContacts().first)
        edited.jobTitle = "Mathematician"
        try syncWrite(store) { try $0.save(edited) }

        let change = ChangeOnce(account: account)
        let log = RequestLog()
        let provider = try account.provider(configuration: .init(requestObserver: { change.observe($0); log.record($0) }))
        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(log.records.contains { $0.method == "PUT" && $0.status == 412 }, "the first write should have met the change")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.count(.pushUpdate) == 1)
        #expect(report.conflictRetries == 1, "one write met the change and was sent again")
        #expect(report.trackedEvent(duration: .zero).properties["conflict_retries"] == .integer(1))
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
        let store = try SQLiteContactStore.inMemory()
        try syncWrite(store) { try $0.save(pulled) }
        let etag = try #require(try await account.client.cardReferences(in: account.bookURL).first?.etag)
        let card = SyncFixtures.card(0).replacingOccurrences(of: "END:VCARD", with: "NOTE:server note\r\nEMAIL:ada@work.example\r\nEND:VCARD")
        _ = try await account.client.updateCard(card, at: account.href(0), in: account.bookURL, etag: etag)

        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(report.conflicts.map(\.conflict.field) == ["note"])
        let server = try #require(try await SyncFixtures.serverContacts(account).values.first)
        #expect(server.note == "local note")
        #expect(server.phoneNumbers.map(\.value).contains("+1 202 555 7777"))
        #expect(server.emailAddresses.map(\.value).contains("ada@work.example"))
        #expect(try store.allContacts().count == 1)
    }
}

/// A merge pushed to the server, then undone in the store.
@Suite("Two-way sync of an undone merge")
struct TwoWaySyncUndoneMergeTests {
    @Test("undoing a pushed merge restores the absorbed card and the survivor's own content on the server")
    func undoneMergeIsPushed() async throws {
        let account = try await TestAccount.make("user3")
        try await account.put(SyncFixtures.card(0), named: "card-0.vcf")
        try await account.put(SyncFixtures.card(1, duplicateOf: 0), named: "card-1.vcf")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        let (a, b) = try syncRead(store) { t in
            (try t.contacts(providerID: provider.identifier, recordID: account.href(0))[0],
             try t.contacts(providerID: provider.identifier, recordID: account.href(1))[0])
        }
        try syncWrite(store) { t in
            var merged = a
            merged.fields += b.fields.filter { field in !a.fields.contains { $0.value == field.value } }
                .map { var field = $0; field.group = nil; return field }
            merged.provenance += b.provenance
            try t.saveMerged(merged, members: [a, b])
        }
        let merge = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(merge.count(.pushDelete) == 1)
        #expect(try await SyncFixtures.serverContacts(account).count == 1)

        // Undo: the survivor gets its own content back (keeping its record of card 0), the member comes back as it was.
        try syncWrite(store) { t in
            let survivor = try #require(try t.contact(withID: a.id))
            var restored = a
            restored.provenance = survivor.provenance
            try t.save(restored)
            try t.save(b)
        }
        let undo = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(undo.actions.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.pushCreate, .pushUpdate])
        let server = try await SyncFixtures.serverContacts(account)
        let contacts = try store.allContacts()
        #expect(server.count == 2)
        let (onlyServer, onlyStore) = SyncFixtures.difference(Array(server.values), contacts)
        #expect(onlyServer.isEmpty && onlyStore.isEmpty, "server only: \(onlyServer)\nstore only: \(onlyStore)")
        #expect(server.values.contains { $0.emailAddresses.map(\.value) == ["ada@home.example.net"] })
        #expect(server.values.contains { $0.emailAddresses.map(\.value) == ["ada.0@example.com"] })
    }
}
