import Foundation
import GRDB
import Ohana
import OhanaStore

extension ContactCodec {
    /// Decodes a `contact` row (columns `json`, `photo`, `photoType`).
    func decode(_ row: Row) throws -> Contact {
        try decode(StoredRecord(row))
    }
}

extension StoredRecord {
    /// The record of a row with columns `id`, `json`, `photo`, `photoType`.
    init(_ row: Row) {
        self.init(id: row["id"], json: row["json"], photo: row["photo"], photoType: row["photoType"])
    }
}

/// Writes and removes the lookup rows of one contact in SQLite: sources, tags, name keys, full-text row.
extension ContactIndex {
    /// Writes the lookup rows of a contact stored at `rowid`, first removing old ones when `replacing`;
    /// its search row too unless `searchRow` is false (migrations before ``SQLiteSchema/v12``).
    static func write(_ contact: Contact, rowid: Int64, in db: Database, replacing: Bool, searchRow: Bool = true) throws {
        try write(contact, entries: Entries(contact), rowid: rowid, in: db, replacing: replacing, searchRow: searchRow)
    }

    /// Writes the lookup rows of a contact whose lookup values are already worked out.
    static func write(_ contact: Contact, entries: Entries, rowid: Int64, in db: Database, replacing: Bool,
                      searchRow: Bool = true) throws {
        if replacing { try remove(rowid: rowid, in: db) }
        var seenSources = Set<[String]>()
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID,
                  seenSources.insert([provenance.providerID, recordID]).inserted else { continue }
            try db.cachedStatement(sql: "INSERT INTO contactSource (contactRowid, providerID, recordID) VALUES (?, ?, ?)")
                .execute(arguments: [rowid, provenance.providerID, recordID])
        }
        for tag in entries.tags {
            try db.cachedStatement(sql: "INSERT INTO contactTag (contactRowid, tag) VALUES (?, ?)")
                .execute(arguments: [rowid, tag])
        }
        for key in entries.nameKeys {
            try db.cachedStatement(sql: "INSERT INTO contactNameKey (contactRowid, key) VALUES (?, ?)")
                .execute(arguments: [rowid, key])
        }
        try db.cachedStatement(sql: "INSERT INTO contactSearch (rowid, names, fieldValues) VALUES (?, ?, ?)")
            .execute(arguments: [rowid, entries.namesText, entries.fieldValuesText])
        if searchRow {
            try db.cachedStatement(sql: "INSERT INTO contactSearchRow (rowid, row) VALUES (?, ?)")
                .execute(arguments: [rowid, Data(entries.searchRow)])
        }
    }

    /// Removes the lookup rows of the contact stored at `rowid`.
    static func remove(rowid: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM contactSource WHERE contactRowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactTag WHERE contactRowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactNameKey WHERE contactRowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactSearch WHERE rowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactSearchRow WHERE rowid = ?").execute(arguments: [rowid])
    }

    /// An FTS5 query that matches every word of `query` as a prefix, with FTS5 syntax escaped; `nil` when empty.
    static func fullTextPattern(for query: String) -> String? {
        let words = query.split { !($0.isLetter || $0.isNumber) }
        guard !words.isEmpty else { return nil }
        return words.prefix(32).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
            .joined(separator: " ")
    }
}
