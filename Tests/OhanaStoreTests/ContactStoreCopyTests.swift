import Foundation
import Ohana
import OhanaJSON
import OhanaSampleData
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

@Suite("Copying a store between backends")
struct StoreMigrationTests {
    @Test("SQLite to PostgreSQL and back gives the same contacts, byte for byte, and a rerun copies nothing")
    func roundTrip() async throws {
        let directory = try TemporaryDirectory()
        let contacts = ContactGenerator(seed: 11).generate(count: 3_000) + [richContact()] + (try CorpusLoader.loadAll())
        let sqlite = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("source.sqlite")))
        _ = try await sqlite.save(contacts, mode: .replace)
        let postgres = try await StorageBackend.postgres.open(in: directory)
        let migration = ContactStoreCopy(batchSize: 1_000)
        var steps: [Int] = []
        let there = try await migration.run(from: sqlite, to: postgres) { copied, _ in steps.append(copied) }
        #expect(there.count == contacts.count && there.summary.added == contacts.count)
        #expect(steps.first == 0 && steps.last == contacts.count && steps.count == 2 + (contacts.count - 1) / 1_000)

        let back = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("back.sqlite")))
        let home = try await migration.run(from: postgres, to: back)
        #expect(home.contentHash == there.contentHash)
        let original = try await sqlite.allContacts(order: .insertion)
        let returned = try await back.allContacts(order: .insertion)
        #expect(try ContactsJSON.encode(original, pretty: false) == ContactsJSON.encode(returned, pretty: false))

        let rerun = try await migration.run(from: sqlite, to: postgres)
        #expect(rerun.summary.unchanged == contacts.count && rerun.summary.added == 0 && rerun.summary.updated == 0)
        // A contact gone from the source goes from the target on the next run.
        _ = try await sqlite.remove(ids: [contacts[0].id])
        let after = try await migration.run(from: sqlite, to: postgres)
        #expect(after.summary.removed == 1 && after.count == contacts.count - 1)
        for store in [sqlite, postgres, back] as [any ContactStorage] { try await store.shutDown() }
    }

    @Test("merge decisions, member versions and provider sync states travel with the contacts, both ways")
    func bookkeepingTravels() async throws {
        let directory = try TemporaryDirectory()
        let sqlite = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("source.sqlite")))
        let members = [StorageMergeBehaviourTests.robert, StorageMergeBehaviourTests.bob]
        _ = try await sqlite.save(members + [StorageMergeBehaviourTests.carl], mode: .replace)
        _ = try await StorageMergeBehaviourTests.merge(sqlite, [["r", "b"]])
        try await sqlite.setMergeDecisions(ContactMergeDecisions(keptTogether: [["r", "b"]], keptApart: [["c", "x"]]))
        try await sqlite.store.write { try $0.setProviderSyncState(ProviderSyncState(data: Data("ctag-7".utf8)), for: "carddav:x") }
        try await sqlite.setSetting(Data("{\"rules\":[]}".utf8), for: "ohana.phoneRegionChoices")
        _ = try await sqlite.applySyncWrites([
            .recordSyncedCard(SyncedCard(providerID: "carddav:x", href: "/b/Z.vcf", etag: "\"1\"", vCard: "BEGIN:VCARD…", contactID: "c")),
            .recordSyncedCard(SyncedCard(providerID: "carddav:x", href: "/b/a.vcf", etag: nil, vCard: "BEGIN:VCARD…", contactID: "r")),
            .beginSyncWrite(SyncJournalEntry(providerID: "carddav:x", href: "/b/a.vcf", operation: .update, contactID: "r",
                                             expectedETag: "\"2\"", vCard: "BEGIN:VCARD…", localVCard: "BEGIN:VCARD…")),
        ])
        let original = try await sqlite.bookkeeping()
        #expect(original.members.count == 2 && original.providerSyncStates.count == 1)
        #expect(original.settings == ["ohana.phoneRegionChoices": Data("{\"rules\":[]}".utf8)])
        #expect(original.syncedCards.map(\.href) == ["/b/Z.vcf", "/b/a.vcf"] && original.pendingSyncWrites.count == 1)

        let postgres = try await StorageBackend.postgres.open(in: directory)
        let report = try await ContactStoreCopy().run(from: sqlite, to: postgres)
        #expect(report.bookkeeping == original)
        #expect(try await postgres.bookkeeping().withoutJournalNumbers == original.withoutJournalNumbers)
        #expect(try await postgres.allMergedMembers() == ["r": members])
        let back = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("back.sqlite")))
        _ = try await ContactStoreCopy().run(from: postgres, to: back)
        #expect(try await back.bookkeeping().withoutJournalNumbers == original.withoutJournalNumbers)
        #expect(try await back.setting("ohana.phoneRegionChoices") == Data("{\"rules\":[]}".utf8))
        // The copied members are live: undoing the merge on the copy restores them.
        #expect(try await postgres.undoMerge(of: "r").restored == members)
        #expect(try await postgres.contactCount() == 3)
        for store in [sqlite, postgres, back] as [any ContactStorage] { try await store.shutDown() }
    }

    @Test("a change token the source handed out goes on working against the copy, both ways")
    func changeTokensSurvive() async throws {
        let directory = try TemporaryDirectory()
        let sqlite = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("source.sqlite")))
        _ = try await sqlite.save([person("a", "Ada", "Lovelace"), person("b", "Bob", "Dylan"), person("c", "Cy", "Twombly")],
                                  mode: .upsertByID)
        let early = try await sqlite.currentChangeToken()
        _ = try await sqlite.save([person("a", "Ada", "King"), person("d", "Dee", "New")], mode: .upsertByID)
        _ = try await sqlite.remove(ids: ["b"])
        let expected = try await sqlite.changes(since: early)

        let postgres = try await StorageBackend.postgres.open(in: directory)
        _ = try await ContactStoreCopy(batchSize: 2).run(from: sqlite, to: postgres)
        #expect(try await postgres.currentChangeToken() == sqlite.currentChangeToken())
        let there = try await postgres.changes(since: early)
        #expect(there.added.map(\.id) == expected.added.map(\.id) && there.updated.map(\.id) == expected.updated.map(\.id))
        #expect(there.removed == expected.removed && there.removed == ["b"] && there.token == expected.token)

        // Writes on the copy go on from the source's numbers, and the copy's tokens work on a copy back.
        _ = try await postgres.save([person("e", "Eve", "Later")], mode: .upsertByID)
        let later = try await postgres.changes(since: expected.token)
        #expect(later.added.map(\.id) == ["e"] && later.token.sequence == expected.token.sequence + 1)
        let back = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("back.sqlite")))
        _ = try await ContactStoreCopy().run(from: postgres, to: back)
        #expect(try await back.changes(since: expected.token).added.map(\.id) == ["e"])
        #expect(try await back.changes(since: early).removed == ["b"])
        for store in [sqlite, postgres, back] as [any ContactStorage] { try await store.shutDown() }
    }

    @Test("the content hash changes with any stored detail and not with order")
    func contentHash() {
        let a = richContact()
        var b = richContact(id: "rich-2")
        #expect(ContactStoreCopy.contentHash(of: [a, b]) == ContactStoreCopy.contentHash(of: [b, a]))
        let before = ContactStoreCopy.contentHash(of: [a, b])
        b.photo = Photo(data: Data([1, 2, 3]), mediaType: "image/png")
        #expect(ContactStoreCopy.contentHash(of: [a, b]) != before)
    }
}
