import Foundation
import Ohana
import OhanaCardDAV
import OhanaStore
import OhanaVCard

/// Two-way sync of a contact store with the address books of a CardDAV provider.
///
/// Cards changed on the server since the last sync are pulled, through the provider's incremental
/// sync from the state the store keeps for it (a legacy `.carddav-sync.json` beside the store is moved
/// in first); contacts changed in the store since the last sync are
/// pushed to the card they came from (`PUT` with `If-Match`), new ones created (`PUT` with
/// `If-None-Match: *`, only with ``TwoWaySyncOptions/pushNew`` for contacts of other sources), and
/// cards whose contact was removed are deleted (`DELETE` with `If-Match`). A contact merged from
/// several cards of one address book updates one card and deletes the others, each only after the
/// merged card is stored on the server. When both sides changed a card, the last synced version
/// (kept in the store) is the base of a field-level ``ContactThreeWayMerge``; a `412` re-fetches,
/// re-merges and tries again, up to ``TwoWaySyncOptions/maximumAttempts`` times.
///
/// Every server write is recorded in the store's journal before it is sent and settled in the same
/// transaction that stores its outcome, so a sync stopped at any point (even by SIGKILL) resumes on
/// the next run without losing or duplicating a card.
///
/// Complexity: O(*n* log *n*) in the number of cards and contacts, plus one request per changed card.
public struct CardDAVTwoWaySync: Sendable {
    /// The provider whose address books are synced.
    public let provider: CardDAVContactsProvider
    /// The store synced with them (SQLite or PostgreSQL).
    public let store: any ContactStorage
    /// The options.
    public var options: TwoWaySyncOptions

    /// Creates a sync of a store on either backend with a provider's address books.
    public init(provider: CardDAVContactsProvider, store: any ContactStorage, options: TwoWaySyncOptions = .init()) {
        self.provider = provider
        self.store = store
        self.options = options
    }

    /// Settles the writes a stopped sync left, then pulls and pushes every address book; in a dry run
    /// only reports what would happen.
    public func run() async throws -> TwoWaySyncReport {
        let start = ContinuousClock.now
        let run = TwoWaySyncRun(provider: provider, store: store, options: options)
        do {
            let report = try await run.run()
            EventTrackers.shared.track(report.trackedEvent(duration: ContinuousClock.now - start))
            return report
        } catch {
            let elapsed = ContinuousClock.now - start
            EventTrackers.shared.track(TrackedEvent("sync.failed", [
                "seconds": .number(elapsed.inSeconds),
            ]))
            throw error
        }
    }
}

/// The canonical text of a contact's content: what a card written from it says, identity and provenance
/// aside, fields grouped by type (readers do not keep the interleaving of phones and emails).
func canonicalCard(_ contact: Contact) -> String {
    var c = contact
    c.id = "canonical"
    c.provenance = []
    c.mergedContactIDs = []
    let rank = Dictionary(uniqueKeysWithValues: ContactFieldType.allCases.enumerated().map { ($1, $0) })
    c.fields = c.fields.enumerated().sorted { (rank[$0.element.type]!, $0.offset) < (rank[$1.element.type]!, $1.offset) }.map(\.element)
    return VCardWriter(target: .rfc6350).string(for: c)
}

/// One run of a two-way sync (not shared between tasks).
final class TwoWaySyncRun {
    let provider: CardDAVContactsProvider
    let client: CardDAVClient
    let store: any ContactStorage
    let options: TwoWaySyncOptions
    let providerID: String
    let merger: ContactThreeWayMerge
    /// Writes of a stopped sync whose arrival could not be confirmed (they may still land), by href key.
    var unconfirmed: [String: SyncJournalEntry] = [:]
    var report = TwoWaySyncReport()

    init(provider: CardDAVContactsProvider, store: any ContactStorage, options: TwoWaySyncOptions) {
        self.provider = provider
        self.client = provider.client
        self.store = store
        self.options = options
        self.providerID = provider.identifier
        self.merger = ContactThreeWayMerge(preference: options.preference)
        report.isDryRun = options.dryRun
    }

