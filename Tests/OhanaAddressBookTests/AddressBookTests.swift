import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaStoreSQLite
import Testing

private func person(_ given: String, _ family: String) -> Contact {
    Contact(id: ContactID(rawValue: "\(given)-\(family)"), givenName: given, familyName: family)
}

@Suite("The address book without HTTP")
struct AddressBookTests {
    func book(_ contacts: [Contact]) async throws -> AddressBook {
        let store = try SQLiteContactStore.inMemory()
        try await store.save(contacts, mode: .upsertBySourceRecord)
        let book = AddressBook(store: SQLiteContactStorage(store), locale: Locale(identifier: "en_US"))
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

    @Test("the page's phone formatting and the merge review read national numbers in the book's one region")
    func oneRegion() async throws {
        let store = try SQLiteContactStore.inMemory()
        try await store.save([
            Contact(id: "a", givenName: "Ana", familyName: "Sousa", fields: [.phone("919 109 619")]),
            Contact(id: "b", givenName: "Ana", familyName: "Sousa", fields: [.phone("+351 919 109 619")]),
        ], mode: .upsertBySourceRecord)
        let portugal = AddressBook(store: SQLiteContactStorage(store), region: "pt")
        try await portugal.reload()
        #expect(await portugal.region == "PT")
        #expect(try await portugal.detail(id: "a").fields[0].phone?.e164 == "+351919109619")
        let report = await portugal.mergeReport()
        #expect(report.clusters.count == 1)
        #expect(report.clusters.allSatisfy { $0.reasons.allSatisfy { $0.contains("+351919109619") && !$0.contains("+1919") } },
                "\(report.clusters.map(\.reasons))")
        // Read in the US, the Portuguese number is no number: never an invented +1 one.
        let america = AddressBook(store: SQLiteContactStorage(store), region: "US")
        try await america.reload()
        #expect(try await america.detail(id: "a").fields[0].phone?.e164 == nil)
        #expect(await america.mergeReport().clusters.allSatisfy { $0.reasons.allSatisfy { !$0.contains("+1") } })
    }
}
