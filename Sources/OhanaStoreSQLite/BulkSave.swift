import Foundation
import GRDB
import Ohana
import OhanaStore

/// Prepares one chunk of a batch on other threads while the database writes the previous one.
private struct PreparationJob {
    /// The chunk's contacts (with their settled ids) and stored versions.
    private let items: [(Contact, StoredVersion?)]
    private let work: BackgroundWork<[PreparedContact]>

    init(_ items: [(Contact, StoredVersion?)]) {
        self.items = items
        work = BackgroundWork {
            let results = parallelMap(items, minimumPerWorker: 256, state: { ContactCodec() }) { codec, item in
                Result { try PreparedContact(item.0, stored: item.1, codec: codec) }
            }
            return try results.map { try $0.get() }
        }
    }

    /// Waits for the chunk and returns its contacts (with their stored versions) and what was prepared for each.
    func result() throws -> ([(Contact, StoredVersion?)], [PreparedContact]) {
        (items, try work.result())
    }
}

extension SQLiteWriteTransaction {
    /// How many contacts are prepared at a time: memory stays bounded however large the batch.
    static let preparationChunkSize = 2_048

    /// The stored version of the contact with this id, if any.
    func storedVersion(of id: ContactID) throws -> StoredVersion? {
        // The bytes are read only for a row without a content hash (SQLite reads a column's
        // overflow pages only when it is used).
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT rowid, contentHash,
                   CASE WHEN contentHash IS NULL THEN json END AS json,
                   CASE WHEN contentHash IS NULL THEN photo END AS photo,
                   photoType
            FROM contact WHERE id = ?
            """), arguments: [id.rawValue])
        else { return nil }
        return StoredVersion(rowid: row["rowid"], contentHash: row["contentHash"], json: row["json"],
                             photo: row["photo"], photoType: row["photoType"])
    }

    /// Stores a batch in order. Encoding (JSON, folding, lookup values: most of the cost) runs on
    /// every core, one chunk ahead of the writes, which are sequential; an unchanged contact is
    /// recognised by its content hash (or, stored before hashes, its bytes) and costs no write.
    ///
    /// `settle` gives each contact its final id (in batch order, on this thread) while the chunk
    /// ahead of it is encoded; the ids it gives must be distinct, and must not depend on the
    /// batch's own writes, so a chunk's stored versions can be read before the chunk ahead of it
    /// is written. `snapshot`, when given, was taken after the last write before this call; the
    /// stored versions are then looked up there instead of queried one by one.
    func saveEncoded(_ batch: [Contact], snapshot: StoredSnapshot? = nil,
                     settle: (inout Contact) throws -> Void = { _ in },
                     into summary: inout ContactSaveSummary) throws {
        guard !batch.isEmpty else { return }
        let size = Self.preparationChunkSize
        let starts = Array(stride(from: 0, to: batch.count, by: size))
        func items(_ start: Int) throws -> [(Contact, StoredVersion?)] {
            try batch[start..<min(batch.count, start + size)].map { contact in
                var contact = contact
                try settle(&contact)
                if let known = snapshot?.storedVersion(of: contact.id) { return (contact, known) }
                return (contact, try storedVersion(of: contact.id))
            }
        }
        var job = PreparationJob(try items(starts[0]))
        for index in starts.indices {
            // The next chunk is settled while this one is encoded, and encoded while this one is written.
            let upcoming = index + 1 < starts.count ? try items(starts[index + 1]) : nil
            let (contacts, prepared) = try job.result()
            if let upcoming { job = PreparationJob(upcoming) }
            for (item, preparedContact) in zip(contacts, prepared) {
                summary.count(try write(item.0, prepared: preparedContact))
            }
        }
    }

    /// Writes a prepared contact: its row, lookup rows and change record.
    func write(_ contact: Contact, prepared: PreparedContact) throws -> ContactSaveOutcome {
        guard let (json, sortKey, entries) = prepared.changes else {
            if prepared.needsHashOnly, let rowid = prepared.storedRowid {
                try db.cachedStatement(sql: "UPDATE contact SET contentHash = ? WHERE rowid = ?")
                    .execute(arguments: [prepared.contentHash, rowid])
            }
            return .unchanged
        }
        let photo = contact.photo
        if let rowid = prepared.storedRowid {
            try db.cachedStatement(sql: """
                UPDATE contact SET json = ?, photo = ?, photoType = ?, sortKey = ?, contentHash = ? WHERE rowid = ?
                """).execute(arguments: [json, photo?.data, photo?.mediaType, sortKey, prepared.contentHash, rowid])
            try ContactIndex.write(contact, entries: entries, rowid: rowid, in: db, replacing: true)
            try recordChange(of: contact.id, removed: false, added: false)
            return .updated
        }
        try db.cachedStatement(sql: """
            INSERT INTO contact (id, json, photo, photoType, sortKey, contentHash) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [contact.id.rawValue, json, photo?.data, photo?.mediaType, sortKey, prepared.contentHash])
        try ContactIndex.write(contact, entries: entries, rowid: db.lastInsertedRowID, in: db, replacing: false)
        try recordChange(of: contact.id, removed: false, added: true)
        return .added
    }
}
