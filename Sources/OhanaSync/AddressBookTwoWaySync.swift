import Foundation
import Ohana
import OhanaCardDAV
import OhanaStore
import OhanaVCard

/// A card as it is on the server now, read.
struct RemoteCard {
    var href: String
    var etag: String?
    var vCard: String
    var contact: Contact
}

/// The two-way sync of one address book within a run.
struct AddressBookTwoWaySync {
    let run: TwoWaySyncRun
    let bookURL: URL
    /// Whether this is the address book new cards go to (contacts created in the store, and with `pushNew` those of other sources).
    let pushesNewContacts: Bool
    /// The flavour new cards are written in (the version the address book prefers).
    let newCardTarget: VCardTarget

    /// Cards on the server, by key.
    private var server: [String: CardDAVCardReference] = [:]
    /// The last synced version of each card, by key.
    private var base: [String: SyncedCard] = [:]
    /// The server's version of each card that could be read, by key.
    private var remote: [String: RemoteCard] = [:]
    /// The href to send for each key.
    private var hrefByKey: [String: String] = [:]
    /// The cards the pull transferred (of every address book).
    private let transferred: [CardDAVCard]
    /// The ETag of every card on the server, by href as the server writes it ("" when unknown): the
    /// pull's listing, kept up to date with this sync's writes, to be stored as the provider's state.
    var listing: [String: String]
    /// The listing's href of each key.
    var listingHref: [String: String] = [:]
    /// Keys of the cards the pull reported removed from the server since the last sync.
    private var removedOnServer: Set<String> = []

    init(run: TwoWaySyncRun, book: CardDAVAddressBook, listing: [String: String], transferred: [CardDAVCard],
         removed: [String], pushesNewContacts: Bool) {
        self.run = run
        self.bookURL = book.url
        self.newCardTarget = TwoWaySyncRun.newCardTarget(for: book)
        self.listing = listing
        self.transferred = transferred
        self.pushesNewContacts = pushesNewContacts
        self.removedOnServer = Set(removed.map { run.key($0, in: book.url) })
    }

    private var dryRun: Bool { run.options.dryRun }
    private var providerID: String { run.providerID }
    func key(_ href: String) -> String { run.key(href, in: bookURL) }

    private func inBook(_ href: String) -> Bool {
        let k = key(href)
        guard let slash = k.lastIndex(of: "/") else { return false }
        return String(k[..<slash]) == CardDAVClient.normalizedPath(bookURL.path)
    }

