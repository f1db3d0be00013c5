import ArgumentParser
import Foundation
import Ohana
import OhanaCardDAV
import OhanaAddressBook
import OhanaStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether an input argument names a CardDAV server (`carddav://` or `carddavs://`).
func isCardDAVArgument(_ argument: String) -> Bool {
    let lowered = argument.lowercased()
    return lowered.hasPrefix("carddav://") || lowered.hasPrefix("carddavs://")
}

/// Makes the CardDAV provider for a `carddav://user@host:port/path` argument (`carddavs://` for TLS).
///
/// The password comes from `OHANA_CARDDAV_PASSWORD`, or a prompt when standard input is a terminal;
/// never from a flag or the URL. A URL without a user name connects without credentials.
func makeCardDAVProvider(for argument: String) throws -> CardDAVContactsProvider {
    guard let url = URL(string: argument), let host = url.host, !host.isEmpty else {
        throw ToolError("\(argument): not a CardDAV URL; write carddav://user@host:port/path")
    }
    if url.password != nil {
        throw ToolError("\(redactedCardDAVURL(argument)): do not put the password in the URL; set OHANA_CARDDAV_PASSWORD or answer the prompt")
    }
    var credential: ProviderCredential?
    if let user = url.user?.removingPercentEncoding, !user.isEmpty {
        if let password = ProcessInfo.processInfo.environment["OHANA_CARDDAV_PASSWORD"] {
            credential = .password(user: user, password: password)
        } else if isatty(STDIN_FILENO) == 1, let typed = getpass("Password for \(user) at \(host): ") {
            credential = .password(user: user, password: String(cString: typed))
        } else {
            throw ToolError("\(argument): a password is needed for \(user); set OHANA_CARDDAV_PASSWORD (or run on a terminal to be asked)")
        }
    }
    do {
        return try CardDAVContactsProvider(url: url, credential: credential)
    } catch {
        throw ToolError(error.description)
    }
}

/// A CardDAV URL's text without a password.
func redactedCardDAVURL(_ argument: String) -> String {
    guard var components = URLComponents(string: argument), components.password != nil else { return argument }
    components.password = nil
    return components.string ?? argument
}

/// `ohana sync carddav://user@host/path --store PATH`: keeps a local store copy of a CardDAV account in sync.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring the contact store up to date with a CardDAV server, transferring only what changed.",
        discussion: """
            The first sync loads every card; later ones use the server's sync token (RFC 6578) and fetch \
            only added or changed cards, and remove from the store the cards removed on the server. \
            The sync state is kept in the store (a PATH.carddav-sync.json of an older version is moved in once). The password comes from \
            OHANA_CARDDAV_PASSWORD or a prompt, never from a flag. Use carddavs:// for TLS.
            Example: OHANA_CARDDAV_PASSWORD=… ohana sync carddav://alice@localhost:5232/alice/ --store contacts.sqlite
            """)

    @Argument(help: "The CardDAV URL: carddav://user@host:port/path (carddavs:// for TLS).")
    var url: String

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        guard isCardDAVArgument(url) else { throw ValidationError("\(url): not a carddav:// or carddavs:// URL") }
        let provider = try makeCardDAVProvider(for: url)
        let store = try storeOptions.openStore()
        let summary: ProviderSyncSummary
        do {
            summary = try await provider.sync(into: store, remerging: StoredMerges.mergedContact(of:))
        } catch let error as ContactsProviderError {
            throw ToolError(error.description)
        } catch {
            throw ToolError("\(storeOptions.storeURL.path): \(error)")
        }
        let changes = summary.changes
        for diagnostic in changes.diagnostics { printError(diagnostic.description) }
        var line = "\(redactedCardDAVURL(url)): \(summary.saved.added) added, \(summary.saved.updated) changed, "
            + "\(summary.removed) removed, \(changes.recordsTransferred) cards transferred"
        for reload in changes.fullReloads {
            line += "; \(reload.source) loaded in full (\(reload.reason))"
        }
        print(line)
        if !changes.isComplete {
            throw ToolError("\(changes.incompleteSources.joined(separator: ", ")): sync stopped early; "
                + "what arrived is stored and the rest comes with the next sync")
        }
    }
}
