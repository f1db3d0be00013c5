import Foundation
import GRDB
import Ohana
import OhanaStore

/// A search's candidates read light (``SearchCandidateStorage``): one query for the ids and JSON of
/// every contact the full-text index or the name keys find, without ordering them or reading photos.
extension SQLiteContactStorage: SearchCandidateStorage {
    /// Every contact the full-text lookups or the name prefix find, each once, as a light contact.
    package func searchCandidates(fullText: [String], namePrefix: String) async throws -> [Contact] {
        try await store.rowSearchCandidates(fullText: fullText, namePrefix: namePrefix)
    }

    /// The same candidates as their search rows, for ranking on the bytes.
    package func searchCandidateRows(fullText: [String], namePrefix: String) async throws -> SearchRowList {
        try await store.rowSearchCandidateRows(fullText: fullText, namePrefix: namePrefix)
    }

    /// The stored contacts among `ids`, whole, in the order of `ids`.
    package func contacts(ids: [ContactID]) async throws -> [Contact] {
        try await store.rowContacts(ids: ids)
    }
}

extension SQLiteReadTransaction {
    /// The search row (``SearchRow``, table `contactSearchRow`) of every contact the full-text
    /// index finds for any of `fullText` (as ``search(_:limit:)`` does) or with a name key
    /// starting with `namePrefix` folded (as ``contacts(withNamePrefix:)`` does: every contact
    /// when it folds to nothing), each once, a chunk at a time, copied straight from SQLite's row
    /// into the chunk. The rows are a small table of their own, so a broad query reads a few
    /// bytes per match, not the pages of the contacts' JSON.
    package func searchCandidateRows(fullText: [String], namePrefix: String,
                                     receive: (StoredJSONChunk) throws -> Void) throws {
        let folded = TextFolding.fold(namePrefix)
        var sql = "SELECT row FROM contactSearchRow"
        var arguments = StatementArguments()
        if !folded.isEmpty {
            var sources: [String] = []
            for pattern in Set(fullText.compactMap(ContactIndex.fullTextPattern(for:))).sorted() {
                sources.append("SELECT rowid FROM contactSearch WHERE contactSearch MATCH ?")
                arguments += [pattern]
            }
            sources.append("SELECT contactRowid FROM contactNameKey WHERE key >= ? AND key < ?")
            arguments += [folded, TextFolding.upperBound(ofPrefix: folded)]
            sql += " WHERE rowid IN (\(sources.joined(separator: " UNION ")))"
        }
        // Each row's blob is copied at once into one chunk, whose memory serves every chunk: a
        // broad query reads hundreds of thousands.
        let rows = try Row.fetchCursor(db.makeStatement(sql: sql), arguments: arguments)
        var chunk = StoredJSONChunk()
        while let row = try rows.next() {
            try row.withUnsafeData(atIndex: 0) { data in
                guard let data else { return chunk.append(bytesAt: nil, count: 0) }
                data.withUnsafeBytes { chunk.append(bytesAt: $0.baseAddress, count: $0.count) }
            }
            if chunk.count == SearchCandidates.chunkSize {
                try receive(chunk)
                chunk.removeAll()
            }
        }
        if chunk.count > 0 { try receive(chunk) }
    }
}

extension SQLiteSchema {
    /// Adds each contact's search row (``SearchRow``) in a table of its own, written with the
    /// contact's other lookup rows; the rows of contacts stored before are made here.
    static let v12 = "v12-search-text"

    /// Creates the search rows' table and fills it from the stored JSON, a chunk at a time (each
    /// chunk read on every core).
    static func createSearchRows(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE contactSearchRow (rowid INTEGER PRIMARY KEY, row BLOB NOT NULL)")
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, json FROM contact ORDER BY rowid")
        var rowids: [Int64] = []
        var chunk = StoredJSONChunk()
        func flush() throws {
            for (rowid, light) in zip(rowids, try SearchCandidates.decodeAll(chunk)) {
                try db.cachedStatement(sql: "INSERT INTO contactSearchRow (rowid, row) VALUES (?, ?)")
                    .execute(arguments: [rowid, Data(SearchRow.encode(light))])
            }
            rowids = []
            chunk = StoredJSONChunk()
        }
        while let row = try rows.next() {
            rowids.append(row[0])
            try row.withUnsafeData(atIndex: 1) { chunk.append($0 ?? Data()) }
            if chunk.count == SearchCandidates.chunkSize { try flush() }
        }
        try flush()
    }
}