    /// Pulls and pushes every card of the address book.
    mutating func sync() async throws {
        let references = listing.keys.sorted().map { CardDAVCardReference(href: $0, etag: listing[$0].flatMap { $0.isEmpty ? nil : $0 }) }
        for reference in references {
            server[key(reference.href)] = reference
            hrefByKey[key(reference.href)] = reference.href
            listingHref[key(reference.href)] = reference.href
        }
        let providerID = self.providerID
        let snapshot = try await run.store.syncSnapshot(providerID: providerID)
        let (bases, contacts) = (snapshot.syncedCards, snapshot.contacts)
        for card in bases where inBook(card.href) {
            base[key(card.href)] = card
            if hrefByKey[key(card.href)] == nil { hrefByKey[key(card.href)] = card.href }
        }

        // The cards a stored contact holds (a merged contact holds several), first claim wins.
        var contactByID: [ContactID: Contact] = [:]
        var keysOf: [ContactID: [String]] = [:]
        var owner: [String: ContactID] = [:]
        var order: [ContactID] = []
        var newContacts: [ContactID] = []
        for contact in contacts {
            contactByID[contact.id] = contact
            let records = contact.provenance.compactMap { $0.providerID == providerID ? $0.recordID : nil }
            if records.isEmpty {
                // Contacts created in the store always get a card; those of other sources only with `pushNew`.
                if pushesNewContacts, run.options.pushNew
                    || (run.options.pushesStoreCreatedContacts && StoreCreatedContacts.isCreatedInStore(contact)) {
                    newContacts.append(contact.id)
                }
                continue
            }
            for href in records where inBook(href) && owner[key(href)] == nil {
                owner[key(href)] = contact.id
                keysOf[contact.id, default: []].append(key(href))
                if hrefByKey[key(href)] == nil { hrefByKey[key(href)] = href }
            }
            if keysOf[contact.id] != nil { order.append(contact.id) }
        }

        // The cards the pull transferred, then any other whose ETag differs from its base (a card
        // without one: the first two-way sync of a store filled by pulls); the others are their base.
        var received = transferred.filter { server[key($0.href)] != nil }
        let have = Set(received.map { key($0.href) })
        let wanted = references.filter { !have.contains(key($0.href)) && ($0.etag == nil || base[key($0.href)]?.etag != $0.etag) }
        if !wanted.isEmpty {
            let fetched = await run.client.fetchCards(wanted.map(\.href), in: bookURL)
            if let error = fetched.error { throw error }
            received += fetched.cards
            run.report.cardsTransferred += fetched.cards.count
        }
        for card in received {
            let etag = card.etag ?? server[key(card.href)]?.etag
            if let contact = run.parse(card.vCard, href: card.href, etag: etag) {
                remote[key(card.href)] = RemoteCard(href: card.href, etag: etag, vCard: card.vCard, contact: contact)
            }
        }
        for (k, reference) in server where remote[k] == nil {
            guard let card = base[k], card.etag == reference.etag,
                  let contact = run.parse(card.vCard, href: reference.href, etag: card.etag) else { continue }
            remote[k] = RemoteCard(href: reference.href, etag: card.etag, vCard: card.vCard, contact: contact)
        }

        // A new card whose UID is a stored contact this sync would create here is its card (the create's outcome
        // was lost); a contact holding another account's card of that UID is not: that card is a contact of its own.
        let creating = Set(newContacts)
        for k in remote.keys.sorted() where owner[k] == nil && base[k] == nil {
            guard let card = remote[k], let local = contactByID[card.contact.id], creating.contains(local.id) else { continue }
            owner[k] = local.id
            keysOf[local.id] = [k]
            order.append(local.id)
            newContacts.removeAll { $0 == local.id }
        }

        for k in server.keys.sorted() where owner[k] == nil {
            guard let card = remote[k] else { continue }
            if let entry = run.unconfirmed[k], let sent = entry.vCard,
               run.isSame(sent, as: CardDAVCard(href: card.href, etag: card.etag, vCard: card.vCard)) {
                // A write of a stopped sync that landed after it was checked; its contact was removed since.
                try await deleteCard(k, etag: card.etag, contact: nil, name: card.contact.fullName, note: "removed here")
            } else if let synced = base[k], synced.etag == card.etag {
                // Its contact was removed here (and not merged into another): delete the card.
                try await deleteCard(k, etag: card.etag, contact: nil, name: card.contact.fullName, note: "removed here")
            } else {
                try await pullAdd(card, taken: contactByID, changedAfterRemoval: base[k] != nil)
            }
        }
        if !dryRun {
            let gone = base.keys.sorted().filter { server[$0] == nil && owner[$0] == nil }.compactMap { base[$0]?.href }
            if !gone.isEmpty { try await run.apply(gone.map { .removeSyncedCard(providerID: providerID, href: $0) }) }
        }
        for id in order {
            guard let contact = contactByID[id], let keys = keysOf[id] else { continue }
            try await syncContact(contact, keys: keys)
        }
        for id in newContacts {
            guard let contact = contactByID[id] else { continue }
            let href = CardDAVClient.normalizedPath(bookURL.path) + "/" + CardDAVContactsProvider.fileName(for: contact)
            hrefByKey[key(href)] = href
            try await syncContact(contact, keys: [key(href)])
        }
    }

    // MARK: Cards

    /// A card new on the server (or changed there after its contact was removed here) becomes a stored contact.
    private func pullAdd(_ card: RemoteCard, taken: [ContactID: Contact], changedAfterRemoval: Bool) async throws {
        var contact = card.contact
        if taken[contact.id] != nil { contact.id = ContactID() }
        run.report.actions.append(CardSyncAction(
            kind: .pullAdd, href: card.href, name: contact.fullName, changes: ContactDiff.changes(from: nil, to: contact),
            note: changedAfterRemoval ? "changed on the server after it was removed here; kept" : nil))
        guard !dryRun else { return }
        let providerID = self.providerID
        try await run.apply([
            .save(contact),
            .recordSyncedCard(SyncedCard(providerID: providerID, href: card.href, etag: card.etag, vCard: card.vCard,
                                         contactID: contact.id)),
        ])
    }

