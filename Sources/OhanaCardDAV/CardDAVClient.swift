import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Ohana

/// The process-wide HTTP client: redirects are followed by ``CardDAVClient`` itself (same origin only).
private let sharedHTTPClient = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup,
    configuration: HTTPClient.Configuration(
        redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(15)),
        decompression: .disabled
    )
)

/// A CardDAV client for one server: discovery, listing, sync reports, card fetches and writes.
///
/// Credentials are held in memory only and never appear in errors or logs.
public actor CardDAVClient {
    /// The server URL as given (`carddav` mapped to `http`, `carddavs` to `https`), without user information.
    public nonisolated let serverURL: URL
    /// Limits, timeouts and hooks.
    public nonisolated let configuration: CardDAVConfiguration
    /// The user name from the URL, if it had one.
    public nonisolated let userFromURL: String?

    private var credential: ProviderCredential?

    /// Creates a client for a server or address book URL (`http`, `https`, `carddav`, `carddavs`).
    ///
    /// A password in the URL is ignored (pass it as `credential`); the URL's user name is kept.
    public init(url: URL, credential: ProviderCredential? = nil, configuration: CardDAVConfiguration = .init())
        throws(CardDAVError)
    {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
        else { throw .invalidURL(CardDAVClient.redact(url.absoluteString)) }
        switch scheme {
        case "http", "carddav": components.scheme = "http"
        case "https", "carddavs": components.scheme = "https"
        default: throw .invalidURL(CardDAVClient.redact(url.absoluteString))
        }
        userFromURL = components.user?.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }
        components.user = nil
        components.password = nil
        if components.path.isEmpty { components.path = "/" }
        guard let clean = components.url else { throw .invalidURL(CardDAVClient.redact(url.absoluteString)) }
        serverURL = clean
        self.configuration = configuration
        self.credential = credential
    }

    /// Replaces the credential used from now on (`nil` sends none).
    public func setCredential(_ credential: ProviderCredential?) {
        self.credential = credential
    }

    /// Whether a credential is set.
    public var hasCredential: Bool { credential != nil }

    // MARK: Discovery

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
        if response.hasResourceType(DAVNamespace.cardDAV, "addressbook") {
            return [Self.addressBook(from: response, base: url)]
        }
        if let home = response.hrefProperty(DAVNamespace.cardDAV, "addressbook-home-set") {
            return try await addressBooks(inHome: resolve(home, against: url))
        }
        if let principal = response.hrefProperty(DAVNamespace.dav, "current-user-principal") {
            let principalURL = resolve(principal, against: url)
            let (purl, pstatus) = try await propfind(principalURL, depth: "0", properties: Self.discoveryProperties, purpose: .discovery)
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
        guard let response = multistatus.responses.first, response.hasResourceType(DAVNamespace.cardDAV, "addressbook") else {
            throw .noAddressBook(url: url.absoluteString)
        }
        return Self.addressBook(from: response, base: final)
    }

    // MARK: Reading cards

    /// Lists the cards of an address book: hrefs and ETags, no bodies (PROPFIND, depth 1).
    public func cardReferences(in addressBook: URL) async throws(CardDAVError) -> [CardDAVCardReference] {
        let (url, multistatus) = try await propfind(
            addressBook, depth: "1",
            properties: [(DAVNamespace.dav, "getetag"), (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "getcontenttype")],
            purpose: .listing)
        let selfPath = Self.normalizedPath(url.path)
        return multistatus.responses.compactMap { response in
            let path = Self.normalizedPath(resolve(response.href, against: url).path)
            guard path != selfPath, !response.hasResourceType(DAVNamespace.dav, "collection") else { return nil }
            return CardDAVCardReference(href: response.href, etag: response.etag)
        }
    }

    /// What changed in an address book since a sync token (`nil`: everything), following truncated
    /// (507) answers until complete. Throws ``CardDAVError/invalidSyncToken(url:)`` when the server
    /// no longer accepts the token.
    public func changes(in addressBook: URL, since token: String?) async throws(CardDAVError) -> CardDAVChangeSet {
        var token = token
        var changed: [String: CardDAVCardReference] = [:]
        var order: [String] = []
        var ordered: Set<String> = []
        var removed: Set<String> = []
        var continuations = 0
        while true {
            let body = DAVRequestBody.syncCollection(token: token)
            let exchange = try await send("REPORT", addressBook, purpose: .sync, depth: "0", body: Data(body.utf8))
            if token != nil, exchange.status == 403 || exchange.status == 409 || exchange.status == 400,
               String(decoding: exchange.body, as: UTF8.self).contains("valid-sync-token") || exchange.status != 403 {
                throw .invalidSyncToken(url: exchange.url.absoluteString)
            }
            try expect(exchange, [207], method: "REPORT")
            let multistatus = try parseMultistatus(exchange)
            let selfPath = Self.normalizedPath(exchange.url.path)
            var truncated = false
            for response in multistatus.responses {
                let path = Self.normalizedPath(resolve(response.href, against: exchange.url).path)
                if path == selfPath {
                    if response.status == 507 { truncated = true }
                    continue
                }
                if response.status == 404 {
                    removed.insert(response.href)
                    changed[response.href] = nil
                } else {
                    if ordered.insert(response.href).inserted { order.append(response.href) }
                    removed.remove(response.href)
                    changed[response.href] = CardDAVCardReference(href: response.href, etag: response.etag)
                }
            }
            let newToken = multistatus.syncToken ?? token
            if truncated {
                continuations += 1
                guard continuations <= configuration.maximumSyncContinuations, newToken != token else {
                    throw .invalidResponse(url: exchange.url.absoluteString,
                                           reason: "truncated sync-collection answers (507) did not advance the sync token")
                }
                token = newToken
                continue
            }
            let list = order.compactMap { changed[$0] }
            return CardDAVChangeSet(syncToken: newToken, changed: list, removed: removed.sorted(), continuations: continuations)
        }
    }

    /// Fetches card bodies with `addressbook-multiget`, in batches; stops at the first failing batch
    /// and returns what arrived before it together with the error.
    public func fetchCards(_ hrefs: [String], in addressBook: URL) async -> CardDAVFetchResult {
        var result = CardDAVFetchResult()
        result.cards.reserveCapacity(hrefs.count)
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(hrefs.count, start + configuration.multigetBatchSize)])
            start += batch.count
            do throws(CardDAVError) {
                let exchange = try await send("REPORT", addressBook, purpose: .fetch, depth: "1",
                                              body: Data(DAVRequestBody.multiget(hrefs: batch).utf8))
                try expect(exchange, [207], method: "REPORT")
                let multistatus = try parseMultistatus(exchange)
                for response in multistatus.responses {
                    if let data = response.property(DAVNamespace.cardDAV, "address-data") {
                        result.cards.append(CardDAVCard(href: response.href, etag: response.etag, vCard: data.text))
                    } else if response.status == 404 || response.status == 410 {
                        result.missing.append(response.href)
                    } else {
                        result.failed[response.href] = response.status ?? 200
                    }
                }
            } catch {
                result.error = error
                return result
            }
        }
        return result
    }

    /// Fetches one card with GET; `nil` when it does not exist.
    public func card(at href: String, in addressBook: URL) async throws(CardDAVError) -> CardDAVCard? {
        let url = resolve(href, against: addressBook)
        let exchange = try await send("GET", url, purpose: .fetch)
        if exchange.status == 404 || exchange.status == 410 { return nil }
        try expect(exchange, [200], method: "GET")
        return CardDAVCard(href: href, etag: exchange.headers.first(name: "ETag"),
                           vCard: String(decoding: exchange.body, as: UTF8.self))
    }

    // MARK: Writing

    /// Creates a card (PUT with `If-None-Match: *`) named `name` (default: a new UUID `.vcf`) in an
    /// address book; returns its href and ETag.
    public func createCard(_ vCard: String, in addressBook: URL, named name: String? = nil)
        async throws(CardDAVError) -> CardDAVCardReference
    {
        let file = name ?? (UUID().uuidString.lowercased() + ".vcf")
        var base = addressBook.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let encoded = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? file
        guard let url = URL(string: base + encoded) else { throw .invalidURL(base + file) }
        let exchange = try await send("PUT", url, purpose: .write, body: Data(vCard.utf8),
                                      contentType: "text/vcard; charset=utf-8", headers: [("If-None-Match", "*")])
        if exchange.status == 412 {
            let current = try? await card(at: url.path, in: addressBook)
            throw .conflict(CardDAVConflict(url: url.absoluteString, expectedETag: nil, localCard: vCard,
                                            serverCard: current?.vCard, serverETag: current?.etag))
        }
        try expect(exchange, [200, 201, 204], method: "PUT")
        let etag = try await etagAfterWrite(exchange, url: url)
        let href = URLComponents(url: exchange.url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? exchange.url.path
        return CardDAVCardReference(href: href, etag: etag)
    }

    /// Replaces a card (PUT with `If-Match`); a card changed or deleted on the server since `etag`
    /// throws ``CardDAVError/conflict(_:)`` with both versions. Returns the new ETag.
    public func updateCard(_ vCard: String, at href: String, in addressBook: URL, etag: String)
        async throws(CardDAVError) -> CardDAVCardReference
    {
        let url = resolve(href, against: addressBook)
        let exchange = try await send("PUT", url, purpose: .write, body: Data(vCard.utf8),
                                      contentType: "text/vcard; charset=utf-8", headers: [("If-Match", etag)])
        if exchange.status == 412 || exchange.status == 404 {
            let current = try await card(at: href, in: addressBook)
            throw .conflict(CardDAVConflict(url: url.absoluteString, expectedETag: etag, localCard: vCard,
                                            serverCard: current?.vCard, serverETag: current?.etag))
        }
        try expect(exchange, [200, 201, 204], method: "PUT")
        return CardDAVCardReference(href: href, etag: try await etagAfterWrite(exchange, url: url))
    }

    /// Deletes a card; with an `etag`, only if it is still that version (else a conflict with the server's version).
    public func deleteCard(at href: String, in addressBook: URL, etag: String?) async throws(CardDAVError) {
        let url = resolve(href, against: addressBook)
        let exchange = try await send("DELETE", url, purpose: .delete, headers: etag.map { [("If-Match", $0)] } ?? [])
        if exchange.status == 412 {
            let current = try await card(at: href, in: addressBook)
            throw .conflict(CardDAVConflict(url: url.absoluteString, expectedETag: etag, localCard: nil,
                                            serverCard: current?.vCard, serverETag: current?.etag))
        }
        try expect(exchange, [200, 204], method: "DELETE")
    }

    /// Creates an address book collection (extended MKCOL, RFC 5689).
    public func makeAddressBook(at url: URL, displayName: String? = nil, description: String? = nil)
        async throws(CardDAVError)
    {
        let body = DAVRequestBody.makeAddressBook(displayName: displayName, description: description)
        let exchange = try await send("MKCOL", url, purpose: .create, body: Data(body.utf8))
        try expect(exchange, [200, 201], method: "MKCOL")
    }

    private func etagAfterWrite(_ exchange: HTTPExchange, url: URL) async throws(CardDAVError) -> String? {
        if let etag = exchange.headers.first(name: "ETag"), !etag.hasPrefix("W/") { return etag }
        let (_, multistatus) = try await propfind(url, depth: "0", properties: [(DAVNamespace.dav, "getetag")], purpose: .write)
        return multistatus.responses.first?.etag
    }

    // MARK: HTTP

    struct HTTPExchange {
        var status: Int
        var reason: String
        var headers: HTTPHeaders
        var body: Data
        /// The URL that answered (after same-origin redirects).
        var url: URL
    }

    private func propfind(_ url: URL, depth: String, properties: [(String, String)], purpose: CardDAVRequestRecord.Purpose)
        async throws(CardDAVError) -> (URL, Multistatus)
    {
        let body = DAVRequestBody.propfind(properties.map { (namespace: $0.0, name: $0.1) })
        let exchange = try await send("PROPFIND", url, purpose: purpose, depth: depth, body: Data(body.utf8))
        try expect(exchange, [207], method: "PROPFIND")
        return (exchange.url, try parseMultistatus(exchange))
    }

    private func parseMultistatus(_ exchange: HTTPExchange) throws(CardDAVError) -> Multistatus {
        do throws(XMLRefusal) {
            return try Multistatus(SafeXMLParser.parse(exchange.body))
        } catch {
            throw .invalidResponse(url: exchange.url.absoluteString, reason: error.reason)
        }
    }

    private func expect(_ exchange: HTTPExchange, _ statuses: Set<Int>, method: String) throws(CardDAVError) {
        guard statuses.contains(exchange.status) else {
            throw .httpStatus(method: method, url: exchange.url.absoluteString, status: exchange.status, reason: exchange.reason)
        }
    }

    /// Sends one request, following same-origin redirects, with the credential, the time limit and the size limit.
    func send(_ method: String, _ url: URL, purpose: CardDAVRequestRecord.Purpose, depth: String? = nil, body: Data? = nil,
              contentType: String = "application/xml; charset=utf-8", headers extra: [(String, String)] = [])
        async throws(CardDAVError) -> HTTPExchange
    {
        var current = url
        var visited: Set<String> = [url.absoluteString]
        for _ in 0...configuration.maximumRedirects {
            let exchange = try await sendOnce(method, current, purpose: purpose, depth: depth, body: body,
                                              contentType: contentType, headers: extra)
            if [301, 302, 303, 307, 308].contains(exchange.status), let location = exchange.headers.first(name: "Location") {
                guard let next = URL(string: location, relativeTo: current)?.absoluteURL else {
                    throw .invalidResponse(url: current.absoluteString, reason: "redirect to an invalid location")
                }
                guard Self.sameOrigin(next, current) else {
                    throw .redirectOutsideOrigin(url: current.absoluteString, location: Self.redact(next.absoluteString))
                }
                guard visited.insert(next.absoluteString).inserted else { throw .tooManyRedirects(url: url.absoluteString) }
                configuration.logger.debug("CardDAV redirect", metadata: ["from": "\(current.absoluteString)", "to": "\(next.absoluteString)"])
                current = next
                continue
            }
            if exchange.status == 401 {
                let challenge = exchange.headers.first(name: "WWW-Authenticate") ?? ""
                throw .unauthorized(url: current.absoluteString, realm: Self.realm(in: challenge))
            }
            return exchange
        }
        throw .tooManyRedirects(url: url.absoluteString)
    }

    private func sendOnce(_ method: String, _ url: URL, purpose: CardDAVRequestRecord.Purpose, depth: String?, body: Data?,
                          contentType: String, headers extra: [(String, String)])
        async throws(CardDAVError) -> HTTPExchange
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "User-Agent", value: "Ohana-CardDAV/0.1")
        if let depth { request.headers.add(name: "Depth", value: depth) }
        if let body {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        switch credential {
        case .password(let user, let password):
            request.headers.add(name: "Authorization", value: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        case .token(let token):
            request.headers.add(name: "Authorization", value: "Bearer " + token)
        case .granted, nil:
            break
        }
        let logger = configuration.logger
        let timeout = configuration.requestTimeout
        let limit = configuration.maximumResponseSize
        let requestBytes = body?.count ?? 0
        var status: Int?
        var received = 0
        defer {
            configuration.requestObserver?(CardDAVRequestRecord(
                method: method, url: url.absoluteString, purpose: purpose, status: status,
                requestBytes: requestBytes, responseBytes: received))
            logger.debug("CardDAV request", metadata: [
                "method": "\(method)", "url": "\(url.absoluteString)", "status": "\(status.map(String.init) ?? "none")",
                "bytes": "\(received)",
            ])
        }
        do {
            let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1_000_000_000))
            let response = try await sharedHTTPClient.execute(request, deadline: deadline)
            status = Int(response.status.code)
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                throw CardDAVError.responseTooLarge(url: url.absoluteString, limit: limit)
            }
            var buffer = try await response.body.collect(upTo: limit)
            received = buffer.readableBytes
            let data = Data(buffer.readBytes(length: buffer.readableBytes) ?? [])
            return HTTPExchange(status: Int(response.status.code), reason: response.status.reasonPhrase,
                                headers: response.headers, body: data, url: url)
        } catch let error as CardDAVError {
            throw error
        } catch is NIOTooManyBytesError {
            throw .responseTooLarge(url: url.absoluteString, limit: limit)
        } catch let error as HTTPClientError {
            if error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout || error == .writeTimeout {
                throw .timeout(method: method, url: url.absoluteString, seconds: timeout)
            }
            throw .transport(method: method, url: url.absoluteString, reason: "\(error)")
        } catch {
            if error is CancellationError { throw .transport(method: method, url: url.absoluteString, reason: "cancelled") }
            throw .transport(method: method, url: url.absoluteString, reason: "\(error)")
        }
    }

    // MARK: Helpers

    nonisolated func resolve(_ href: String, against base: URL) -> URL {
        URL(string: href, relativeTo: base)?.absoluteURL ?? base
    }

    static func normalizedPath(_ path: String) -> String {
        var p = path.removingPercentEncoding ?? path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ u: URL) -> Int { u.port ?? (u.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }

    static func realm(in challenge: String) -> String? {
        guard let range = challenge.range(of: #"realm="([^"]*)""#, options: [.regularExpression, .caseInsensitive]) else { return nil }
        let match = challenge[range]
        return match.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
    }

    /// A URL's text without user name or password.
    static func redact(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.user != nil || components.password != nil else { return url }
        components.user = nil
        components.password = nil
        return components.string ?? url
    }

    static let discoveryProperties: [(String, String)] = [
        (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "current-user-principal"),
        (DAVNamespace.cardDAV, "addressbook-home-set"), (DAVNamespace.dav, "displayname"),
        (DAVNamespace.cardDAV, "addressbook-description"), (DAVNamespace.dav, "sync-token"),
        (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "supported-report-set"),
    ]

    static let collectionProperties: [(String, String)] = [
        (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "displayname"),
        (DAVNamespace.cardDAV, "addressbook-description"), (DAVNamespace.dav, "sync-token"),
        (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "supported-report-set"),
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
                .containsDescendant(DAVNamespace.dav, "sync-collection") ?? false)
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
