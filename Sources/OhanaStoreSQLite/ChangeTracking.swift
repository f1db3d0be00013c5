import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteReadTransaction {
    /// The net change of every contact changed after change number `base`, in change order; a
    /// contact added and removed again after `base` is left out.
    func netChanges(since base: Int64) throws -> [NetChange] {
        try NetChange.netChanges(changeLog(since: base), since: base)
    }

    /// The change log after change number `base`, in change order, with each contact's stored form.
    func changeLog(since base: Int64) throws -> [ChangeLogRow] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT contactChange.contactID AS changedID, contactChange.isRemoved, contactChange.addedSequence,
                   contact.id, contact.json, contact.photo, contact.photoType
            FROM contactChange LEFT JOIN contact ON contact.id = contactChange.contactID
            WHERE contactChange.sequence > ?
            ORDER BY contactChange.sequence, contactChange.contactID
            """, arguments: [base])
        var log: [ChangeLogRow] = []
        while let row = try rows.next() {
            let json: Data? = row["json"]
            log.append(ChangeLogRow(
                contactID: ContactID(rawValue: row["changedID"]), isRemoved: row["isRemoved"],
                addedSequence: row["addedSequence"],
                record: json.map { StoredRecord(id: row["id"], json: $0, photo: row["photo"], photoType: row["photoType"]) }))
        }
        return log
    }

    /// The change number of a contact's last change, if it has a history row.
    func changeSequence(of id: ContactID) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT sequence FROM contactChange WHERE contactID = ?"),
                           arguments: [id.rawValue])
    }
}

extension SQLiteReadTransaction {
    /// The change history behind the store's tokens (see ``StoreBookkeeping/ChangeHistory``).
    package func changeHistory() throws -> StoreBookkeeping.ChangeHistory {
        let info = try storeInfo()
        let entries = try Row.fetchAll(db, sql: """
            SELECT contactID, sequence, isRemoved, addedSequence FROM contactChange ORDER BY contactID
            """).map { row in
            StoreBookkeeping.ChangeHistory.Entry(contactID: ContactID(rawValue: row["contactID"]), sequence: row["sequence"],
                                                 isRemoved: row["isRemoved"], addedSequence: row["addedSequence"])
        }
        return StoreBookkeeping.ChangeHistory(storeID: info.storeID, sequence: info.sequence,
                                              prunedThrough: info.prunedThrough, entries: entries)
    }
}

extension SQLiteWriteTransaction {
    /// Takes another store's change history, identity included, so that its tokens work here.
    package func replaceChangeHistory(_ history: StoreBookkeeping.ChangeHistory) throws {
        try db.execute(sql: "DELETE FROM contactChange")
        let insert = try db.makeStatement(sql: """
            INSERT INTO contactChange (contactID, sequence, isRemoved, addedSequence) VALUES (?, ?, ?, ?)
            """)
        for entry in history.entries {
            try insert.execute(arguments: [entry.contactID.rawValue, entry.sequence, entry.isRemoved, entry.addedSequence])
        }
        try db.execute(sql: "UPDATE storeInfo SET storeID = ?, changeSequence = ?, prunedThrough = ? WHERE id = 1",
                       arguments: [history.storeID, history.sequence, history.prunedThrough])
    }
}
