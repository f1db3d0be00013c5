import Foundation
import GRDB
import Ohana
import OhanaStore

/// Read access to a store inside one transaction: every query sees the same committed state.
///
/// Only valid inside the block it was passed to; do not keep it.
public class SQLiteReadTransaction {
    /// The GRDB connection, inside a transaction.
    let db: Database
    /// Encoder and decoder for stored contacts.
    let codec = ContactCodec()

    init(_ db: Database) { self.db = db }

    /// The contact with this id, if stored.
    public func contact(withID id: ContactID) throws -> Contact? {
        try fetchContacts(sql: "SELECT id, json, photo, photoType FROM contact WHERE id = ?",
                          arguments: [id.rawValue]).first
    }

    /// Every stored contact, in the given order.
    public func allContacts(order: ContactOrder = .insertion) throws -> [Contact] {
        switch order {
        case .insertion:
            try fetchContacts(sql: "SELECT id, json, photo, photoType FROM contact ORDER BY rowid")
        case .name:
            try fetchContacts(sql: "SELECT id, json, photo, photoType FROM contact ORDER BY sortKey, rowid")
        }
    }

    /// The number of stored contacts.
    public func contactCount() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0
    }

    /// The contacts loaded from one source record of one provider, in the order they were stored.
    public func contacts(providerID: String, recordID: String) throws -> [Contact] {
        try fetchContacts(sql: """
            SELECT id, json, photo, photoType FROM contact WHERE rowid IN (
                SELECT contactRowid FROM contactSource WHERE providerID = ? AND recordID = ?)
            ORDER BY rowid
            """, arguments: [providerID, recordID])
    }

    /// The contacts carrying a tag, ignoring case and diacritics, ordered by name.
    public func contacts(taggedWith tag: String) throws -> [Contact] {
        try fetchContacts(sql: """
            SELECT id, json, photo, photoType FROM contact WHERE rowid IN (
                SELECT contactRowid FROM contactTag WHERE tag = ?)
            ORDER BY sortKey, rowid
            """, arguments: [TextFolding.fold(tag)])
    }

    /// The contacts with a name part that starts with `prefix` (at a word start), ignoring case and
    /// diacritics, ordered by name. An empty prefix matches every contact.
    public func contacts(withNamePrefix prefix: String) throws -> [Contact] {
        let folded = TextFolding.fold(prefix)
        if folded.isEmpty { return try allContacts(order: .name) }
        return try fetchContacts(sql: """
            SELECT id, json, photo, photoType FROM contact WHERE rowid IN (
                SELECT contactRowid FROM contactNameKey WHERE key >= ? AND key < ?)
            ORDER BY sortKey, rowid
            """, arguments: [folded, TextFolding.upperBound(ofPrefix: folded)])
    }

    /// The contacts whose names or field values contain every word of `query` (as a word prefix),
    /// ignoring case and diacritics, best matches first.
    public func search(_ query: String, limit: Int? = nil) throws -> [Contact] {
        guard let pattern = ContactIndex.fullTextPattern(for: query) else { return [] }
        return try fetchContacts(sql: """
            SELECT contact.id, contact.json, contact.photo, contact.photoType
            FROM contactSearch JOIN contact ON contact.rowid = contactSearch.rowid
            WHERE contactSearch MATCH ?
            ORDER BY contactSearch.rank, contact.rowid
            LIMIT ?
            """, arguments: [pattern, limit ?? -1])
    }

    /// The token for the store's current state.
    public func currentChangeToken() throws -> ChangeToken {
        try storeInfo().token
    }

    /// What changed since `token`; throws ``ContactStoreError/unknownChangeToken(_:)`` or
    /// ``ContactStoreError/expiredChangeToken(_:)`` when the caller must reload everything instead.
    public func changes(since token: ChangeToken) throws -> ContactChanges {
        let info = try storeInfo()
        try token.check(info)
        return try ContactChanges(log: changeLog(since: token.sequence), since: token.sequence, info: info)
    }

    /// Runs SQLite's integrity check; returns the problems it found (none when the file is sound).
    public func integrityProblems() throws -> [String] {
        let lines = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        return lines == ["ok"] ? [] : lines
    }

    // MARK: - Internals

    func storeInfo() throws -> StoreInfo {
        guard let row = try Row.fetchOne(
            db, sql: "SELECT storeID, changeSequence, prunedThrough FROM storeInfo WHERE id = 1")
        else { throw ContactStoreError.corruptRecord(id: nil, reason: "the store information row is missing") }
        return StoreInfo(storeID: row["storeID"], sequence: row["changeSequence"], prunedThrough: row["prunedThrough"])
    }

    /// The contacts of a query selecting `id, json, photo, photoType` (in that order). Many are
    /// decoded on every core, one chunk of rows at a time while the next chunk is read.
    func fetchContacts(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Contact] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var contacts: [Contact] = []
        var records: [StoredRecord] = []
        var pending: BackgroundWork<[Contact]>?
        while let row = try rows.next() {
            records.append(StoredRecord(id: row[0], json: row[1], photo: row[2], photoType: row[3]))
            if records.count == Self.decodingChunkSize {
                if let pending { contacts += try pending.result() }
                let chunk = records
                pending = BackgroundWork { try ContactCodec.decodeAll(chunk) }
                records.removeAll(keepingCapacity: true)
            }
        }
        if let pending { contacts += try pending.result() }
        contacts += try ContactCodec.decodeAll(records)
        return contacts
    }

    /// How many rows are read before they are handed to other threads to decode.
    static let decodingChunkSize = 4_096
}

