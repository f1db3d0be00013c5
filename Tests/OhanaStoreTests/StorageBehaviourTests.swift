import Foundation
import Ohana
import OhanaSampleData
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// The behaviour every store backend shares (``ContactStorage``), run on SQLite and on a real
/// PostgreSQL cluster (see Tests/OhanaTestSupport/PostgresTestServer.swift).
@Suite("Storage behaviour on every backend")
struct StorageBehaviourTests {
    @Test("a contact using every part of the model reads back identical", arguments: StorageBackend.allCases)
    func roundTrip(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        let summary = try await store.save([richContact(), person("p-2", "Bart", "Simpson")], mode: .replace)
        #expect(summary.added == 2)
        #expect(try await store.allContacts(order: .insertion) == [richContact(), person("p-2", "Bart", "Simpson")])
        #expect(try await store.contact(withID: "rich-1") == richContact())
        #expect(try await store.contact(withID: "missing") == nil)
        #expect(try await store.contactCount() == 2)
        try await store.shutDown()
    }

    @Test("re-saving unchanged contacts writes nothing; a changed one is updated; replace removes the rest",
          arguments: StorageBackend.allCases)
    func saveModes(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        let source = Provenance(providerID: "vcard:book.vcf", recordID: "uid-1")
        let first = [person("a", "Ann", "Lee", provenance: [source]), person("b", "Bob", "Ray")]
        #expect(try await store.save(first, mode: .upsertBySourceRecord).added == 2)
        let again = try await store.save(first, mode: .upsertBySourceRecord)
        #expect(again.unchanged == 2 && again.added == 0 && again.updated == 0)
        // The same source record under a new id replaces the stored contact.
        var renamed = person("new-id", "Ann", "Lee-Smith", provenance: [source])
        renamed.note = "married"
        let updated = try await store.save([renamed], mode: .upsertBySourceRecord)
        #expect(updated.updated == 1 && updated.added == 0)
        #expect(try await store.contact(withID: "a")?.familyName == "Lee-Smith")
        #expect(try await store.contact(withID: "new-id") == nil)
        let replaced = try await store.save([person("c", "Cy", "Vo")], mode: .replace)
        #expect(replaced.removed == 2 && replaced.added == 1)
        #expect(try await store.allContacts(order: .insertion).map(\.id) == ["c"])
        try await store.shutDown()
    }

    @Test("a repeated id in one batch is stored under a new id, not overwritten", arguments: StorageBackend.allCases)
    func repeatedIDs(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        let summary = try await store.save([person("x", "One", "A"), person("x", "Two", "B")], mode: .replace)
        #expect(summary.added == 2)
        let stored = try await store.allContacts(order: .insertion)
        #expect(stored.map(\.givenName) == ["One", "Two"])
        #expect(Set(stored.map(\.id)).count == 2)
        try await store.shutDown()
    }

    @Test("name prefixes, tags and source records find contacts ignoring case and diacritics",
          arguments: StorageBackend.allCases)
    func lookups(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([
            person("m", "Mary Ann", "Jones", tags: ["Family"]),
            person("z", "Zoë", "Ångström", tags: ["Café Crew"],
                   provenance: [Provenance(providerID: "csv:b.csv", recordID: "row-7")]),
            person("k", "Karl", "Anders"),
        ], mode: .replace)
        #expect(try await store.contacts(withNamePrefix: "ann j").map(\.id) == ["m"])
        #expect(try await store.contacts(withNamePrefix: "ANGST").map(\.id) == ["z"])
        #expect(try await store.contacts(withNamePrefix: "an").map(\.id) == ["k", "m", "z"])
        #expect(try await store.contacts(withNamePrefix: "").count == 3)
        #expect(try await store.contacts(taggedWith: "cafe crew").map(\.id) == ["z"])
        #expect(try await store.contacts(taggedWith: "nobody").isEmpty)
        #expect(try await store.contacts(providerID: "csv:b.csv", recordID: "row-7").map(\.id) == ["z"])
        try await store.shutDown()
    }

    @Test("full-text search matches word prefixes in names and values, best first, and takes any input",
          arguments: StorageBackend.allCases)
    func search(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([
            richContact(),
            person("p", "Pat", "Miller", fields: [.email("zoe.fan@example.com"), .phone("(555) 987-6543")]),
            person("q", "Quinn", "Ray"),
        ], mode: .replace)
        #expect(try await store.search("zoe", limit: nil).map(\.id) == ["rich-1", "p"])
        #expect(try await store.search("ångst malmö", limit: nil).map(\.id) == ["rich-1"])
        #expect(try await store.search("5559876543", limit: nil).map(\.id) == ["p"])
        #expect(try await store.search("mill", limit: 1).map(\.id) == ["p"])
        #expect(try await store.search("nothing-like-this", limit: nil).isEmpty)
        #expect(try await store.search("  ", limit: nil).isEmpty)
        for hostile in ["\"", "'", "a:*", "x & | ! ( )", "NEAR(", "\\", "\u{0}zoe"] {
            _ = try await store.search(hostile, limit: nil)
        }
        try await store.shutDown()
    }

