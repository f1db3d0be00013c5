import Foundation
import GRDB
import Ohana

/// The user's decisions on duplicate contacts, kept in the store so they travel with its file.
///
/// Encoded with the same keys as OhanaDuplicates' `DuplicateOverrides` (`keptTogether`, `keptApart`).
public struct ContactMergeDecisions: Hashable, Codable, Sendable {
    /// Groups of contacts the user merged or accepted for merging.
    public var keptTogether: [[ContactID]]
    /// Groups of contacts the user said are different people, never to be merged.
    public var keptApart: [[ContactID]]

    /// Creates decisions.
    public init(keptTogether: [[ContactID]] = [], keptApart: [[ContactID]] = []) {
        self.keptTogether = keptTogether
        self.keptApart = keptApart
    }

    /// Whether there are no decisions.
    public var isEmpty: Bool { keptTogether.isEmpty && keptApart.isEmpty }
}

/// One group of stored contacts to merge: the merged contact (which keeps one member's id) and
/// the members it replaces.
public struct ContactMergeGroup: Sendable {
    /// The merged contact.
    public var merged: Contact
    /// The stored contacts it replaces, in merge order.
    public var members: [Contact]

    /// Creates a group.
    public init(merged: Contact, members: [Contact]) {
        self.merged = merged
        self.members = members
    }
}

extension ContactReadTransaction {
    /// The merge decisions recorded in the store, in the order they were recorded.
    public func mergeDecisions() throws -> ContactMergeDecisions {
        var decisions = ContactMergeDecisions()
        let rows = try Row.fetchAll(db, sql: "SELECT isKeptTogether, contactIDs FROM mergeDecision ORDER BY id")
        for row in rows {
            let ids: [ContactID]
            do {
                ids = try codec.decoder.decode([ContactID].self, from: Data((row["contactIDs"] as String).utf8))
            } catch {
                throw ContactStoreError.corruptRecord(id: nil, reason: "a merge decision is not a list of contact ids: \(error)")
            }
            if row["isKeptTogether"] as Bool { decisions.keptTogether.append(ids) } else { decisions.keptApart.append(ids) }
        }
        return decisions
    }

    /// The latest version of each contact merged into the stored contact `id`, in merge order;
    /// empty when `id` is not a merged contact the store keeps members for.
    public func mergedMembers(of id: ContactID) throws -> [Contact] {
        try fetchMembers(sql: """
            SELECT memberID AS id, json, photo, photoType FROM mergedMember WHERE survivorID = ? ORDER BY position
            """, arguments: [id.rawValue])
    }

    func fetchMembers(sql: String, arguments: StatementArguments) throws -> [Contact] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var members: [Contact] = []
        while let row = try rows.next() { members.append(try codec.decode(row)) }
        return members
    }
}

extension ContactWriteTransaction {
    /// Replaces the merge decisions recorded in the store.
    public func setMergeDecisions(_ decisions: ContactMergeDecisions) throws {
        try db.execute(sql: "DELETE FROM mergeDecision")
        let groups = decisions.keptTogether.map { (true, $0) } + decisions.keptApart.map { (false, $0) }
        for (together, ids) in groups {
            let json = String(decoding: try codec.encoder.encode(ids), as: UTF8.self)
            try db.execute(sql: "INSERT INTO mergeDecision (isKeptTogether, contactIDs) VALUES (?, ?)",
                           arguments: [together, json])
        }
    }

    /// Stores `merged` in place of `members` (a group the user merged) and keeps each member's
    /// version, so that importing a member's source again updates that member and rebuilds the
    /// merged contact (see ``upsert(_:remerging:)``) instead of adding the member back.
    ///
    /// `merged` keeps one member's id; the other members are removed from the store. A member that
    /// is itself a merged contact contributes its own members.
    public func saveMerged(_ merged: Contact, members: [Contact]) throws {
        var versions: [(contact: Contact, isSnapshot: Bool)] = []
        for member in members {
            let recorded = try memberRows(of: member.id)
            if recorded.isEmpty { versions.append((member, false)) } else { versions += recorded }
        }
        try forgetMembers(ofRemoved: merged.id)
        for member in members where member.id != merged.id { try remove(id: member.id) }
        try save(merged)
        for (position, version) in versions.enumerated() {
            try writeMember(version.contact, survivor: merged.id, position: position, isSnapshot: version.isSnapshot)
        }
    }

    /// Starts keeping members for a contact merged before the store kept member versions: its
    /// current content becomes a fixed member that imports never replace, and contacts imported
    /// later from its sources join it as members. Does nothing when the contact is not stored or
    /// already has members.
    public func keepMergedContactAsMember(id: ContactID) throws {
        guard let contact = try contact(withID: id), try mergedMembers(of: id).isEmpty else { return }
        var snapshot = contact
        snapshot.id = ContactID()
        try writeMember(snapshot, survivor: id, position: 0, isSnapshot: true)
    }

