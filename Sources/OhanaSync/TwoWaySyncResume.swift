import Foundation
import Ohana
import OhanaCardDAV
import OhanaStore

extension TwoWaySyncRun {
    /// Settles the writes a stopped sync began. A write whose card is on the server as it was sent
    /// arrived: the card becomes the base, even when its contact was removed or merged since (so that
    /// the next step sees the card as ours, not as a change made on the server). A delete whose card
    /// is gone arrived. A create or update not (yet) on the server whose condition still holds stays
    /// in the journal: a request sent just before the kill may still land, so it is settled when the
    /// card shows what was sent, or by the next write to the same href.
    func resume() async throws {
        let pending = try await store.pendingSyncWrites(providerID: providerID)
        for entry in pending {
            let book = CardDAVContactsProvider.parent(of: entry.href, base: client.serverURL)
            let server = try await client.card(at: entry.href, in: book)
            switch entry.operation {
            case .create, .update:
                if let server, let sent = entry.vCard, isSame(sent, as: server) {
                    try await settleArrived(entry, server: server)
                } else if canStillLand(entry, server: server) {
                    unconfirmed[key(entry.href, in: book)] = entry
                    continue
                } else {
                    // Its precondition no longer holds (the card is there for a create, or has another ETag
                    // for an update): it never arrived and cannot arrive now. This run makes it again if needed.
                    try await apply([.endSyncWrite(id: entry.id)])
                }
            case .delete:
                var writes: [SyncRecordWrite] = []
                if server == nil {
                    writes.append(.removeSyncedCard(providerID: providerID, href: entry.href))
                    for contact in try await store.contacts(providerID: providerID, recordID: entry.href) {
                        writes.append(.save(forgetting(entry.href, in: contact)))
                    }
                }
                try await apply(writes + [.endSyncWrite(id: entry.id)])
            }
            report.resumedWrites += 1
        }
    }

    /// Whether a create or update not on the server could still arrive: its condition (`If-None-Match: *`,
    /// or `If-Match` with the ETag it expected) still holds.
    func canStillLand(_ entry: SyncJournalEntry, server: CardDAVCard?) -> Bool {
        switch entry.operation {
        case .create: server == nil
        case .update: server != nil && (entry.expectedETag == nil || entry.expectedETag == "*" || server?.etag == entry.expectedETag)
        case .delete: false
        }
    }

    /// Whether a card's text says what `sent` said (the server may reorder or re-encode it).
    func isSame(_ sent: String, as card: CardDAVCard) -> Bool {
        guard let ours = parse(sent, href: card.href, etag: card.etag),
              let theirs = parse(card.vCard, href: card.href, etag: card.etag) else { return false }
        return canonicalCard(ours) == canonicalCard(theirs)
    }

    /// Stores the outcome of a create or update that reached the server: the card is the new base;
    /// the contact it was sent for keeps the edits made since (a three-way merge with the version it
    /// was sent from), and every contact holding the card records its new ETag.
    ///
    /// The holders are read before the one transaction that writes the outcome: the sync is the
    /// only writer of its cards' records, and resuming runs before anything else of the sync.
    func settleArrived(_ entry: SyncJournalEntry, server: CardDAVCard) async throws {
        let theirs = parse(server.vCard, href: entry.href, etag: server.etag)
        let from = entry.localVCard.flatMap { parse($0, href: entry.href, etag: nil) }
        var holders = try await store.contacts(providerID: providerID, recordID: entry.href)
        if let id = entry.contactID, !holders.contains(where: { $0.id == id }), let local = try await store.contact(withID: id) {
            holders.append(local)
        }
        let owner = holders.first { $0.id == entry.contactID } ?? holders.first
        var writes: [SyncRecordWrite] = [
            .recordSyncedCard(SyncedCard(providerID: providerID, href: entry.href, etag: server.etag, vCard: server.vCard,
                                         contactID: owner?.id ?? entry.contactID ?? ContactID(rawValue: entry.href))),
        ]
        for local in holders {
            var contact = local
            if local.id == entry.contactID, entry.operation == .update, let theirs, let from {
                contact = merger.merge(base: from, local: local, remote: theirs).contact
                contact.provenance = local.provenance
            }
            writes.append(.save(recording(contact, href: entry.href, etag: server.etag)))
        }
        try await apply(writes + [.endSyncWrites(providerID: providerID, href: entry.href)])
    }
}
