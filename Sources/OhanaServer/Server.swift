import Foundation
import Hummingbird
import HummingbirdTLS
import NIOCore
import OhanaAccounts
import Logging
import Ohana
import OhanaAddressBook

/// The `ohana serve` web server: a JSON API over an ``AddressBook`` and the page that uses it.
public enum AddressBookServer {
    /// The largest request body accepted, in bytes.
    public static let maximumBodySize = 64 * 1024
    /// The most ids one select or deselect request may name.
    public static let maximumIDsPerRequest = 1_000
    /// The longest search query accepted, in characters.
    public static let maximumQueryLength = 200
    /// The most rows one page may hold.
    public static let maximumPageSize = 500

    /// Whether a host name or address is a loopback one (`127.0.0.0/8`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The router: the API under `/api`, the page at `/`; `HEAD` answers like `GET` without a body.
    ///
    /// - Parameters:
    ///   - addressBook: The loaded address book.
    ///   - checksHost: Whether to refuse requests whose `Host` is not a loopback name (protects a
    ///     loopback server from DNS rebinding); use it whenever the server listens on loopback.
    ///   - metrics: When given, requests are counted and timed into it and `GET /metrics` answers
    ///     with its values in the Prometheus text format.
    ///   - access: When sign-in is required, sessions, the sign-in throttle and TLS (``ServerAccess``).
    ///   - logger: Where sign-ins and failed sign-ins are logged.
    public static func makeRouter(addressBook: AddressBook, checksHost: Bool = true,
                                  metrics: ServerMetrics? = nil, access: ServerAccess = ServerAccess(),
                                  logger: Logger = Logger(label: "ohana.serve")) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestObservingMiddleware(metrics: metrics?.factory))
        router.add(middleware: SafetyMiddleware(checksHost: checksHost, tls: access.tls))
        let auth = ServerAuthentication(access: access, addressBook: addressBook, logger: logger)
        router.add(middleware: AccessMiddleware(auth: auth))
        if let metrics {
            router.get("/metrics") { _, _ -> Response in
                Response(status: .ok,
                         headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                         body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
            }
        }
        router.add(middleware: StoreRefreshMiddleware(addressBook: addressBook))
        addPageRoutes(to: router)
        addAccountRoutes(to: router, auth: auth)
        addContactRoutes(to: router, addressBook: addressBook)
        addPickerRoutes(to: router, addressBook: addressBook)
        addMergeRoutes(to: router, addressBook: addressBook)
        addEditRoutes(to: router, addressBook: addressBook)
        router.get("/api/statistics") { request, _ -> StatisticsReport in
            try QueryParameters(request, allowed: []).finish()
            return await addressBook.statistics()
        }
        for method in [HTTPRequest.Method.get, .post, .delete, .put, .patch] {
            router.on("/api/**", method: method) { request, _ -> Response in
                throw AddressBookError(.notFound, "no API endpoint \(request.method) \(request.uri.path)")
            }
        }
        return router
    }

    /// The application, listening on `host:port` (port 0 picks a free port), over HTTPS when `tls`
    /// is given (``ServerAccess/tls`` is then set); throws when the TLS files cannot be read.
    public static func makeApplication(
        addressBook: AddressBook, host: String = "127.0.0.1", port: Int = 8080,
        logger: Logger = Logger(label: "ohana.serve"), metrics: ServerMetrics? = nil,
        access: ServerAccess = ServerAccess(), tls: ServerTLS? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var access = access
        access.tls = tls != nil
        let router = makeRouter(addressBook: addressBook, checksHost: isLoopback(host), metrics: metrics,
                                access: access, logger: logger)
        let configuration = ApplicationConfiguration(address: .hostname(host, port: port), serverName: "ohana")
        let running: @Sendable (any Channel) async -> Void = { channel in await onServerRunning(channel.localAddress?.port ?? port) }
        if let tlsConfiguration = try tls?.configuration() {
            return Application(router: router, server: try .tls(.http1(), tlsConfiguration: tlsConfiguration),
                               configuration: configuration, onServerRunning: running, logger: logger)
        }
        return Application(router: router, server: .http1(), configuration: configuration, onServerRunning: running, logger: logger)
    }
}
