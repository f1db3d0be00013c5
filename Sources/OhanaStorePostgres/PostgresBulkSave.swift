import Foundation
import Ohana
import OhanaStore
import PostgresNIO

extension PostgresWriteTransaction {
    /// Stores a batch with the SQLite store's rules: ids settled first (by source record, then id,
    /// then same content), the batch encoded on every core, unchanged contacts recognised by their
    /// stored bytes, changed ones updated, new ones copied in with their lookup rows.
    ///
    /// In upsert mode no contact replaces or takes an id in `claimed`.
    func save(_ contacts: [Contact], mode: ContactSaveMode, claimed: Set<ContactID> = []) async throws -> ContactSaveSummary {
        var summary = ContactSaveSummary()
        var batch: [Contact] = []
        batch.reserveCapacity(contacts.count)
        switch mode {
        case .upsertByID:
            batch = ContactBatch.withDistinctIDs(contacts)
        case .replace:
            batch = ContactBatch.withDistinctIDs(contacts)
            let keep = Set(batch.map(\.id))
            var gone: [ContactID] = []
            for try await id in try await query("SELECT id FROM contact").decode(String.self)
            where !keep.contains(ContactID(rawValue: id)) {
                gone.append(ContactID(rawValue: id))
            }
            summary.removed = try await remove(ids: gone)
        case .upsertBySourceRecord:
            batch = try await settleIDs(contacts, claimed: claimed)
        }
        let stored = try await storedVersions(of: batch.map(\.id.rawValue))
        let items = batch.map { ($0, stored[$0.id.rawValue]) }
        let results = parallelMap(items, minimumPerWorker: 256, state: { ContactCodec() }) { codec, item in
            Result { try PreparedContact(item.0, stored: item.1, codec: codec) }
        }
        var added: [(Contact, PreparedContact)] = []
        var updated: [(Contact, PreparedContact)] = []
        for (contact, result) in zip(batch, results) {
            let prepared = try result.get()
            if prepared.changes == nil {
                summary.unchanged += 1
            } else if prepared.storedRowid != nil {
                updated.append((contact, prepared))
            } else {
                added.append((contact, prepared))
            }
        }
        try await update(updated)
        try await insert(added)
        summary.added += added.count
        summary.updated += updated.count
        return summary
    }

    /// The batch with the ids it is stored under: a contact takes the id of the stored contact with
    /// one of its source records, else keeps its id, else (no source record) takes the id of a
    /// stored contact with the same content; no two take the same id.
    private func settleIDs(_ contacts: [Contact], claimed: Set<ContactID>) async throws -> [Contact] {
        var providers: [String] = []
        var records: [String] = []
        for contact in contacts {
            for provenance in contact.provenance {
                guard let recordID = provenance.recordID else { continue }
                providers.append(PostgresText.clean(provenance.providerID))
                records.append(PostgresText.clean(recordID))
            }
        }
        var bySource: [[String]: [ContactID]] = [:]
        if !providers.isEmpty {
            let rows = try await query("""
                SELECT source.provider_id, source.record_id, contact.id
                FROM contact_source AS source JOIN contact ON contact.row_id = source.contact_row
                WHERE (source.provider_id, source.record_id) IN (
                    SELECT * FROM unnest(\(providers)::text[], \(records)::text[]))
                ORDER BY contact.row_id
                """)
            for try await (provider, record, id) in rows.decode((String, String, String).self) {
                bySource[[provider, record], default: []].append(ContactID(rawValue: id))
            }
        }
        var existing = Set<String>()
        for try await id in try await query("""
            SELECT id FROM contact WHERE id = ANY(\(contacts.map(\.id.rawValue))::text[])
            """).decode(String.self) {
            existing.insert(id)
        }
        let recordless = contacts.filter { contact in
            !contact.provenance.contains { $0.recordID != nil } && !existing.contains(contact.id.rawValue)
        }
        var twins: [String: [StoredRecord]] = [:]
        if !recordless.isEmpty {
            let keys = Array(Set(recordless.map { PostgresText.clean(TextFolding.fold($0.fullName)) }))
            let rows = try await query("""
                SELECT id, json, photo, photo_type, sort_key FROM contact WHERE sort_key = ANY(\(keys)::text[])
                ORDER BY row_id
                """)
            for try await (id, json, photo, type, key) in rows.decode((String, String, Data?, String?, String).self) {
                twins[key, default: []].append(StoredRecord(id: id, json: Data(json.utf8), photo: photo, photoType: type))
            }
        }
        let codec = ContactCodec()
        var claimed = claimed
        var batch: [Contact] = []
        batch.reserveCapacity(contacts.count)
        for contact in contacts {
            var contact = contact
            if let target = try match(contact, bySource: bySource, existing: existing, twins: twins,
                                      claimed: claimed, codec: codec) {
                contact.id = target
            } else if claimed.contains(contact.id) {
                contact.id = ContactID()
            }
            claimed.insert(contact.id)
            batch.append(contact)
        }
        return batch
    }

