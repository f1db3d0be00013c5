import Foundation
import Ohana
@testable import OhanaStore
import Testing

/// A store's rows as plain values, read through the narrow protocol the remerging upsert decides on:
/// for cases neither backend can be brought into through the public API any more (a merged contact
/// recorded before members were kept, holding a source record no member has).
private struct RowTable: MergedMemberRows {
    var stored: [ContactID: [Provenance]] = [:]
    var rows: [MergedMemberRow] = []

    var survivors: Set<ContactID> { Set(rows.map(\.survivor)) }
    var memberIDs: Set<ContactID> { Set(rows.map(\.id)) }

    func members(providerID: String, recordID: String) throws -> [(member: ContactID, survivor: ContactID)] {
        let codec = ContactCodec()
        return try rows.filter { row in
            try codec.decode(row.record).provenance.contains { $0.providerID == providerID && $0.recordID == recordID }
        }.map { ($0.id, $0.survivor) }
    }

    func member(_ id: ContactID) throws -> MergedMemberRow? { rows.first { $0.id == id } }

    func liveMembers(named fullName: String) throws -> [MergedMemberRow] { [] }

    func contacts(providerID: String, recordID: String) throws -> [ContactID] {
        stored.filter { $0.value.contains { $0.providerID == providerID && $0.recordID == recordID } }.map(\.key)
    }

    func isStored(_ id: ContactID) throws -> Bool { stored[id] != nil }

    func nextPosition(in survivor: ContactID) throws -> Int { rows.filter { $0.survivor == survivor }.count }
}

@Suite("Remerging upsert: the plan")
struct MergedUpsertPlanTests {
    let survivor = ContactID()
    let snapshot = ContactID()
    let source = Provenance(providerID: "carddav", recordID: "card-7")

    /// A merged contact holding `source` itself, with one member kept as a fixed snapshot.
    fileprivate func table() throws -> RowTable {
        let member = Contact(id: snapshot, givenName: "Ada", familyName: "Lovelace")
        let record = StoredRecord(id: snapshot.rawValue, json: try ContactCodec().encodeJSON(member), photo: nil, photoType: nil)
        return RowTable(
            stored: [survivor: [source]],
            rows: [MergedMemberRow(id: snapshot, survivor: survivor, position: 0, isSnapshot: true, record: record)])
    }

    @Test("a contact joining a merged contact through that contact's own source record, with a member's id, gets an id of its own")
    func joinsWithNewID() throws {
        var contact = Contact(givenName: "Ada", familyName: "King")
        contact.id = snapshot
        contact.provenance = [source]
        let plan = try MergedUpsert([contact], rows: try table())
        let write = try #require(plan.memberWrites.first)
        #expect(plan.memberWrites.count == 1)
        #expect(write.survivor == survivor)
        #expect(write.contact.id != snapshot && write.contact.id != survivor)
        #expect(write.position == 1)
        #expect(plan.rest.isEmpty)
        #expect(plan.summary.added == 1)
    }

    @Test("joining with an id no one holds keeps that id; two joins in one batch take the next positions")
    func joinsKeepingID() throws {
        var first = Contact(givenName: "Ada", familyName: "King")
        first.provenance = [source]
        var second = Contact(givenName: "Augusta", familyName: "King")
        second.provenance = [source]
        let plan = try MergedUpsert([first, second], rows: try table())
        #expect(plan.memberWrites.map(\.contact.id) == [first.id, second.id])
        #expect(plan.memberWrites.map(\.position) == [1, 2])
        #expect(plan.touched == [survivor])
    }

    @Test("a contact of no merged contact is left to save on its own")
    func rest() throws {
        var contact = Contact(givenName: "Charles", familyName: "Babbage")
        contact.provenance = [Provenance(providerID: "carddav", recordID: "card-9")]
        let plan = try MergedUpsert([contact], rows: try table())
        #expect(plan.memberWrites.isEmpty)
        #expect(plan.rest.map(\.id) == [contact.id])
        #expect(plan.claimed.contains(snapshot) && plan.claimed.contains(survivor))
    }
}
