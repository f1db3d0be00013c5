import Foundation
import Logging

/// Limits, timeouts and hooks of a CardDAV client.
public struct CardDAVConfiguration: Sendable {
    /// Time one request (with its whole response) may take, in seconds.
    public var requestTimeout: Double
    /// Largest response body accepted, in bytes.
    public var maximumResponseSize: Int
    /// How many cards one `addressbook-multiget` asks for.
    public var multigetBatchSize: Int
    /// How many same-origin redirects one request follows.
    public var maximumRedirects: Int
    /// How many truncated (507) `sync-collection` answers are continued before giving up.
    public var maximumSyncContinuations: Int
    /// The logger; requests are logged at debug level, without credentials.
    public var logger: Logger
    /// Called once per HTTP exchange (instrumentation: counting requests and bytes).
    public var requestObserver: (@Sendable (CardDAVRequestRecord) -> Void)?

    /// Creates a configuration; the defaults suit most servers.
    public init(
        requestTimeout: Double = 30,
        maximumResponseSize: Int = 64 << 20,
        multigetBatchSize: Int = 100,
        maximumRedirects: Int = 5,
        maximumSyncContinuations: Int = 1000,
        logger: Logger = Logger(label: "ohana.carddav"),
        requestObserver: (@Sendable (CardDAVRequestRecord) -> Void)? = nil
    ) {
        self.requestTimeout = requestTimeout
        self.maximumResponseSize = maximumResponseSize
        self.multigetBatchSize = max(1, multigetBatchSize)
        self.maximumRedirects = maximumRedirects
        self.maximumSyncContinuations = maximumSyncContinuations
        self.logger = logger
        self.requestObserver = requestObserver
    }
}

/// One HTTP exchange a CardDAV client made, as reported to ``CardDAVConfiguration/requestObserver``.
public struct CardDAVRequestRecord: Hashable, Sendable, CustomStringConvertible {
    /// What the request was for.
    public enum Purpose: String, Hashable, Sendable {
        /// Finding the principal, the address book home or the address books.
        case discovery
        /// Listing the cards of an address book (hrefs and ETags only).
        case listing
        /// A `sync-collection` report (hrefs and ETags only).
        case sync
        /// Fetching card bodies (`addressbook-multiget` or GET).
        case fetch
        /// Creating or updating a card.
        case write
        /// Deleting a card.
        case delete
        /// Creating an address book.
        case create
    }

    /// The HTTP method.
    public var method: String
    /// The URL requested (without credentials).
    public var url: String
    /// What the request was for.
    public var purpose: Purpose
    /// The HTTP status, or `nil` when no answer came.
    public var status: Int?
    /// Bytes of the request body.
    public var requestBytes: Int
    /// Bytes of the response body.
    public var responseBytes: Int

    /// Creates a record.
    public init(method: String, url: String, purpose: Purpose, status: Int?, requestBytes: Int, responseBytes: Int) {
        self.method = method
        self.url = url
        self.purpose = purpose
        self.status = status
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
    }

    /// `METHOD url -> status (bytes)`.
    public var description: String {
        "\(method) \(url) -> \(status.map(String.init) ?? "no answer") (\(requestBytes) B out, \(responseBytes) B in)"
    }
}
