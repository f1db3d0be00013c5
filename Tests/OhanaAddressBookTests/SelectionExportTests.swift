import Foundation
import Ohana
import OhanaAddressBook
import OhanaJSON
import OhanaStore
import OhanaStoreSQLite
import Testing

@Suite("Exporting a picker's selection, and merge decisions' ids")
struct SelectionExportTests {
    func book() async throws -> AddressBook {
        let store = try SQLiteContactStore.inMemory()
        try await store.save([
            Contact(id: "zoe", givenName: "Zoë", familyName: "Ångström",
                    fields: [.phone("+46 8 123 456 78", label: .mobile), .phone("+46 70 123 45 67", label: .work)]),
            Contact(id: "max", givenName: "Max", familyName: "Muster", fields: [.email("max@example.de")]),
        ], mode: .upsertBySourceRecord)
        let book = AddressBook(store: SQLiteContactStorage(store), locale: Locale(identifier: "en_US"), region: "SE")
        try await book.reload()
        return book
    }

    @Test("a split picker's rows export without the picker's bookkeeping, in every format, named and typed")
    func splitRowsExportClean() async throws {
        let book = try await book()
        let session = try await book.startSession(picker: "phoneNumbers", order: .fullName)
        _ = try await book.select(["zoe#0", "zoe#1"], inSession: session.session)
        let selected = try await book.selection(inSession: session.session)
        #expect(selected.count == 2)
        #expect(selected.allSatisfy { $0.customProperties[SplitOnFieldType.sourceContactIDKey] != nil })
        let json = try await book.exportSelection(inSession: session.session, as: .json)
        #expect(json.mediaType == "application/json; charset=utf-8")
        #expect(json.fileName == "selection.json")
        let exported = try ContactsJSON.decode(json.data, source: "export")
        #expect(exported.count == 2)
        #expect(exported.allSatisfy { $0.customProperties[SplitOnFieldType.sourceContactIDKey] == nil })
        #expect(exported.map { $0.phoneNumbers.count } == [1, 1])
        let vcard = try await book.exportSelection(inSession: session.session, as: .vcard)
        #expect(vcard.fileName == "selection.vcf" && vcard.mediaType == "text/vcard; charset=utf-8")
        let text = String(decoding: vcard.data, as: UTF8.self)
        #expect(text.contains("Ångström") && !text.contains("ohana.split"))
        let jscontact = try await book.exportSelection(inSession: session.session, as: .jscontact)
        #expect(jscontact.mediaType == "application/jscontact+json" && jscontact.fileName == "selection.json")
        #expect(!String(decoding: jscontact.data, as: UTF8.self).contains("ohana.split"))
        #expect(AddressBook.exportFormats.map(\.rawValue) == ["vcard", "csv", "json", "jscontact"])
    }

    @Test("a decision on something that is not a cluster id is a bad request naming it", arguments: ["xyz", "0123456789abcdeg", "0123456789abcdef0"])
    func clusterIDsAreChecked(id: String) async throws {
        let book = try await book()
        await #expect {
            try await book.decide(cluster: id, .accepted)
        } throws: { error in
            let error = error as? AddressBookError
            return error?.kind == .badRequest && error?.message.contains("'\(id)' is not a cluster id") == true
        }
    }
}