    /// Brings one stored contact and its cards (one, or several when it is a merge) to agreement.
    private mutating func syncContact(_ local: Contact, keys: [String]) async throws {
        if let unread = keys.first(where: { server[$0] != nil && remote[$0] == nil }) {
            run.report.diagnostics.append(Diagnostic(.warning, source: hrefByKey[unread] ?? unread,
                                                     message: "card could not be read; \(local.fullName) not synced this time"))
            return
        }
        let primary = keys.first { base[$0]?.contactID == local.id && server[$0] != nil } ?? keys.first { server[$0] != nil } ?? keys[0]
        let absorbed = keys.filter { $0 != primary }
        var current = local
        var conflicts: [FieldConflict] = []
        // Changes the server made to cards merged into this contact join it first.
        for k in absorbed {
            guard let card = remote[k], let synced = base[k], synced.etag != card.etag,
                  let old = run.parse(synced.vCard, href: synced.href, etag: synced.etag) else { continue }
            let merged = run.merger.merge(base: old, local: current, remote: card.contact)
            current = merged.contact
            conflicts += merged.conflicts
        }
        let href = hrefByKey[primary] ?? primary
        let baseContact = base[primary].flatMap { run.parse($0.vCard, href: $0.href, etag: $0.etag) }
        let serverCard = remote[primary]
        // Without a synced version (a store filled by pulls only), the pull's word that the card was removed decides.
        let unchangedHere = baseContact.map { canonicalCard(local) == canonicalCard($0) } ?? removedOnServer.contains(primary)
        if serverCard == nil, absorbed.isEmpty, unchangedHere {
            // Removed on the server, unchanged here.
            run.report.actions.append(CardSyncAction(kind: .pullRemove, href: href, name: local.fullName))
            guard !dryRun else { return }
            let providerID = self.providerID
            try await run.apply([.remove(local.id), .removeSyncedCard(providerID: providerID, href: href)])
            return
        }
        if let serverCard, base[primary]?.etag != serverCard.etag {
            // Without a synced version (a store filled before two-way sync), nothing is known to be removed:
            // values of both sides are kept and every single value they disagree on is a reported conflict.
            let merged = run.merger.merge(base: baseContact ?? Contact(id: current.id), local: current, remote: serverCard.contact)
            current = merged.contact
            conflicts += merged.conflicts
        }
        guard let stored = try await push(current, original: local, href: href, server: serverCard, base: baseContact,
                                          conflicts: conflicts) else { return }
        current = stored
        // Only now that the merged card is on the server: delete the cards merged into it.
        for k in absorbed {
            current = try await deleteAbsorbed(k, into: current, primaryHref: href)
        }
    }

    /// Writes `contact` to its card when it differs from the server's (journaled, re-merged on 412)
    /// and stores the outcome; returns the stored contact, `nil` when the write was given up.
    private mutating func push(_ contact: Contact, original: Contact, href: String, server: RemoteCard?, base: Contact?,
                      conflicts: [FieldConflict]) async throws -> Contact? {
        var current = contact
        var server = server
        var conflicts = conflicts
        var href = href
        let providerID = self.providerID
        for _ in 0..<max(1, run.options.maximumAttempts) {
            if let card = server, canonicalCard(card.contact) == canonicalCard(current) {
                // Nothing to push: store what the server has (its changes, or just its new ETag).
                let pulled = canonicalCard(current) != canonicalCard(original)
                if pulled || !conflicts.isEmpty {
                    run.report.actions.append(CardSyncAction(kind: .pullUpdate, href: card.href, name: current.fullName,
                                                             changes: ContactDiff.changes(from: original, to: current),
                                                             conflicts: conflicts))
                }
                let stored = run.recording(current, href: card.href, etag: card.etag)
                // A write of a stopped sync to this card may still be in the journal (a create that
                // landed after this run checked it): the server holds what it was for, so it is settled.
                let pending = run.unconfirmed[key(card.href)]
                if !dryRun, pulled || pending != nil || self.base[key(card.href)]?.etag != card.etag || stored != original {
                    try await run.apply([
                        .save(stored),
                        .recordSyncedCard(SyncedCard(providerID: providerID, href: card.href, etag: card.etag,
                                                     vCard: card.vCard, contactID: original.id)),
                    ] + (pending.map { [.endSyncWrites(providerID: providerID, href: $0.href)] } ?? []))
                    run.unconfirmed[key(card.href)] = nil
                }
                return stored
            }
            // Written back in the version the card has on the server (its last synced text when it is gone there).
            let writer = run.writer(forCard: server?.vCard ?? self.base[key(href)]?.vCard, newCards: newCardTarget)
            let vCard = writer.string(for: current)
            let kind: CardSyncAction.Kind = server == nil ? .pushCreate : .pushUpdate
            let action = CardSyncAction(kind: kind, href: href, name: current.fullName,
                                        changes: ContactDiff.changes(from: server?.contact ?? base, to: current), conflicts: conflicts)
            if dryRun {
                run.report.actions.append(action)
                return current
            }
            let entry = try await run.begin(SyncJournalEntry(
                providerID: providerID, href: href, operation: server == nil ? .create : .update,
                contactID: original.id, expectedETag: server?.etag, vCard: vCard, localVCard: writer.string(for: original)))
            switch await send(vCard, href: href, server: server) {
            case .success(let written):
                if server == nil { href = written.href }
                noteOnServer(href, etag: written.etag)
                let stored = run.recording(current, href: href, etag: written.etag)
                try await run.apply([
                    .save(stored),
                    .recordSyncedCard(SyncedCard(providerID: providerID, href: href, etag: written.etag, vCard: vCard,
                                                 contactID: original.id)),
                    .endSyncWrite(id: entry.id),
                    .endSyncWrites(providerID: providerID, href: entry.href),
                ])
                run.report.actions.append(action)
                return stored
            case .failure(let error):
                try await run.apply([.endSyncWrite(id: entry.id)])
                guard case .conflict(let refused) = error else {
                    // Refused for what it says (or failing for this card alone): reported, the others go on.
                    guard error.concernsOneCard else { throw error }
                    run.notWritten(href, name: current.fullName, error)
                    return nil
                }
                // Changed (or removed) on the server since it was read: merge with its version now and try again.
                run.report.conflictRetries += 1
                let now = refused.serverCard.flatMap { text in
                    run.parse(text, href: href, etag: refused.serverETag).map {
                        RemoteCard(href: href, etag: refused.serverETag, vCard: text, contact: $0)
                    }
                }
                if let now {
                    let merged = run.merger.merge(base: base ?? Contact(id: current.id), local: current, remote: now.contact)
                    current = merged.contact
                    conflicts += merged.conflicts
                }
                server = now
            }
        }
        run.report.diagnostics.append(Diagnostic(.error, source: href, message:
            "\(current.fullName): the card kept changing on the server; not written after \(run.options.maximumAttempts) attempts"))
        run.report.unwrittenCards.append(href)
        return nil
    }

