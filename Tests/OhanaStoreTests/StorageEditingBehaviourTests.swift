import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// Editing one contact through ``ContactStorage/write(_:)``, run on SQLite and on a real
/// PostgreSQL cluster: version checks, the change feed, the revision journal and undo.
@Suite("Editing contacts on every backend")
struct StorageEditingBehaviourTests {
    static let ada = Contact(id: "ada", givenName: "Ada", familyName: "Lovelace", fields: [.phone("+44 20 7946 0018")],
                             provenance: [Provenance(providerID: "carddav:x", recordID: "/ab/ada.vcf")])

    @Test("an update checked against the current version is stored, fed and journaled", arguments: StorageBackend.allCases)
    func update(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Self.ada], mode: .upsertBySourceRecord)
        let read = try #require(try await store.versionedContact(withID: "ada"))
        let token = try await store.currentChangeToken()
        var changed = read.contact
        changed.fields.append(.email("ada@example.org"))
        let result = try await store.write(.update(changed, expecting: read.version))
        let stored = try #require(result.stored)
        #expect(stored.contact == changed)
        #expect(stored.version > read.version)
        #expect(try await store.contact(withID: "ada") == changed)
        let feed = try await store.changes(since: token)
        #expect(feed.updated == [changed] && feed.added.isEmpty && feed.removed.isEmpty)
        let revision = try #require(result.revision)
        #expect(revision.action == .updated && revision.before == read.contact && revision.after == changed)
        #expect(try await store.revisions(of: "ada", limit: 10) == [revision])
        // The same write again changes nothing and journals nothing.
        let again = try await store.write(.update(changed, expecting: stored.version))
        #expect(again.revision == nil && again.stored?.version == stored.version)
        try await store.shutDown()
    }

    @Test("a write made on an old version is refused with both versions, and changes nothing",
          arguments: StorageBackend.allCases)
    func staleVersion(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Self.ada], mode: .upsertBySourceRecord)
        let read = try #require(try await store.versionedContact(withID: "ada"))
        var first = read.contact
        first.organization = "Analytical Engines"
        let now = try #require(try await store.write(.update(first, expecting: read.version)).stored)
        var second = read.contact
        second.givenName = "Augusta"
        await #expect {
            _ = try await store.write(.update(second, expecting: read.version))
        } throws: { error in
            guard case ContactStoreError.versionConflict(let conflict) = error else { return false }
            return conflict.expectedVersion == read.version && conflict.current == now && conflict.attempted == second
        }
        await #expect(throws: ContactStoreError.self) { _ = try await store.write(.delete("ada", expecting: read.version)) }
        #expect(try await store.contact(withID: "ada") == first)
        #expect(try await store.revisions(of: nil, limit: 10).count == 1)
        try await store.shutDown()
    }

    @Test("create, delete and undo each one: the contact comes back as it was", arguments: StorageBackend.allCases)
    func createDeleteUndo(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        let grace = Contact(id: "grace", givenName: "Grace", familyName: "Hopper",
                            provenance: [Provenance(providerID: StoreCreatedContacts.providerID, recordID: "grace")])
        let created = try await store.write(.create(grace))
        #expect(created.revision?.action == .created && created.revision?.before == nil)
        await #expect(throws: ContactStoreError.duplicateID("grace")) { _ = try await store.write(.create(grace)) }
        let version = try #require(created.stored?.version)
        let deleted = try await store.write(.delete("grace", expecting: version))
        #expect(deleted.stored == nil && deleted.revision?.after == nil && deleted.revision?.before == grace)
        #expect(try await store.contact(withID: "grace") == nil)
        // Deleted meanwhile: a write on the version read before is a conflict without a current version.
        await #expect {
            _ = try await store.write(.update(grace, expecting: version))
        } throws: { error in
            guard case ContactStoreError.versionConflict(let conflict) = error else { return false }
            return conflict.current == nil
        }
        let undone = try await store.undoRevision(try #require(deleted.revision?.number), expecting: nil)
        #expect(undone.revision?.action == .undone && undone.revision?.undoes == deleted.revision?.number)
        #expect(try await store.contact(withID: "grace") == grace)
        // Undoing the creation removes it again; undoing a revision whose contact changed since is refused.
        await #expect(throws: ContactStoreError.self) {
            _ = try await store.undoRevision(try #require(created.revision?.number), expecting: nil)
        }
        let restored = try #require(undone.stored)
        _ = try await store.undoRevision(try #require(created.revision?.number), expecting: restored.version)
        #expect(try await store.contact(withID: "grace") == nil)
        await #expect(throws: ContactStoreError.noSuchRevision(99)) { _ = try await store.undoRevision(99, expecting: nil) }
        #expect(try await store.revisions(of: "grace", limit: 10).map(\.action) == [.undone, .undone, .deleted, .created])
        try await store.shutDown()
    }

    @Test("the revision journal travels with a store copy", arguments: StorageBackend.allCases)
    func journalCopied(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([Self.ada], mode: .upsertBySourceRecord)
        let read = try #require(try await store.versionedContact(withID: "ada"))
        var changed = read.contact
        changed.note = "first programmer"
        _ = try await store.write(.update(changed, expecting: read.version))
        let bookkeeping = try await store.bookkeeping()
        #expect(bookkeeping.revisions.count == 1)
        let other = try await StorageBackend.sqlite.open(in: try TemporaryDirectory())
        try await other.save(try await store.allContacts(order: .insertion), mode: .upsertByID)
        try await other.replaceBookkeeping(bookkeeping)
        #expect(try await other.revisions(of: nil, limit: 10) == bookkeeping.revisions)
        try await other.shutDown()
        try await store.shutDown()
    }
}
