import Foundation
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