    private func match(_ contact: Contact, bySource: [[String]: [ContactID]], existing: Set<String>,
                       twins: [String: [StoredRecord]], claimed: Set<ContactID>, codec: ContactCodec) throws -> ContactID? {
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID else { continue }
            if let id = bySource[[PostgresText.clean(provenance.providerID), PostgresText.clean(recordID)]]?.first(where: { !claimed.contains($0) }) { return id }
        }
        if !claimed.contains(contact.id), existing.contains(contact.id.rawValue) { return contact.id }
        guard !contact.provenance.contains(where: { $0.recordID != nil }) else { return nil }
        for record in twins[PostgresText.clean(TextFolding.fold(contact.fullName))] ?? [] {
            guard let id = record.id.map(ContactID.init(rawValue:)), !claimed.contains(id) else { continue }
            if try codec.decode(record).hasSameContent(as: contact) { return id }
        }
        return nil
    }

    /// Rewrites changed contacts: their rows, lookup rows and change records.
    private func update(_ items: [(Contact, PreparedContact)]) async throws {
        guard !items.isEmpty else { return }
        let rowids = items.compactMap { $0.1.storedRowid }
        for table in ["contact_source", "contact_tag", "contact_name_key"] {
            try await query("DELETE FROM \(unescaped: table) WHERE contact_row = ANY(\(rowids)::bigint[])")
        }
        var lookups: [StoredLookups] = []
        for (contact, prepared) in items {
            guard let rowid = prepared.storedRowid, let (data, sortKey, entries) = prepared.changes else { continue }
            let json = String(decoding: data, as: UTF8.self)
            let vector = PostgresText.searchVector(names: entries.namesText, fieldValues: entries.fieldValuesText)
            try await query("""
                UPDATE contact SET json = \(json), photo = \(contact.photo?.data), photo_type = \(contact.photo?.mediaType),
                    sort_key = \(PostgresText.clean(sortKey)), search = \(vector)::tsvector,
                    content_hash = \(prepared.contentHash), search_row = \(Data(entries.searchRow))
                WHERE row_id = \(rowid)
                """)
            lookups.append(StoredLookups(rowid: rowid, contact: contact, entries: entries))
        }
        try await writeLookups(lookups)
        try await recordChanges(of: items.map(\.0.id.rawValue), removed: false, added: false)
    }

    /// Adds new contacts through `COPY`, in batch order (row ids taken from the table's sequence).
    private func insert(_ items: [(Contact, PreparedContact)]) async throws {
        guard !items.isEmpty else { return }
        var rowids: [Int64] = []
        rowids.reserveCapacity(items.count)
        for try await rowid in try await query("""
            SELECT nextval(pg_get_serial_sequence('contact', 'row_id')) FROM generate_series(1, \(items.count))
            """).decode(Int64.self) {
            rowids.append(rowid)
        }
        rowids.sort()
        let vectors = parallelMap(items, minimumPerWorker: 256, state: { () }) { _, item -> String in
            guard let (_, _, entries) = item.1.changes else { return "" }
            return PostgresText.searchVector(names: entries.namesText, fieldValues: entries.fieldValuesText)
        }
        try await copy(into: "contact",
                       columns: ["row_id", "id", "json", "photo", "photo_type", "sort_key", "search", "content_hash",
                                 "search_row"],
                       rows: Array(items.indices)) { index in
            let (contact, prepared) = items[index]
            return [
                .integer(rowids[index]), .text(contact.id.rawValue),
                .text(String(decoding: prepared.changes?.json ?? Data(), as: UTF8.self)),
                .bytes(contact.photo?.data), .text(contact.photo?.mediaType), .text(prepared.changes?.sortKey ?? ""),
                .text(vectors[index]), .integer(prepared.contentHash),
                .bytes(prepared.changes.map { Data($0.entries.searchRow) }),
            ]
        }
        try await writeLookups(items.indices.compactMap { index in
            items[index].1.changes.map { StoredLookups(rowid: rowids[index], contact: items[index].0, entries: $0.entries) }
        })
        try await recordChanges(of: items.map(\.0.id.rawValue), removed: false, added: true)
    }
}