    /// Stores a batch like ``save(_:mode:)`` in ``ContactSaveMode/upsertBySourceRecord`` mode,
    /// keeping merged contacts merged.
    ///
    /// A contact that is the new version of a member of a merged contact (same source record, else
    /// same id, else, without a source record, same content) replaces that member's version; a
    /// contact from a source of a merged contact that has no member yet joins it. Each merged
    /// contact touched is then rebuilt with `merge` from its members' latest versions (in merge
    /// order) and keeps its id, and no member is stored on its own. Other contacts are upserted.
    ///
    /// Complexity: O(*n* log *m*) lookups for *n* contacts and *m* stored contacts and members,
    /// plus `merge` on each merged contact touched.
    @discardableResult
    public func upsert(_ contacts: [Contact], remerging merge: ([Contact]) throws -> Contact) throws -> ContactSaveSummary {
        let survivors = Set(try String.fetchAll(db, sql: """
            SELECT DISTINCT survivorID FROM mergedMember WHERE survivorID IN (SELECT id FROM contact)
            """).map(ContactID.init(rawValue:)))
        guard !survivors.isEmpty else { return try save(contacts, mode: .upsertBySourceRecord) }
        let memberIDs = Set(try String.fetchAll(db, sql: "SELECT memberID FROM mergedMember").map(ContactID.init(rawValue:)))
        var summary = ContactSaveSummary()
        var claimed = Set<ContactID>()
        var touched: [ContactID] = []
        var touchedSet = Set<ContactID>()
        var rest: [Contact] = []
        for contact in contacts {
            var contact = contact
            let survivor: ContactID
            if let match = try memberMatch(for: contact, survivors: survivors, excluding: claimed) {
                contact.id = match.member
                survivor = match.survivor
                summary.count(try updateMember(contact))
            } else if let match = try survivorMatch(for: contact, survivors: survivors) {
                // A source of the merged contact without a member of its own (merged before members were kept).
                let takenElsewhere = try contact.id != match && rowid(of: contact.id) != nil
                if claimed.contains(contact.id) || memberIDs.contains(contact.id) || takenElsewhere {
                    contact.id = ContactID()
                }
                survivor = match
                let position = try Int.fetchOne(db, sql: """
                    SELECT COALESCE(MAX(position) + 1, 0) FROM mergedMember WHERE survivorID = ?
                    """, arguments: [survivor.rawValue]) ?? 0
                try writeMember(contact, survivor: survivor, position: position, isSnapshot: false)
                summary.added += 1
            } else {
                rest.append(contact)
                continue
            }
            claimed.insert(contact.id)
            if touchedSet.insert(survivor).inserted { touched.append(survivor) }
        }
        let others = try save(rest, mode: .upsertBySourceRecord, claimed: claimed.union(survivors).union(memberIDs))
        summary.added += others.added
        summary.updated += others.updated
        summary.unchanged += others.unchanged
        for survivor in touched {
            let members = try mergedMembers(of: survivor)
            guard !members.isEmpty else { continue }
            var merged = try merge(members)
            merged.id = survivor
            merged.mergedContactIDs = merged.mergedContactIDs.filter { $0 != survivor }
            try save(merged)
            for member in members where member.id != survivor { try remove(id: member.id) }
        }
        return summary
    }

    // MARK: - Internals

