import Foundation
import GRDB
import Ohana
import OhanaStore

/// The edit journal's rows (``ContactRevision``), in the `contactRevision` table (migration v10).
extension SQLiteReadTransaction {
    /// The revision with this number, if kept.
    package func revision(number: Int64) throws -> ContactRevision? {
        guard let data = try Data.fetchOne(db, sql: "SELECT data FROM contactRevision WHERE number = ?", arguments: [number])
        else { return nil }
        return try ContactRevision.decodedFromStore(data, number: number)
    }

    /// The latest revisions, newest first, of one contact or of all.
    package func revisions(of contactID: ContactID?, limit: Int) throws -> [ContactRevision] {
        let rows = if let contactID {
            try Row.fetchAll(db, sql: """
                SELECT number, data FROM contactRevision WHERE contactID = ? ORDER BY number DESC LIMIT ?
                """, arguments: [contactID.rawValue, limit])
        } else {
            try Row.fetchAll(db, sql: "SELECT number, data FROM contactRevision ORDER BY number DESC LIMIT ?",
                             arguments: [limit])
        }
        return try rows.map { try ContactRevision.decodedFromStore($0["data"], number: $0["number"]) }
    }
}

extension SQLiteWriteTransaction {
    /// Journals a revision (the next number when its own is 0); returns it numbered.
    package func recordRevision(_ revision: ContactRevision) throws -> ContactRevision {
        var numbered = revision
        if numbered.number == 0 {
            numbered.number = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM contactRevision") ?? 1
        }
        try db.execute(sql: "INSERT INTO contactRevision (number, contactID, data) VALUES (?, ?, ?)",
                       arguments: [numbered.number, numbered.contactID.rawValue, try numbered.encodedForStore()])
        return numbered
    }
}
