import Foundation

/// A problem found in input: where it is (file or URL, line) and why.
///
/// Its description has the form compilers use, `file:line: warning: reason`.
public struct Diagnostic: Hashable, Codable, Sendable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Hashable, Codable, Sendable {
        /// Something was repaired or skipped, and the rest of the record still loaded.
        case warning
        /// A record could not be read; reading went on with the next one.
        case error
    }

    /// How serious the problem is.
    public var severity: Severity
    /// The file path or URL the problem is in.
    public var source: String
    /// The 1-based line number, when known.
    public var line: Int?
    /// Why it is a problem, in words a user understands.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, source: String, line: Int? = nil, message: String) {
        self.severity = severity
        self.source = source
        self.line = line
        self.message = message
    }

    /// `file:line: severity: message`.
    public var description: String {
        let place = line.map { "\(source):\($0)" } ?? source
        return "\(place): \(severity.rawValue): \(message)"
    }
}

/// The contacts a provider loaded, and the problems it found on the way.
public struct LoadedContacts: Sendable {
    /// The contacts, in the source's order.
    public var contacts: [Contact]
    /// Recoverable problems in the input; the contacts above are what loaded despite them.
    public var diagnostics: [Diagnostic]

    /// Creates a load result.
    public init(contacts: [Contact], diagnostics: [Diagnostic] = []) {
        self.contacts = contacts
        self.diagnostics = diagnostics
    }

    /// Appends another result's contacts and diagnostics. The first contacts appended to an empty
    /// result are taken over as they are, not copied one by one.
    public mutating func append(_ other: consuming LoadedContacts) {
        if contacts.isEmpty { swap(&contacts, &other.contacts) } else { contacts.append(contentsOf: other.contacts) }
        if diagnostics.isEmpty { swap(&diagnostics, &other.diagnostics) } else { diagnostics.append(contentsOf: other.diagnostics) }
    }
}

/// A challenge a provider meets when it needs the user's permission or credentials.
public struct AuthorizationChallenge: Hashable, Sendable, CustomStringConvertible {
    /// The provider's identifier.
    public var providerID: String
    /// What is asked for, such as a server's realm or "access to Contacts".
    public var realm: String?
    /// A user-facing explanation.
    public var message: String

    /// Creates a challenge.
    public init(providerID: String, realm: String? = nil, message: String) {
        self.providerID = providerID
        self.realm = realm
        self.message = message
    }

    /// The challenge in words.
    public var description: String {
        "\(providerID) needs authorization" + (realm.map { " (\($0))" } ?? "") + ": \(message)"
    }
}

/// What an app answers to an ``AuthorizationChallenge``.
public enum ProviderCredential: Sendable, CustomStringConvertible {
    /// Permission granted (for system address books).
    case granted
    /// A user name and password.
    case password(user: String, password: String)
    /// A bearer token.
    case token(String)

    /// The credential's kind, never its secret.
    public var description: String {
        switch self {
        case .granted: "granted"
        case .password(let user, _): "password for \(user)"
        case .token: "token"
        }
    }
}

/// Why a provider could not load.
public enum ContactsProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The provider needs authorization before it can load; the data source asks the app.
    case authorizationRequired(AuthorizationChallenge)
    /// Authorization was refused, or the credentials given did not work.
    case authorizationDenied(providerID: String, reason: String)
    /// The source could not be read at all (a missing file, an unreachable server).
    case unavailable(providerID: String, source: String, reason: String)
    /// The source was read but is not in a form the provider understands.
    case invalidData(providerID: String, source: String, line: Int?, reason: String)

    /// The error in one line, naming the source and the reason.
    public var description: String {
        switch self {
        case .authorizationRequired(let challenge): challenge.description
        case .authorizationDenied(let id, let reason): "\(id): authorization denied: \(reason)"
        case .unavailable(_, let source, let reason): "\(source): \(reason)"
        case .invalidData(_, let source, let line, let reason):
            line.map { "\(source):\($0): \(reason)" } ?? "\(source): \(reason)"
        }
    }
}

/// A source of contacts: a file, a store, a server, a system address book.
///
/// Providers are loaded concurrently by ``ContactsDataSource``; their contacts are merged in the
/// order the providers were given, whatever finishes first.
public protocol ContactsDataProvider: Sendable {
    /// A stable identifier, recorded as the provenance of what the provider loads.
    var identifier: String { get }

    /// Loads every contact of the source.
    ///
    /// Throws ``ContactsProviderError/authorizationRequired(_:)`` when the source needs
    /// authorization first; the data source then asks the app and, once
    /// ``authorize(with:)`` has been called, loads again.
    func loadContacts() async throws(ContactsProviderError) -> LoadedContacts

    /// Receives the app's answer to an authorization challenge.
    func authorize(with credential: ProviderCredential) async
}

extension ContactsDataProvider {
    /// Providers that need no authorization ignore credentials.
    public func authorize(with credential: ProviderCredential) async {}
}
