import Foundation
import GRDB
import Ohana
import OhanaStore

/// A SQLite read transaction serves the rows the store's algorithms read (``StoreAlgorithms``),
/// inside GRDB's transaction closure.
extension SQLiteReadTransaction: StoreRowReading {
    /// Every setting the store keeps, by key.
    package func settings() throws -> [String: Data] {
        var settings: [String: Data] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM storeSetting") { settings[row["key"]] = row["value"] }
        return settings
    }

    /// One setting, if kept.
    package func setting(_ key: String) throws -> Data? {
        try Data.fetchOne(db, sql: "SELECT value FROM storeSetting WHERE key = ?", arguments: [key])
    }

    /// The stored contacts among these ids, one indexed lookup each.
    package func contacts(ids: [ContactID]) throws -> [Contact] {
        try ids.compactMap { try contact(withID: $0) }
    }

    /// The number of the last change of each of these contacts that has a history row.
    package func changeSequences(of ids: [ContactID]) throws -> [ContactID: Int64] {
        var sequences: [ContactID: Int64] = [:]
        for id in ids { sequences[id] = try changeSequence(of: id) }
        return sequences
    }

    /// The ids of the contacts loaded from one source record of one provider, in storage order.
    package func contactIDs(providerID: String, recordID: String) throws -> [ContactID] {
        try String.fetchAll(db.cachedStatement(sql: """
            SELECT contact.id FROM contactSource JOIN contact ON contact.rowid = contactSource.contactRowid
            WHERE contactSource.providerID = ? AND contactSource.recordID = ? ORDER BY contact.rowid
            """), arguments: [providerID, recordID]).map(ContactID.init(rawValue:))
    }

    /// The contacts holding any source record of one provider, in storage order.
    package func contacts(ofProvider providerID: String) throws -> [Contact] {
        try fetchContacts(sql: """
            SELECT id, json, photo, photoType FROM contact
            WHERE rowid IN (SELECT contactRowid FROM contactSource WHERE providerID = ?) ORDER BY rowid
            """, arguments: [providerID])
    }

    /// The recorded members of a merged contact, in merge order, with whether each is a fixed snapshot.
    package func memberVersions(of survivor: ContactID) throws -> [(contact: Contact, isSnapshot: Bool)] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT memberID AS id, isSnapshot, json, photo, photoType FROM mergedMember WHERE survivorID = ? ORDER BY position
            """), arguments: [survivor.rawValue])
        return try rows.map { (try codec.decode($0), $0["isSnapshot"] as Bool) }
    }

    /// Every recorded member version.
    package func allMemberVersions() throws -> [StoreBookkeeping.MemberVersion] {
        try Row.fetchAll(db, sql: """
            SELECT survivorID, position, isSnapshot, memberID AS id, json, photo, photoType FROM mergedMember
            """).map { row in
            StoreBookkeeping.MemberVersion(survivor: ContactID(rawValue: row["survivorID"]), position: row["position"],
                                           isSnapshot: row["isSnapshot"], contact: try codec.decode(row))
        }
    }

    /// The sync state of every incremental provider, by provider id.
    package func providerSyncStates() throws -> [String: ProviderSyncState] {
        var states: [String: ProviderSyncState] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT providerID, state FROM providerSyncState") {
            states[row["providerID"]] = ProviderSyncState(data: row["state"])
        }
        return states
    }

    /// The providers with synced cards or pending server writes, ordered by id.
    package func syncProviderIDs() throws -> [String] {
        try String.fetchAll(db, sql: "SELECT providerID FROM syncedCard UNION SELECT providerID FROM syncJournal ORDER BY 1")
    }
}

/// A SQLite write transaction serves the rows the store's algorithms write (``StoreAlgorithms``).
extension SQLiteWriteTransaction: StoreRowTransaction {
    /// Stores one contact: adds it, or replaces the stored contact with the same id.
    package func saveContact(_ contact: Contact) throws {
        try save(contact)
    }

    /// Stores a batch; in upsert mode no contact replaces or takes an id in `claimed`.
    package func saveContacts(_ contacts: [Contact], mode: ContactSaveMode,
                              claimed: Set<ContactID>) throws -> ContactSaveSummary {
        try save(contacts, mode: mode, claimed: claimed)
    }

    /// Removes the contacts with these ids; returns how many were stored.
    package func removeContacts(ids: [ContactID]) throws -> Int {
        try ids.reduce(0) { $0 + (try remove(id: $1) ? 1 : 0) }
    }

    /// The merged-member rows of this transaction, one indexed query each, or `nil` without merged contacts.
    package func mergedMemberRows(for batch: [Contact]) throws -> (any MergedMemberRows)? {
        let rows = try SQLiteMergedMemberRows(self)
        return rows.survivors.isEmpty ? nil : rows
    }

    /// Forgets every member version, provider sync state, synced card, pending server write,
    /// setting and revision.
    package func removeAllBookkeepingRows() throws {
        try db.execute(sql: """
            DELETE FROM mergedMemberSource; DELETE FROM mergedMember; DELETE FROM providerSyncState;
            DELETE FROM syncedCard; DELETE FROM syncJournal; DELETE FROM storeSetting; DELETE FROM contactRevision
            """)
    }

    /// Keeps (or, with `nil`, forgets) one setting.
    package func setSetting(_ value: Data?, for key: String) throws {
        if let value {
            try db.execute(sql: """
                INSERT INTO storeSetting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM storeSetting WHERE key = ?", arguments: [key])
        }
    }
}

/// A SQLite store runs the store's algorithms (``StoreAlgorithms``) in its GRDB transactions.
extension SQLiteContactStore: StoreRowBackend {
    /// Runs `body` in a read transaction without blocking the caller's thread.
    package func readRows<T: Sendable>(_ body: @escaping @Sendable (any StoreRowReading) throws -> T) async throws -> T {
        try await read { try body($0) }
    }

    /// Runs `body` in a write transaction without blocking the caller's thread.
    package func writeRows<T: Sendable>(_ body: @escaping @Sendable (any StoreRowTransaction) throws -> T) async throws -> T {
        try await write { try body($0) }
    }
}
