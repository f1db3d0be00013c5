import Foundation
import GRDB
import Ohana
@testable import OhanaStore
@testable import OhanaStoreSQLite
import Testing

@Suite("Content hashes of stored contacts")
struct ContentHashTests {
    @Test("equal contacts hash equal whatever their dictionaries' order; any changed detail changes the hash")
    func sensitivity() throws {
        let base = richContact()
        #expect(try ContentHash.of(base) == ContentHash.of(richContact()))
        var forward = base
        var backward = base
        forward.customProperties = [:]
        backward.customProperties = [:]
        for index in 0..<40 { forward.customProperties["key\(index)"] = .integer(index) }
        for index in (0..<40).reversed() { backward.customProperties["key\(index)"] = .integer(index) }
        #expect(forward == backward)
        #expect(try ContentHash.of(forward) == ContentHash.of(backward))

        var variants: [Contact] = []
        func variant(_ change: (inout Contact) -> Void) {
            var copy = base
            change(&copy)
            variants.append(copy)
        }
        variant { $0.note = "Met at the conference.\nLikes 🍣" }
        variant { $0.photo = Photo(data: Data((0..<2048).map { UInt8(($0 + 1) % 251) }), mediaType: "image/jpeg") }
        variant { $0.photo?.mediaType = "image/png" }
        variant { $0.customProperties["count"] = .integer(-41) }
        variant { $0.fields[1].label = "work" }
        variant { $0.tags = ["Café Crew", "Friends"] }
        variant { $0.postalAddresses[0].street = ["1 Main St"] }
        variant { $0.provenance[0].revision = "4" }
        variant { $0.givenName = nil }
        variant { $0.fields[0].phoneNumber?.isValid = false }
        let hashes = try Set(([base] + variants).map(ContentHash.of))
        #expect(hashes.count == variants.count + 1)
    }

    @Test("a contact stored before hashes were kept is recognised as unchanged by its bytes and gets its hash")
    func storedWithoutHash() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("contacts.sqlite")
        let store = try SQLiteContactStore(fileURL: url)
        try store.save([richContact()], mode: .replace)
        try store.close()
        try SQLiteSchema.execute("UPDATE contact SET contentHash = NULL", inFileAt: url.path)

        let reopened = try SQLiteContactStore(fileURL: url)
        let token = try reopened.currentChangeToken()
        #expect(try reopened.save([richContact()], mode: .upsertBySourceRecord).unchanged == 1)
        #expect(try reopened.currentChangeToken() == token)
        let hash = try reopened.read { try Int64.fetchOne($0.db, sql: "SELECT contentHash FROM contact") }
        #expect(hash == (try ContentHash.of(richContact())))
        var changed = richContact()
        changed.note = "new"
        #expect(try reopened.save([changed], mode: .upsertBySourceRecord).updated == 1)
        #expect(try reopened.allContacts() == [changed])
    }

    @Test("a large re-import (looked up in bulk, read back in chunks) matches by source record (shared ones in order), skips the unchanged and writes the rest")
    func largeReimport() throws {
        let store = try SQLiteContactStore.inMemory()
        let contacts = (0..<4_500).map { index -> Contact in
            var contact = person(ContactID(rawValue: "p\(index)"), "Given\(index)", "Family\(index % 37)")
            // Every tenth comes from a SIM card, whose few record ids (slots) many contacts share.
            contact.provenance = index % 10 == 0 ? [Provenance(providerID: "sim", recordID: "ADN/\(index % 7)")]
                : [Provenance(providerID: "book.vcf", recordID: "r\(index)")]
            return contact
        }
        #expect(try store.save(contacts, mode: .upsertBySourceRecord).added == 4_500)
        let token = try store.currentChangeToken()
        #expect(try store.save(contacts, mode: .upsertBySourceRecord).unchanged == 4_500)
        #expect(try store.currentChangeToken() == token)

        // The same records under new ids (a file loaded again gives new ids), one changed, one new.
        var again = contacts.map { contact -> Contact in
            var contact = contact
            contact.id = ContactID()
            return contact
        }
        again[700].note = "changed"
        var newcomer = person("new", "New", "Person")
        newcomer.provenance = [Provenance(providerID: "book.vcf", recordID: "r-new")]
        again.append(newcomer)
        let summary = try store.save(again, mode: .upsertBySourceRecord)
        #expect(summary.unchanged == 4_499)
        #expect(summary.updated == 1)
        #expect(summary.added == 1)
        let stored = try store.allContacts()
        #expect(stored.count == 4_501)
        #expect(stored[700].id == "p700")
        #expect(stored[700].note == "changed")
        #expect(stored.map(\.id) == contacts.map(\.id) + ["new"])
        #expect(try store.changes(since: token).updated.map(\.id) == ["p700"])
    }
}