/// Read and write access to a store inside one transaction, committed when the block returns and
/// rolled back when it throws.
///
/// Only valid inside the block it was passed to; do not keep it.
public final class SQLiteWriteTransaction: SQLiteReadTransaction {
    /// The change number of this transaction, taken at its first change.
    private var sequence: Int64?
    /// The most removals the change history keeps before the oldest are pruned.
    let removalHistoryLimit: Int
    /// Whether this transaction removed a contact (so the history may need pruning).
    private(set) var didRemove = false

    init(_ db: Database, removalHistoryLimit: Int) {
        self.removalHistoryLimit = removalHistoryLimit
        super.init(db)
    }

    /// Stores a contact: adds it, or replaces the stored contact with the same id.
    @discardableResult
    public func save(_ contact: Contact) throws -> ContactSaveOutcome {
        let stored = try storedVersion(of: contact.id)
        return try write(contact, prepared: PreparedContact(contact, stored: stored, codec: codec))
    }

    /// Adds a contact; throws ``ContactStoreError/duplicateID(_:)`` when its id is already stored.
    public func insert(_ contact: Contact) throws {
        if try rowid(of: contact.id) != nil { throw ContactStoreError.duplicateID(contact.id) }
        try save(contact)
    }

    /// Replaces a stored contact; throws ``ContactStoreError/contactNotFound(_:)`` when its id is not stored.
    @discardableResult
    public func update(_ contact: Contact) throws -> ContactSaveOutcome {
        if try rowid(of: contact.id) == nil { throw ContactStoreError.contactNotFound(contact.id) }
        return try save(contact)
    }

    /// Removes the contact with this id; returns whether one was stored.
    @discardableResult
    public func remove(id: ContactID) throws -> Bool {
        guard let rowid = try rowid(of: id) else { return false }
        try ContactIndex.remove(rowid: rowid, in: db)
        try db.cachedStatement(sql: "DELETE FROM contact WHERE rowid = ?").execute(arguments: [rowid])
        try forgetMembers(ofRemoved: id)
        try recordChange(of: id, removed: true, added: false)
        return true
    }

    /// Removes every contact; returns how many there were.
    @discardableResult
    public func removeAll() throws -> Int {
        let ids = try String.fetchAll(db, sql: "SELECT id FROM contact")
        for id in ids { try remove(id: ContactID(rawValue: id)) }
        return ids.count
    }

    /// Stores a batch of contacts (a pipeline's result) in one of the ``ContactSaveMode``s.
    ///
    /// In ``ContactSaveMode/upsertBySourceRecord`` mode, a contact without a source record id matches
    /// a stored contact with the same content, so loading the same file again adds nothing.
    ///
    /// A contact whose id was already used earlier in the same batch is stored under a new id rather
    /// than overwriting the earlier one.
    @discardableResult
    public func save(_ contacts: [Contact], mode: ContactSaveMode) throws -> ContactSaveSummary {
        try save(contacts, mode: mode, claimed: [])
    }

    /// Stores a batch; in upsert mode no contact replaces or takes an id in `claimed`.
    func save(_ contacts: [Contact], mode: ContactSaveMode, claimed: Set<ContactID>) throws -> ContactSaveSummary {
        var summary = ContactSaveSummary()
        var claimed = claimed
        switch mode {
        case .replace, .upsertByID:
            let batch = ContactBatch.withDistinctIDs(contacts)
            if mode == .replace {
                let keep = Set(batch.map(\.id))
                for id in try String.fetchAll(db, sql: "SELECT id FROM contact") where !keep.contains(ContactID(rawValue: id)) {
                    try remove(id: ContactID(rawValue: id))
                    summary.removed += 1
                }
            }
            try saveEncoded(batch, snapshot: StoredSnapshot.takeIfWorthwhile(for: batch.count, in: db), into: &summary)
        case .upsertBySourceRecord:
            // Which stored contact each one replaces does not depend on the batch's own writes
            // (contacts claimed earlier in the batch are excluded), so ids are settled a chunk
            // ahead of the writes, while the chunk before is encoded on the other cores.
            let snapshot = try StoredSnapshot.takeIfWorthwhile(for: contacts.count, in: db)
            claimed.reserveCapacity(claimed.count + contacts.count)
            try saveEncoded(contacts, snapshot: snapshot, settle: { contact in
                if let target = try storedMatch(for: contact, excluding: claimed, snapshot: snapshot) {
                    if contact.id != target { contact.id = target }
                } else if claimed.contains(contact.id) {
                    contact.id = ContactID()
                }
                claimed.insert(contact.id)
            }, into: &summary)
        }
        return summary
    }

