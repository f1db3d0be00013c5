import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// Two-way sync records on PostgreSQL: the same tables and rules as the SQLite store's
/// (``SQLiteReadTransaction/syncedCards(providerID:)``, ``SQLiteWriteTransaction/beginSyncWrite(_:)``).
extension PostgresContactStore {
    /// The provider's synced cards and every stored contact, in one snapshot.
    public func syncSnapshot(providerID: String) async throws -> SyncSnapshot {
        try await rowSyncSnapshot(providerID: providerID)
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    public func pendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry] {
        try await rowPendingSyncWrites(providerID: providerID)
    }

    /// Applies a two-way sync's writes in order in one transaction; returns the journal entries begun, numbered.
    public func applySyncWrites(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        try await rowApplySyncWrites(writes)
    }
}

extension PostgresWriteTransaction {
    /// The last synced version of every card of a provider, ordered by href.
    func syncedCards(providerID: String) async throws -> [SyncedCard] {
        var cards: [SyncedCard] = []
        for try await (href, etag, vCard, contactID) in try await query("""
            SELECT href, etag, vcard, contact_id FROM synced_card WHERE provider_id = \(providerID) ORDER BY href COLLATE "C"
            """).decode((String, String?, String, String).self) {
            cards.append(SyncedCard(providerID: providerID, href: href, etag: etag, vCard: vCard,
                                    contactID: ContactID(rawValue: contactID)))
        }
        return cards
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    func pendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry] {
        var entries: [SyncJournalEntry] = []
        for try await (id, href, operationText, contactID, expected, vCard, local) in try await query("""
            SELECT id, href, operation, contact_id, expected_etag, vcard, local_vcard FROM sync_journal
            WHERE provider_id = \(providerID) ORDER BY id
            """).decode((Int64, String, String, String?, String?, String?, String?).self) {
            guard let operation = SyncJournalEntry.Operation(rawValue: operationText) else {
                throw ContactStoreError.corruptRecord(id: nil, reason: "unknown sync journal operation \(operationText)")
            }
            entries.append(SyncJournalEntry(id: id, providerID: providerID, href: href, operation: operation,
                                            contactID: contactID.map(ContactID.init(rawValue:)), expectedETag: expected,
                                            vCard: vCard, localVCard: local))
        }
        return entries
    }

    /// Records a card's synced version (replacing the previous one of the same provider and href).
    func recordSyncedCard(_ card: SyncedCard) async throws {
        try await query("""
            INSERT INTO synced_card (provider_id, href, etag, vcard, contact_id)
            VALUES (\(card.providerID), \(card.href), \(card.etag), \(card.vCard), \(card.contactID.rawValue))
            ON CONFLICT (provider_id, href) DO UPDATE SET etag = excluded.etag, vcard = excluded.vcard,
                contact_id = excluded.contact_id
            """)
    }

    /// Forgets a card's synced version.
    func removeSyncedCard(providerID: String, href: String) async throws {
        try await query("DELETE FROM synced_card WHERE provider_id = \(providerID) AND href = \(href)")
    }

    /// Records a server write before it is sent; returns the entry with its number.
    func beginSyncWrite(_ entry: SyncJournalEntry) async throws -> SyncJournalEntry {
        var recorded = entry
        for try await id in try await query("""
            INSERT INTO sync_journal (provider_id, href, operation, contact_id, expected_etag, vcard, local_vcard)
            VALUES (\(entry.providerID), \(entry.href), \(entry.operation.rawValue), \(entry.contactID?.rawValue),
                    \(entry.expectedETag), \(entry.vCard), \(entry.localVCard))
            RETURNING id
            """).decode(Int64.self) {
            recorded.id = id
        }
        return recorded
    }

    /// Marks one server write as settled.
    func endSyncWrite(id: Int64) async throws {
        try await query("DELETE FROM sync_journal WHERE id = \(id)")
    }

    /// Marks every write of a provider to one card as settled.
    func endSyncWrites(providerID: String, href: String) async throws {
        try await query("DELETE FROM sync_journal WHERE provider_id = \(providerID) AND href = \(href)")
    }

    /// The providers with synced cards or pending server writes, in code point order.
    func syncProviderIDs() async throws -> [String] {
        var providers: [String] = []
        for try await provider in try await query("""
            SELECT provider_id COLLATE "C" FROM synced_card UNION SELECT provider_id FROM sync_journal ORDER BY 1
            """).decode(String.self) {
            providers.append(provider)
        }
        return providers
    }
}
