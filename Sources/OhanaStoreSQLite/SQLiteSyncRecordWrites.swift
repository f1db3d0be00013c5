import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteContactStorage {
    /// The provider's synced cards and every stored contact, in one read transaction.
    public func syncSnapshot(providerID: String) async throws -> SyncSnapshot {
        try await store.rowSyncSnapshot(providerID: providerID)
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    public func pendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry] {
        try await store.rowPendingSyncWrites(providerID: providerID)
    }

    /// Applies sync writes in order in one transaction; returns the journal entries begun, numbered.
    public func applySyncWrites(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        try await store.rowApplySyncWrites(writes)
    }
}

extension SQLiteWriteTransaction {
    /// Applies sync writes in order; returns the journal entries begun, numbered.
    public func apply(_ writes: [SyncRecordWrite]) throws -> [SyncJournalEntry] {
        try StoreAlgorithms.apply(writes, in: self)
    }
}
