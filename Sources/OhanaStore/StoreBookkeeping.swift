import Foundation
import Ohana

/// What a store keeps beside its contacts: the user's merge decisions, the member versions of
/// merged contacts, each incremental provider's sync state, a two-way sync's records (the last
/// synced version of each card, and server writes begun and not yet settled), and the change
/// history behind its change tokens. ``ContactStoreCopy`` copies
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

    /// The change history behind a store's change tokens: its identity, its last change number,
    /// how far removals were pruned, and the last change of each contact. A store given another's
    /// history answers that store's tokens.
    public struct ChangeHistory: Hashable, Sendable {
        /// The last change of one contact.
        public struct Entry: Hashable, Sendable {
            /// The contact.
            public var contactID: ContactID
            /// The number of its last change.
            public var sequence: Int64
            /// Whether that change removed it.
            public var isRemoved: Bool
            /// The number of the change that added it.
            public var addedSequence: Int64

            /// Creates an entry.
            public init(contactID: ContactID, sequence: Int64, isRemoved: Bool, addedSequence: Int64) {
                self.contactID = contactID
                self.sequence = sequence
                self.isRemoved = isRemoved
                self.addedSequence = addedSequence
            }
        }

        /// The identity tokens carry.
        public var storeID: String
        /// The number of the last change.
        public var sequence: Int64
        /// Removals up to this number are forgotten (older tokens expire).
        public var prunedThrough: Int64
        /// The last change of each contact, ordered by contact id.
        public var entries: [Entry]

        /// Creates a change history.
        public init(storeID: String, sequence: Int64, prunedThrough: Int64, entries: [Entry]) {
            self.storeID = storeID
            self.sequence = sequence
            self.prunedThrough = prunedThrough
            self.entries = entries
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
    /// The change history; `nil` leaves a store's own when the bookkeeping is replaced.
    public var changeHistory: ChangeHistory?
    /// The store's settings by key (``ContactStorage/setting(_:)``).
    public var settings: [String: Data]
    /// The edit journal, oldest first (``ContactRevision``), so that edits stay undoable in a copy.
    public var revisions: [ContactRevision]

    /// Creates bookkeeping.
    public init(decisions: ContactMergeDecisions = ContactMergeDecisions(), members: [MemberVersion] = [],
                providerSyncStates: [String: ProviderSyncState] = [:], syncedCards: [SyncedCard] = [],
                pendingSyncWrites: [SyncJournalEntry] = [], changeHistory: ChangeHistory? = nil,
                settings: [String: Data] = [:], revisions: [ContactRevision] = []) {
        self.decisions = decisions
        self.members = members
        self.providerSyncStates = providerSyncStates
        self.syncedCards = syncedCards
        self.pendingSyncWrites = pendingSyncWrites
        self.changeHistory = changeHistory
        self.settings = settings
        self.revisions = revisions
    }

    /// Whether there is nothing to keep.
    public var isEmpty: Bool {
        decisions.isEmpty && members.isEmpty && providerSyncStates.isEmpty && syncedCards.isEmpty && pendingSyncWrites.isEmpty
            && settings.isEmpty && revisions.isEmpty
    }

    /// The same bookkeeping with the journal entries' numbers left out (each store numbers its own),
    /// for comparing two stores' bookkeeping.
    public var withoutJournalNumbers: StoreBookkeeping {
        var copy = self
        copy.pendingSyncWrites = pendingSyncWrites.map { var entry = $0; entry.id = 0; return entry }
        return copy
    }

    /// The writes that record this bookkeeping's two-way sync records in a store.
    package var syncRecordWrites: [SyncRecordWrite] {
        syncedCards.map { .recordSyncedCard($0) } + pendingSyncWrites.map { .beginSyncWrite($0) }
    }

    /// Members in the canonical order (merged contact, then position), so two stores' bookkeeping compares equal.
    package static func ordered(_ members: [MemberVersion]) -> [MemberVersion] {
        members.sorted { ($0.survivor.rawValue, $0.position) < ($1.survivor.rawValue, $1.position) }
    }
}
