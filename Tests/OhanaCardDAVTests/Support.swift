import Foundation
import Logging
import Ohana
@testable import OhanaCardDAV

/// Collects every request a client makes (the instrumentation hook).
final class RequestLog: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var storage: [CardDAVRequestRecord] = []

    func record(_ record: CardDAVRequestRecord) {
        lock.lock()
        storage.append(record)
        lock.unlock()
    }

    var records: [CardDAVRequestRecord] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func clear() {
        lock.lock()
        storage.removeAll()
        lock.unlock()
    }

    var observer: @Sendable (CardDAVRequestRecord) -> Void { { self.record($0) } }
}

/// Captures every log message (and its metadata) at trace level.
final class CapturedLog: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }

    var logger: Logger {
        Logger(label: "test.carddav") { _ in CapturingHandler(log: self) }
    }

    struct CapturingHandler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
            log.append("\(event.level) \(event.message) \(all)")
        }
    }
}

/// A vCard 4.0 text with a UID, a name, a phone number and an unknown property.
func sampleCard(uid: String, name: String, phone: String = "+1 555 0100", note: String? = nil) -> String {
    var lines = ["BEGIN:VCARD", "VERSION:4.0", "UID:\(uid)", "FN:\(name)", "N:\(name);;;;", "TEL;TYPE=cell:\(phone)",
                 "X-OHANA-TEST:kept"]
    if let note { lines.append("NOTE:\(note)") }
    lines.append("END:VCARD")
    return lines.joined(separator: "\r\n") + "\r\n"
}

/// The CardDAV servers the tests run against, both started by the tests.
enum TestServerKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case radicale, xandikos

    var description: String { rawValue }
}

/// A user of a test server with an empty address book of its own, created over HTTP (MKCOL).
struct TestAccount {
    let user: String
    let password: String
    let server: URL
    let bookURL: URL
    /// A client with the user's credentials, for setting up and changing cards behind the provider's back.
    let client: CardDAVClient

    var credential: ProviderCredential { .password(user: user, password: password) }

    /// On Xandikos every user is its one principal `/user/` (it ignores credentials): tests on it use
    /// address books of their own.
    static func make(_ user: String, bookName: String = UUID().uuidString.lowercased(), displayName: String? = nil,
                     on kind: TestServerKind = .radicale) async throws -> TestAccount
    {
        let server = switch kind {
        case .radicale: try await RadicaleServer.shared.baseURL()
        case .xandikos: try await XandikosServer.shared.baseURL()
        }
        let password = radicaleUsers[user]!
        let client = try CardDAVClient(url: server, credential: .password(user: user, password: password))
        let home = kind == .radicale ? "/\(user)/" : "/user/contacts/"
        let book = URL(string: "\(home)\(bookName)/", relativeTo: server)!.absoluteURL
        try await client.makeAddressBook(at: book, displayName: displayName ?? "Book \(bookName)")
        return TestAccount(user: user, password: password, server: server, bookURL: book, client: client)
    }

    /// Puts a card directly on the server; returns its href and ETag.
    @discardableResult
    func put(_ vCard: String, named name: String) async throws -> CardDAVCardReference {
        try await client.createCard(vCard, in: bookURL, named: name)
    }

    /// A provider for this user's address book (or the whole account with `wholeAccount`).
    func provider(wholeAccount: Bool = false, credential: ProviderCredential? = nil,
                  configuration: CardDAVConfiguration = .init()) throws -> CardDAVContactsProvider {
        try CardDAVContactsProvider(url: wholeAccount ? server : bookURL, credential: credential ?? self.credential,
                                    configuration: configuration)
    }
}