    /// Sends one card: an update guarded by the server version's ETag, or a create at `href`.
    private func send(_ vCard: String, href: String, server: RemoteCard?) async -> Result<CardDAVCardReference, CardDAVError> {
        do throws(CardDAVError) {
            if let card = server {
                return .success(try await run.client.updateCard(vCard, at: card.href, in: bookURL, etag: card.etag ?? "*"))
            }
            let name = String(href.split(separator: "/").last ?? Substring(href))
            return .success(try await run.client.createCard(vCard, in: bookURL, named: name.removingPercentEncoding ?? name))
        } catch {
            return .failure(error)
        }
    }

    /// Deletes a card merged into `contact` (its server changes joined first; 412 re-merges and retries).
    private mutating func deleteAbsorbed(_ k: String, into contact: Contact, primaryHref: String) async throws -> Contact {
        var current = contact
        let href = hrefByKey[k] ?? k
        guard let card = remote[k] else {
            // Already gone from the server.
            current = run.forgetting(href, in: current)
            if !dryRun {
                let (providerID, stored) = (self.providerID, current)
                try await run.apply([.removeSyncedCard(providerID: providerID, href: href), .save(stored)])
            }
            return current
        }
        return try await deleteCard(k, etag: card.etag, contact: current, name: card.contact.fullName,
                                    note: "merged into \(current.fullName)") ?? current
    }

    /// Deletes a card (journaled, `If-Match`), then forgets it in the store and in `contact`'s provenance.
    @discardableResult
    private mutating func deleteCard(_ k: String, etag: String?, contact: Contact?, name: String, note: String) async throws -> Contact? {
        let href = hrefByKey[k] ?? k
        run.report.actions.append(CardSyncAction(kind: .pushDelete, href: href, name: name, note: note))
        guard !dryRun else { return contact.map { run.forgetting(href, in: $0) } }
        let providerID = self.providerID
        let entry = try await run.begin(SyncJournalEntry(providerID: providerID, href: href, operation: .delete,
                                                         contactID: contact?.id, expectedETag: etag, vCard: nil))
        do throws(CardDAVError) {
            try await run.client.deleteCard(at: href, in: bookURL, etag: etag)
        } catch {
            switch error {
            case .httpStatus(_, _, 404, _), .httpStatus(_, _, 410, _):
                break
            case .conflict(let refused) where refused.serverCard != nil:
                // Changed on the server since it was read: leave it; the next sync merges the change and deletes it then.
                try await run.apply([.endSyncWrite(id: entry.id)])
                run.report.actions.removeLast()
                run.report.diagnostics.append(Diagnostic(.warning, source: href, message:
                    "\(name): changed on the server while syncing; not deleted, the next sync merges the change and deletes it"))
                return contact
            default:
                try await run.apply([.endSyncWrite(id: entry.id)])
                if case .conflict = error { break }
                guard error.concernsOneCard else { throw error }
                run.report.actions.removeLast()
                run.notWritten(href, name: name, error)
                return contact
            }
        }
        noteGone(href)
        let stored = contact.map { run.forgetting(href, in: $0) }
        try await run.apply([.removeSyncedCard(providerID: providerID, href: href)] + (stored.map { [.save($0)] } ?? [])
                            + [.endSyncWrites(providerID: providerID, href: href)])
        return stored
    }
}
