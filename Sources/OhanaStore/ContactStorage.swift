import Foundation
import Ohana

/// What every store backend serves, the same way: saving batches in one transaction, queries,
/// full-text search and change tokens. The backends implement it in targets of their own:
/// `SQLiteContactStorage` (OhanaStoreSQLite, embedded) and `PostgresContactStore` (OhanaStorePostgres,
/// shared); open the backends an app registers by location with ``ContactStorageBackends``.
public protocol ContactStorage: AnyObject, Sendable {
    /// Where the store lives, for messages: a file path, `:memory:` or a `postgres://` URL (never with a password).
    var locationDescription: String { get }
    /// Stores a batch of contacts in one transaction (see `SQLiteWriteTransaction.save(_:mode:)` (OhanaStoreSQLite)).
    @discardableResult
    func save(_ contacts: [Contact], mode: ContactSaveMode) async throws -> ContactSaveSummary
    /// Removes the contacts with these ids in one transaction; returns how many were stored.
    @discardableResult
    func remove(ids: [ContactID]) async throws -> Int
    /// The contact with this id, if stored.
    func contact(withID id: ContactID) async throws -> Contact?
    /// Every stored contact, in the given order.
    func allContacts(order: ContactOrder) async throws -> [Contact]
    /// The number of stored contacts.
    func contactCount() async throws -> Int
    /// The contacts loaded from one source record of one provider, in the order they were stored.
    func contacts(providerID: String, recordID: String) async throws -> [Contact]
    /// The contacts carrying a tag, ignoring case and diacritics, ordered by name.
    func contacts(taggedWith tag: String) async throws -> [Contact]
    /// The contacts with a name part starting with `prefix` (at a word start), ordered by name.
    func contacts(withNamePrefix prefix: String) async throws -> [Contact]
    /// The contacts whose names or field values contain every word of `query` as a word prefix, best first.
    func search(_ query: String, limit: Int?) async throws -> [Contact]
    /// The token for the store's current state.
    func currentChangeToken() async throws -> ChangeToken
    /// What changed since `token`; an unknown or expired token throws, and the caller reloads everything.
    func changes(since token: ChangeToken) async throws -> ContactChanges
    /// Closes the store; later calls throw.
    func shutDown() async throws

    // MARK: Child stores

    /// Makes a child store: an in-memory copy of this store's contacts for edits that may be thrown
    /// away (``ContactChildStore/discard()``) or committed back with ``commitChild(_:policy:)``.
    func makeChild() async throws -> any ContactChildStore
    /// Commits a child store's changes to this store in one transaction, then closes the child;
    /// contacts changed on both sides since the child was made are handled by `policy`.
    @discardableResult
    func commitChild(_ child: any ContactChildStore, policy: ChildCommitPolicy) async throws -> ContactSaveSummary

    // MARK: Merges

