import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// A PostgreSQL store runs the store's algorithms (``StoreAlgorithms``), which are synchronous, in
/// its asynchronous transactions: the body runs on a thread of its own (``BlockingBridge/run(_:)``)
/// and each row call waits there for its query.
extension PostgresContactStore: StoreRowBackend {
    /// Runs `body` in a read-only snapshot.
    package func readRows<T: Sendable>(_ body: @escaping @Sendable (any StoreRowReading) throws -> T) async throws -> T {
        try await readSnapshot { transaction in
            let rows = PostgresRowTransaction(transaction)
            return try await BlockingBridge.run { try body(rows) }
        }
    }

    /// Runs `body` in a write transaction under the store's write lock.
    package func writeRows<T: Sendable>(_ body: @escaping @Sendable (any StoreRowTransaction) throws -> T) async throws -> T {
        try await write { transaction in
            let rows = PostgresRowTransaction(transaction)
            return try await BlockingBridge.run { try body(rows) }
        }
    }
}

/// The rows of one PostgreSQL transaction, served synchronously: each call runs its queries on
/// the transaction's connection and blocks the calling thread (the transaction body's own, see
/// ``BlockingBridge``) until they complete.
///
/// `@unchecked Sendable`: it is handed to the body's thread and used there only, one call at a
/// time; each call's task finishes before the next begins.
final class PostgresRowTransaction: StoreRowTransaction, @unchecked Sendable {
    private let transaction: PostgresWriteTransaction

    init(_ transaction: PostgresWriteTransaction) { self.transaction = transaction }

    private func wait<T: Sendable>(_ operation: @escaping @Sendable (PostgresWriteTransaction) async throws -> T) throws -> T {
        try BlockingBridge.wait { try await operation(self.transaction) }
    }

    func allContacts(order: ContactOrder) throws -> [Contact] {
        switch order {
        case .insertion: try wait { try await $0.allContacts() }
        case .name: try wait { try await $0.fetchContacts("SELECT id, json, photo, photo_type FROM contact ORDER BY sort_key, row_id") }
        }
    }

    func contacts(ids: [ContactID]) throws -> [Contact] {
        try wait { try await $0.fetchContacts("""
            SELECT id, json, photo, photo_type FROM contact WHERE id = ANY(\(ids.map(\.rawValue))::text[])
            """) }
    }

    func searchCandidateRows(fullText: [String], namePrefix: String, receive: (StoredJSONChunk) throws -> Void) throws {
        for chunk in try wait({ try await $0.searchCandidateRows(fullText: fullText, namePrefix: namePrefix) }) {
            try receive(chunk)
        }
    }

    func changeSequences(of ids: [ContactID]) throws -> [ContactID: Int64] {
        try wait { transaction in
            var sequences: [ContactID: Int64] = [:]
            for try await (id, sequence) in try await transaction.query("""
                SELECT contact_id, sequence FROM contact_change WHERE contact_id = ANY(\(ids.map(\.rawValue))::text[])
                """).decode((String, Int64).self) {
                sequences[ContactID(rawValue: id)] = sequence
            }
            return sequences
        }
    }

    func contactIDs(providerID: String, recordID: String) throws -> [ContactID] {
        try wait { try await $0.contactIDs(providerID: providerID, recordID: recordID) }
    }

    func contacts(ofProvider providerID: String) throws -> [Contact] {
        try wait { try await $0.contacts(ofProvider: providerID) }
    }

    func mergeDecisions() throws -> ContactMergeDecisions { try wait { try await $0.mergeDecisions() } }

    func memberVersions(of survivor: ContactID) throws -> [(contact: Contact, isSnapshot: Bool)] {
        try wait { try await $0.memberVersions(of: survivor) }
    }

    func allMemberVersions() throws -> [StoreBookkeeping.MemberVersion] { try wait { try await $0.allMemberVersions() } }

