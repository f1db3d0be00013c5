import Foundation
import Ohana
@testable import OhanaStore
@testable import OhanaStoreSQLite
import Testing

@Suite("Merge decisions and merged contacts")
struct MergedContactsTests {
    /// A merge the store is given (the server passes the library's duplicate merging): the first
    /// member's id and name, every distinct field, the first organization, all provenance.
    static func union(_ members: [Contact]) -> Contact {
        var merged = members[0]
        var seen = Set<String>()
        merged.fields = members.flatMap(\.fields).filter { seen.insert($0.value).inserted }
        merged.organization = members.lazy.compactMap(\.organization).first
        merged.provenance = members.flatMap(\.provenance)
        merged.mergedContactIDs = members.dropFirst().map(\.id)
        return merged
    }

    static func contact(_ id: ContactID, _ name: String, record: String?, phone: String, organization: String? = nil) -> Contact {
        Contact(id: id, givenName: name, familyName: "Quimby", organization: organization, fields: [.phone(phone)],
                provenance: [Provenance(providerID: "vcard:a.vcf", recordID: record)])
    }

    @Test("decisions are kept in the store file")
    func decisionsAreKeptInTheFile() throws {
        let directory = try TemporaryDirectory()
        let decisions = ContactMergeDecisions(keptTogether: [["a", "b"]], keptApart: [["c", "d", "e"]])
        do {
            let store = try SQLiteContactStore(fileURL: directory.file("contacts.sqlite"))
            #expect(try store.mergeDecisions().isEmpty)
            try store.setMergeDecisions(decisions)
            try store.close()
        }
        let reopened = try SQLiteContactStore(fileURL: directory.file("contacts.sqlite"))
        #expect(try reopened.mergeDecisions() == decisions)
    }

    @Test("importing again updates the members of a merged contact instead of adding them back", arguments: StoreKind.allCases)
    func upsertKeepsMergesMerged(kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.open(in: directory)
        let robert = Self.contact("r", "Robert", record: "r", phone: "+1 415 555 0142")
        let bob = Self.contact("b", "Bob", record: "b", phone: "(415) 555-0142", organization: "Old Corp")
        let carl = Self.contact("c1", "Carl", record: nil, phone: "+1 212 555 0100")
        let carlAgain = Self.contact("c2", "Carl", record: nil, phone: "+1 212 555 0101")
        try store.save([robert, bob, carl, carlAgain], mode: .upsertBySourceRecord)
        try store.write { transaction in
            try transaction.saveMerged(Self.union([robert, bob]), members: [robert, bob])
            try transaction.saveMerged(Self.union([carl, carlAgain]), members: [carl, carlAgain])
        }
        #expect(try store.allContacts().map(\.id) == ["r", "c1"])

        // The source loaded again: new random ids (as a file without UIDs gives), Bob changed.
        var newBob = Self.contact(ContactID(), "Bob", record: "b", phone: "(415) 555-0142", organization: "New Corp")
        newBob.fields.append(.email("bob@newcorp.example"))
        let reloaded = [Self.contact(ContactID(), "Robert", record: "r", phone: "+1 415 555 0142"), newBob,
                        Self.contact(ContactID(), "Carl", record: nil, phone: "+1 212 555 0100"),
                        Self.contact(ContactID(), "Carl", record: nil, phone: "+1 212 555 0101")]
        let summary = try store.write { try $0.upsert(reloaded, remerging: Self.union) }
        #expect(summary.added == 0 && summary.updated == 1 && summary.unchanged == 3, "\(summary)")
        let stored = try store.allContacts()
        #expect(stored.map(\.id) == ["r", "c1"])
        let quimby = try #require(stored.first)
        #expect(quimby.organization == "New Corp")
        #expect(quimby.fields.map(\.value).contains("bob@newcorp.example"))
        #expect(quimby.mergedContactIDs == ["b"])
        #expect(try store.read { try $0.mergedMembers(of: "r") }.map(\.organization) == [nil, "New Corp"])

        // A source record the batch has twice: the second joins the merged contact rather than
        // being lost or stored apart.
        let twice = try store.write {
            try $0.upsert([Self.contact(ContactID(), "Bob", record: "b", phone: "+1 999 555 0000"),
                           Self.contact(ContactID(), "Bobby", record: "b", phone: "+1 999 555 0001")],
                          remerging: Self.union)
        }
        #expect(twice.updated == 1 && twice.added == 1, "\(twice)")
        #expect(try store.allContacts().count == 2)
        let members = try store.read { try $0.mergedMembers(of: "r") }
        #expect(members.map(\.givenName) == ["Robert", "Bob", "Bobby"])
        #expect(try store.read { try $0.contact(withID: "r") }?.fields.map(\.value).contains("+1 999 555 0001") == true)

        // Removing a merged contact forgets its members: the next import adds the sources anew.
        try store.write { _ = try $0.remove(id: "r") }
        #expect(try store.read { try $0.mergedMembers(of: "r") }.isEmpty)
        try store.write { _ = try $0.upsert(Array(reloaded.prefix(2)), remerging: Self.union) }
        #expect(try store.allContacts().count == 3)
    }

    @Test("a store from before merge decisions is migrated and has none")
    func olderStoreGainsTheTables() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v3.sqlite").path
        try SQLiteSchema.migrateFile(at: path, upTo: SQLiteSchema.v3)
        let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path))
        #expect(try store.mergeDecisions().isEmpty)
        #expect(try store.read { try $0.mergedMembers(of: "anyone") }.isEmpty)
    }
}
