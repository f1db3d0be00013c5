import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteReadTransaction {
    /// The merge decisions recorded in the store, in the order they were recorded.
    public func mergeDecisions() throws -> ContactMergeDecisions {
        let rows = try Row.fetchAll(db, sql: "SELECT isKeptTogether, contactIDs FROM mergeDecision ORDER BY id")
        return try ContactMergeDecisions(storedRows: rows.map { row -> (Bool, String) in
            (row["isKeptTogether"], row["contactIDs"])
        })
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

extension SQLiteWriteTransaction {
    /// Replaces the merge decisions recorded in the store.
    public func setMergeDecisions(_ decisions: ContactMergeDecisions) throws {
        try db.execute(sql: "DELETE FROM mergeDecision")
        for (together, json) in try decisions.storedRows() {
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
        try StoreAlgorithms.saveMerged(merged, members: members, in: self)
    }

    /// Undoes the merge that made the stored contact `id`: the merged contact is removed and each
    /// member is stored again as its latest recorded version (byte for byte what was merged, unless
    /// an import updated it since); the members are recorded as kept apart, so that they are not
    /// proposed again, and no longer as kept together.
    ///
    /// Throws ``ContactStoreError`` when `id` is not a merged contact with recorded members.
    @discardableResult
    public func undoMerge(of id: ContactID) throws -> MergeUndoResult {
        try StoreAlgorithms.undoMerge(of: id, in: self)
    }

    /// Takes one member out of the merged contact `id` without undoing the rest: the member is
    /// stored on its own again, and the others are merged anew with `merge` (which keeps the
    /// first one's id); with one other member left, the merge is undone whole. The member is
    /// recorded as kept apart from the others.
    @discardableResult
    public func removeMember(
        _ memberID: ContactID, fromMerged id: ContactID, remerging merge: ([Contact]) throws -> Contact
    ) throws -> MergeUndoResult {
        try StoreAlgorithms.removeMember(memberID, fromMerged: id, remerging: merge, in: self)
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
        try StoreAlgorithms.upsert(contacts, remerging: merge, in: self)
    }

    // MARK: - Internals

    /// Writes (or rewrites) a member version and its source records.
    package func writeMember(_ contact: Contact, survivor: ContactID, position: Int, isSnapshot: Bool) throws {
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
    package func forgetMembers(ofRemoved id: ContactID) throws {
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
    /// ``SQLiteWriteTransaction/upsert(_:remerging:)``), without blocking the caller's thread.
    @discardableResult
    public func upsert(
        _ contacts: [Contact], remerging merge: @escaping @Sendable ([Contact]) throws -> Contact
    ) async throws -> ContactSaveSummary {
        try await rowUpsert(contacts, remerging: merge)
    }
}

/// The merged-member rows of a SQLite write transaction for ``MergedUpsert``, one indexed query each.
struct SQLiteMergedMemberRows: MergedMemberRows {
    let transaction: SQLiteWriteTransaction
    let survivors: Set<ContactID>
    let memberIDs: Set<ContactID>

    init(_ transaction: SQLiteWriteTransaction) throws {
        let db = transaction.db
        self.transaction = transaction
        survivors = Set(try String.fetchAll(db, sql: """
            SELECT DISTINCT survivorID FROM mergedMember WHERE survivorID IN (SELECT id FROM contact)
            """).map(ContactID.init(rawValue:)))
        memberIDs = survivors.isEmpty
            ? [] : Set(try String.fetchAll(db, sql: "SELECT memberID FROM mergedMember").map(ContactID.init(rawValue:)))
    }

    func members(providerID: String, recordID: String) throws -> [(member: ContactID, survivor: ContactID)] {
        try Row.fetchAll(transaction.db.cachedStatement(sql: """
            SELECT mergedMember.memberID, mergedMember.survivorID FROM mergedMemberSource
            JOIN mergedMember ON mergedMember.memberID = mergedMemberSource.memberID
            WHERE mergedMemberSource.providerID = ? AND mergedMemberSource.recordID = ?
            ORDER BY mergedMember.survivorID, mergedMember.position
            """), arguments: [providerID, recordID]).map {
            (ContactID(rawValue: $0["memberID"]), ContactID(rawValue: $0["survivorID"]))
        }
    }

    func member(_ id: ContactID) throws -> MergedMemberRow? {
        try Row.fetchOne(transaction.db.cachedStatement(sql: """
            SELECT memberID, survivorID, position, isSnapshot, json, photo, photoType FROM mergedMember WHERE memberID = ?
            """), arguments: [id.rawValue]).map(Self.memberRow)
    }

    func liveMembers(named fullName: String) throws -> [MergedMemberRow] {
        try Row.fetchAll(transaction.db.cachedStatement(sql: """
            SELECT memberID, survivorID, position, isSnapshot, json, photo, photoType FROM mergedMember
            WHERE sortKey = ? AND NOT isSnapshot ORDER BY survivorID, position
            """), arguments: [TextFolding.fold(fullName)]).map(Self.memberRow)
    }

    func contacts(providerID: String, recordID: String) throws -> [ContactID] {
        try transaction.contactIDs(providerID: providerID, recordID: recordID)
    }

    func isStored(_ id: ContactID) throws -> Bool { try transaction.rowid(of: id) != nil }

    func nextPosition(in survivor: ContactID) throws -> Int {
        try Int.fetchOne(transaction.db.cachedStatement(sql: """
            SELECT COALESCE(MAX(position) + 1, 0) FROM mergedMember WHERE survivorID = ?
            """), arguments: [survivor.rawValue]) ?? 0
    }

    private static func memberRow(_ row: Row) -> MergedMemberRow {
        MergedMemberRow(
            id: ContactID(rawValue: row["memberID"]), survivor: ContactID(rawValue: row["survivorID"]),
            position: row["position"], isSnapshot: row["isSnapshot"],
            record: StoredRecord(id: row["memberID"], json: row["json"], photo: row["photo"], photoType: row["photoType"]))
    }
}

extension SQLiteContactStore {
    /// Undoes the merge that made the stored contact `id` (see ``SQLiteWriteTransaction/undoMerge(of:)``).
    @discardableResult
    public func undoMerge(of id: ContactID) throws -> MergeUndoResult {
        try write { try $0.undoMerge(of: id) }
    }

    /// Takes one member out of a merged contact (see ``SQLiteWriteTransaction/removeMember(_:fromMerged:remerging:)``).
    @discardableResult
    public func removeMember(
        _ memberID: ContactID, fromMerged id: ContactID, remerging merge: ([Contact]) throws -> Contact
    ) throws -> MergeUndoResult {
        try write { try $0.removeMember(memberID, fromMerged: id, remerging: merge) }
    }
}
