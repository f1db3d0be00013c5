import Foundation
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

    /// The stored contacts among `ids`, whole, in the order of `ids`.
    package func contacts(ids: [ContactID]) async throws -> [Contact] {
        try await rowContacts(ids: ids)
    }
}

extension PostgresWriteTransaction {
    /// The most full-text lookups one candidate query takes (a query, its digits, its E.164 digits).
    static let searchLookupSlots = 3

    /// The JSON of every contact the full-text index finds for any of `fullText` (as
    /// `search(_:limit:)` does) or with a name key starting with `namePrefix` folded (as
    /// `contacts(withNamePrefix:)` does: every contact when it folds to nothing), each once, in
    /// chunks of ``SearchCandidates/chunkSize``.
    func searchCandidateJSON(fullText: [String], namePrefix: String) async throws -> [StoredJSONChunk] {
        let folded = PostgresText.clean(TextFolding.fold(namePrefix))
        guard !folded.isEmpty else { return chunks(try await storedRecords("SELECT id, json FROM contact")) }
        let upper = TextFolding.upperBound(ofPrefix: folded)
        let patterns = Array(Set(fullText.compactMap(PostgresText.searchQuery(for:)))).sorted()
        guard !patterns.isEmpty else {
            return chunks(try await storedRecords("""
                SELECT id, json FROM contact WHERE row_id IN (
                    SELECT contact_row FROM contact_name_key WHERE key >= \(folded) AND key < \(upper))
                """))
        }
        // A fixed number of slots keeps one statement (a repeated pattern finds nothing more);
        // more lookups than slots (never from a search) take one statement per slotful.
        var records: [StoredRecord] = []
        var seen: Set<String> = []
        for start in stride(from: 0, to: patterns.count, by: Self.searchLookupSlots) {
            var slots = Array(patterns[start..<min(patterns.count, start + Self.searchLookupSlots)])
            while slots.count < Self.searchLookupSlots, let last = slots.last { slots.append(last) }
            for record in try await storedRecords("""
                SELECT id, json FROM contact WHERE row_id IN (
                    SELECT row_id FROM contact WHERE search @@ \(slots[0])::tsquery
                    UNION SELECT row_id FROM contact WHERE search @@ \(slots[1])::tsquery
                    UNION SELECT row_id FROM contact WHERE search @@ \(slots[2])::tsquery
                    UNION SELECT contact_row FROM contact_name_key WHERE key >= \(folded) AND key < \(upper))
                """) where seen.insert(record.id ?? "").inserted {
                records.append(record)
            }
        }
        return chunks(records)
    }

    /// Records' JSON in chunks of ``SearchCandidates/chunkSize``.
    private func chunks(_ records: [StoredRecord]) -> [StoredJSONChunk] {
        var chunks: [StoredJSONChunk] = []
        var chunk = StoredJSONChunk()
        for record in records {
            chunk.append(record.json)
            if chunk.count == SearchCandidates.chunkSize {
                chunks.append(chunk)
                chunk = StoredJSONChunk()
            }
        }
        if chunk.count > 0 { chunks.append(chunk) }
        return chunks
    }

    /// The records of a query selecting `id, json`, without photos.
    private func storedRecords(_ sql: PostgresQuery) async throws -> [StoredRecord] {
        var records: [StoredRecord] = []
        for try await (id, json) in try await query(sql).decode((String, String).self) {
            records.append(StoredRecord(id: id, json: Data(json.utf8), photo: nil, photoType: nil))
        }
        return records
    }
}