    func providerSyncStates() throws -> [String: ProviderSyncState] { try wait { try await $0.providerSyncStates() } }

    func providerSyncState(for providerID: String) throws -> ProviderSyncState? {
        try wait { try await $0.providerSyncState(for: providerID) }
    }

    func syncProviderIDs() throws -> [String] { try wait { try await $0.syncProviderIDs() } }

    func syncedCards(providerID: String) throws -> [SyncedCard] {
        try wait { try await $0.syncedCards(providerID: providerID) }
    }

    func pendingSyncWrites(providerID: String) throws -> [SyncJournalEntry] {
        try wait { try await $0.pendingSyncWrites(providerID: providerID) }
    }

    func changeHistory() throws -> StoreBookkeeping.ChangeHistory { try wait { try await $0.changeHistory() } }

    func saveContact(_ contact: Contact) throws {
        _ = try wait { try await $0.save([contact], mode: .upsertByID) }
    }

    func saveContacts(_ contacts: [Contact], mode: ContactSaveMode, claimed: Set<ContactID>) throws -> ContactSaveSummary {
        try wait { try await $0.save(contacts, mode: mode, claimed: claimed) }
    }

    func removeContacts(ids: [ContactID]) throws -> Int { try wait { try await $0.remove(ids: ids) } }

    func mergedMemberRows(for batch: [Contact]) throws -> (any MergedMemberRows)? {
        let index: MergedMemberIndex? = try wait { try await $0.memberIndex(for: batch) }
        return index
    }

    func writeMember(_ contact: Contact, survivor: ContactID, position: Int, isSnapshot: Bool) throws {
        try wait { try await $0.writeMember(contact, survivor: survivor, position: position, isSnapshot: isSnapshot) }
    }

    func forgetMembers(ofRemoved survivor: ContactID) throws {
        try wait { try await $0.forgetMembers(ofRemoved: [survivor.rawValue]) }
    }

    func setMergeDecisions(_ decisions: ContactMergeDecisions) throws {
        try wait { try await $0.setMergeDecisions(decisions) }
    }

    func setProviderSyncState(_ state: ProviderSyncState?, for providerID: String) throws {
        try wait { try await $0.setProviderSyncState(state, for: providerID) }
    }

    func recordSyncedCard(_ card: SyncedCard) throws { try wait { try await $0.recordSyncedCard(card) } }

    func removeSyncedCard(providerID: String, href: String) throws {
        try wait { try await $0.removeSyncedCard(providerID: providerID, href: href) }
    }

    func beginSyncWrite(_ entry: SyncJournalEntry) throws -> SyncJournalEntry {
        try wait { try await $0.beginSyncWrite(entry) }
    }

    func endSyncWrite(id: Int64) throws { try wait { try await $0.endSyncWrite(id: id) } }

    func endSyncWrites(providerID: String, href: String) throws {
        try wait { try await $0.endSyncWrites(providerID: providerID, href: href) }
    }

    func removeAllBookkeepingRows() throws { try wait { try await $0.removeAllBookkeepingRows() } }

    func settings() throws -> [String: Data] { try wait { try await $0.settings() } }

    func setting(_ key: String) throws -> Data? { try wait { try await $0.setting(key) } }

    func setSetting(_ value: Data?, for key: String) throws { try wait { try await $0.setSetting(value, for: key) } }

    func revision(number: Int64) throws -> ContactRevision? { try wait { try await $0.revision(number: number) } }

    func revisions(of contactID: ContactID?, limit: Int) throws -> [ContactRevision] {
        try wait { try await $0.revisions(of: contactID, limit: limit) }
    }

    func recordRevision(_ revision: ContactRevision) throws -> ContactRevision {
        try wait { try await $0.recordRevision(revision) }
    }

    func replaceChangeHistory(_ history: StoreBookkeeping.ChangeHistory) throws {
        try wait { try await $0.replaceChangeHistory(history) }
    }
}
