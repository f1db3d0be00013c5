import Foundation
import Ohana

/// Why a CardDAV operation failed; every case names the URL involved and never holds a credential.
public enum CardDAVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL given is not an `http`, `https`, `carddav` or `carddavs` URL with a host.
    case invalidURL(String)
    /// The server wants credentials, or refused the ones given (HTTP 401).
    case unauthorized(url: String, realm: String?)
    /// The server answered with an unexpected HTTP status.
    case httpStatus(method: String, url: String, status: Int, reason: String)
    /// The server did not answer in time.
    case timeout(method: String, url: String, seconds: Double)
    /// The connection failed (refused, reset, name not found, TLS).
    case transport(method: String, url: String, reason: String)
    /// The server redirected to another origin (scheme, host or port), which is not followed.
    case redirectOutsideOrigin(url: String, location: String)
    /// The server redirected too often, or in a circle.
    case tooManyRedirects(url: String)
    /// The response body was larger than the configured limit.
    case responseTooLarge(url: String, limit: Int)
    /// The response was not well-formed, or not the XML expected, or hostile (entities, depth).
    case invalidResponse(url: String, reason: String)
    /// The card on the server changed (or was deleted) since it was read (HTTP 412).
    case conflict(CardDAVConflict)
    /// The server refused a write for the card's content (an RFC 6352 precondition such as
    /// `valid-address-data`, or 400/403/409/413/415/422/507); sending it again changes nothing.
    case refused(CardDAVRefusal)
    /// The server no longer accepts the sync token given (RFC 6578 `valid-sync-token`).
    case invalidSyncToken(url: String)
    /// No address book was found at or below the URL given.
    case noAddressBook(url: String)
    /// A contact cannot be written back: it has no CardDAV record of this provider.
    case notACardDAVContact(contactID: String)
    /// No connection could be made to the server at `address` (`HOST:PORT`) for `url`: why, and what to do.
    case cannotConnect(url: String, address: String, reason: String, advice: String)

    /// The error in one line, naming the URL and the status or reason.
    public var description: String {
        switch self {
        case .invalidURL(let url):
            "\(url): not a CardDAV URL (use http://, https://, carddav:// or carddavs:// with a host)"
        case .unauthorized(let url, let realm):
            "\(url): HTTP 401 Unauthorized" + (realm.map { " (realm \"\($0)\")" } ?? "")
                + ": the server wants valid credentials"
        case .httpStatus(let method, let url, let status, let reason):
            "\(url): \(method) failed with HTTP \(status)" + (reason.isEmpty ? "" : " \(reason)")
        case .timeout(let method, let url, let seconds):
            "\(url): \(method) timed out after \(Self.format(seconds)) s"
        case .transport(let method, let url, let reason):
            "\(url): \(method) failed: \(reason)"
        case .redirectOutsideOrigin(let url, let location):
            "\(url): redirect to another origin (\(location)) not followed"
        case .tooManyRedirects(let url):
            "\(url): too many redirects"
        case .responseTooLarge(let url, let limit):
            "\(url): response larger than the limit of \(limit) bytes"
        case .invalidResponse(let url, let reason):
            "\(url): invalid response: \(reason)"
        case .conflict(let conflict):
            conflict.description
        case .refused(let refusal):
            refusal.description
        case .invalidSyncToken(let url):
            "\(url): the server no longer accepts the sync token; a full load is needed"
        case .noAddressBook(let url):
            "\(url): no CardDAV address book found"
        case .notACardDAVContact(let id):
            "contact \(id) has no CardDAV record of this provider; create it instead"
        case .cannotConnect(_, let address, let reason, let advice):
            "cannot connect to the CardDAV server at \(address) (\(reason)): \(advice)"
        }
    }

    /// The HTTP status the error carries, if any.
    public var status: Int? {
        switch self {
        case .unauthorized: 401
        case .httpStatus(_, _, let status, _): status
        case .conflict: 412
        case .refused(let refusal): refusal.status
        default: nil
        }
    }

    /// Whether the error concerns the one card written (a refusal, or an unexpected status for it),
    /// so that a sync goes on with the other cards; not a lost connection or credentials.
    public var concernsOneCard: Bool {
        switch self {
        case .refused: true
        case .httpStatus(_, _, let status, _): status != 401 && status != 407
        default: false
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

/// A write that the server refused because the card changed there first: both versions, nothing overwritten.
public struct CardDAVConflict: Hashable, Sendable, CustomStringConvertible {
    /// The card's URL.
    public var url: String
    /// The ETag the write expected (the version the local copy was based on); `nil` for a create.
    public var expectedETag: String?
    /// The vCard text the client tried to write (`nil` for a delete).
    public var localCard: String?
    /// The card as it is now on the server (`nil` when it was deleted there).
    public var serverCard: String?
    /// The server's current ETag (`nil` when the card was deleted there).
    public var serverETag: String?
    /// The local version as a contact, when the write came from one.
    public var localContact: Contact?
    /// The server's version as a contact, when it still exists and could be read.
    public var serverContact: Contact?

    /// Creates a conflict report.
    public init(url: String, expectedETag: String?, localCard: String?, serverCard: String?, serverETag: String?) {
        self.url = url
        self.expectedETag = expectedETag
        self.localCard = localCard
        self.serverCard = serverCard
        self.serverETag = serverETag
    }

    /// The conflict in one line.
    public var description: String {
        let server = serverETag.map { "server now has ETag \($0)" } ?? "card was deleted on the server"
        return "\(url): HTTP 412 Precondition Failed: card changed on the server since it was read "
            + "(expected ETag \(expectedETag ?? "none, creating")); \(server); nothing was overwritten"
    }
}
