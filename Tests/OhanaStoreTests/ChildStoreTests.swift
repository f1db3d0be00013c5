import Foundation
import Ohana
import OhanaStore
import OhanaStoreSQLite
import Testing

@Suite("Child stores")
struct ChildStoreTests {
    @Test("a child starts from the parent's state and its writes stay apart until merged", arguments: StoreKind.allCases)
    func mergeApplies(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(in: directory)
        try store.write { (transaction) throws in
            try transaction.insert(person("a", "Ada", "Lovelace"))
            try transaction.insert(person("b", "Bob", "Dylan"))
        }
        let child = try store.makeChild()
        #expect(child.isChild)
        #expect(try child.allContacts().map(\.id) == ["a", "b"])
        try child.write { (transaction) throws in
            try transaction.update(person("a", "Ada", "King"))
            try transaction.remove(id: "b")
            try transaction.insert(person("c", "Cy", "Twombly"))
        }
        #expect(try store.allContacts().map(\.familyName) == ["Lovelace", "Dylan"])
        #expect(try child.read { try $0.search("twombly") }.map(\.id) == ["c"])
        // A change in the parent to a contact the child did not touch is no conflict.
        try store.write { try $0.insert(person("d", "Dee", "Parent")) }
        let token = try store.currentChangeToken()
        let summary = try store.commitChild(child)
        #expect(summary.added == 1 && summary.updated == 1 && summary.removed == 1)
        #expect(try store.allContacts().map(\.id) == ["a", "d", "c"])
        #expect(try store.read { try $0.contact(withID: "a") }?.familyName == "King")
        let changes = try store.changes(since: token)
        #expect(changes.added.map(\.id) == ["c"] && changes.updated.map(\.id) == ["a"] && changes.removed == ["b"])
        #expect(throws: ContactStoreError.closed) { try child.allContacts() }
    }

    @Test("a discarded child changes nothing and is closed")
    func discard() throws {
        let store = try SQLiteContactStore.inMemory()
        try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
        let child = try store.makeChild()
        try child.write { try $0.removeAll() }
        child.discard()
        #expect(try store.allContacts().map(\.id) == ["a"])
        #expect(throws: ContactStoreError.closed) { try child.write { try $0.insert(person("x", "X", "Y")) } }
        #expect(throws: ContactStoreError.closed) { try store.commitChild(child) }
    }

    @Test("a conflicting merge is reported with both versions and nothing is applied", arguments: StoreKind.allCases)
    func conflict(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(in: directory)
        try store.write { (transaction) throws in
            try transaction.insert(person("a", "Ada", "Lovelace"))
            try transaction.insert(person("b", "Bob", "Dylan"))
        }
        let child = try store.makeChild()
        try child.write { (transaction) throws in
            try transaction.update(person("a", "Ada", "Child"))
            try transaction.remove(id: "b")
            try transaction.insert(person("c", "Cy", "Twombly"))
        }
        try store.write { (transaction) throws in
            try transaction.update(person("a", "Ada", "Parent"))
            try transaction.update(person("b", "Bob", "Parent"))
        }
        let before = try store.allContacts()
        let token = try store.currentChangeToken()
        do {
            try store.commitChild(child)
            Issue.record("the merge should have been refused")
        } catch ContactStoreError.mergeConflicts(let conflicts) {
            #expect(conflicts.map(\.contactID) == ["a", "b"])
            #expect(conflicts[0].childVersion?.familyName == "Child")
            #expect(conflicts[0].parentVersion?.familyName == "Parent")
            #expect(conflicts[1].childVersion == nil)
            #expect(conflicts[1].parentVersion?.familyName == "Parent")
        }
        // Nothing applied, not even the non-conflicting insert; the child stays usable.
        #expect(try store.allContacts() == before)
        #expect(try store.changes(since: token).isEmpty)
        #expect(try child.allContacts().map(\.id) == ["a", "c"])

        let summary = try store.commitChild(child, policy: .preferParent)
        #expect(summary.added == 1 && summary.updated == 0 && summary.removed == 0)
        #expect(try store.allContacts().map(\.familyName) == ["Parent", "Parent", "Twombly"])
    }

    @Test("preferring the child applies its versions over the parent's")
    func preferChild() throws {
        let store = try SQLiteContactStore.inMemory()
        try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
        let child = try store.makeChild()
        try child.write { try $0.update(person("a", "Ada", "Child")) }
        try store.write { try $0.update(person("a", "Ada", "Parent")) }
        try store.commitChild(child, policy: .preferChild)
        #expect(try store.read { try $0.contact(withID: "a") }?.familyName == "Child")
    }

    @Test("the same change made in both stores is no conflict, and a store refuses another store's child")
    func sameChangeAndWrongParent() throws {
        let store = try SQLiteContactStore.inMemory()
        try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
        let child = try store.makeChild()
        try child.write { try $0.update(person("a", "Ada", "King")) }
        try store.write { try $0.update(person("a", "Ada", "King")) }
        let other = try SQLiteContactStore.inMemory()
        #expect(throws: ContactStoreError.notAChild) { try other.commitChild(child) }
        #expect(try store.commitChild(child).unchanged == 1)
    }

    @Test("a child of a child merges into its own parent only")
    func grandchild() throws {
        let store = try SQLiteContactStore.inMemory()
        let child = try store.makeChild()
        let grandchild = try child.makeChild()
        try grandchild.write { try $0.insert(person("g", "Grand", "Child")) }
        try child.commitChild(grandchild)
        #expect(try child.allContacts().map(\.id) == ["g"])
        #expect(try store.allContacts().isEmpty)
        try store.commitChild(child)
        #expect(try store.allContacts().map(\.id) == ["g"])
    }
}
