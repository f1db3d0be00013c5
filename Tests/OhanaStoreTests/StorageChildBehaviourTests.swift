import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// Child stores through ``ContactStorage``, on SQLite and on a real PostgreSQL cluster: a child is
/// an in-memory copy whose writes reach the parent only when merged, conflicts judged the same way.
@Suite("Child stores on every backend")
struct StorageChildBehaviourTests {
    @Test("a child starts from the parent's contacts and its writes stay apart until merged",
          arguments: StorageBackend.allCases)
    func mergeApplies(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([person("a", "Ada", "Lovelace"), person("b", "Bob", "Dylan")], mode: .upsertByID)
        let child = try #require(try await store.makeChild() as? SQLiteContactStore)
        #expect(child.isChild)
        #expect(try child.allContacts().map(\.id) == ["a", "b"])
        try await child.write { transaction in
            try transaction.update(person("a", "Ada", "King"))
            try transaction.remove(id: "b")
            try transaction.insert(person("c", "Cy", "Twombly"))
        }
        #expect(try await store.allContacts(order: .insertion).map(\.familyName) == ["Lovelace", "Dylan"])
        // A change in the parent to a contact the child did not touch is no conflict.
        try await store.save([person("d", "Dee", "Parent")], mode: .upsertByID)
        let token = try await store.currentChangeToken()
        let summary = try await store.commitChild(child, policy: .failOnConflict)
        #expect(summary.added == 1 && summary.updated == 1 && summary.removed == 1, "\(summary)")
        #expect(try await store.allContacts(order: .insertion).map(\.id) == ["a", "d", "c"])
        #expect(try await store.contact(withID: "a")?.familyName == "King")
        let changes = try await store.changes(since: token)
        #expect(changes.added.map(\.id) == ["c"] && changes.updated.map(\.id) == ["a"] && changes.removed == ["b"])
        #expect(throws: ContactStoreError.closed) { try child.allContacts() }
        try await store.shutDown()
    }

    @Test("a conflicting merge is reported with both versions and applies nothing; a policy settles it",
          arguments: StorageBackend.allCases)
    func conflict(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        try await store.save([person("a", "Ada", "Lovelace"), person("b", "Bob", "Dylan"), person("e", "Eve", "Both")],
                             mode: .upsertByID)
        let child = try #require(try await store.makeChild() as? SQLiteContactStore)
        try await child.write { transaction in
            try transaction.update(person("a", "Ada", "Child"))
            try transaction.remove(id: "b")
            try transaction.insert(person("c", "Cy", "Twombly"))
            try transaction.update(person("e", "Eve", "Same"))
        }
        try await store.save([person("a", "Ada", "Parent"), person("b", "Bob", "Parent"), person("e", "Eve", "Same")],
                             mode: .upsertByID)
        let before = try await store.allContacts(order: .insertion)
        let token = try await store.currentChangeToken()
        do {
            try await store.commitChild(child, policy: .failOnConflict)
            Issue.record("the merge should have been refused")
        } catch ContactStoreError.mergeConflicts(let conflicts) {
            // The same change made on both sides ("e") is no conflict.
            #expect(conflicts.map(\.contactID) == ["a", "b"])
            #expect(conflicts.first?.childVersion?.familyName == "Child")
            #expect(conflicts.first?.parentVersion?.familyName == "Parent")
            #expect(conflicts.last?.childVersion == nil && conflicts.last?.parentVersion?.familyName == "Parent")
        }
        #expect(try await store.allContacts(order: .insertion) == before)
        #expect(try await store.changes(since: token).isEmpty)
        #expect(try child.allContacts().map(\.id) == ["a", "e", "c"])

        let summary = try await store.commitChild(child, policy: .preferChild)
        #expect(summary.added == 1 && summary.updated == 1 && summary.removed == 1 && summary.unchanged == 1, "\(summary)")
        #expect(try await store.allContacts(order: .insertion).map(\.familyName) == ["Child", "Same", "Twombly"])
        try await store.shutDown()
    }

    @Test("a store refuses another store's child, and a discarded child changes nothing",
          arguments: StorageBackend.allCases)
    func wrongParentAndDiscard(backend: StorageBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await backend.open(in: directory)
        let other = try await backend.open(in: try TemporaryDirectory())
        try await store.save([person("a", "Ada", "Lovelace")], mode: .upsertByID)
        let child = try #require(try await store.makeChild() as? SQLiteContactStore)
        try await child.write { _ = try $0.removeAll() }
        await #expect(throws: ContactStoreError.notAChild) { try await other.commitChild(child, policy: .preferChild) }
        child.discard()
        await #expect(throws: ContactStoreError.closed) { try await store.commitChild(child, policy: .preferChild) }
        #expect(try await store.allContacts(order: .insertion).map(\.id) == ["a"])
        try await store.shutDown()
        try await other.shutDown()
    }
}
