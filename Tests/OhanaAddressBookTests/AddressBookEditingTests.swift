import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaStoreSQLite
import Testing

@Suite("Editing through the address book")
struct AddressBookEditingTests {
    func makeBook(_ contacts: [Contact]) async throws -> (AddressBook, SQLiteContactStore) {
        let store = try SQLiteContactStore.inMemory()
        try await store.save(contacts, mode: .upsertBySourceRecord)
        let book = AddressBook(store: SQLiteContactStorage(store), locale: Locale(identifier: "en_US"))
        try await book.reload()
        return (book, store)
    }

    static let people = [
        Contact(id: "ada", givenName: "Ada", familyName: "Lovelace", fields: [.email("ada@example.org")]),
        Contact(id: "alan", givenName: "Alan", familyName: "Turing", fields: [.phone("+44 20 7946 0000", label: .work)]),
    ]

    @Test("after an edit the lists, the detail and the duplicate analysis show it, without a reload")
    func catchesUpWithoutReloading() async throws {
        let (book, _) = try await makeBook(Self.people)
        // A reload drops picker sessions: this one surviving shows the edits were caught up with.
        let session = try await book.startSession(picker: "multiple", order: .fullName)
        let edited = try await book.editContact(id: "alan", applying: ContactEdit(parts: [.givenName: "Alan M."]), expecting: nil)
        #expect(edited.name == "Alan M. Turing")
        #expect(await book.page(order: .fullName, offset: 0, limit: 10).contacts.map(\.name) == ["Ada Lovelace", "Alan M. Turing"])
        // A new contact with Ada's email: the merge review finds the pair at once.
        #expect(await book.mergeReport().clusters.isEmpty)
        let created = try await book.createContact(ContactEdit(
            parts: [.givenName: "Augusta Ada", .familyName: "Lovelace"], additions: [.email("ada@example.org")]))
        #expect(await book.contactCount == 3)
        #expect(await book.mergeReport().clusters.map { Set($0.contacts.map(\.id)) } == [["ada", created.id]])
        try await book.refreshIfChanged()
        #expect(try await book.sessionState(session.session).picker.id == "multiple")
        // A delete drops it from the lists; its undo brings it back.
        let deletion = try await book.deleteContact(id: "ada", expecting: nil)
        #expect(await book.page(order: .fullName, offset: 0, limit: 10).contacts.map(\.id).contains("ada") == false)
        #expect(await book.mergeReport().clusters.isEmpty)
        let undo = try await book.undoRevision(deletion.revision, expecting: nil)
        #expect(undo.contact?.name == "Ada Lovelace")
        #expect(await book.page(order: .fullName, offset: 0, limit: 10).contacts.map(\.id).contains("ada"))
        try await book.refreshIfChanged()
        #expect(try await book.sessionState(session.session).picker.id == "multiple")
    }

    @Test("a write by another process before the edit is caught up with too")
    func catchesUpWithOtherWriters() async throws {
        let (book, store) = try await makeBook(Self.people)
        // Another process adds a contact (the address book does not know yet), then the page edits Ada.
        try await store.save([Contact(id: "grace", givenName: "Grace", familyName: "Hopper")], mode: .upsertBySourceRecord)
        _ = try await book.editContact(id: "ada", applying: ContactEdit(parts: [.note: "first programmer"]), expecting: nil)
        let names = await book.page(order: .fullName, offset: 0, limit: 10).contacts.map(\.name)
        #expect(names == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
        #expect(try await book.detail(id: "ada").parts["note"] == "first programmer")
    }

    @Test("an edit naming an old version is refused with both versions, before the edit is applied")
    func staleVersionConflict() async throws {
        let (book, _) = try await makeBook(Self.people)
        let version = try await book.version(of: "ada")
        // Meanwhile the email is changed: the stale edit removing it is a conflict, not "no such value".
        _ = try await book.editContact(id: "ada", applying: ContactEdit(
            replacements: [.init(type: .emailAddress, old: "ada@example.org", new: "ada@lovelace.org")]), expecting: version)
        do {
            _ = try await book.editContact(id: "ada", applying: ContactEdit(
                removals: [.init(type: .emailAddress, value: "ada@example.org")]), expecting: version)
            Issue.record("a stale version was written")
        } catch let conflict as ContactEditConflict {
            #expect(conflict.versionWasNamed)
            #expect(conflict.expectedVersion == version)
            #expect(conflict.current?.fields.map(\.value) == ["ada@lovelace.org"])
            let now = try await book.version(of: "ada")
            #expect(conflict.current?.version == now)
            #expect(conflict.current?.version != version)
            #expect(conflict.yours == nil, "the removal no longer applies to the stored contact")
        }
        #expect(try await book.detail(id: "ada").fields.map(\.value) == ["ada@lovelace.org"])
    }
}
