import Foundation
import Ohana
import OhanaStore

extension CardDAVContactsProvider {
    /// Brings a contact store up to date with the server, transferring only what changed since the
    /// state the store keeps for this provider; the change set and the new state are written in one
    /// transaction. `merge` rebuilds the merged contacts a change touches (they stay merged).
    ///
    /// Moves a sync state file of an older version into the store first (``migrateLegacySyncStateFile(of:)``).
    public func sync(into store: SQLiteContactStore,
                     remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        try Self.migrateLegacySyncStateFile(of: store)
        return try await store.sync(with: self, remerging: merge)
    }

    /// The sync state file older versions kept beside a store file (`<store>.carddav-sync.json`);
    /// `nil` for a store in memory.
    public static func legacySyncStateURL(of store: SQLiteContactStore) -> URL? {
        store.fileURL.map { URL(fileURLWithPath: $0.path + ".carddav-sync.json") }
    }

    /// Moves the states of an old sync state file beside the store into the store, once, and
    /// renames the file to `….migrated`; returns whether there was a file. A state the store
    /// already has for a provider wins.
    @discardableResult
    public static func migrateLegacySyncStateFile(of store: SQLiteContactStore) throws -> Bool {
        guard let url = legacySyncStateURL(of: store), let states = try legacySyncStates(of: store) else { return false }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = try states.mapValues { ProviderSyncState(data: try encoder.encode($0)) }
        try store.write { transaction in
            for (providerID, state) in encoded {
                guard try transaction.providerSyncState(for: providerID) == nil else { continue }
                try transaction.setProviderSyncState(state, for: providerID)
            }
        }
        let moved = URL(fileURLWithPath: url.path + ".migrated")
        try? FileManager.default.removeItem(at: moved)
        do {
            try FileManager.default.moveItem(at: url, to: moved)
        } catch {
            throw ContactsProviderError.unavailable(
                providerID: "carddav", source: url.path,
                reason: "sync state moved into the store, but the old file cannot be renamed: \(error.localizedDescription)")
        }
        return true
    }

    /// The states in an old sync state file beside the store, by provider, without moving it; `nil`
    /// when there is no such file.
    static func legacySyncStates(of store: SQLiteContactStore) throws -> [String: CardDAVSyncState]? {
        guard let url = legacySyncStateURL(of: store), FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode([String: CardDAVSyncState].self, from: Data(contentsOf: url))
        } catch {
            throw ContactsProviderError.invalidData(
                providerID: "carddav", source: url.path, line: nil,
                reason: "unreadable sync state (\(error.localizedDescription)); delete it to sync in full")
        }
    }
}
