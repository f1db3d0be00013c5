import Foundation
import Ohana
import OhanaAddressBook
import OhanaFormats
import OhanaJSON
import OhanaStore
import OhanaStoreSQLite
import Testing

/// A SQLite store file in a fresh temporary folder, removed when released.
private final class StoreFile {
    let folder: URL
    let url: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-service-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("contacts.sqlite")
    }

    /// Opens the file (again) as a store.
    func open() throws -> any ContactStorage {
        SQLiteContactStorage(try SQLiteContactStore(fileURL: url))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

private func person(_ id: ContactID, _ given: String, record: String, phone: String, email: String? = nil) -> Contact {
    Contact(id: id, givenName: given, familyName: "Quimby",
            fields: [.phone(phone)] + (email.map { [.email($0)] } ?? []),
            provenance: [Provenance(providerID: "vcard:book.vcf", recordID: record)])
}

private let robert = person("r", "Robert", record: "r", phone: "+1 415 555 0142")
private let bob = person("b", "Bob", record: "b", phone: "(415) 555-0142")
private let rob = person("o", "Rob", record: "o", phone: "+1 415 555 0143")
private let carl = person("c", "Carl", record: "c", phone: "+1 212 555 0100")

/// Merges the stored contacts with these ids into one, as the page's merge review does.
private func merge(_ ids: [ContactID], in store: any ContactStorage) async throws {
    let merged = try await store.mergeContacts { stored in
        let members = ids.compactMap { id in stored.first { $0.id == id } }
        return [ContactMergeGroup(merged: StoredMerges.mergedContact(of: members), members: members)]
    }
    #expect(merged == 1)
}

@Suite("The store's operations for the tool and the server: import, undo, change feed, export")
struct ContactStoreServiceTests {
    @Test("an import adds, then updates a merged contact from its member's source instead of adding it again")
    func importKeepsMerges() async throws {
        let file = try StoreFile()
        let store = try file.open()
        let service = ContactStoreService(store: store)
        let first = try await service.importContacts([robert, bob, carl])
        #expect(first.summary.added == 3 && first.summary.updated == 0)
        #expect(first.token == (try await store.currentChangeToken()))
        #expect(first.summaryLines == [
            "imported 3 contacts into \(store.locationDescription): 3 added, 0 updated, 0 unchanged",
            "change token: \(first.token)",
        ])
        try await merge(["r", "b"], in: store)
        try await store.shutDown()

        // Bob's record comes again with an email address: the merged contact takes it.
        let reopened = try file.open()
        let bobAgain = person("b", "Bob", record: "b", phone: "(415) 555-0142", email: "bob@example.com")
        let second = try await ContactStoreService(store: reopened).importContacts([bobAgain])
        #expect(second.contactCount == 1 && second.summary.added == 0)
        #expect(second.summaryLines[0].hasPrefix("imported 1 contact into "))
        let stored = try await reopened.allContacts(order: .insertion)
        #expect(stored.map(\.id) == ["r", "c"])
        #expect(stored[0].emailAddresses.map(\.value) == ["bob@example.com"])
        #expect(try await reopened.allMergedMembers()["r"]?.map(\.id) == ["r", "b"])
        try await reopened.shutDown()
    }

    @Test("undo takes one member out, then splits the rest; a second undo is not found, naming the id")
    func undoMerges() async throws {
        let file = try StoreFile()
        let store = try file.open()
        let service = ContactStoreService(store: store)
        _ = try await service.importContacts([robert, bob, rob, carl])
        try await merge(["r", "b", "o"], in: store)

        let notMember = await #expect(throws: AddressBookError.self) {
            try await service.undoMerge(of: "r", removingMember: "c")
        }
        #expect(notMember?.kind == .notFound)
        #expect(notMember?.message.hasPrefix("'c' is not a member of the merged contact 'r'") == true, "\(String(describing: notMember))")
        let one = try await service.undoMerge(of: "r", removingMember: "b")
        #expect(one.restored == [bob])
        #expect(one.remaining?.id == "r" && one.remaining?.mergedContactIDs == ["o"])
        #expect(one.summaryLines.last == "still merged: \(one.remaining!.fullName) [r]")

        let whole = try await service.undoMerge(of: "r")
        #expect(whole.restored == [robert, rob] && whole.remaining == nil)
        #expect(Set(try await store.allContacts(order: .insertion)) == [robert, bob, rob, carl])
        #expect(try await store.allMergedMembers().isEmpty)

        let undoneAlready = await #expect(throws: AddressBookError.self) {
            try await service.undoMerge(of: "r")
        }
        #expect(undoneAlready?.kind == .notFound)
        #expect(undoneAlready?.message.hasPrefix("'r' is not a merged contact with recorded members") == true,
                "\(String(describing: undoneAlready))")
        try await store.shutDown()
    }

    @Test("the page's split goes through the same undo and says the same when nothing is merged")
    func addressBookSplitsThroughTheService() async throws {
        let file = try StoreFile()
        let store = try file.open()
        _ = try await ContactStoreService(store: store).importContacts([robert, bob, carl])
        try await merge(["r", "b"], in: store)
        let book = AddressBook(store: store, locale: Locale(identifier: "en_US"), region: "US")
        try await book.reload()
        let split = try await book.splitMerge(of: "r")
        #expect(split.restored.map(\.id) == ["r", "b"] && split.contactsAfter == 3)
        #expect(try await store.mergeDecisions() == ContactMergeDecisions(keptApart: [["r", "b"]]))
        try await store.shutDown()
    }

    @Test("the change feed reports what changed since a token given as text, and refuses other text")
    func changeFeed() async throws {
        let file = try StoreFile()
        let store = try file.open()
        let service = ContactStoreService(store: store)
        _ = try await service.importContacts([robert, bob])
        let token = try await service.currentChangeToken()
        #expect(try await service.changes(since: token.description).isEmpty)

        _ = try await service.importContacts([carl, person("b", "Bobby", record: "b", phone: "(415) 555-0142")])
        _ = try await store.remove(ids: ["r"])
        let changes = try await service.changes(since: token.description)
        #expect(changes.added.map(\.id) == ["c"])
        #expect(changes.updated.map(\.fullName) == ["Bobby Quimby"])
        #expect(changes.removed == ["r"])
        #expect(changes.token == (try await service.currentChangeToken()))
        #expect(changes.lines.last == "token \(changes.token)")

        for (text, kind) in [("nonsense", AddressBookError.Kind.badRequest), ("another-store:1", .badRequest)] {
            let refused = await #expect(throws: AddressBookError.self) {
                try await service.changes(since: text)
            }
            #expect(refused?.kind == kind && refused?.message.contains(text) == true, "\(String(describing: refused))")
        }
        try await store.shutDown()
    }

    @Test("replacing the contents leaves exactly the contacts given, in a file that reopens so")
    func replaceContents() async throws {
        let file = try StoreFile()
        let store = try file.open()
        _ = try await ContactStoreService(store: store).importContacts([robert, bob])
        let summary = try await ContactStoreService(store: store).replaceContacts(with: [carl, bob])
        #expect(summary.added == 1 && summary.removed == 1)
        try await store.shutDown()
        let reopened = try file.open()
        #expect(Set(try await reopened.allContacts(order: .insertion).map(\.id)) == ["c", "b"])
        try await reopened.shutDown()
    }

    @Test("an export writes every stored contact in the order first stored, to a sink or a file, and counts them")
    func export() async throws {
        let file = try StoreFile()
        let store = try file.open()
        let service = ContactStoreService(store: store)
        _ = try await service.importContacts([carl, robert, bob])
        var data = Data()
        let count = try await service.export(with: ContactWriter(format: .json)) { data.append($0) }
        #expect(count == 3)
        #expect(try ContactsJSON.decode(data, source: "export").map(\.id) == ["c", "r", "b"])

        let vcf = file.folder.appendingPathComponent("out.vcf")
        #expect(try await service.export(with: ContactWriter(format: .vcard), toFile: vcf) == 3)
        let text = try String(contentsOf: vcf, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VCARD").count - 1 == 3)
        #expect(text.contains("Carl") && text.contains("Robert"))

        let nowhere = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/out.vcf")
        await #expect(throws: ContactFileWriteError.self) {
            try await service.export(with: ContactWriter(format: .vcard), toFile: nowhere)
        }
        try await store.shutDown()
    }
}
