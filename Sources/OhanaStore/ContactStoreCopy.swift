import Foundation
import Ohana

/// Copies a store into another (SQLite to PostgreSQL or back): every contact, in batches, then
/// what the store keeps beside them (``StoreBookkeeping``: merge decisions, member versions,
/// provider sync states), and verifies the copy by count, content hash and bookkeeping. Safe to
/// rerun: contacts keep their ids, a rerun rewrites nothing that is already equal, and contacts
/// the source no longer has are removed from the target.
///
/// The target takes the source's change history too (identity, change numbers, each contact's last
/// change), so a client holding one of the source's change tokens goes on from it on the target.
public struct ContactStoreCopy: Sendable {
    /// What a copy did.
    public struct Report: Hashable, Sendable, CustomStringConvertible {
        /// How many contacts the source holds (and the target, after the copy).
        public var count: Int
        /// What writing the batches did, added up (its `removed` counts contacts only the target had).
        public var summary: ContactSaveSummary
        /// The content hash both stores have (see ``ContactStoreCopy/contentHash(of:)``).
        public var contentHash: UInt64
        /// The merge decisions, member versions and provider sync states copied.
        public var bookkeeping: StoreBookkeeping = StoreBookkeeping()

        /// The report in one line.
        public var description: String {
            "\(count) contacts copied (\(summary)); content hash \(String(contentHash, radix: 16)) on both sides; "
                + "\(bookkeeping.decisions.keptTogether.count + bookkeeping.decisions.keptApart.count) merge decisions, "
                + "\(bookkeeping.members.count) member versions, \(bookkeeping.providerSyncStates.count) provider sync states, "
                + "\(bookkeeping.syncedCards.count) synced cards, change history through "
                + "\(bookkeeping.changeHistory.map { String($0.sequence) } ?? "none")"
        }
    }

    /// How many contacts are written per transaction.
    public var batchSize: Int

    /// Creates a copy that writes `batchSize` contacts per transaction.
    public init(batchSize: Int = 5_000) {
        self.batchSize = max(1, batchSize)
    }

    /// Copies `source` into `target`, calling `progress(copied, total)` after each batch. Throws
    /// ``ContactStoreError/copyMismatch(_:)`` when the target does not end up with the same
    /// contacts as the source.
    public func run(from source: any ContactStorage, to target: any ContactStorage,
                    progress: (Int, Int) -> Void = { _, _ in }) async throws -> Report {
        let contacts = try await source.allContacts(order: .insertion)
        var summary = ContactSaveSummary()
        var start = 0
        progress(0, contacts.count)
        while start < contacts.count {
            let batch = Array(contacts[start..<min(contacts.count, start + batchSize)])
            let written = try await target.save(batch, mode: .upsertByID)
            summary.added += written.added
            summary.updated += written.updated
            summary.unchanged += written.unchanged
            start += batch.count
            progress(start, contacts.count)
        }
        let wanted = Set(contacts.map(\.id))
        let extra = try await target.allContacts(order: .insertion).map(\.id).filter { !wanted.contains($0) }
        if !extra.isEmpty { summary.removed = try await target.remove(ids: extra) }

        let copied = try await target.allContacts(order: .insertion)
        let expected = Self.contentHash(of: contacts)
        let actual = Self.contentHash(of: copied)
        guard copied.count == contacts.count, actual == expected else {
            throw ContactStoreError.copyMismatch(
                "the target holds \(copied.count) contacts with content hash \(String(actual, radix: 16)); "
                    + "the source \(contacts.count) with \(String(expected, radix: 16))")
        }
        let bookkeeping = try await source.bookkeeping()
        try await target.replaceBookkeeping(bookkeeping)
        let copiedBookkeeping = try await target.bookkeeping()
        guard copiedBookkeeping.withoutJournalNumbers == bookkeeping.withoutJournalNumbers else {
            throw ContactStoreError.copyMismatch(
                "the target keeps \(copiedBookkeeping.members.count) member versions and "
                    + "\(copiedBookkeeping.decisions.keptTogether.count + copiedBookkeeping.decisions.keptApart.count) merge decisions; "
                    + "the source \(bookkeeping.members.count) and \(bookkeeping.decisions.keptTogether.count + bookkeeping.decisions.keptApart.count)")
        }
        try await Self.copyAccountRecords(from: source, to: target)
        return Report(count: contacts.count, summary: summary, contentHash: expected, bookkeeping: bookkeeping)
    }

    /// A hash of a set of contacts that does not depend on their order: the sum of 64-bit FNV-1a
    /// hashes of each contact's stored form (its id, JSON with sorted keys, and photo).
    public static func contentHash(of contacts: [Contact]) -> UInt64 {
        let hashes = parallelMap(contacts, minimumPerWorker: 512, state: { ContactCodec() }) { codec, contact -> UInt64 in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash &*= 0x100_0000_01b3
                }
                hash ^= 0xFF
                hash &*= 0x100_0000_01b3
            }
            add(contact.id.rawValue.utf8)
            add((try? codec.encodeJSON(contact)) ?? Data())
            add(contact.photo?.data ?? Data())
            add((contact.photo?.mediaType ?? "").utf8)
            return hash
        }
        return hashes.reduce(0, &+)
    }
}
