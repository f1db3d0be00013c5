import Foundation
import Logging
import Ohana
import OhanaVCard

/// Contacts from a CardDAV server: every address book found from a URL, kept up to date by
/// incremental sync, with write-back (create, update, delete) guarded by ETags.
///
/// The first ``loadContacts()`` loads everything; later ones sync incrementally and transfer only
/// the cards that changed. A 401 goes through the authorization step of ``ContactsDataProvider``.
public actor CardDAVContactsProvider: ContactsDataProvider {
    /// The provider's identifier, recorded in every contact's provenance.
    public nonisolated let identifier: String
    /// The client that talks to the server.
    public nonisolated let client: CardDAVClient
    /// The vCard flavour written on create and update; `nil` writes a card back in the version it has
    /// on the server, and a new one in the version the address book prefers (else 3.0).
    public nonisolated let writeTarget: VCardTarget?

    private var state = CardDAVSyncState()
    /// The contacts of each card, by href.
    private var cache: [String: [Contact]] = [:]
    private var credentialWasSet: Bool
    private var hasLoaded = false

    /// Creates a provider for a server or address book URL (`http`, `https`, `carddav`, `carddavs`).
    ///
    /// - Parameters:
    ///   - url: The server, principal, home or address book URL; a user name in it is used with the password given later.
    ///   - credential: Credentials to start with; without them the first load asks through the authorization step.
    ///   - identifier: The provider identifier; default `carddav:` and the URL without user information.
    ///   - writeTarget: The vCard flavour written (default: each card's own version; new cards as the server prefers, else 3.0).
    ///   - configuration: Limits, timeouts and hooks.
    public init(url: URL, credential: ProviderCredential? = nil, identifier: String? = nil,
                writeTarget: VCardTarget? = nil, configuration: CardDAVConfiguration = .init())
        throws(CardDAVError)
    {
        let client = try CardDAVClient(url: url, credential: credential, configuration: configuration)
        self.client = client
        self.identifier = identifier ?? "carddav:" + Self.describe(client.serverURL, user: client.userFromURL)
        self.writeTarget = writeTarget
        self.credentialWasSet = credential != nil
    }

    /// The state of the last sync (for ``synchronize(from:)`` in a later run).
    public var syncState: CardDAVSyncState { state }

    // MARK: ContactsDataProvider

    /// Loads every contact (incrementally after the first load); a 401 throws
    /// ``ContactsProviderError/authorizationRequired(_:)``.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        let result: CardDAVSyncResult
        do throws(CardDAVError) {
            result = try await synchronize(from: state)
        } catch {
            let failure = providerError(error)
            guard hasLoaded, !failure.isAuthorizationRequired else { throw failure }
            // Keep what loaded before: the last contacts, with the error as a diagnostic.
            return LoadedContacts(contacts: cachedContacts(), diagnostics: [Diagnostic(
                .error, source: client.serverURL.absoluteString,
                message: "not synced, showing the contacts of the last load: \(error.description)")])
        }
        apply(result)
        hasLoaded = true
        return LoadedContacts(contacts: cachedContacts(), diagnostics: result.diagnostics)
    }

    private func cachedContacts() -> [Contact] {
        var contacts: [Contact] = []
        contacts.reserveCapacity(cache.count)
        for href in cache.keys.sorted() { contacts += cache[href] ?? [] }
        return contacts
    }

    /// Uses a user name and password (HTTP Basic) or a bearer token from now on.
    ///
    /// `.password` with an empty user name takes the user name from the URL.
    public func authorize(with credential: ProviderCredential) async {
        var credential = credential
        if case .password(let user, let password) = credential, user.isEmpty, let fromURL = client.userFromURL {
            credential = .password(user: fromURL, password: password)
        }
        credentialWasSet = true
        await client.setCredential(credential)
    }

    // MARK: Sync

    /// Syncs every address book from a state: added, changed and removed contacts, and the new state.
    ///
    /// Only cards whose ETag differs from the state are transferred. An invalid sync token falls back
    /// to a full listing (said in ``CardDAVSyncResult/fullLoads``); a server error in one address book
    /// is a diagnostic, and what arrived before it is kept.
    public func synchronize(from previous: CardDAVSyncState) async throws(CardDAVError) -> CardDAVSyncResult {
        let books = try await client.discoverAddressBooks()
        var result = CardDAVSyncResult(added: [], changed: [], removed: [], state: CardDAVSyncState(), fullLoads: [],
                                       addressBooks: books, diagnostics: [], cardsFetched: 0, incompleteAddressBooks: [])
        var seen: Set<String> = []
        for book in books {
            let key = book.url.absoluteString
            seen.insert(key)
            let before = previous.addressBooks[key] ?? .init()
            do throws(CardDAVError) {
                let sync = try await syncAddressBook(book, from: before)
                for href in sync.added.keys.sorted() { result.added += sync.added[href] ?? [] }
                for href in sync.changed.keys.sorted() { result.changed += sync.changed[href] ?? [] }
                result.removed += sync.removed
                result.state.addressBooks[key] = sync.state
                result.diagnostics += sync.diagnostics
                result.cardsFetched += sync.cardsFetched
                result.cards += sync.cards
                if let reason = sync.fullLoad { result.fullLoads.append(.init(addressBook: book.url, reason: reason)) }
                if !sync.isComplete { result.incompleteAddressBooks.append(book.url) }
            } catch {
                if case .unauthorized = error { throw error }
                result.state.addressBooks[key] = before
                result.incompleteAddressBooks.append(book.url)
                result.diagnostics.append(Diagnostic(.error, source: key, message: "address book not synced: \(error.description)"))
            }
        }
        for (key, book) in previous.addressBooks where !seen.contains(key) {
            for (href, etag) in book.etags.sorted(by: { $0.key < $1.key }) {
                result.removed.append(Provenance(providerID: identifier, recordID: href, revision: etag))
            }
        }
        return result
    }

    /// The address books found from the URL.
    public func addressBooks() async throws(CardDAVError) -> [CardDAVAddressBook] {
        try await client.discoverAddressBooks()
    }

    // MARK: Write-back

    /// Creates a contact as a new card (in `addressBook`, default the first one found); returns the
    /// contact with this provider's provenance (href and ETag).
    public func create(_ contact: Contact, in addressBook: URL? = nil) async throws(CardDAVError) -> Contact {
        let bookURL: URL
        if let addressBook { bookURL = addressBook } else {
            guard let first = try await client.discoverAddressBooks().first else {
                throw .noAddressBook(url: client.serverURL.absoluteString)
            }
            bookURL = first.url
        }
        let vCard = VCardWriter(target: writeTarget ?? .rfc2426).string(for: contact)
        let reference: CardDAVCardReference
        do throws(CardDAVError) {
            reference = try await client.createCard(vCard, in: bookURL, named: Self.fileName(for: contact))
        } catch {
            throw withContacts(error, local: contact)
        }
        let saved = recording(contact, href: reference.href, etag: reference.etag)
        remember(saved, href: reference.href, etag: reference.etag)
        return saved
    }

    /// Writes a changed contact back to its card, only if the card is still the version it was read
    /// as; otherwise throws ``CardDAVError/conflict(_:)`` with both versions and overwrites nothing.
    public func update(_ contact: Contact) async throws(CardDAVError) -> Contact {
        guard let record = record(of: contact), let href = record.recordID else {
            throw .notACardDAVContact(contactID: contact.id.rawValue)
        }
        let vCard = VCardWriter(target: writeTarget ?? .rfc2426).string(for: contact)
        let bookURL = Self.parent(of: href, base: client.serverURL)
        let reference: CardDAVCardReference
        do throws(CardDAVError) {
            if let etag = record.revision, !etag.isEmpty {
                reference = try await client.updateCard(vCard, at: href, in: bookURL, etag: etag)
            } else {
                // No version to guard the write with: report the server's version instead of overwriting it.
                let current = try await client.card(at: href, in: bookURL)
                throw CardDAVError.conflict(CardDAVConflict(url: client.resolve(href, against: bookURL).absoluteString,
                                                            expectedETag: nil, localCard: vCard,
                                                            serverCard: current?.vCard, serverETag: current?.etag))
            }
        } catch {
            throw withContacts(error, local: contact)
        }
        let saved = recording(contact, href: href, etag: reference.etag)
        remember(saved, href: href, etag: reference.etag)
        return saved
    }

    /// Deletes a contact's card, only if it is still the version it was read as (else a conflict).
    public func delete(_ contact: Contact) async throws(CardDAVError) {
        guard let record = record(of: contact), let href = record.recordID else {
            throw .notACardDAVContact(contactID: contact.id.rawValue)
        }
        let bookURL = Self.parent(of: href, base: client.serverURL)
        do throws(CardDAVError) {
            try await client.deleteCard(at: href, in: bookURL, etag: record.revision)
        } catch {
            throw withContacts(error, local: nil)
        }
        forget(href)
    }

    // MARK: Internals

    /// Reads one card's contacts and records href and ETag as their provenance.
    func contacts(from vCard: String, href: String, etag: String?) -> LoadedContacts {
        let source = client.resolve(href, against: client.serverURL).absoluteString
        var loaded = VCardReader(options: VCardReadingOptions(providerID: identifier)).read(Data(vCard.utf8), source: source)
        loaded.contacts = loaded.contacts.map { recording($0, href: href, etag: etag) }
        return loaded
    }

    private func recording(_ contact: Contact, href: String, etag: String?) -> Contact {
        var contact = contact
        contact.provenance.removeAll { $0.providerID == identifier }
        contact.provenance.insert(Provenance(providerID: identifier, recordID: href, revision: etag), at: 0)
        return contact
    }

    private func record(of contact: Contact) -> Provenance? {
        contact.provenance.first { $0.providerID == identifier && $0.recordID != nil }
    }

    private func withContacts(_ error: CardDAVError, local: Contact?) -> CardDAVError {
        guard case .conflict(var conflict) = error else { return error }
        conflict.localContact = local
        if let serverCard = conflict.serverCard, let href = URL(string: conflict.url)?.path {
            conflict.serverContact = contacts(from: serverCard, href: href, etag: conflict.serverETag).contacts.first
        }
        return .conflict(conflict)
    }

    func providerError(_ error: CardDAVError) -> ContactsProviderError {
        switch error {
        case .unauthorized(let url, let realm):
            let message = credentialWasSet
                ? "\(url) refused the credentials given (HTTP 401); a user name and password are needed"
                : "\(url) needs a user name and password (HTTP 401)"
            return .authorizationRequired(AuthorizationChallenge(providerID: identifier, realm: realm, message: message))
        case .invalidResponse(let url, let reason):
            return .invalidData(providerID: identifier, source: url, line: nil, reason: reason)
        default:
            return .unavailable(providerID: identifier, source: client.serverURL.absoluteString, reason: error.description)
        }
    }

    private func apply(_ result: CardDAVSyncResult) {
        for removed in result.removed {
            if let href = removed.recordID { cache[href] = nil }
        }
        var replaced: Set<String> = []
        for contact in result.added + result.changed {
            guard let href = record(of: contact)?.recordID else { continue }
            if replaced.insert(href).inserted { cache[href] = [] }
            cache[href, default: []].append(contact)
        }
        state = result.state
    }

    private func remember(_ contact: Contact, href: String, etag: String?) {
        cache[href] = [contact]
        let bookPath = CardDAVClient.normalizedPath(Self.parent(of: href, base: client.serverURL).path)
        for key in state.addressBooks.keys {
            guard let url = URL(string: key), CardDAVClient.normalizedPath(url.path) == bookPath else { continue }
            state.addressBooks[key]?.etags[href] = etag ?? ""
        }
    }

    private func forget(_ href: String) {
        cache[href] = nil
        for key in state.addressBooks.keys { state.addressBooks[key]?.etags[href] = nil }
    }

    /// A URL's text with a user name (never a password) in it.
    static func describe(_ url: URL, user: String?) -> String {
        guard let user, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.user = user
        return components.string ?? url.absoluteString
    }

    /// The address book URL holding a card href.
    package static func parent(of href: String, base: URL) -> URL {
        let url = URL(string: href, relativeTo: base)?.absoluteURL ?? base
        return url.deletingLastPathComponent()
    }

    /// A safe card file name from the contact's identifier, the same on every call (a write resumed
    /// after a crash goes to the same href).
    package static func fileName(for contact: Contact) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let cleaned = String(contact.id.rawValue.filter { allowed.contains($0) }.prefix(100))
        guard cleaned.isEmpty || cleaned.hasPrefix(".") else { return cleaned + ".vcf" }
        // FNV-1a of the identifier's bytes: stable across runs and platforms, unlike `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in contact.id.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return "contact-" + String(hash, radix: 16) + ".vcf"
    }
}

extension ContactsProviderError {
    /// Whether this is ``ContactsProviderError/authorizationRequired(_:)``.
    fileprivate var isAuthorizationRequired: Bool {
        if case .authorizationRequired = self { true } else { false }
    }
}
