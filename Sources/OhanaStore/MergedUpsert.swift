import Foundation
import Ohana

/// A recorded member of a merged contact, as a backend stores it.
package struct MergedMemberRow: Sendable {
    /// The member's id.
    package var id: ContactID
    /// The merged contact it belongs to.
    package var survivor: ContactID
    /// Its place in merge order.
    package var position: Int
    /// Whether it is a fixed snapshot that imports never replace.
    package var isSnapshot: Bool
    /// Its latest version, encoded.
    package var record: StoredRecord

    /// Creates a row.
    package init(id: ContactID, survivor: ContactID, position: Int, isSnapshot: Bool, record: StoredRecord) {
        self.id = id
        self.survivor = survivor
        self.position = position
        self.isSnapshot = isSnapshot
        self.record = record
    }
}

/// The rows a backend serves, inside one write transaction, to ``MergedUpsert``: the recorded
/// members of merged contacts and the source records of stored contacts. Reads only: what the
/// algorithm decides comes back as a plan the backend writes. A backend answers each with an
/// indexed query (SQLite) or from rows loaded once per batch (PostgreSQL, `MergedMemberIndex` in OhanaStorePostgres).
package protocol MergedMemberRows {
    /// The stored merged contacts that have recorded members.
    var survivors: Set<ContactID> { get }
    /// Every recorded member's id.
    var memberIDs: Set<ContactID> { get }
    /// The members (and their merged contacts) recorded with a source record, ordered by merged contact, then merge position.
    func members(providerID: String, recordID: String) throws -> [(member: ContactID, survivor: ContactID)]
    /// The member with this id, if recorded.
    func member(_ id: ContactID) throws -> MergedMemberRow?
    /// The members, not snapshots, whose folded full name is `TextFolding.fold(fullName)`,
    /// ordered by merged contact, then merge position.
    func liveMembers(named fullName: String) throws -> [MergedMemberRow]
    /// The stored contacts holding a source record, in storage order.
    func contacts(providerID: String, recordID: String) throws -> [ContactID]
    /// Whether a contact with this id is stored.
    func isStored(_ id: ContactID) throws -> Bool
    /// The merge position after the last recorded member of `survivor` (0 when it has none).
    func nextPosition(in survivor: ContactID) throws -> Int
}

