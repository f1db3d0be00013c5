import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// Merge decisions and the member versions of merged contacts in one PostgreSQL transaction: the
/// rows ``StoreAlgorithms`` merges, undoes and remerges with (see `PostgresStoreRows.swift`).
extension PostgresWriteTransaction {
    /// The merge decisions, in the order they were recorded.
    func mergeDecisions() async throws -> ContactMergeDecisions {
        var rows: [(Bool, String)] = []
        for try await row in try await query(
            "SELECT is_kept_together, contact_ids FROM merge_decision ORDER BY id").decode((Bool, String).self) {
            rows.append(row)
        }
        return try ContactMergeDecisions(storedRows: rows)
    }

    /// Replaces the merge decisions.
    func setMergeDecisions(_ decisions: ContactMergeDecisions) async throws {
        try await query("DELETE FROM merge_decision")
        for (together, json) in try decisions.storedRows() {
            try await query("INSERT INTO merge_decision (is_kept_together, contact_ids) VALUES (\(together), \(json))")
        }
    }

    /// The contacts of a query selecting `id, json, photo, photo_type`, in this transaction.
    func fetchContacts(_ sql: PostgresQuery) async throws -> [Contact] {
        var records: [StoredRecord] = []
        for try await (id, json, photo, type) in try await query(sql).decode((String, String, Data?, String?).self) {
            records.append(StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type))
        }
        return try ContactCodec.decodeAll(records)
    }

    /// Every stored contact, in insertion order, as this transaction sees them.
    func allContacts() async throws -> [Contact] {
        try await fetchContacts("SELECT id, json, photo, photo_type FROM contact ORDER BY row_id")
    }

    /// The members of every stored merged contact, by merged contact.
    func allMergedMembers() async throws -> [ContactID: [Contact]] {
        var survivors: [ContactID] = []
        var records: [StoredRecord] = []
        for try await (survivor, id, json, photo, type) in try await query("""
            SELECT member.survivor_id, member.member_id, member.json, member.photo, member.photo_type
            FROM merged_member AS member JOIN contact ON contact.id = member.survivor_id
            ORDER BY member.survivor_id, member.position
            """).decode((String, String, String, Data?, String?).self) {
            survivors.append(ContactID(rawValue: survivor))
            records.append(StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type))
        }
        var members: [ContactID: [Contact]] = [:]
        for (survivor, contact) in zip(survivors, try ContactCodec.decodeAll(records)) {
            members[survivor, default: []].append(contact)
        }
        return members
    }

    // MARK: - Internals

    /// Every member of a stored merged contact with the source records, and which of `batch` are
    /// stored, or `nil` when there is no member.
    func memberIndex(for batch: [Contact]) async throws -> MergedMemberIndex? {
        var members: [MergedMemberIndex.Member] = []
        for try await (id, survivor, position, isSnapshot, sortKey, json, photo, type) in try await query("""
            SELECT member.member_id, member.survivor_id, member.position, member.is_snapshot, member.sort_key,
                   member.json, member.photo, member.photo_type
            FROM merged_member AS member JOIN contact ON contact.id = member.survivor_id
            """).decode((String, String, Int, Bool, String, String, Data?, String?).self) {
            members.append(MergedMemberIndex.Member(
                id: ContactID(rawValue: id), survivor: ContactID(rawValue: survivor), position: position,
                isSnapshot: isSnapshot, sortKey: sortKey,
                record: StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type)))
        }
        guard !members.isEmpty else { return nil }
        var memberSources: [(member: ContactID, key: [String])] = []
        for try await (member, provider, record) in try await query("""
            SELECT member_id, provider_id, record_id FROM merged_member_source
            """).decode((String, String, String).self) {
            memberSources.append((ContactID(rawValue: member), [provider, record]))
        }
        let survivors = Set(members.map(\.survivor))
        var survivorSources: [(survivor: ContactID, key: [String])] = []
        for try await (id, provider, record) in try await query("""
            SELECT contact.id, source.provider_id, source.record_id
            FROM contact_source AS source JOIN contact ON contact.row_id = source.contact_row
            WHERE contact.id = ANY(\(survivors.map(\.rawValue))::text[]) ORDER BY contact.row_id
            """).decode((String, String, String).self) {
            survivorSources.append((ContactID(rawValue: id), [provider, record]))
        }
        var stored = Set<ContactID>()
        for try await id in try await query("""
            SELECT id FROM contact WHERE id = ANY(\(batch.map(\.id.rawValue))::text[])
            """).decode(String.self) {
            stored.insert(ContactID(rawValue: id))
        }
        return MergedMemberIndex(survivors: survivors, members: members, memberSources: memberSources,
                                 survivorSources: survivorSources, stored: stored)
    }

    /// The recorded members of a merged contact, with whether each is a fixed snapshot.
    func memberVersions(of id: ContactID) async throws -> [(contact: Contact, isSnapshot: Bool)] {
        var flags: [Bool] = []
        var records: [StoredRecord] = []
        for try await (member, isSnapshot, json, photo, type) in try await query("""
            SELECT member_id, is_snapshot, json, photo, photo_type FROM merged_member
            WHERE survivor_id = \(id.rawValue) ORDER BY position
            """).decode((String, Bool, String, Data?, String?).self) {
            flags.append(isSnapshot)
            records.append(StoredRecord(id: member, json: Data(json.utf8), photo: photo, photoType: type))
        }
        return Array(zip(try ContactCodec.decodeAll(records), flags))
    }

    /// Writes (or rewrites) a member version and its source records.
    func writeMember(_ contact: Contact, survivor: ContactID, position: Int, isSnapshot: Bool) async throws {
        let id = contact.id.rawValue
        let json = String(decoding: try ContactCodec().encodeJSON(contact), as: UTF8.self)
        let sortKey = PostgresText.clean(TextFolding.fold(contact.fullName))
        try await query("DELETE FROM merged_member_source WHERE member_id = \(id)")
        try await query("""
            INSERT INTO merged_member (member_id, survivor_id, position, is_snapshot, json, photo, photo_type, sort_key)
            VALUES (\(id), \(survivor.rawValue), \(position), \(isSnapshot), \(json), \(contact.photo?.data),
                    \(contact.photo?.mediaType), \(sortKey))
            ON CONFLICT (member_id) DO UPDATE SET survivor_id = excluded.survivor_id, position = excluded.position,
                is_snapshot = excluded.is_snapshot, json = excluded.json, photo = excluded.photo,
                photo_type = excluded.photo_type, sort_key = excluded.sort_key
            """)
        guard !isSnapshot else { return }
        var seen = Set<[String]>()
        for key in MergedMemberIndex.sourceKeys(of: contact) where seen.insert(key).inserted {
            try await query("""
                INSERT INTO merged_member_source (member_id, provider_id, record_id) VALUES (\(id), \(key[0]), \(key[1]))
                """)
        }
    }

    /// Forgets the members of merged contacts that are removed.
    func forgetMembers(ofRemoved ids: [String]) async throws {
        guard !ids.isEmpty else { return }
        try await query("DELETE FROM merged_member WHERE survivor_id = ANY(\(ids)::text[])")
    }
}

