import Foundation
import Ohana

/// The rows a store backend serves inside one transaction, for the algorithms written once on top
/// of them (``StoreAlgorithms``): reads of contacts, merged-member rows, small state values, the
/// sync records and the change history, every one seeing the same snapshot.
///
/// Requirements are synchronous: SQLite answers them inside GRDB's transaction closure, the
/// PostgreSQL backend on a thread of the transaction's own that waits for each query
/// (``BlockingBridge``). Only valid inside the transaction it was handed to; do not keep it.
package protocol StoreRowReading: AnyObject {
    /// Every stored contact, in the given order.
    func allContacts(order: ContactOrder) throws -> [Contact]
    /// The stored contacts among these ids, in any order.
    func contacts(ids: [ContactID]) throws -> [Contact]
    /// The search row (``SearchRow``), or where a contact has none its stored JSON (without
    /// photos), of every contact the full-text index finds for any of `fullText`, or with a name
    /// key starting with `namePrefix` folded (every contact when it folds to nothing), each once,
    /// in any order: a search's candidates (``SearchCandidateStorage``).
    /// Handed to `receive` a chunk of about ``SearchCandidates/chunkSize`` at a time as they are
    /// read, so that the caller decodes one chunk while the next is read.
    func searchCandidateRows(fullText: [String], namePrefix: String, receive: (StoredJSONChunk) throws -> Void) throws
    /// The number of the last change of each of these contacts that has a history row.
    func changeSequences(of ids: [ContactID]) throws -> [ContactID: Int64]
    /// The ids of the contacts loaded from one source record of one provider, in storage order.
    func contactIDs(providerID: String, recordID: String) throws -> [ContactID]
    /// The contacts holding any source record of one provider, in storage order.
    func contacts(ofProvider providerID: String) throws -> [Contact]
    /// The merge decisions, in the order they were recorded.
    func mergeDecisions() throws -> ContactMergeDecisions
    /// The recorded members of the merged contact `survivor`, in merge order, with whether each is a fixed snapshot.
    func memberVersions(of survivor: ContactID) throws -> [(contact: Contact, isSnapshot: Bool)]
    /// Every recorded member version, in any order.
    func allMemberVersions() throws -> [StoreBookkeeping.MemberVersion]
    /// The sync state of every incremental provider, by provider id.
    func providerSyncStates() throws -> [String: ProviderSyncState]
    /// The state the provider `providerID` reported at its last sync, if any.
    func providerSyncState(for providerID: String) throws -> ProviderSyncState?
    /// The providers with synced cards or pending server writes, ordered by id (code point order).
    func syncProviderIDs() throws -> [String]
    /// The last synced version of every card of a provider, ordered by href.
    func syncedCards(providerID: String) throws -> [SyncedCard]
    /// The server writes of a provider that were begun and not yet ended, oldest first.
    func pendingSyncWrites(providerID: String) throws -> [SyncJournalEntry]
    /// The change history behind the store's tokens.
    func changeHistory() throws -> StoreBookkeeping.ChangeHistory
    /// Every setting the store keeps (small values by key, such as the person's phone region choices).
    func settings() throws -> [String: Data]
    /// One setting, if kept.
    func setting(_ key: String) throws -> Data?
    /// The revision with this number in the edit journal, if kept.
    func revision(number: Int64) throws -> ContactRevision?
    /// The latest revisions, newest first: of one contact, or of every contact when `contactID` is `nil`.
    func revisions(of contactID: ContactID?, limit: Int) throws -> [ContactRevision]
}

/// The rows a store backend writes inside one write transaction (committed when the body returns,
/// rolled back when it throws). Writing a contact writes its lookup rows (source records, tags,
/// name keys, search) and appends to the change log; removing one forgets the members of a merged
/// contact. Saving a batch is one requirement so that each backend keeps its bulk path.
package protocol StoreRowTransaction: StoreRowReading {
    /// Stores one contact: adds it, or replaces the stored contact with the same id.
    func saveContact(_ contact: Contact) throws
    /// Stores a batch in one of the ``ContactSaveMode``s; in upsert mode no contact replaces or takes an id in `claimed`.
    func saveContacts(_ contacts: [Contact], mode: ContactSaveMode, claimed: Set<ContactID>) throws -> ContactSaveSummary
    /// Removes the contacts with these ids (with their lookup rows and recorded members); returns how many were stored.
    func removeContacts(ids: [ContactID]) throws -> Int
    /// The merged-member rows ``MergedUpsert`` decides a batch with, or `nil` when no stored contact has members.
    func mergedMemberRows(for batch: [Contact]) throws -> (any MergedMemberRows)?
    /// Writes (or rewrites) a member version of the merged contact `survivor` and its source records.
    func writeMember(_ contact: Contact, survivor: ContactID, position: Int, isSnapshot: Bool) throws
    /// Forgets the recorded members of the merged contact `survivor`.
    func forgetMembers(ofRemoved survivor: ContactID) throws
    /// Replaces the merge decisions.
    func setMergeDecisions(_ decisions: ContactMergeDecisions) throws
    /// Records (or, with `nil`, forgets) the sync state of the provider `providerID`.
    func setProviderSyncState(_ state: ProviderSyncState?, for providerID: String) throws
    /// Records a card's synced version (replacing the previous one of the same provider and href).
    func recordSyncedCard(_ card: SyncedCard) throws
    /// Forgets a card's synced version.
    func removeSyncedCard(providerID: String, href: String) throws
    /// Records a server write before it is sent; returns the entry with its number.
    func beginSyncWrite(_ entry: SyncJournalEntry) throws -> SyncJournalEntry
    /// Marks one server write as settled.
    func endSyncWrite(id: Int64) throws
    /// Marks every write of a provider to one card as settled.
    func endSyncWrites(providerID: String, href: String) throws
    /// Forgets every member version, provider sync state, synced card, pending server write,
    /// setting and revision.
    func removeAllBookkeepingRows() throws
    /// Takes another store's change history, identity included, so that its tokens work here.
    func replaceChangeHistory(_ history: StoreBookkeeping.ChangeHistory) throws
    /// Keeps (or, with `nil`, forgets) one setting.
    func setSetting(_ value: Data?, for key: String) throws
    /// Journals a revision: with number 0 it gets the next number, otherwise it keeps its own
    /// (a copied journal); returns it numbered.
    func recordRevision(_ revision: ContactRevision) throws -> ContactRevision
}

/// A store backend as the algorithms written once see it: transactions over its rows. Each
/// backend's ``ContactStorage`` requirements for merges, bookkeeping, sync records and provider
/// syncs forward to the implementations in this protocol's extension.
package protocol StoreRowBackend: Sendable {
    /// Runs `body` in a read-only snapshot of the store.
    func readRows<T: Sendable>(_ body: @escaping @Sendable (any StoreRowReading) throws -> T) async throws -> T
    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    func writeRows<T: Sendable>(_ body: @escaping @Sendable (any StoreRowTransaction) throws -> T) async throws -> T
}