    /// The member (and its merged contact) a batch contact is the new version of.
    private func memberMatch(
        for contact: Contact, survivors: Set<ContactID>, excluding claimed: Set<ContactID>
    ) throws -> (member: ContactID, survivor: ContactID)? {
        func usable(_ row: Row) -> (ContactID, ContactID)? {
            let member = ContactID(rawValue: row["memberID"])
            let survivor = ContactID(rawValue: row["survivorID"])
            return survivors.contains(survivor) && !claimed.contains(member) ? (member, survivor) : nil
        }
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID else { continue }
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT mergedMember.memberID, mergedMember.survivorID FROM mergedMemberSource
                JOIN mergedMember ON mergedMember.memberID = mergedMemberSource.memberID
                WHERE mergedMemberSource.providerID = ? AND mergedMemberSource.recordID = ?
                ORDER BY mergedMember.survivorID, mergedMember.position
                """), arguments: [provenance.providerID, recordID])
            if let match = rows.lazy.compactMap(usable).first { return match }
        }
        if let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT memberID, survivorID FROM mergedMember WHERE memberID = ? AND NOT isSnapshot
            """), arguments: [contact.id.rawValue]), let match = usable(row) {
            return match
        }
        guard !contact.provenance.contains(where: { $0.recordID != nil }) else { return nil }
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT memberID, memberID AS id, survivorID, json, photo, photoType FROM mergedMember
            WHERE sortKey = ? AND NOT isSnapshot ORDER BY survivorID, position
            """), arguments: [TextFolding.fold(contact.fullName)])
        for row in rows {
            guard let match = usable(row), try codec.decode(row).hasSameContent(as: contact) else { continue }
            return match
        }
        return nil
    }

    /// The merged contact holding one of a batch contact's source records, if any.
    private func survivorMatch(for contact: Contact, survivors: Set<ContactID>) throws -> ContactID? {
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID else { continue }
            let ids = try String.fetchAll(db.cachedStatement(sql: """
                SELECT contact.id FROM contactSource JOIN contact ON contact.rowid = contactSource.contactRowid
                WHERE contactSource.providerID = ? AND contactSource.recordID = ? ORDER BY contact.rowid
                """), arguments: [provenance.providerID, recordID])
            if let id = ids.lazy.map(ContactID.init(rawValue:)).first(where: survivors.contains) { return id }
        }
        return nil
    }

    /// Replaces a member's version; tells whether it changed.
    private func updateMember(_ contact: Contact) throws -> ContactSaveOutcome {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT survivorID, position, json, photo, photoType FROM mergedMember WHERE memberID = ?
            """), arguments: [contact.id.rawValue]) else { return .added }
        let json = try codec.encodeJSON(contact)
        if (row["json"] as Data) == json, (row["photo"] as Data?) == contact.photo?.data,
           (row["photoType"] as String?) == contact.photo?.mediaType {
            return .unchanged
        }
        try writeMember(contact, survivor: ContactID(rawValue: row["survivorID"]), position: row["position"], isSnapshot: false)
        return .updated
    }

    /// The recorded members of a merged contact, with whether each is a fixed snapshot.
    private func memberRows(of id: ContactID) throws -> [(contact: Contact, isSnapshot: Bool)] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT memberID AS id, isSnapshot, json, photo, photoType FROM mergedMember WHERE survivorID = ? ORDER BY position
            """), arguments: [id.rawValue])
        return try rows.map { (try codec.decode($0), $0["isSnapshot"] as Bool) }
    }

    /// Writes (or rewrites) a member version and its source records.
    func writeMember(_ contact: Contact, survivor: ContactID, position: Int, isSnapshot: Bool) throws {
        let id = contact.id.rawValue
        try db.cachedStatement(sql: "DELETE FROM mergedMemberSource WHERE memberID = ?").execute(arguments: [id])
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO mergedMember (memberID, survivorID, position, isSnapshot, json, photo, photoType, sortKey)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                id, survivor.rawValue, position, isSnapshot, try codec.encodeJSON(contact), contact.photo?.data,
                contact.photo?.mediaType, TextFolding.fold(contact.fullName),
            ])
        guard !isSnapshot else { return }
        var seen = Set<[String]>()
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID, seen.insert([provenance.providerID, recordID]).inserted else { continue }
            try db.cachedStatement(sql: "INSERT INTO mergedMemberSource (memberID, providerID, recordID) VALUES (?, ?, ?)")
                .execute(arguments: [id, provenance.providerID, recordID])
        }
    }

    /// Forgets the members of a merged contact that is removed.
    func forgetMembers(ofRemoved id: ContactID) throws {
        try db.cachedStatement(sql: """
            DELETE FROM mergedMemberSource WHERE memberID IN (SELECT memberID FROM mergedMember WHERE survivorID = ?)
            """).execute(arguments: [id.rawValue])
        try db.cachedStatement(sql: "DELETE FROM mergedMember WHERE survivorID = ?").execute(arguments: [id.rawValue])
    }
}

extension SQLiteContactStore {
    /// The merge decisions recorded in the store.
    public func mergeDecisions() throws -> ContactMergeDecisions {
        try read { try $0.mergeDecisions() }
    }

    /// Replaces the merge decisions recorded in the store.
    public func setMergeDecisions(_ decisions: ContactMergeDecisions) throws {
        try write { try $0.setMergeDecisions(decisions) }
    }

    /// Stores a batch in one transaction, keeping merged contacts merged (see
    /// ``ContactWriteTransaction/upsert(_:remerging:)``), without blocking the caller's thread.
    @discardableResult
    public func upsert(
        _ contacts: [Contact], remerging merge: @escaping @Sendable ([Contact]) throws -> Contact
    ) async throws -> ContactSaveSummary {
        try await write { try $0.upsert(contacts, remerging: merge) }
    }
}
