import Foundation
import Ohana

/// What a store keeps beside its contacts: the user's merge decisions, the member versions of
/// merged contacts, each incremental provider's sync state, and a two-way sync's records (the
/// last synced version of each card, and server writes begun and not yet settled). ``ContactStoreMigration`` copies
/// it from one backend to the other with the contacts.
public struct StoreBookkeeping: Hashable, Sendable {
    /// One recorded member version of a merged contact.
    public struct MemberVersion: Hashable, Sendable {
        /// The merged contact it belongs to.
        public var survivor: ContactID
        /// Its place in merge order.
        public var position: Int
        /// Whether it is a fixed snapshot (a contact merged before members were kept) that imports never replace.
        public var isSnapshot: Bool
        /// The member as last imported.
        public var contact: Contact

        /// Creates a member version.
        public init(survivor: ContactID, position: Int, isSnapshot: Bool, contact: Contact) {
            self.survivor = survivor
            self.position = position
            self.isSnapshot = isSnapshot
            self.contact = contact
        }
    }

    /// The merge decisions, in the order they were recorded.
    public var decisions: ContactMergeDecisions
    /// Every member version, ordered by merged contact and position.
    public var members: [MemberVersion]
    /// The sync state of each incremental provider, by provider id.
    public var providerSyncStates: [String: ProviderSyncState]
    /// The last synced version of every card, ordered by provider and href.
    public var syncedCards: [SyncedCard]
    /// The server writes begun and not yet settled, oldest first (their numbers are the store's own).
    public var pendingSyncWrites: [SyncJournalEntry]

    /// Creates bookkeeping.
    public init(decisions: ContactMergeDecisions = ContactMergeDecisions(), members: [MemberVersion] = [],
                providerSyncStates: [String: ProviderSyncState] = [:], syncedCards: [SyncedCard] = [],
                pendingSyncWrites: [SyncJournalEntry] = []) {
        self.decisions = decisions
        self.members = members
        self.providerSyncStates = providerSyncStates
        self.syncedCards = syncedCards
        self.pendingSyncWrites = pendingSyncWrites
    }

    /// Whether there is nothing to keep.
    public var isEmpty: Bool {
        decisions.isEmpty && members.isEmpty && providerSyncStates.isEmpty && syncedCards.isEmpty && pendingSyncWrites.isEmpty
    }

    /// The same bookkeeping with the journal entries' numbers left out (each store numbers its own),
    /// for comparing two stores' bookkeeping.
    public var withoutJournalNumbers: StoreBookkeeping {
        var copy = self
        copy.pendingSyncWrites = pendingSyncWrites.map { var entry = $0; entry.id = 0; return entry }
        return copy
    }

    /// The writes that record this bookkeeping's two-way sync records in a store.
    var syncRecordWrites: [SyncRecordWrite] {
        syncedCards.map { .recordSyncedCard($0) } + pendingSyncWrites.map { .beginSyncWrite($0) }
    }

    /// Members in the canonical order (merged contact, then position), so two stores' bookkeeping compares equal.
    static func ordered(_ members: [MemberVersion]) -> [MemberVersion] {
        members.sorted { ($0.survivor.rawValue, $0.position) < ($1.survivor.rawValue, $1.position) }
    }
}
