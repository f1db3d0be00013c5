import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import Testing

private func person(_ given: String, _ family: String) -> Contact {
    Contact(id: ContactID(rawValue: "\(given)-\(family)"), givenName: given, familyName: family)
}

@Suite("The address book without HTTP")
struct AddressBookTests {
    func book(_ contacts: [Contact]) async throws -> AddressBook {
        let store = try ContactStore.inMemory()
        try await store.save(contacts, mode: .upsertBySourceRecord)
        let book = AddressBook(store: store, locale: Locale(identifier: "en_US"))
        try await book.reload()
        return book
    }

    @Test("a page in each sort mode is ordered and indexed by that mode's name")
    func pagesFollowTheSortMode() async throws {
        let book = try await book([person("Zoe", "Adams"), person("Anna", "Young"), person("Mark", "Brown")])
        let byLast = await book.page(order: .lastName, offset: 0, limit: 10)
        #expect(byLast.contacts.map(\.name) == ["Zoe Adams", "Mark Brown", "Anna Young"])
        #expect(byLast.sections.map(\.title) == ["A", "B", "Y"])
        #expect(byLast.order == AlphabeticalSort.Mode.lastName.rawValue)
        let byFirst = await book.page(order: .firstName, offset: 0, limit: 10)
        #expect(byFirst.contacts.map(\.name) == ["Anna Young", "Mark Brown", "Zoe Adams"])
        #expect(byFirst.sections.map(\.title) == ["A", "M", "Z"])
    }

    @Test("an unknown picker is refused with a bad-request error that lists the known ones")
    func unknownPicker() async throws {
        let book = try await book([person("Zoe", "Adams")])
        do {
            _ = try await book.startSession(picker: "no-such-picker", order: .fullName)
            Issue.record("an unknown picker started a session")
        } catch {
            #expect(error.kind == .badRequest)
            #expect(Picker.all.allSatisfy { error.message.contains($0.id) })
        }
    }
}
