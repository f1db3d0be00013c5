import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStoreSQLite
import Testing

/// Two-way sync of a store with a real Radicale (started by the tests).
@Suite("Two-way sync against Radicale")
struct TwoWaySyncTests {
    /// 290 people plus 10 of them a second time (cards 290...299 duplicate cards 0...9).
    static func fill(_ account: TestAccount) async throws {
        for index in 0..<290 { try await account.put(SyncFixtures.card(index), named: "card-\(index).vcf") }
        for index in 290..<300 { try await account.put(SyncFixtures.card(index, duplicateOf: index - 290), named: "card-\(index).vcf") }
    }

    /// The stored contact of a card.
    static func stored(_ store: SQLiteContactStore, _ provider: CardDAVContactsProvider, card index: Int, in account: TestAccount) throws -> Contact {
        let href = account.href(index)
        return try #require(try syncRead(store) { try $0.contacts(providerID: provider.identifier, recordID: href) }.first)
    }

    @Test("pull 300, merge duplicates, edit both sides, sync: server and store agree, edits combine, the conflict is reported")
    func scenario() async throws {
        let account = try await TestAccount.make("user3")
        try await Self.fill(account)
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        let first = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(first.count(.pullAdd) == 300)
        #expect(try syncRead(store) { try $0.contactCount() } == 300)

        // Local: merge each duplicate into its original, edit card 20, edit card 22, rename card 23, remove card 24.
        let pairs = try (0..<10).map { index in
            (try Self.stored(store, provider, card: index, in: account), try Self.stored(store, provider, card: 290 + index, in: account))
        }
        try syncWrite(store) { t in
            for (a, b) in pairs {
                var merged = a
                merged.fields += b.fields.filter { field in !a.fields.contains { $0.value == field.value } }
                    .map { var field = $0; field.group = nil; return field }
                merged.provenance += b.provenance
                merged.mergedContactIDs = [b.id]
                try t.saveMerged(merged, members: [a, b])
            }
        }
        let local20 = try Self.stored(store, provider, card: 20, in: account)
        let local22 = try Self.stored(store, provider, card: 22, in: account)
        let local23 = try Self.stored(store, provider, card: 23, in: account)
        let local24 = try Self.stored(store, provider, card: 24, in: account)
        try syncWrite(store) { t in
            var c20 = local20
            c20.fields.append(.phone("+1 202 555 9920", label: .work))
            try t.save(c20)
            var c22 = local22
            c22.fields.append(.phone("+1 202 555 9922", label: .work))
            try t.save(c22)
            var c23 = local23
            c23.familyName = "Local-Name"
            try t.save(c23)
            _ = try t.remove(id: local24.id)
        }
        // Server: change card 21's email, card 22's note, card 23's family name.
        let listing = Dictionary(uniqueKeysWithValues: try await account.client.cardReferences(in: account.bookURL).map { ($0.href, $0.etag) })
        func serverEdit(_ index: Int, _ change: (inout [String]) -> Void) async throws {
            let href = account.href(index)
            var lines = SyncFixtures.card(index).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            change(&lines)
            _ = try await account.client.updateCard(lines.joined(separator: "\r\n") + "\r\n", at: href, in: account.bookURL,
                                                    etag: try #require(listing[href] ?? nil))
        }
        try await serverEdit(21) { $0 = $0.map { $0.hasPrefix("item1.EMAIL") ? "item1.EMAIL;TYPE=INTERNET:blaise.new@example.com" : $0 } }
        try await serverEdit(22) { $0.insert("NOTE:met at the conference", at: $0.count - 1) }
        try await serverEdit(23) { $0 = $0.map { $0.hasPrefix("N:") ? "N:Server-Name;\(SyncFixtures.name(23).given);;;" : $0 } }

        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        print("two-way scenario: \(report.summary)")
        for (action, conflict) in report.conflicts { print("  conflict \(action.name) \(action.href): \(conflict)") }

        // The conflict: reported with both values, local kept by default.
        let nameConflicts = report.conflicts.filter { $0.conflict.field == "familyName" }
        #expect(nameConflicts.count == 1)
        #expect(nameConflicts.first?.conflict.local == ["Local-Name"])
        #expect(nameConflicts.first?.conflict.remote == ["Server-Name"])
        #expect(report.count(.pushDelete) == 11)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")

        // Server and store agree, card for card.
        let server = try await SyncFixtures.serverContacts(account)
        let contacts = try store.allContacts()
        #expect(server.count == 289)
        #expect(contacts.count == 289)
        let (onlyServer, onlyStore) = SyncFixtures.difference(Array(server.values), contacts)
        #expect(onlyServer.isEmpty && onlyStore.isEmpty, "server only: \(onlyServer)\nstore only: \(onlyStore)")
        // Absorbed duplicates and the removed contact are gone from the server.
        for index in [24] + Array(290..<300) { #expect(server[account.href(index)] == nil) }
        // Merged cards hold both emails; the combined edits are both there; unknown properties and groups survive.
        let card0 = try #require(server[account.href(0)])
        #expect(card0.emailAddresses.count == 2)
        let card22 = try #require(server[account.href(22)])
        #expect(card22.phoneNumbers.map(\.value).contains("+1 202 555 9922"))
        #expect(card22.note == "met at the conference")
        let card21 = try Self.stored(store, provider, card: 21, in: account)
        #expect(card21.emailAddresses.map(\.value) == ["blaise.new@example.com"])
        let card20 = try #require(server[account.href(20)])
        #expect(card20.unmappedProperties.contains { $0.name == "X-OHANA-TEST" && $0.value == "kept" })
        #expect(card20.emailAddresses.first?.label == .other)
        #expect(card20.unmappedProperties.contains {
            $0.name == "X-SOCIALPROFILE" && $0.parameters == [PropertyParameter(name: "TYPE", values: ["twitter"])]
        })

        // A second client (vobject, from PyPI) reads exactly the store's contacts.
        #expect(try await readWithIndependentClient(account) == contacts.map(IndependentCard.line).sorted())

        // Nothing left to do.
        let again = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(again.actions.isEmpty, "\(again.actions)")
    }

