import ArgumentParser
import Foundation
import Ohana
import OhanaCardDAV
import OhanaServer
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
            The sync state is kept beside the store in PATH.carddav-sync.json. The password comes from \
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
        let stateURL = URL(fileURLWithPath: storeOptions.storeURL.path + ".carddav-sync.json")
        var states = try Self.readStates(at: stateURL)
        let previous = states[provider.identifier]

        let result: CardDAVSyncResult
        do {
            result = try await provider.synchronize(from: previous ?? CardDAVSyncState())
        } catch {
            throw ToolError(error.description)
        }
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }

        let identifier = provider.identifier
        let known = Set(result.state.addressBooks.values.flatMap(\.etags.keys))
        let fullReload = previous == nil
        let saved: ContactSaveSummary
        let removedCount: Int
        do {
            (saved, removedCount) = try await store.write { transaction in
                // Cards of contacts the user merged update the merged contact (it stays merged).
                let saved = try transaction.upsert(result.added + result.changed, remerging: StoredMerges.mergedContact(of:))
                var removed = 0
                for record in result.removed {
                    guard let href = record.recordID else { continue }
                    for contact in try transaction.contacts(providerID: identifier, recordID: href) where !known.contains(href) {
                        if try transaction.remove(id: contact.id) { removed += 1 }
                    }
                }
                if fullReload {
                    // Without a saved state, cards stored earlier from this server but gone now are removed too.
                    for contact in try transaction.allContacts() {
                        guard let href = contact.provenance.first(where: { $0.providerID == identifier })?.recordID,
                              !known.contains(href) else { continue }
                        if try transaction.remove(id: contact.id) { removed += 1 }
                    }
                }
                return (saved, removed)
            }
        } catch {
            throw ToolError("\(storeOptions.storeURL.path): \(error)")
        }
        states[identifier] = result.state
        try Self.writeStates(states, to: stateURL)

        var line = "\(redactedCardDAVURL(url)): \(saved.added) added, \(saved.updated) changed, "
            + "\(removedCount) removed, \(result.cardsFetched) cards transferred"
        for load in result.fullLoads {
            line += "; \(load.addressBook.absoluteString) loaded in full (\(load.reason == .invalidSyncToken ? "sync token no longer valid" : "no sync-collection support"))"
        }
        print(line)
        if !result.isComplete {
            throw ToolError("\(result.incompleteAddressBooks.map(\.absoluteString).joined(separator: ", ")): sync stopped early; "
                + "what arrived is stored and the rest comes with the next sync")
        }
    }

    private static func readStates(at url: URL) throws -> [String: CardDAVSyncState] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        do {
            return try JSONDecoder().decode([String: CardDAVSyncState].self, from: Data(contentsOf: url))
        } catch {
            throw ToolError("\(url.path): unreadable sync state (\(error.localizedDescription)); delete it to sync in full")
        }
    }

    private static func writeStates(_ states: [String: CardDAVSyncState], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try encoder.encode(states).write(to: url, options: .atomic)
        } catch {
            throw ToolError("\(url.path): cannot write the sync state: \(error.localizedDescription)")
        }
    }
}
