import Foundation
import NIOHTTP1
import Ohana

// Discovery: the principal, the address book home and its address books (RFC 6764, RFC 6352 §7).
extension CardDAVClient {
    /// Finds the address books reachable from ``serverURL``: the URL itself when it is one, else the
    /// user's address book home through `current-user-principal` and `addressbook-home-set`, trying
    /// `/.well-known/carddav` when the URL alone does not lead there.
    public func discoverAddressBooks() async throws(CardDAVError) -> [CardDAVAddressBook] {
        var starts = [serverURL]
        let wellKnown = URL(string: "/.well-known/carddav", relativeTo: serverURL)!.absoluteURL
        if serverURL.path == "/" || serverURL.path.isEmpty { starts.insert(wellKnown, at: 0) } else { starts.append(wellKnown) }
        var lastError: CardDAVError?
        for start in starts {
            do throws(CardDAVError) {
                if let books = try await discover(from: start) { return books }
            } catch {
                if case .unauthorized = error { throw error }
                // A URL that names a collection which does not exist is an error, not a cue to look elsewhere.
                if start == serverURL, start != wellKnown, error.status == 404 || error.status == 410 { throw error }
                if lastError == nil || start == serverURL { lastError = error }
            }
        }
        throw lastError ?? .noAddressBook(url: serverURL.absoluteString)
    }

    private func discover(from start: URL) async throws(CardDAVError) -> [CardDAVAddressBook]? {
        let (url, multistatus) = try await propfind(start, depth: "0", properties: Self.discoveryProperties, purpose: .discovery)
        guard let response = multistatus.responses.first else { return nil }
        try Self.requireFound(response, url: url)
        if response.hasResourceType(DAVNamespace.cardDAV, "addressbook") {
            return [Self.addressBook(from: response, base: url)]
        }
        if let home = response.hrefProperty(DAVNamespace.cardDAV, "addressbook-home-set") {
            return try await addressBooks(inHome: resolve(home, against: url))
        }
        if let principal = response.hrefProperty(DAVNamespace.dav, "current-user-principal") {
            let principalURL = resolve(principal, against: url)
            let (purl, pstatus) = try await propfind(principalURL, depth: "0", properties: Self.discoveryProperties, purpose: .discovery)
            if let first = pstatus.responses.first { try Self.requireFound(first, url: purl) }
            if let home = pstatus.responses.first?.hrefProperty(DAVNamespace.cardDAV, "addressbook-home-set") {
                return try await addressBooks(inHome: resolve(home, against: purl))
            }
        }
        return nil
    }

    /// Lists the address books in an address book home collection.
    public func addressBooks(inHome home: URL) async throws(CardDAVError) -> [CardDAVAddressBook] {
        let (url, multistatus) = try await propfind(home, depth: "1", properties: Self.collectionProperties, purpose: .discovery)
        return multistatus.responses
            .filter { $0.hasResourceType(DAVNamespace.cardDAV, "addressbook") }
            .map { Self.addressBook(from: $0, base: url) }
            .sorted { $0.url.absoluteString < $1.url.absoluteString }
    }

    /// Reads the properties of one address book.
    public func addressBook(at url: URL) async throws(CardDAVError) -> CardDAVAddressBook {
        let (final, multistatus) = try await propfind(url, depth: "0", properties: Self.collectionProperties, purpose: .discovery)
        if let first = multistatus.responses.first { try Self.requireFound(first, url: final) }
        guard let response = multistatus.responses.first, response.hasResourceType(DAVNamespace.cardDAV, "addressbook") else {
            throw .noAddressBook(url: url.absoluteString)
        }
        return Self.addressBook(from: response, base: final)
    }

    /// Throws the status a 207 answer holds for the resource itself when it is an error (Xandikos
    /// answers `PROPFIND` on a missing collection with a 207 holding a 404): the URL names nothing.
    static func requireFound(_ response: DAVResponse, url: URL) throws(CardDAVError) {
        guard let status = response.status, status >= 400 else { return }
        throw .httpStatus(method: "PROPFIND", url: url.absoluteString, status: status,
                          reason: (HTTPResponseStatus(statusCode: status).reasonPhrase) + " (in a 207 Multi-Status)")
    }

    static let discoveryProperties: [(String, String)] = [
        (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "current-user-principal"),
        (DAVNamespace.cardDAV, "addressbook-home-set"), (DAVNamespace.dav, "displayname"),
        (DAVNamespace.cardDAV, "addressbook-description"), (DAVNamespace.dav, "sync-token"),
        (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "supported-report-set"),
        (DAVNamespace.cardDAV, "supported-address-data"),
    ]

    static let collectionProperties: [(String, String)] = [
        (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "displayname"),
        (DAVNamespace.cardDAV, "addressbook-description"), (DAVNamespace.dav, "sync-token"),
        (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "supported-report-set"),
        (DAVNamespace.cardDAV, "supported-address-data"),
    ]

    static func addressBook(from response: DAVResponse, base: URL) -> CardDAVAddressBook {
        let url = URL(string: response.href, relativeTo: base)?.absoluteURL ?? base
        return CardDAVAddressBook(
            url: url,
            displayName: response.property(DAVNamespace.dav, "displayname")?.trimmedText.nilIfEmpty,
            description: response.property(DAVNamespace.cardDAV, "addressbook-description")?.trimmedText.nilIfEmpty,
            syncToken: response.property(DAVNamespace.dav, "sync-token")?.trimmedText.nilIfEmpty,
            ctag: response.property(DAVNamespace.calendarServer, "getctag")?.trimmedText.nilIfEmpty,
            supportsSyncCollection: response.property(DAVNamespace.dav, "supported-report-set")?
                .containsDescendant(DAVNamespace.dav, "sync-collection") ?? false,
            supportedVCardVersions: supportedVersions(response.property(DAVNamespace.cardDAV, "supported-address-data")))
    }

    /// The vCard versions of a `supported-address-data` property, in the server's order (RFC 6352
    /// section 6.2.2 names the elements `address-data-type`; Xandikos writes `content-type`).
    static func supportedVersions(_ property: XMLNode?) -> [String] {
        guard let property else { return [] }
        return property.children.compactMap { type in
            let media = (type.attributes["content-type"] ?? "text/vcard").lowercased()
            guard media == "text/vcard" || media == "text/x-vcard", let version = type.attributes["version"] else { return nil }
            return version.trimmingCharacters(in: .whitespaces)
        }
    }
}


extension XMLNode {
    /// Whether this element or one below it is `namespace:name`.
    func containsDescendant(_ namespace: String, _ name: String) -> Bool {
        var stack = [self]
        while let node = stack.popLast() {
            if node.is(namespace, name) { return true }
            stack += node.children
        }
        return false
    }
}

