import Foundation
import GRDB
import Ohana

/// One write of a two-way sync to its store: contacts, the last synced version of cards, the
/// journal of server writes, and the provider's sync state. A sync hands a list of them to
/// ``ContactStorage/applySyncWrites(_:)``, which applies them in order in one transaction, so the
/// same sync engine runs on every backend.
public enum SyncRecordWrite: Sendable {
    /// Stores a contact (adds it, or replaces the one with the same id).
    case save(Contact)
    /// Removes the contact with this id, if stored.
    case remove(ContactID)
    /// Records a card's synced version (replacing the previous one of the same provider and href).
    case recordSyncedCard(SyncedCard)
    /// Forgets a card's synced version.
    case removeSyncedCard(providerID: String, href: String)
    /// Records a server write before it is sent; the entry with its number is returned.
    case beginSyncWrite(SyncJournalEntry)
    /// Marks one server write as settled.
    case endSyncWrite(id: Int64)
    /// Marks every write of a provider to one card as settled.
    case endSyncWrites(providerID: String, href: String)
    /// Records (or, with `nil`, forgets) a provider's sync state.
    case setProviderSyncState(ProviderSyncState?, providerID: String)
}

/// What a two-way sync reads from its store before it talks to the server, in one snapshot.
public struct SyncSnapshot: Sendable {
    /// The last synced version of every card of the provider, ordered by href.
    public var syncedCards: [SyncedCard]
    /// Every stored contact, in insertion order.
    public var contacts: [Contact]

    /// Creates a snapshot.
    public init(syncedCards: [SyncedCard], contacts: [Contact]) {
        self.syncedCards = syncedCards
        self.contacts = contacts
    }
}

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

extension ContactWriteTransaction {
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
