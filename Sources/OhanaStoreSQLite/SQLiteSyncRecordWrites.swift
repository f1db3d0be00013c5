import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteContactStorage {
    /// The provider's synced cards and every stored contact, in one read transaction.
    public func syncSnapshot(providerID: String) async throws -> SyncSnapshot {
        try await store.read { SyncSnapshot(syncedCards: try $0.syncedCards(providerID: providerID), contacts: try $0.allContacts()) }
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    public func pendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry] {
        try await store.read { try $0.pendingSyncWrites(providerID: providerID) }
    }

    /// Applies sync writes in order in one transaction; returns the journal entries begun, numbered.
    public func applySyncWrites(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        try await store.write { try $0.apply(writes) }
    }
}

extension SQLiteWriteTransaction {
    /// Applies sync writes in order; returns the journal entries begun, numbered.
    public func apply(_ writes: [SyncRecordWrite]) throws -> [SyncJournalEntry] {
        var begun: [SyncJournalEntry] = []
        for write in writes {
            switch write {
            case .save(let contact): try save(contact)
            case .remove(let id): try remove(id: id)
            case .recordSyncedCard(let card): try recordSyncedCard(card)
            case .removeSyncedCard(let providerID, let href): try removeSyncedCard(providerID: providerID, href: href)
            case .beginSyncWrite(let entry): begun.append(try beginSyncWrite(entry))
            case .endSyncWrite(let id): try endSyncWrite(id: id)
            case .endSyncWrites(let providerID, let href): try endSyncWrites(providerID: providerID, href: href)
            case .setProviderSyncState(let state, let providerID): try setProviderSyncState(state, for: providerID)
            }
        }
        return begun
    }
}
