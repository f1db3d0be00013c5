import Foundation
import Ohana
import OhanaStore
import OhanaStoreSQLite
import OhanaSampleData
import Testing

@Suite("Saving a pipeline's result and loading it back")
struct SaveAndProviderTests {
    @Test("replace leaves exactly the given contacts")
    func replace() throws {
        let store = try SQLiteContactStore.inMemory()
        try store.save([person("a", "Ada", "Lovelace"), person("b", "Bob", "Dylan")], mode: .replace)
        let summary = try store.save([person("b", "Bob", "Marley"), person("c", "Cy", "Twombly")], mode: .replace)
        #expect(summary == { var s = ContactSaveSummary(); s.added = 1; s.updated = 1; s.removed = 1; return s }())
        #expect(try store.allContacts().map(\.fullName) == ["Bob Marley", "Cy Twombly"])
    }

    @Test("a repeated id in one batch is stored under a new id, not over the first")
    func repeatedIDsKept() throws {
        let store = try SQLiteContactStore.inMemory()
        try store.save([person("a", "Ada", "One"), person("a", "Ada", "Two")], mode: .replace)
        #expect(Set(try store.allContacts().map(\.familyName)) == ["One", "Two"])
        let upsert = try store.save([person("x", "X", "One"), person("x", "X", "Two")], mode: .upsertBySourceRecord)
        #expect(upsert.added == 2)
        #expect(try store.read { try $0.contactCount() } == 4)
    }

    @Test("upsert by source record keeps the stored id and never removes")
    func upsertBySourceRecord() throws {
        let store = try SQLiteContactStore.inMemory()
        let source = Provenance(providerID: "vcard:people.vcf", recordID: "uid-1")
        try store.save([person("first-load", "Ada", "Lovelace", provenance: [source]),
                        person("other", "Bob", "Dylan")], mode: .replace)
        // A second load of the same file gives new ids; the source record finds the stored contact.
        let summary = try store.save([
            person("second-load", "Ada", "King", provenance: [source]),
            person("fresh", "Cy", "Twombly", provenance: [Provenance(providerID: "vcard:people.vcf", recordID: "uid-2")]),
        ], mode: .upsertBySourceRecord)
        #expect(summary.updated == 1 && summary.added == 1 && summary.removed == 0)
        let stored = try store.read { try $0.contacts(providerID: "vcard:people.vcf", recordID: "uid-1") }
        #expect(stored.map(\.id) == ["first-load"])
        #expect(stored.first?.familyName == "King")
        #expect(try store.read { try $0.contactCount() } == 3)
        // Without a source record, the id decides.
        let byID = try store.save([person("other", "Bob", "Marley")], mode: .upsertBySourceRecord)
        #expect(byID.updated == 1)
        // Without a source record or a known id, the same content is the same contact loaded again.
        let noRecord = [Provenance(providerID: "vcard:nouid.vcf")]
        #expect(try store.save([person("load-1", "Dee", "Dup", provenance: noRecord)], mode: .upsertBySourceRecord).added == 1)
        let reload = try store.save([person("load-2", "Dee", "Dup", provenance: noRecord),
                                     person("load-3", "Dee", "Dup", provenance: noRecord)], mode: .upsertBySourceRecord)
        #expect(reload.unchanged == 1 && reload.added == 1)
        #expect(try store.read { try $0.contactCount() } == 5)
        // Loading the same again changes nothing.
        let again = try store.save([person("other", "Bob", "Marley")], mode: .upsertBySourceRecord)
        #expect(again.unchanged == 1)
        #expect(try store.read { try $0.contactCount() } == 5)
    }

    @Test("the store provider loads what is stored, marking contacts without provenance")
    func provider() async throws {
        let store = try SQLiteContactStore.inMemory()
        let generated = ContactGenerator(seed: 7).generate(count: 300)
        try await store.save(generated, mode: .replace)
        let loaded = try await ContactStoreProvider(store: SQLiteContactStorage(store)).loadContacts()
        #expect(loaded.contacts.count == generated.count)
        for (original, copy) in zip(generated, loaded.contacts) {
            if original.provenance.isEmpty {
                #expect(copy.provenance == [Provenance(providerID: "store", recordID: original.id.rawValue)])
            } else {
                #expect(copy == original)
            }
        }
        try store.close()
        await #expect(throws: ContactsProviderError.self) { try await ContactStoreProvider(store: SQLiteContactStorage(store)).loadContacts() }
    }
}