/// The remerging upsert (`SQLiteWriteTransaction.upsert(_:remerging:)` (OhanaStoreSQLite)), decided once for every
/// backend: which member of a merged contact each contact of a batch is the new version of, which
/// merged contact a contact without a member joins, and what is left to save on its own.
///
/// A backend applies the plan in order: ``memberWrites`` (member versions and their source
/// records), then ``rest`` saved in ``ContactSaveMode/upsertBySourceRecord`` mode without taking
/// ``claimed`` ids, then, for each of ``touched``, ``remerged(_:members:merge:)`` on its members
/// as recorded after the writes.
///
/// Complexity: O(*n*) lookups for *n* contacts (each O(log *m*) on an indexed backend).
package struct MergedUpsert {
    /// A member version to write.
    package struct MemberWrite {
        /// The member's new version (with the member's id).
        package var contact: Contact
        /// The merged contact it belongs to.
        package var survivor: ContactID
        /// Its place in merge order.
        package var position: Int
    }

    /// The counts for the contacts that went to members (``rest`` adds its own).
    package private(set) var summary = ContactSaveSummary()
    /// The member versions to write, in order.
    package private(set) var memberWrites: [MemberWrite] = []
    /// The contacts that belong to no merged contact, to save on their own.
    package private(set) var rest: [Contact] = []
    /// The ids saving ``rest`` must not match or take: merged contacts, members, and the batch's members.
    package private(set) var claimed = Set<ContactID>()
    /// The merged contacts to rebuild, in the order the batch first touched them.
    package private(set) var touched: [ContactID] = []

    /// Plans the upsert of `contacts` against the rows of a store that has merged contacts.
    package init(_ contacts: [Contact], rows: some MergedMemberRows) throws {
        let codec = ContactCodec()
        var taken: [ContactID: Int] = [:]
        var touchedSet = Set<ContactID>()
        var batchClaimed = Set<ContactID>()
        for contact in contacts {
            var contact = contact
            let survivor: ContactID
            if let match = try Self.memberMatch(for: contact, rows: rows, excluding: batchClaimed, codec: codec) {
                contact.id = match.member
                survivor = match.survivor
                let outcome = try update(contact, recorded: rows.member(match.member), codec: codec)
                summary.count(outcome)
            } else if let match = try Self.survivorMatch(for: contact, rows: rows) {
                // A source of the merged contact without a member of its own (merged before members were kept).
                let takenElsewhere = try contact.id != match && rows.isStored(contact.id)
                if batchClaimed.contains(contact.id) || rows.memberIDs.contains(contact.id) || takenElsewhere {
                    contact.id = ContactID()
                }
                survivor = match
                let position = try taken[survivor] ?? rows.nextPosition(in: survivor)
                taken[survivor] = position + 1
                memberWrites.append(MemberWrite(contact: contact, survivor: survivor, position: position))
                summary.added += 1
            } else {
                rest.append(contact)
                continue
            }
            batchClaimed.insert(contact.id)
            if touchedSet.insert(survivor).inserted { touched.append(survivor) }
        }
        claimed = batchClaimed.union(rows.survivors).union(rows.memberIDs)
    }

    /// Adds the counts of saving ``rest``.
    package mutating func add(_ saved: ContactSaveSummary) {
        summary.added += saved.added
        summary.updated += saved.updated
        summary.unchanged += saved.unchanged
    }

    /// The merged contact `survivor` rebuilt with `merge` from its `members` (latest versions, in
    /// merge order): it keeps its id and does not list itself as merged. `nil` without members.
    package static func remerged(_ survivor: ContactID, members: [Contact],
                                 merge: ([Contact]) throws -> Contact) throws -> Contact? {
        guard !members.isEmpty else { return nil }
        var merged = try merge(members)
        merged.id = survivor
        merged.mergedContactIDs = merged.mergedContactIDs.filter { $0 != survivor }
        return merged
    }

    // MARK: - Matching

    /// The member (and its merged contact) a batch contact is the new version of: by source record,
    /// then by id (not a snapshot), then, without a source record, by same content among members
    /// with the same folded name; members of the batch (`claimed`) are skipped.
    private static func memberMatch(
        for contact: Contact, rows: some MergedMemberRows, excluding claimed: Set<ContactID>, codec: ContactCodec
    ) throws -> (member: ContactID, survivor: ContactID)? {
        func usable(_ member: ContactID, _ survivor: ContactID) -> (member: ContactID, survivor: ContactID)? {
            rows.survivors.contains(survivor) && !claimed.contains(member) ? (member, survivor) : nil
        }
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID else { continue }
            let found = try rows.members(providerID: provenance.providerID, recordID: recordID)
            if let match = found.lazy.compactMap({ usable($0.member, $0.survivor) }).first { return match }
        }
        if let row = try rows.member(contact.id), !row.isSnapshot, let match = usable(row.id, row.survivor) {
            return match
        }
        guard !contact.provenance.contains(where: { $0.recordID != nil }) else { return nil }
        for row in try rows.liveMembers(named: contact.fullName) {
            guard let match = usable(row.id, row.survivor), try codec.decode(row.record).hasSameContent(as: contact) else {
                continue
            }
            return match
        }
        return nil
    }

    /// The merged contact holding one of a batch contact's source records, if any.
    private static func survivorMatch(for contact: Contact, rows: some MergedMemberRows) throws -> ContactID? {
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID else { continue }
            let ids = try rows.contacts(providerID: provenance.providerID, recordID: recordID)
            if let id = ids.first(where: rows.survivors.contains) { return id }
        }
        return nil
    }

    /// Plans replacing a member's version; tells whether it changed.
    private mutating func update(_ contact: Contact, recorded: MergedMemberRow?,
                                 codec: ContactCodec) throws -> ContactSaveOutcome {
        guard let recorded else { return .added }
        if recorded.record.json == (try codec.encodeJSON(contact)), recorded.record.photo == contact.photo?.data,
           recorded.record.photoType == contact.photo?.mediaType {
            return .unchanged
        }
        memberWrites.append(MemberWrite(contact: contact, survivor: recorded.survivor, position: recorded.position))
        return .updated
    }
}
