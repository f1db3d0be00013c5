import Foundation
import Ohana
import OhanaStore
import OhanaStoreSQLite
import Testing

@Suite("Change tracking")
struct ChangeTrackingTests {
    @Test("changes since a token are the net added, updated and removed contacts", arguments: StoreKind.allCases)
    func netChanges(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(in: directory)
        try store.write { (transaction) throws in
            try transaction.insert(person("keep", "Kept", "Same"))
            try transaction.insert(person("edit", "Edited", "Later"))
            try transaction.insert(person("gone", "Removed", "Later"))
        }
        let token = try store.currentChangeToken()
        try store.write { (transaction) throws in
            var edited = person("edit", "Edited", "Twice")
            try transaction.update(edited)
            edited.nickname = "E"
            try transaction.update(edited)
            try transaction.remove(id: "gone")
            try transaction.insert(person("new", "Brand", "New"))
            try transaction.insert(person("flash", "Added", "Removed"))
        }
        try store.write { try $0.remove(id: "flash") }
        try store.write { try $0.save(person("keep", "Kept", "Same")) } // same content: no change
        let changes = try store.changes(since: token)
        #expect(changes.added.map(\.id) == ["new"])
        #expect(changes.updated.map(\.id) == ["edit"])
        #expect(changes.updated.first?.nickname == "E")
        #expect(changes.removed == ["gone"])
        #expect(changes.token == (try store.currentChangeToken()))
        #expect(try store.changes(since: changes.token).isEmpty)
    }

    @Test("a contact removed and added again since the token is reported as added, not removed")
    func removeAndReAdd() throws {
        let store = try SQLiteContactStore.inMemory()
        try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
        let token = try store.currentChangeToken()
        try store.write { try $0.remove(id: "a") }
        try store.write { try $0.insert(person("a", "Ada", "King")) }
        let changes = try store.changes(since: token)
        #expect(changes.added.map(\.familyName) == ["King"])
        #expect(changes.updated.isEmpty)
        #expect(changes.removed.isEmpty)
    }

    @Test("a token survives its text form and works on a reopened file")
    func tokenText() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("contacts.sqlite")
        var text = ""
        do {
            let store = try SQLiteContactStore(fileURL: url)
            try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
            text = try store.currentChangeToken().description
            try store.write { try $0.insert(person("b", "Bob", "Dylan")) }
            try store.close()
        }
        let token = try #require(ChangeToken(text))
        let reopened = try SQLiteContactStore(fileURL: url)
        #expect(try reopened.changes(since: token).added.map(\.id) == ["b"])
        #expect(ChangeToken("garbage") == nil)
        #expect(ChangeToken("store:-1") == nil)
    }

    @Test("a token from another store or from the future is unknown; a pruned one is expired")
    func unknownAndExpiredTokens() throws {
        let store = try SQLiteContactStore.inMemory()
        let other = try SQLiteContactStore.inMemory()
        try store.write { try $0.insert(person("a", "Ada", "Lovelace")) }
        let foreign = try other.currentChangeToken()
        #expect(throws: ContactStoreError.unknownChangeToken(foreign.description)) { try store.changes(since: foreign) }
        let current = try store.currentChangeToken()
        let future = try #require(ChangeToken("\(current.storeID):\(current.sequence + 5)"))
        #expect(throws: ContactStoreError.unknownChangeToken(future.description)) { try store.changes(since: future) }

        let old = try store.currentChangeToken()
        try store.write { try $0.remove(id: "a") }
        let afterRemoval = try store.currentChangeToken()
        try store.write { try $0.pruneChangeHistory(through: afterRemoval) }
        #expect(throws: ContactStoreError.expiredChangeToken(old.description)) { try store.changes(since: old) }
        #expect(try store.changes(since: afterRemoval).isEmpty)
        let error = ContactStoreError.expiredChangeToken(old.description)
        #expect(error.description.contains("reload all contacts"))
    }

    @Test("the removal history is capped; tokens older than what it keeps expire")
    func removalHistoryCap() throws {
        let store = try SQLiteContactStore.inMemory(configuration: .init(removalHistoryLimit: 3))
        try store.write { (transaction) throws in
            for index in 0..<10 { try transaction.insert(person(ContactID(rawValue: "c\(index)"), "N", "\(index)")) }
        }
        var tokens: [ChangeToken] = [try store.currentChangeToken()]
        for index in 0..<10 {
            try store.write { try $0.remove(id: ContactID(rawValue: "c\(index)")) }
            tokens.append(try store.currentChangeToken())
        }
        // The last three removals are remembered: tokens from before them still work.
        #expect(try store.changes(since: tokens[7]).removed == ["c7", "c8", "c9"])
        #expect(throws: ContactStoreError.expiredChangeToken(tokens[6].description)) { try store.changes(since: tokens[6]) }
    }
}