    func run() async throws -> TwoWaySyncReport {
        if !options.dryRun {
            try await resume()
        }
        // The pull is the provider's incremental sync from the state the store keeps for it: only
        // cards changed since then are transferred (all of them the first time).
        let kept = try await store.providerSyncState(for: providerID)
        let (previous, warnings) = provider.decodedSyncState(kept)
        report.diagnostics += warnings
        let pulled = try await provider.synchronize(from: previous ?? CardDAVSyncState())
        report.cardsTransferred = pulled.cardsFetched
        var state = pulled.state
        let target = options.newCardsAddressBook.map { CardDAVClient.normalizedPath($0.path) }
            ?? pulled.addressBooks.first.map { CardDAVClient.normalizedPath($0.url.path) }
        // Address-book level news (a full reload, a sync stopped early); card-level problems are reported per card below.
        let incomplete = pulled.incompleteAddressBooks.map(\.absoluteString)
        let books = Set(pulled.addressBooks.map(\.url.absoluteString))
        report.diagnostics += pulled.diagnostics.filter { diagnostic in
            books.contains(diagnostic.source) || incomplete.contains { diagnostic.source.hasPrefix($0) }
        }
        for book in pulled.addressBooks {
            let bookKey = book.url.absoluteString
            if incomplete.contains(bookKey) {
                // What is known of it may be stale: writing on that basis could undo server changes.
                report.diagnostics.append(Diagnostic(.error, source: bookKey, message: "address book not fully read; not synced this time"))
                continue
            }
            let isTarget = CardDAVClient.normalizedPath(book.url.path) == target
            var sync = AddressBookTwoWaySync(run: self, book: book, listing: state.addressBooks[bookKey]?.etags ?? [:],
                                             transferred: pulled.cards, removed: pulled.removed.compactMap(\.recordID),
                                             pushesNewContacts: isTarget)
            try await sync.sync()
            state.addressBooks[bookKey]?.etags = sync.listing
        }
        if !options.dryRun {
            let encoded = try provider.encodedSyncState(state)
            let providerID = self.providerID
            try await apply([.setProviderSyncState(encoded, providerID: providerID)])
        }
        return report
    }

    // MARK: Shared helpers

    /// Applies sync writes to the store in order, in one transaction; returns the journal entries begun.
    @discardableResult
    func apply(_ writes: [SyncRecordWrite]) async throws -> [SyncJournalEntry] {
        try await store.applySyncWrites(writes)
    }

    /// Records a server write in the journal before it is sent; returns it with its number.
    func begin(_ entry: SyncJournalEntry) async throws -> SyncJournalEntry {
        guard let begun = try await apply([.beginSyncWrite(entry)]).first else {
            throw ContactStoreError.corruptRecord(id: entry.contactID, reason: "the sync journal recorded no entry")
        }
        return begun
    }

    /// The href's key: its decoded path without a trailing slash.
    func key(_ href: String, in book: URL) -> String {
        CardDAVClient.normalizedPath(client.resolve(href, against: book).path)
    }

    /// The first contact of a card's text, with this provider's provenance; `nil` (and a diagnostic) when unreadable.
    func parse(_ vCard: String, href: String, etag: String?) -> Contact? {
        let source = client.resolve(href, against: client.serverURL).absoluteString
        let loaded = VCardReader(options: VCardReadingOptions(providerID: providerID)).read(Data(vCard.utf8), source: source)
        guard var contact = loaded.contacts.first else {
            report.diagnostics.append(Diagnostic(.error, source: source, message: "card has no readable contact; left as it is"))
            return nil
        }
        contact.provenance.removeAll { $0.providerID == providerID }
        contact.provenance.insert(Provenance(providerID: providerID, recordID: href, revision: etag), at: 0)
        return contact
    }

    /// `contact` with this provider's record for `href` set to `etag` (added when missing).
    func recording(_ contact: Contact, href: String, etag: String?) -> Contact {
        var contact = contact
        if let index = contact.provenance.firstIndex(where: { $0.providerID == providerID && $0.recordID == href }) {
            contact.provenance[index].revision = etag
        } else {
            contact.provenance.append(Provenance(providerID: providerID, recordID: href, revision: etag))
        }
        return contact
    }

    /// The writer of a card whose server text is `text` (`nil` for a new card): the provider's target
    /// when it names one; else the version the card has on the server, as that version writes it;
    /// a new card in `newCards`.
    func writer(forCard text: String?, newCards: VCardTarget) -> VCardWriter {
        if let target = provider.writeTarget { return VCardWriter(target: target) }
        if let text, let version = Self.declaredVersion(text), let target = VCardTarget(writingVersion: version) {
            return VCardWriter(target: target)
        }
        return VCardWriter(target: newCards)
    }

    /// The target of new cards in an address book: the first vCard version its `supported-address-data`
    /// names that Ohana writes, else 3.0 (what every CardDAV server and client takes).
    static func newCardTarget(for book: CardDAVAddressBook) -> VCardTarget {
        book.supportedVCardVersions.lazy.compactMap { VCardTarget(writingVersion: $0) }.first ?? .rfc2426
    }

    /// The `VERSION` a card's text declares (its first `VERSION:` line), if any.
    static func declaredVersion(_ text: String) -> String? {
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            guard line.count < 20, line.uppercased().hasPrefix("VERSION:") else { continue }
            return String(line.dropFirst("VERSION:".count)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Reports a card the server would not take (the rest of the sync goes on; the next run tries it again).
    func notWritten(_ href: String, name: String, _ error: CardDAVError) {
        report.diagnostics.append(Diagnostic(.error, source: href, message: "\(name): not written: \(error)"))
        report.unwrittenCards.append(href)
    }

    /// `contact` without this provider's record for `href`.
    func forgetting(_ href: String, in contact: Contact) -> Contact {
        var contact = contact
        contact.provenance.removeAll { $0.providerID == providerID && $0.recordID == href }
        return contact
    }
}
