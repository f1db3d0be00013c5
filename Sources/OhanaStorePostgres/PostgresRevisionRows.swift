import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// The edit journal's rows (``OhanaStore/ContactRevision``), in the `contact_revision` table (migration v5).
extension PostgresWriteTransaction {
    /// The revision with this number, if kept.
    func revision(number: Int64) async throws -> ContactRevision? {
        for try await data in try await query("SELECT data FROM contact_revision WHERE number = \(number)").decode(Data.self) {
            return try ContactRevision.decodedFromStore(data, number: number)
        }
        return nil
    }

    /// The latest revisions, newest first, of one contact or of all.
    func revisions(of contactID: ContactID?, limit: Int) async throws -> [ContactRevision] {
        let rows = if let contactID {
            try await query("""
                SELECT number, data FROM contact_revision WHERE contact_id = \(contactID.rawValue)
                ORDER BY number DESC LIMIT \(limit)
                """)
        } else {
            try await query("SELECT number, data FROM contact_revision ORDER BY number DESC LIMIT \(limit)")
        }
        var revisions: [ContactRevision] = []
        for try await (number, data) in rows.decode((Int64, Data).self) {
            revisions.append(try ContactRevision.decodedFromStore(data, number: number))
        }
        return revisions
    }

    /// Journals a revision (the next number when its own is 0); returns it numbered. Writers hold
    /// the store's write lock, so the next number is not taken meanwhile.
    func recordRevision(_ revision: ContactRevision) async throws -> ContactRevision {
        var numbered = revision
        if numbered.number == 0 {
            numbered.number = 1
            for try await last in try await query("SELECT COALESCE(MAX(number), 0) FROM contact_revision").decode(Int64.self) {
                numbered.number = last + 1
            }
        }
        let data = try numbered.encodedForStore()
        try await query("""
            INSERT INTO contact_revision (number, contact_id, data) VALUES (\(numbered.number), \(numbered.contactID.rawValue), \(data))
            """)
        return numbered
    }
}
