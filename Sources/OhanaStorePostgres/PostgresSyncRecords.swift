import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// Two-way sync records on PostgreSQL: the same tables and rules as the SQLite store's
/// (``SQLiteReadTransaction/syncedCards(providerID:)``, ``SQLiteWriteTransaction/beginSyncWrite(_:)``).
extension PostgresContactStore {
    /// The provider's synced cards and every stored contact, in one snapshot.
    public func syncSnapshot(providerID: String) async throws -> SyncSnapshot {
        try await readSnapshot { transaction in
            SyncSnapshot(syncedCards: try await transaction.syncedCards(providerID: providerID),
                         contacts: try await transaction.allContacts())
        }
    }

    /// The server writes of a provider that were begun and not yet ended, oldest first.
    public func pendingSyncWrites(providerID: String) async throws -> [SyncJournalEntry] {
        try await readSnapshot { try await $0.pendingSyncWrites(providerID: providerID) }
    }

    /// Applies a two-way sync's writes in order in one transaction; returns the journal entries begun, numbered.
    public func applySyncWrites(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        try await write { try await $0.apply(writes) }
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

    /// Applies sync writes in order; returns the journal entries begun, numbered.
    func apply(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        var begun: [SyncJournalEntry] = []
        for write in writes {
            switch write {
            case .save(let contact):
                _ = try await save([contact], mode: .upsertByID)
            case .remove(let id):
                _ = try await remove(ids: [id])
            case .recordSyncedCard(let card):
                try await query("""
                    INSERT INTO synced_card (provider_id, href, etag, vcard, contact_id)
                    VALUES (\(card.providerID), \(card.href), \(card.etag), \(card.vCard), \(card.contactID.rawValue))
                    ON CONFLICT (provider_id, href) DO UPDATE SET etag = excluded.etag, vcard = excluded.vcard,
                        contact_id = excluded.contact_id
                    """)
            case .removeSyncedCard(let providerID, let href):
                try await query("DELETE FROM synced_card WHERE provider_id = \(providerID) AND href = \(href)")
            case .beginSyncWrite(let entry):
                var recorded = entry
                for try await id in try await query("""
                    INSERT INTO sync_journal (provider_id, href, operation, contact_id, expected_etag, vcard, local_vcard)
                    VALUES (\(entry.providerID), \(entry.href), \(entry.operation.rawValue), \(entry.contactID?.rawValue),
                            \(entry.expectedETag), \(entry.vCard), \(entry.localVCard))
                    RETURNING id
                    """).decode(Int64.self) {
                    recorded.id = id
                }
                begun.append(recorded)
            case .endSyncWrite(let id):
                try await query("DELETE FROM sync_journal WHERE id = \(id)")
            case .endSyncWrites(let providerID, let href):
                try await query("DELETE FROM sync_journal WHERE provider_id = \(providerID) AND href = \(href)")
            case .setProviderSyncState(let state, let providerID):
                try await setProviderSyncState(state, for: providerID)
            }
        }
        return begun
    }
}
