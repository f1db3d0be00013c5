import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's basic one plus the peer's address, which the
/// sign-in throttle counts failures by.
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The address the request came from (`nil` in router tests, which have no socket).
    public let remoteAddress: SocketAddress?

    /// The context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's IP address as text, if known.
    var peerAddress: String? { remoteAddress?.ipAddress }
}
