import Foundation
import Ohana

/// What a sync remembers between runs: per address book, the sync token and the ETag of every card.
///
/// Codable, so an app can keep it beside its local copy. Its size grows with the number of cards.
public struct CardDAVSyncState: Hashable, Sendable, Codable {
    /// What is remembered about one address book.
    public struct AddressBookState: Hashable, Sendable, Codable {
        /// The token of the last complete `sync-collection`, if any.
        public var syncToken: String?
        /// The ETag of every card known, by href.
        public var etags: [String: String]

        /// Creates an address book state.
        public init(syncToken: String? = nil, etags: [String: String] = [:]) {
            self.syncToken = syncToken
            self.etags = etags
        }
    }

    /// The state of each address book, by its URL's text.
    public var addressBooks: [String: AddressBookState]

    /// Creates a state; empty means "nothing known yet", and the first sync loads everything.
    public init(addressBooks: [String: AddressBookState] = [:]) {
        self.addressBooks = addressBooks
    }
}

/// What one sync found: contacts added, changed and removed since the state it started from.
public struct CardDAVSyncResult: Sendable {
    /// Why an address book was loaded in full rather than incrementally.
    public enum FullLoadReason: String, Hashable, Sendable {
        /// The server no longer accepted the sync token (RFC 6578 `valid-sync-token`).
        case invalidSyncToken
        /// The server does not offer `sync-collection` for the address book (ETags compared instead).
        case syncCollectionUnsupported
    }

    /// An address book that was loaded in full rather than incrementally, and why.
    public struct FullLoad: Hashable, Sendable {
        /// The address book.
        public var addressBook: URL
        /// Why.
        public var reason: FullLoadReason
    }

    /// Contacts of cards new since the state.
    public var added: [Contact]
    /// Contacts of cards that changed since the state (matched by provenance record ID, the href).
    public var changed: [Contact]
    /// Cards removed since the state: provider, href and last known ETag.
    public var removed: [Provenance]
    /// The state to pass to the next sync.
    public var state: CardDAVSyncState
    /// Address books loaded in full instead of incrementally (an invalid token, no sync support).
    public var fullLoads: [FullLoad]
    /// The address books synced.
    public var addressBooks: [CardDAVAddressBook]
    /// Problems: unreadable cards, and address books whose sync stopped early (errors naming URL and status).
    public var diagnostics: [Diagnostic]
    /// How many card bodies were transferred.
    public var cardsFetched: Int
    /// Address books whose sync stopped early (the reason is in ``diagnostics``); the rest comes next time.
    public var incompleteAddressBooks: [URL]

    /// The cards transferred, as the server sent them (the two-way sync keeps their text as its base).
    package var cards: [CardDAVCard] = []

    /// Whether every address book synced completely.
    public var isComplete: Bool { incompleteAddressBooks.isEmpty }
}

extension CardDAVContactsProvider {
    /// The sync of one address book.
    struct AddressBookSync {
        var added: [String: [Contact]] = [:]
        var changed: [String: [Contact]] = [:]
        var removed: [Provenance] = []
        var state: CardDAVSyncState.AddressBookState
        var fullLoad: CardDAVSyncResult.FullLoadReason?
        var diagnostics: [Diagnostic] = []
        var cardsFetched = 0
        var cards: [CardDAVCard] = []
        var isComplete = true
    }

