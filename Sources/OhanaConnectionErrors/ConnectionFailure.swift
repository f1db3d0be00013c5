import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Why a connection to a server could not be made or kept, read from the error SwiftNIO, NIOSSL or a
/// client built on them threw, in words a user can act on. Shared by the store's PostgreSQL backend
/// and the CardDAV client, so that both say the same thing about the same failure.
package struct ConnectionFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Sendable, Hashable {
        /// Nothing listens at that address and port.
        case refused
        /// The host name does not resolve.
        case hostNotFound
        /// No route to the host or its network.
        case unreachable
        /// Connecting took too long.
        case timedOut
        /// The peer closed or reset the connection.
        case reset
        /// The TLS handshake failed (the text says how, as the TLS library put it).
        case tls(String)
    }

    /// What went wrong.
    package var kind: Kind

    /// Reads `error` (and the errors it wraps, up to a few levels); `nil` when it is not a connection failure.
    package init?(_ error: any Error) {
        guard let kind = Self.kind(of: error, depth: 0) else { return nil }
        self.kind = kind
    }

    /// Creates a failure of a known kind.
    package init(kind: Kind) { self.kind = kind }

    /// The failure in a few words, such as `connection refused`.
    package var description: String {
        switch kind {
        case .refused: "connection refused"
        case .hostNotFound: "host not found"
        case .unreachable: "host unreachable"
        case .timedOut: "connection timed out"
        case .reset: "connection closed by the server"
        case .tls(let detail): "TLS handshake failed: \(detail)"
        }
    }

    /// What to do about it, naming the kind of server (`PostgreSQL`, `the CardDAV server`).
    package func advice(server: String) -> String {
        switch kind {
        case .refused: "is \(server) running and listening on that port?"
        case .hostNotFound: "check the host name"
        case .unreachable: "check the address and the network"
        case .timedOut: "check the address, the port and any firewall between"
        case .reset: "check that the port is \(server)'s and not another service's"
        case .tls: "check the URL's scheme and port (https on a plain HTTP port fails this way) and the server's certificate"
        }
    }

    private static func kind(of error: any Error, depth: Int) -> Kind? {
        guard depth < 6 else { return nil }
        if let error = error as? NIOConnectionError {
            for failure in error.connectionErrors {
                if let kind = kind(of: failure.error, depth: depth + 1) { return kind }
            }
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil { return .hostNotFound }
            return nil
        }
        if error is SocketAddressError.UnknownHost { return .hostNotFound }
        if let error = error as? SocketAddressError, case .unknown = error { return .hostNotFound }
        if let error = error as? IOError { return kind(errno: error.errnoCode) }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return .timedOut
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed: return .reset
            default: return nil
            }
        }
        if let error = error as? NIOSSLError {
            switch error {
            case .handshakeFailed(let inner): return .tls(tlsDetail(inner))
            case .uncleanShutdown: return .reset
            default: return .tls("\(error)")
            }
        }
        if let error = error as? BoringSSLError { return .tls(tlsDetail(error)) }
        if let error = error as? NIOSSLExtraError { return .tls("\(error)") }
        // Clients wrap the transport's error, sometimes in storage of their own: look inside.
        return wrappedKind(in: error, depth: depth + 1)
    }

    private static func wrappedKind(in value: Any, depth: Int) -> Kind? {
        guard depth < 6 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let inner = child.value as? any Error {
                if let kind = kind(of: inner, depth: depth + 1) { return kind }
            } else if let kind = wrappedKind(in: child.value, depth: depth + 1) {
                return kind
            }
        }
        return nil
    }

    private static func kind(errno code: Int32) -> Kind? {
        switch code {
        case ECONNREFUSED: .refused
        case EHOSTUNREACH, ENETUNREACH, EHOSTDOWN, ENETDOWN: .unreachable
        case ETIMEDOUT: .timedOut
        case ECONNRESET, EPIPE, ECONNABORTED: .reset
        default: nil
        }
    }

    private static func tlsDetail(_ error: BoringSSLError) -> String {
        let text = "\(error)"
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("wrong version number") {
            return "the server does not speak TLS on that port"
        }
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
            return "the server's certificate is not trusted"
        }
        return text
    }
}