    /// Removes change history of removals up to `token`; tokens older than it then expire.
    public func pruneChangeHistory(through token: ChangeToken) throws {
        let info = try storeInfo()
        guard token.storeID == info.storeID, token.sequence <= info.sequence else {
            throw ContactStoreError.unknownChangeToken(token.description)
        }
        try prune(through: token.sequence, info: info)
    }

    // MARK: - Internals

    /// The stored contact a batch contact replaces: same provider and record first, then same id.
    /// The snapshot, when given, answers the id and source lookups instead of the database.
    private func storedMatch(for contact: Contact, excluding claimed: Set<ContactID>,
                             snapshot: StoredSnapshot?) throws -> ContactID? {
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID else { continue }
            if let snapshot {
                if let id = snapshot.firstUnclaimed(providerID: provenance.providerID, recordID: recordID,
                                                    claimed: claimed) { return id }
                continue
            }
            let ids = try String.fetchAll(db.cachedStatement(sql: """
                SELECT contact.id FROM contactSource JOIN contact ON contact.rowid = contactSource.contactRowid
                WHERE contactSource.providerID = ? AND contactSource.recordID = ? ORDER BY contact.rowid
                """), arguments: [provenance.providerID, recordID]).map(ContactID.init(rawValue:))
            if let id = ids.first(where: { !claimed.contains($0) }) { return id }
        }
        if !claimed.contains(contact.id) {
            let stored = try snapshot.map { $0.rowid(of: contact.id) } ?? rowid(of: contact.id)
            if stored != nil { return contact.id }
        }
        // No source record to go by: a stored contact with the same content is the same record loaded again.
        if !contact.provenance.contains(where: { $0.recordID != nil }) {
            let sameName = try fetchContacts(
                sql: "SELECT id, json, photo, photoType FROM contact WHERE sortKey = ? ORDER BY rowid",
                arguments: [TextFolding.fold(contact.fullName)])
            if let twin = sameName.first(where: { !claimed.contains($0.id) && $0.hasSameContent(as: contact) }) {
                return twin.id
            }
        }
        return nil
    }

    func rowid(of id: ContactID) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT rowid FROM contact WHERE id = ?"), arguments: [id.rawValue])
    }

    /// Records that a contact was added, changed or removed by this transaction.
    func recordChange(of id: ContactID, removed: Bool, added: Bool) throws {
        let sequence = try transactionSequence()
        if removed { didRemove = true }
        if added {
            try db.cachedStatement(sql: """
                INSERT INTO contactChange (contactID, sequence, isRemoved, addedSequence) VALUES (?, ?, 0, ?)
                ON CONFLICT (contactID) DO UPDATE SET sequence = excluded.sequence, isRemoved = 0,
                    addedSequence = excluded.addedSequence
                """).execute(arguments: [id.rawValue, sequence, sequence])
        } else {
            try db.cachedStatement(sql: """
                INSERT INTO contactChange (contactID, sequence, isRemoved, addedSequence) VALUES (?, ?, ?, 0)
                ON CONFLICT (contactID) DO UPDATE SET sequence = excluded.sequence, isRemoved = excluded.isRemoved
                """).execute(arguments: [id.rawValue, sequence, removed])
        }
    }

    /// This transaction's change number, allocated at its first change.
    private func transactionSequence() throws -> Int64 {
        if let sequence { return sequence }
        try db.execute(sql: "UPDATE storeInfo SET changeSequence = changeSequence + 1 WHERE id = 1")
        let next = try storeInfo().sequence
        sequence = next
        return next
    }

    /// Keeps the removal history under its limit; run at the end of a transaction that removed contacts.
    func pruneRemovalHistoryIfNeeded() throws {
        guard didRemove, removalHistoryLimit >= 0 else { return }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contactChange WHERE isRemoved") ?? 0
        guard count > removalHistoryLimit else { return }
        guard let through = try Int64.fetchOne(db, sql: """
            SELECT sequence FROM contactChange WHERE isRemoved ORDER BY sequence LIMIT 1 OFFSET ?
            """, arguments: [count - removalHistoryLimit - 1]) else { return }
        try prune(through: through, info: storeInfo())
    }

    private func prune(through sequence: Int64, info: StoreInfo) throws {
        guard sequence > info.prunedThrough else { return }
        try db.execute(sql: "DELETE FROM contactChange WHERE isRemoved AND sequence <= ?", arguments: [sequence])
        try db.execute(sql: "UPDATE storeInfo SET prunedThrough = ? WHERE id = 1", arguments: [sequence])
    }
}