    /// Syncs one address book from its previous state; server errors after the listing are
    /// diagnostics (what arrived is kept, and the token is kept so the rest comes again next time).
    func syncAddressBook(_ book: CardDAVAddressBook, from previous: CardDAVSyncState.AddressBookState)
        async throws(CardDAVError) -> AddressBookSync
    {
        var sync = AddressBookSync(state: previous)
        var references: [CardDAVCardReference]
        var removedHrefs: [String]
        var newToken: String?
        if book.supportsSyncCollection {
            do throws(CardDAVError) {
                let changes = try await client.changes(in: book.url, since: previous.syncToken)
                references = changes.changed
                removedHrefs = changes.removed
                newToken = changes.syncToken
                if previous.syncToken == nil {
                    let present = Set(references.map(\.href))
                    removedHrefs += previous.etags.keys.filter { !present.contains($0) }
                }
            } catch {
                guard case .invalidSyncToken = error else {
                    // A server that advertises sync-collection but refuses it: compare ETags from a listing instead.
                    guard previous.syncToken == nil, let status = error.status, [400, 403, 405, 501].contains(status) else { throw error }
                    references = try await client.cardReferences(in: book.url)
                    let present = Set(references.map(\.href))
                    removedHrefs = previous.etags.keys.filter { !present.contains($0) }.sorted()
                    sync.fullLoad = .syncCollectionUnsupported
                    return try await finish(sync, book: book, previous: previous, references: references,
                                            removedHrefs: removedHrefs, newToken: nil)
                }
                let changes = try await client.changes(in: book.url, since: nil)
                references = changes.changed
                newToken = changes.syncToken
                let present = Set(references.map(\.href))
                removedHrefs = previous.etags.keys.filter { !present.contains($0) }.sorted()
                sync.fullLoad = .invalidSyncToken
                sync.diagnostics.append(Diagnostic(
                    .warning, source: book.url.absoluteString,
                    message: "the server no longer accepted the sync token; the address book was loaded in full"))
            }
        } else {
            references = try await client.cardReferences(in: book.url)
            let present = Set(references.map(\.href))
            removedHrefs = previous.etags.keys.filter { !present.contains($0) }.sorted()
            if previous.syncToken != nil || !previous.etags.isEmpty { sync.fullLoad = .syncCollectionUnsupported }
        }
        return try await finish(sync, book: book, previous: previous, references: references,
                                removedHrefs: removedHrefs, newToken: newToken)
    }

    /// Applies removals, fetches the cards whose ETag changed, and advances the token when complete.
    private func finish(_ sync: AddressBookSync, book: CardDAVAddressBook, previous: CardDAVSyncState.AddressBookState,
                        references: [CardDAVCardReference], removedHrefs: [String], newToken: String?)
        async throws(CardDAVError) -> AddressBookSync
    {
        var sync = sync

        for href in removedHrefs {
            guard let etag = sync.state.etags.removeValue(forKey: href) else { continue }
            sync.removed.append(Provenance(providerID: identifier, recordID: href, revision: etag))
        }
        let wanted = references.filter { $0.etag == nil || previous.etags[$0.href] != $0.etag }
        let etagByHref = Dictionary(references.map { ($0.href, $0.etag) }, uniquingKeysWith: { _, last in last })
        let fetched = await client.fetchCards(wanted.map(\.href), in: book.url)
        sync.cardsFetched = fetched.cards.count
        for card in fetched.cards {
            let etag = card.etag ?? etagByHref[card.href] ?? nil
            let loaded = contacts(from: card.vCard, href: card.href, etag: etag)
            sync.diagnostics += loaded.diagnostics
            if previous.etags[card.href] != nil { sync.changed[card.href] = loaded.contacts } else { sync.added[card.href] = loaded.contacts }
            sync.state.etags[card.href] = etag ?? ""
            sync.cards.append(CardDAVCard(href: card.href, etag: etag, vCard: card.vCard))
        }
        for href in fetched.missing {
            if let etag = sync.state.etags.removeValue(forKey: href) {
                sync.removed.append(Provenance(providerID: identifier, recordID: href, revision: etag))
            }
        }
        for (href, status) in fetched.failed.sorted(by: { $0.key < $1.key }) {
            sync.isComplete = false
            sync.diagnostics.append(Diagnostic(.error, source: client.resolve(href, against: book.url).absoluteString,
                                               message: "card not delivered (HTTP \(status)); it is tried again next time"))
        }
        if let error = fetched.error {
            if case .unauthorized = error { throw error }
            sync.diagnostics.append(Diagnostic(.error, source: book.url.absoluteString,
                                               message: "sync stopped early, what arrived is kept: \(error.description)"))
            sync.isComplete = false
            // Keep the old token: the rest comes again next time; cards that arrived are skipped by ETag.
        } else if sync.isComplete {
            sync.state.syncToken = newToken
        }
        return sync
    }
}
