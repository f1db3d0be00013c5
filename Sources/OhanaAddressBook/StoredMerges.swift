import Foundation
import Logging
import Ohana
import OhanaDuplicates
import OhanaStore

/// Merges the user decided on, kept in the contact store: the import that keeps them merged, and
/// the one-time move of the old decisions file into the store.
public enum StoredMerges {
    /// The merged contact of one group the user merged: the library's duplicate merging with no
    /// rules and the group kept together. It keeps the first member's id and loses nothing.
    public static func mergedContact(of members: [Contact]) -> Contact {
        guard members.count > 1 else { return members[0] }
        let merging = DuplicateMerging(
            rules: DuplicateRules(rules: []), overrides: DuplicateOverrides(keptTogether: [members.map(\.id)]))
        return merging.merge(members).contacts[0]
    }

    /// Imports contacts into the store, updating the ones imported before, and keeps the user's
    /// merges: a contact from a source of a merged contact updates that merged contact, which is
    /// rebuilt from its members' latest versions, instead of coming back on its own.
    ///
    /// Moves an old decisions file into the store first (``migrateDecisionsFile(of:)``).
    @discardableResult
    public static func importContacts(_ contacts: [Contact], into store: SQLiteContactStore) async throws -> ContactSaveSummary {
        try migrateDecisionsFile(of: store)
        return try await store.upsert(contacts, remerging: { mergedContact(of: $0) })
    }

    /// Imports contacts into a store on either backend, updating the ones imported before from the
    /// same source records and keeping the user's merges (as the `SQLiteContactStore` overload does).
    @discardableResult
    public static func importContacts(_ contacts: [Contact], into storage: any ContactStorage) async throws -> ContactSaveSummary {
        if let sqlite = storage as? SQLiteContactStorage {
            return try await importContacts(contacts, into: sqlite.store)
        }
        return try await storage.upsert(contacts, remerging: { mergedContact(of: $0) })
    }

    /// The decisions file older versions kept beside a store file (`<store>.merge-decisions.json`);
    /// `nil` for a store in memory.
    public static func legacyDecisionsURL(of store: SQLiteContactStore) -> URL? {
        store.fileURL.map { $0.appendingPathExtension("merge-decisions.json") }
    }

    /// Moves the decisions of an old decisions file beside the store into the store, once, and
    /// renames the file to `….migrated`; returns whether there was a file.
    ///
    /// A decision the store already has for the same contacts wins. A group the old version had
    /// already merged is kept merged: the merged contact becomes a fixed member of itself, and
    /// its sources imported later join it.
    @discardableResult
    public static func migrateDecisionsFile(of store: SQLiteContactStore) throws -> Bool {
        guard let url = legacyDecisionsURL(of: store), FileManager.default.fileExists(atPath: url.path) else { return false }
        let old: ContactMergeDecisions
        do {
            old = try JSONDecoder().decode(ContactMergeDecisions.self, from: Data(contentsOf: url))
        } catch {
            throw AddressBookError(.internalError, "\(url.path): cannot read the old merge decisions file: \(error)")
        }
        try store.write { transaction in
            var decisions = try transaction.mergeDecisions()
            let known = Set((decisions.keptTogether + decisions.keptApart).map(Set.init))
            decisions.keptTogether += old.keptTogether.filter { !known.contains(Set($0)) }
            decisions.keptApart += old.keptApart.filter { !known.contains(Set($0)) }
            try transaction.setMergeDecisions(decisions)
            for group in old.keptTogether {
                let stored = try group.compactMap { try transaction.contact(withID: $0) }
                guard stored.count == 1, let merged = stored.first,
                      Set(group).subtracting([merged.id]).isSubset(of: merged.mergedContactIDs) else { continue }
                try transaction.keepMergedContactAsMember(id: merged.id)
            }
        }
        let moved = url.appendingPathExtension("migrated")
        do {
            try? FileManager.default.removeItem(at: moved)
            try FileManager.default.moveItem(at: url, to: moved)
        } catch {
            throw AddressBookError(
                .internalError, "\(url.path): merge decisions moved into the store, but the old file cannot be renamed: \(error)")
        }
        Logger(label: "ohana.serve").notice(
            "merge decisions moved into the store", metadata: ["from": "\(url.path)", "renamed": "\(moved.path)"])
        return true
    }
}
