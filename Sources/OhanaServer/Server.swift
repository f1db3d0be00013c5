import Foundation
import Hummingbird
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
    public static func makeRouter(addressBook: AddressBook, checksHost: Bool = true,
                                  metrics: ServerMetrics? = nil) -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestObservingMiddleware(metrics: metrics?.factory))
        router.add(middleware: SafetyMiddleware(checksHost: checksHost))
        if let metrics {
            router.get("/metrics") { _, _ -> Response in
                Response(status: .ok,
                         headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                         body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
            }
        }
        router.add(middleware: StoreRefreshMiddleware(addressBook: addressBook))
        addPageRoutes(to: router)
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

    /// The application, listening on `host:port` (port 0 picks a free port).
    public static func makeApplication(
        addressBook: AddressBook, host: String = "127.0.0.1", port: Int = 8080,
        logger: Logger = Logger(label: "ohana.serve"), metrics: ServerMetrics? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = makeRouter(addressBook: addressBook, checksHost: isLoopback(host), metrics: metrics)
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "ohana"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