    @Test("change tokens report what was added, updated and removed, and refuse foreign tokens",
          arguments: StorageBackend.allCases)
    func changeTokens(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([person("a", "Ann", "Lee"), person("b", "Bob", "Ray")], mode: .replace)
        let token = try await store.currentChangeToken()
        #expect(try await store.changes(since: token).isEmpty)
        try await store.save([person("a", "Ann", "Lee-Smith"), person("c", "Cy", "Vo")], mode: .upsertBySourceRecord)
        #expect(try await store.remove(ids: ["b", "missing"]) == 1)
        let changes = try await store.changes(since: token)
        #expect(changes.added.map(\.id) == ["c"])
        #expect(changes.updated.map(\.familyName) == ["Lee-Smith"])
        #expect(changes.removed == ["b"])
        #expect(try await store.changes(since: changes.token).isEmpty)
        let foreign = try #require(ChangeToken("another-store:1"))
        await #expect(throws: ContactStoreError.unknownChangeToken(foreign.description)) {
            try await store.changes(since: foreign)
        }
        try await store.shutDown()
    }

    @Test("removals beyond the history limit expire older tokens", arguments: StorageBackend.allCases)
    func removalHistoryLimit(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory, configuration: .init(removalHistoryLimit: 2))
        try await store.save((0..<5).map { person(ContactID(rawValue: "r\($0)"), "R", "\($0)") }, mode: .replace)
        let old = try await store.currentChangeToken()
        for index in 0..<4 { _ = try await store.remove(ids: [ContactID(rawValue: "r\(index)")]) }
        await #expect(throws: ContactStoreError.expiredChangeToken(old.description)) {
            try await store.changes(since: old)
        }
        try await store.shutDown()
    }

    @Test("thousands of generated contacts and the real vCard corpus import, read back identical and re-import unchanged",
          arguments: StorageBackend.allCases)
    func bulk(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        // The corpus has cards that share a UID (so an id); the store would give the later ones new
        // ids, so they get distinct ones here, and every contact can be compared by id.
        var seen = Set<ContactID>()
        let contacts = (ContactGenerator(seed: 7).generate(count: 5_000) + (try CorpusLoader.loadAll())).map { contact in
            var contact = contact
            if !seen.insert(contact.id).inserted { contact.id = ContactID() }
            return contact
        }
        let first = try await store.save(contacts, mode: .replace)
        #expect(first.added == contacts.count)
        let stored = try await store.allContacts(order: .insertion)
        #expect(stored.count == contacts.count)
        #expect(Set(stored.map(\.id)).count == contacts.count)
        let expected = Dictionary(contacts.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let differing = stored.filter { expected[$0.id] != $0 }
        #expect(differing.isEmpty, "\(differing.count) contacts read back differently")
        let again = try await store.save(stored, mode: .upsertBySourceRecord)
        #expect(again.unchanged == contacts.count && again.added == 0 && again.updated == 0)
        try await store.shutDown()
    }

    @Test("a setting is kept, replaced and forgotten, and survives reopening the store", arguments: StorageBackend.allCases)
    func settingsAreKept(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let location = try await backend.newLocation(in: directory)
        let store = try await storeBackends.open(location)
        #expect(try await store.setting("ohana.test") == nil)
        try await store.setSetting(Data("one".utf8), for: "ohana.test")
        try await store.setSetting(Data([0, 255, 7]), for: "ohana.bytes")
        #expect(try await store.setting("ohana.test") == Data("one".utf8))
        try await store.setSetting(Data("two".utf8), for: "ohana.test")
        #expect(try await store.setting("ohana.test") == Data("two".utf8))
        #expect(try await store.bookkeeping().settings == ["ohana.test": Data("two".utf8), "ohana.bytes": Data([0, 255, 7])])
        try await store.setSetting(nil, for: "ohana.bytes")
        #expect(try await store.setting("ohana.bytes") == nil)
        try await store.shutDown()
        let reopened = try await storeBackends.open(location)
        #expect(try await reopened.setting("ohana.test") == Data("two".utf8))
        try await reopened.shutDown()
    }
}
