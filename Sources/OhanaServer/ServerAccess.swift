import Foundation
import OhanaAccounts

/// Who may use `ohana serve`: whether sign-in is required, how long a session lasts, how failed
/// sign-ins are throttled, and whether cookies are sent only over TLS.
public struct ServerAccess: Sendable {
    /// When sign-in is required.
    public enum Mode: Sendable, Equatable {
        /// Never (`--no-auth`): anyone who reaches the port may do anything but manage accounts.
        case off
        /// As soon as the store has an account (the default on loopback).
        case whenAccountsExist
        /// Always (a non-loopback address: the store must have an account to start).
        case required
    }

    /// When sign-in is required.
    public var mode: Mode
    /// How long a session lasts, in seconds.
    public var sessionLifetime: TimeInterval
    /// How failed sign-ins are slowed and refused.
    public var throttle: SignInThrottle.Policy
    /// Whether the server is served over TLS: cookies are then `Secure` and responses carry HSTS.
    public var tls: Bool

    /// Creates access rules.
    public init(mode: Mode = .whenAccountsExist, sessionLifetime: TimeInterval = 12 * 3600,
                throttle: SignInThrottle.Policy = SignInThrottle.Policy(), tls: Bool = false) {
        self.mode = mode
        self.sessionLifetime = sessionLifetime
        self.throttle = throttle
        self.tls = tls
    }

    /// Why `ohana serve` will not start.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// The message.
        public var description: String
    }

    /// The mode for a server on `host`: a non-loopback address needs an account in the store
    /// unless `noAuth`; loopback requires sign-in once an account exists.
    public static func mode(host: String, hasAccounts: Bool, noAuth: Bool) throws -> Mode {
        if noAuth { return .off }
        if AddressBookServer.isLoopback(host) { return .whenAccountsExist }
        guard hasAccounts else {
            throw Refusal(description: "'\(host)' is not a loopback address and the store has no account: add one with "
                + "`ohana user add NAME --role admin --store …`, or serve without sign-in with --no-auth")
        }
        return .required
    }
}
