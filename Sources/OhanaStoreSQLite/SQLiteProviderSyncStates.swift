import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteReadTransaction {
    /// The state the provider `providerID` reported at its last sync into this store, if any.
    public func providerSyncState(for providerID: String) throws -> ProviderSyncState? {
        try Data.fetchOne(db, sql: "SELECT state FROM providerSyncState WHERE providerID = ?", arguments: [providerID])
            .map(ProviderSyncState.init(data:))
    }
}

extension SQLiteWriteTransaction {
    /// Records (or, with `nil`, forgets) the sync state of the provider `providerID`.
    public func setProviderSyncState(_ state: ProviderSyncState?, for providerID: String) throws {
        if let state {
            try db.execute(sql: """
                INSERT INTO providerSyncState (providerID, state) VALUES (?, ?)
                ON CONFLICT(providerID) DO UPDATE SET state = excluded.state
                """, arguments: [providerID, state.data])
        } else {
            try db.execute(sql: "DELETE FROM providerSyncState WHERE providerID = ?", arguments: [providerID])
        }
    }

    /// Applies a provider's change set: upserts the added and changed contacts keeping merged
    /// contacts merged (``upsert(_:remerging:)``), removes the contacts of removed records and,
    /// after a full listing, of this provider's records no longer present, and records the new state.
    ///
    /// Complexity: O(*n* log *m*) for *n* changes and *m* stored contacts, plus O(*m*) after a full listing.
    public func apply(_ changes: ProviderChanges, from providerID: String,
                      remerging merge: ([Contact]) throws -> Contact) throws -> ProviderSyncSummary {
        try StoreAlgorithms.apply(changes, from: providerID, remerging: merge, in: self)
    }
}

extension SQLiteContactStore {
    /// The state the provider `providerID` reported at its last sync into this store, if any.
    public func providerSyncState(for providerID: String) throws -> ProviderSyncState? {
        try read { try $0.providerSyncState(for: providerID) }
    }

    /// Brings the store up to date with an incremental provider: asks it what changed since the
    /// state kept for it, and applies the change set and the new state in one transaction.
    ///
    /// Throws the provider's ``ContactsProviderError`` or a ``ContactStoreError``; either way the
    /// store is left as it was.
    public func sync(with provider: some IncrementalContactsProvider,
                     remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary {
        try await rowSync(with: provider, remerging: merge)
    }
}