    @Test("a dry run reports field-level diffs of what would be pushed and pulled, and changes nothing")
    func dryRun() async throws {
        let account = try await TestAccount.make("user3")
        for index in 0..<5 { try await account.put(SyncFixtures.card(index), named: "card-\(index).vcf") }
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        var edited = try Self.stored(store, provider, card: 1, in: account)
        edited.jobTitle = "Mathematician"
        try syncWrite(store) { try $0.save(edited) }
        try await account.put(SyncFixtures.card(7), named: "card-7.vcf")
        let before = try await account.client.cardReferences(in: account.bookURL)

        let report = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(dryRun: true)).run()
        #expect(report.isDryRun)
        let push = try #require(report.actions.first { $0.kind == .pushUpdate })
        #expect(push.changes.map(\.description) == ["jobTitle: +\"Mathematician\""])
        #expect(push.description.hasPrefix("push update \(account.href(1)) Blaise Lovelace"))
        #expect(report.actions.contains { $0.kind == .pullAdd && $0.href.hasSuffix("card-7.vcf") })
        #expect(try await account.client.cardReferences(in: account.bookURL) == before)
        #expect(try syncRead(store) { try $0.contactCount() } == 5)
    }

    @Test("contacts from other sources go to the server only with pushNew; a new card is created once")
    func pushNew() async throws {
        let account = try await TestAccount.make("user3")
        try await account.put(SyncFixtures.card(0), named: "card-0.vcf")
        let store = try SQLiteContactStore.inMemory()
        let provider = try account.provider()
        _ = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        try syncWrite(store) { t in
            try t.save(Contact(givenName: "Nova", familyName: "Imported", fields: [.email("nova@example.org")],
                               provenance: [Provenance(providerID: "file:book.vcf")]))
        }
        let without = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store)).run()
        #expect(without.actions.isEmpty)
        let with = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        #expect(with.count(.pushCreate) == 1)
        let server = try await SyncFixtures.serverContacts(account)
        #expect(server.count == 2)
        #expect(server.values.contains { $0.fullName == "Nova Imported" })
        let again = try await CardDAVTwoWaySync(provider: provider, store: SQLiteContactStorage(store), options: .init(pushNew: true)).run()
        #expect(again.actions.isEmpty)
        #expect(try await SyncFixtures.serverContacts(account).count == 2)
    }
}