extension PostgresWriteTransaction {
    /// The change history behind the store's tokens (see ``StoreBookkeeping/ChangeHistory``).
    func changeHistory() async throws -> StoreBookkeeping.ChangeHistory {
        let info = try await PostgresContactStore.storeInfo(connection, logger: logger)
        var entries: [StoreBookkeeping.ChangeHistory.Entry] = []
        for try await (id, sequence, isRemoved, added) in try await query("""
            SELECT contact_id, sequence, is_removed, added_sequence FROM contact_change ORDER BY contact_id COLLATE "C"
            """).decode((String, Int64, Bool, Int64).self) {
            entries.append(StoreBookkeeping.ChangeHistory.Entry(contactID: ContactID(rawValue: id), sequence: sequence,
                                                                isRemoved: isRemoved, addedSequence: added))
        }
        return StoreBookkeeping.ChangeHistory(storeID: info.storeID, sequence: info.sequence,
                                              prunedThrough: info.prunedThrough, entries: entries)
    }

    /// Takes another store's change history, identity included, so that its tokens work here; the
    /// change number sequence continues after it.
    func replaceChangeHistory(_ history: StoreBookkeeping.ChangeHistory) async throws {
        try await query("DELETE FROM contact_change")
        try await query("""
            INSERT INTO contact_change (contact_id, sequence, is_removed, added_sequence)
            SELECT * FROM unnest(\(history.entries.map(\.contactID.rawValue))::text[], \(history.entries.map(\.sequence))::bigint[],
                                 \(history.entries.map(\.isRemoved))::boolean[], \(history.entries.map(\.addedSequence))::bigint[])
            """)
        try await query("""
            UPDATE store_info SET store_id = \(history.storeID), change_sequence = \(history.sequence),
                pruned_through = \(history.prunedThrough) WHERE id = 1
            """)
        try await query("SELECT setval('change_number', GREATEST(\(history.sequence), 1), \(history.sequence > 0))")
        resetChangeNumber()
    }
}
