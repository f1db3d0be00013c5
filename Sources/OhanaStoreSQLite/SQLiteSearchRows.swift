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

    /// The stored contacts among `ids`, whole, in the order of `ids`.
    package func contacts(ids: [ContactID]) async throws -> [Contact] {
        try await store.rowContacts(ids: ids)
    }
}

extension SQLiteReadTransaction {
    /// The JSON of every contact the full-text index finds for any of `fullText` (as
    /// ``search(_:limit:)`` does) or with a name key starting with `namePrefix` folded (as
    /// ``contacts(withNamePrefix:)`` does: every contact when it folds to nothing), each once, a
    /// chunk at a time, copied straight from SQLite's row into the chunk.
    package func searchCandidateJSON(fullText: [String], namePrefix: String,
                                     receive: (StoredJSONChunk) throws -> Void) throws {
        let folded = TextFolding.fold(namePrefix)
        var sql = "SELECT json FROM contact"
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
        let rows = try Row.fetchCursor(db.makeStatement(sql: sql), arguments: arguments)
        var chunk = StoredJSONChunk()
        while let row = try rows.next() {
            try row.withUnsafeData(atIndex: 0) { chunk.append($0 ?? Data()) }
            if chunk.count == SearchCandidates.chunkSize {
                try receive(chunk)
                chunk = StoredJSONChunk()
            }
        }
        if chunk.count > 0 { try receive(chunk) }
    }
}
