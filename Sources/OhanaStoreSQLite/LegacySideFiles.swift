import Foundation
import Logging
import Ohana
import OhanaStore

/// The side files older versions kept beside a store file, moved into the store when it opens:
/// the merge decisions (`<store>.merge-decisions.json`) and the CardDAV sync states
/// (`<store>.carddav-sync.json`). Each file is read once and renamed to `….migrated`.
enum LegacySideFiles {
    /// The decisions file older versions kept beside `storeURL`.
    static func mergeDecisionsURL(of storeURL: URL) -> URL {
        storeURL.appendingPathExtension("merge-decisions.json")
    }

    /// The sync state file older versions kept beside `storeURL`.
    static func syncStatesURL(of storeURL: URL) -> URL {
        URL(fileURLWithPath: storeURL.path + ".carddav-sync.json")
    }

    /// Moves every side file beside `storeURL` into `store`; returns the files moved.
    @discardableResult
    static func importAll(beside storeURL: URL, into store: SQLiteContactStore) throws -> [URL] {
        var moved: [URL] = []
        if try importMergeDecisions(from: mergeDecisionsURL(of: storeURL), into: store) { moved.append(mergeDecisionsURL(of: storeURL)) }
        if try importSyncStates(from: syncStatesURL(of: storeURL), into: store) { moved.append(syncStatesURL(of: storeURL)) }
        return moved
    }

    /// Adds the old file's decisions to the store's; a decision the store already has for the same
    /// contacts wins. A group the old version had already merged stays merged: the merged contact
    /// becomes a fixed member of itself, and its sources imported later join it.
    static func importMergeDecisions(from url: URL, into store: SQLiteContactStore) throws -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        let old: ContactMergeDecisions
        do {
            old = try JSONDecoder().decode(ContactMergeDecisions.self, from: Data(contentsOf: url))
        } catch {
            throw ContactStoreError.cannotOpen(
                path: url.path, reason: "cannot read the old merge decisions file (\(error)); move it away to open the store")
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
        try rename(url, what: "merge decisions")
        return true
    }

    /// Stores each provider's state of the old file (a JSON object by provider id) as that
    /// provider's sync state, unless the store already has one for it. The states stay opaque
    /// here: the provider that wrote them reads them.
    static func importSyncStates(from url: URL, into store: SQLiteContactStore) throws -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        let states: [String: ProviderSyncState]
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            states = try object.mapValues {
                ProviderSyncState(data: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]))
            }
        } catch {
            throw ContactStoreError.cannotOpen(
                path: url.path, reason: "unreadable sync state (\(error.localizedDescription)); delete it to sync in full")
        }
        try store.write { transaction in
            for (providerID, state) in states where try transaction.providerSyncState(for: providerID) == nil {
                try transaction.setProviderSyncState(state, for: providerID)
            }
        }
        try rename(url, what: "sync states")
        return true
    }

    /// Renames a moved side file to `….migrated`, so that it is not read again.
    private static func rename(_ url: URL, what: String) throws {
        let moved = URL(fileURLWithPath: url.path + ".migrated")
        do {
            try? FileManager.default.removeItem(at: moved)
            try FileManager.default.moveItem(at: url, to: moved)
        } catch {
            throw ContactStoreError.cannotOpen(
                path: url.path, reason: "\(what) moved into the store, but the old file cannot be renamed: \(error.localizedDescription)")
        }
        Logger(label: "ohana.store").notice("\(what) moved into the store", metadata: ["from": "\(url.path)", "renamed": "\(moved.path)"])
    }
}