    /// The merge decisions recorded in the store, in the order they were recorded.
    func mergeDecisions() async throws -> ContactMergeDecisions
    /// Replaces the merge decisions recorded in the store.
    func setMergeDecisions(_ decisions: ContactMergeDecisions) async throws
    /// The recorded members of every stored merged contact, by merged contact, in merge order.
    func allMergedMembers() async throws -> [ContactID: [Contact]]
    /// Merges groups of stored contacts in one transaction: `plan` gets every stored contact in
    /// insertion order and returns the groups to merge; each merged contact is stored in place of
    /// its members, whose versions are kept (see `SQLiteWriteTransaction.saveMerged(_:members:)` (OhanaStoreSQLite)).
    /// Returns how many groups were merged.
    func mergeContacts(_ plan: @escaping @Sendable ([Contact]) throws -> [ContactMergeGroup]) async throws -> Int
    /// Undoes the merge that made the stored contact `id` (see `SQLiteWriteTransaction.undoMerge(of:)` (OhanaStoreSQLite)).
    func undoMerge(of id: ContactID) async throws -> MergeUndoResult
    /// Takes one member out of a merged contact (see `SQLiteWriteTransaction.removeMember(_:fromMerged:remerging:)` (OhanaStoreSQLite)).
    func removeMember(_ memberID: ContactID, fromMerged id: ContactID,
                      remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> MergeUndoResult
    /// Stores a batch in one transaction, keeping merged contacts merged (see `SQLiteWriteTransaction.upsert(_:remerging:)` (OhanaStoreSQLite)).
    func upsert(_ contacts: [Contact],
                remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ContactSaveSummary

    // MARK: Bookkeeping

    /// The merge decisions, member versions and provider sync states the store keeps.
    func bookkeeping() async throws -> StoreBookkeeping
    /// Replaces the merge decisions, member versions and provider sync states, in one transaction.
    func replaceBookkeeping(_ bookkeeping: StoreBookkeeping) async throws

    // MARK: Settings

    /// A setting kept with the store by key (`nil` when none): a small value an app or the library
    /// keeps beside the contacts, such as the person's phone region choices. Copied with the store.
    func setting(_ key: String) async throws -> Data?
    /// Keeps (or, with `nil`, forgets) a setting, in one transaction.
    func setSetting(_ value: Data?, for key: String) async throws

    // MARK: Editing

    /// The contact with this id and its version (the change number of its last change), if stored.
    func versionedContact(withID id: ContactID) async throws -> VersionedContact?
    /// Creates, updates or deletes one contact in one transaction, checked against the version the
    /// write was made on (``ContactStoreError/versionConflict(_:)`` with both versions when it
    /// changed meanwhile, and nothing is written), recorded in the change log (so the change feed
    /// and `ohana sync` see it) and journaled as a ``ContactRevision`` that can be undone.
    func write(_ write: ContactWrite) async throws -> ContactWriteResult
    /// Undoes revision `number` in one transaction: the contact goes back to how it was before it,
    /// when it is still as the revision left it (or at version `expecting`); journaled as a revision too.
    func undoRevision(_ number: Int64, expecting version: Int64?) async throws -> ContactWriteResult
    /// The latest revisions, newest first, of one contact (or of all when `contactID` is `nil`).
    func revisions(of contactID: ContactID?, limit: Int) async throws -> [ContactRevision]

    // MARK: Accounts and audit trail (AccountRecords.swift)

    /// Every account kept in the store, by name.
    func accounts() async throws -> [StoredAccount]
    /// Adds or replaces the account with `account.name`, in one transaction.
    func saveAccount(_ account: StoredAccount) async throws
    /// Removes the account named `name`; returns whether there was one.
    func removeAccount(named name: String) async throws -> Bool
    /// Appends a write to the audit trail; returns it numbered.
    @discardableResult
    func recordAudit(_ entry: AuditEntry) async throws -> AuditEntry
    /// The audit trail from `since` on (all of it when `nil`), oldest first.
    func auditEntries(since: Date?) async throws -> [AuditEntry]
    /// Replaces the accounts and the audit trail (keeping the entries' numbers), in one transaction.
    func replaceAccountRecords(_ records: StoreAccountRecords) async throws

    // MARK: Two-way sync records

    /// The provider's synced cards and every stored contact, in one snapshot.
    func syncSnapshot(providerID: String) async throws -> SyncSnapshot
    /// The server writes of a provider that were begun and not yet ended, oldest first.
    func pendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry]
    /// Applies a two-way sync's writes in order in one transaction; returns the journal entries begun, numbered.
    func applySyncWrites(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry]

    // MARK: Provider sync state

    /// The state the provider `providerID` reported at its last sync into this store, if any.
    func providerSyncState(for providerID: String) async throws -> ProviderSyncState?
    /// Brings the store up to date with an incremental provider: asks it what changed since the
    /// state kept for it, and applies the change set and the new state in one transaction.
    func sync(with provider: some IncrementalContactsProvider,
              remerging merge: @escaping @Sendable ([Contact]) throws -> Contact) async throws -> ProviderSyncSummary
}
