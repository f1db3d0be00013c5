import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Ohana
import OhanaConnectionErrors

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


    // MARK: HTTP

    struct HTTPExchange {
        var status: Int
        var reason: String
        var headers: HTTPHeaders
        var body: Data
        /// The URL that answered (after same-origin redirects).
        var url: URL
    }

    func propfind(_ url: URL, depth: String, properties: [(String, String)], purpose: CardDAVRequestRecord.Purpose)
        async throws(CardDAVError) -> (URL, Multistatus)
    {
        let body = DAVRequestBody.propfind(properties.map { (namespace: $0.0, name: $0.1) })
        let exchange = try await send("PROPFIND", url, purpose: purpose, depth: depth, body: Data(body.utf8))
        try expect(exchange, [207], method: "PROPFIND")
        return (exchange.url, try parseMultistatus(exchange))
    }

    func parseMultistatus(_ exchange: HTTPExchange) throws(CardDAVError) -> Multistatus {
        do throws(XMLRefusal) {
            return try Multistatus(SafeXMLParser.parse(exchange.body))
        } catch {
            throw .invalidResponse(url: exchange.url.absoluteString, reason: error.reason)
        }
    }

    func expect(_ exchange: HTTPExchange, _ statuses: Set<Int>, method: String) throws(CardDAVError) {
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
            throw Self.transportError(error, method: method, url: url)
        } catch {
            if error is CancellationError { throw .transport(method: method, url: url.absoluteString, reason: "cancelled") }
            throw Self.transportError(error, method: method, url: url)
        }
    }

    /// A transport error in the user's words: a connection that could not be made says where and why.
    private static func transportError(_ error: any Error, method: String, url: URL) -> CardDAVError {
        if let failure = ConnectionFailure(error) {
            let host = url.host ?? url.absoluteString
            let port = url.port ?? (url.scheme == "https" ? 443 : 80)
            return .cannotConnect(url: url.absoluteString, address: "\(host):\(port)", reason: failure.description,
                                  advice: failure.advice(server: "the CardDAV server"))
        }
        return .transport(method: method, url: url.absoluteString, reason: "\(error)")
    }

    // MARK: Helpers

    package nonisolated func resolve(_ href: String, against base: URL) -> URL {
        URL(string: href, relativeTo: base)?.absoluteURL ?? base
    }

    package static func normalizedPath(_ path: String) -> String {
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
}
