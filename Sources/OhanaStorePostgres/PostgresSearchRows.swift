import Foundation
import Logging
import Ohana
import OhanaStore
import PostgresNIO

/// A search's candidates read light (``SearchCandidateStorage``): one query for the ids and JSON of
/// every contact the full-text index or the name keys find, without ordering them or reading photos.
extension PostgresContactStore: SearchCandidateStorage {
    /// Every contact the full-text lookups or the name prefix find, each once, as a light contact.
    package func searchCandidates(fullText: [String], namePrefix: String) async throws -> [Contact] {
        try await rowSearchCandidates(fullText: fullText, namePrefix: namePrefix)
    }

    /// The same candidates as their search rows, for ranking on the bytes.
    package func searchCandidateRows(fullText: [String], namePrefix: String) async throws -> SearchRowList {
        try await rowSearchCandidateRows(fullText: fullText, namePrefix: namePrefix)
    }

    /// The stored contacts among `ids`, whole, in the order of `ids`.
    package func contacts(ids: [ContactID]) async throws -> [Contact] {
        try await rowContacts(ids: ids)
    }
}

extension PostgresWriteTransaction {
    /// The most full-text lookups one candidate query takes (a query, its digits, its E.164 digits).
    static let searchLookupSlots = 3

    /// The search row (``SearchRow``, column `search_row`; where it is missing, the JSON) of every
    /// contact the full-text index finds for any of `fullText` (as `search(_:limit:)` does) or
    /// with a name key starting with `namePrefix` folded (as `contacts(withNamePrefix:)` does:
    /// every contact when it folds to nothing), each once, in chunks of ``SearchCandidates/chunkSize``.
    func searchCandidateRows(fullText: [String], namePrefix: String) async throws -> [StoredJSONChunk] {
        let folded = PostgresText.clean(TextFolding.fold(namePrefix))
        guard !folded.isEmpty else { return chunks(try await storedRecords("SELECT \(unescaped: Self.rowColumns) FROM contact")) }
        let upper = TextFolding.upperBound(ofPrefix: folded)
        let patterns = Array(Set(fullText.compactMap(PostgresText.searchQuery(for:)))).sorted()
        guard !patterns.isEmpty else {
            return chunks(try await storedRecords("""
                SELECT \(unescaped: Self.rowColumns) FROM contact WHERE row_id IN (
                    SELECT contact_row FROM contact_name_key WHERE key >= \(folded) AND key < \(upper))
                """))
        }
        // A fixed number of slots keeps one statement (a repeated pattern finds nothing more);
        // more lookups than slots (never from a search) take one statement per slotful.
        var records: [(id: String, entry: Data)] = []
        var seen: Set<String> = []
        for start in stride(from: 0, to: patterns.count, by: Self.searchLookupSlots) {
            var slots = Array(patterns[start..<min(patterns.count, start + Self.searchLookupSlots)])
            while slots.count < Self.searchLookupSlots, let last = slots.last { slots.append(last) }
            for record in try await storedRecords("""
                SELECT \(unescaped: Self.rowColumns) FROM contact WHERE row_id IN (
                    SELECT row_id FROM contact WHERE search @@ \(slots[0])::tsquery
                    UNION SELECT row_id FROM contact WHERE search @@ \(slots[1])::tsquery
                    UNION SELECT row_id FROM contact WHERE search @@ \(slots[2])::tsquery
                    UNION SELECT contact_row FROM contact_name_key WHERE key >= \(folded) AND key < \(upper))
                """) where seen.insert(record.id).inserted {
                records.append(record)
            }
        }
        return chunks(records)
    }

    /// The columns a candidate query selects: the id, the search row, and the JSON only where the
    /// row is missing.
    static let rowColumns = "id, search_row, CASE WHEN search_row IS NULL THEN json END"

    /// Candidates' entries in chunks of ``SearchCandidates/chunkSize``.
    private func chunks(_ records: [(id: String, entry: Data)]) -> [StoredJSONChunk] {
        var chunks: [StoredJSONChunk] = []
        var chunk = StoredJSONChunk()
        for record in records {
            chunk.append(record.entry)
            if chunk.count == SearchCandidates.chunkSize {
                chunks.append(chunk)
                chunk = StoredJSONChunk()
            }
        }
        if chunk.count > 0 { chunks.append(chunk) }
        return chunks
    }

    /// The ids and entries (search row, else JSON) of a query selecting ``rowColumns``.
    private func storedRecords(_ sql: PostgresQuery) async throws -> [(id: String, entry: Data)] {
        var records: [(id: String, entry: Data)] = []
        for try await (id, row, json) in try await query(sql).decode((String, Data?, String?).self) {
            records.append((id, row ?? Data((json ?? "").utf8)))
        }
        return records
    }
}

extension PostgresSchema {
    /// Each contact's search row (``SearchRow``) in a column of its own, written with the contact;
    /// the rows of contacts stored before are made in the migration (``fillSearchRows(_:logger:)``).
    static let v7 = "pg-v7-search-text"

    /// Makes the search row of every stored contact without one, from its JSON, a chunk at a time
    /// (each chunk read on every core).
    static func fillSearchRows(_ connection: PostgresConnection, logger: Logger) async throws {
        var after: Int64 = 0
        while true {
            var rowids: [Int64] = []
            var chunk = StoredJSONChunk()
            for try await (rowid, json) in try await connection.query("""
                SELECT row_id, json FROM contact WHERE row_id > \(after) AND search_row IS NULL
                ORDER BY row_id LIMIT \(SearchCandidates.chunkSize)
                """, logger: logger).decode((Int64, String).self) {
                rowids.append(rowid)
                chunk.append(Array(json.utf8))
            }
            guard let last = rowids.last else { return }
            let rows = try SearchCandidates.decodeAll(chunk).map { SearchRow.encode($0).hexadecimal }
            try await connection.query("""
                UPDATE contact SET search_row = decode(r.row, 'hex')
                FROM unnest(\(rowids)::bigint[], \(rows)::text[]) AS r(row_id, row) WHERE contact.row_id = r.row_id
                """, logger: logger)
            after = last
        }
    }
}

private extension [UInt8] {
    /// The bytes as lowercase hexadecimal digits.
    var hexadecimal: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
