import ArgumentParser
import Foundation
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite

/// `--store PATH|URL`: the contact store a command works on, by default one under the user's data folder.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The contact store: a file (default: $XDG_DATA_HOME/ohana/contacts.sqlite, or ~/.local/share/ohana/contacts.sqlite), or a postgres://USER@HOST:PORT/DATABASE URL (password from PGPASSWORD or a prompt, never in the URL).",
        valueName: "path|url"))
    var store: String?

    /// `$XDG_DATA_HOME/ohana/contacts.sqlite`, or `~/.local/share/ohana/contacts.sqlite`.
    static var defaultStoreURL: URL {
        let environment = ProcessInfo.processInfo.environment
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            dataHome = FileManager.default.homeDirectoryForCurrentUser
                .appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("ohana/contacts.sqlite")
    }

    /// The store backends the tool links: PostgreSQL for `postgres://` URLs (its child stores in
    /// memory on SQLite), SQLite for file paths.
    static let backends = ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite])

    /// Where the store lives: `--store` read as a `postgres://` URL or a file path.
    func location() throws -> ContactStorageLocation {
        try Self.location(store.map { $0 } ?? Self.defaultStoreURL.path)
    }

    /// A `--store`-like argument read as a `postgres://` URL or a file path (a URL with a password is refused).
    static func location(_ text: String) throws -> ContactStorageLocation {
        do {
            return try backends.location(text)
        } catch let error as ContactStoreError {
            throw ToolError(error.description)
        }
    }

    /// Opens the store on either backend (for the commands that work on both); without `creating`
    /// (commands that only read), a store file that is not there is an error, not a new store.
    func openStorage(creating: Bool = true) async throws -> any ContactStorage {
        try await Self.open(location(), creating: creating)
    }

    /// Opens a store on either backend. The PostgreSQL password comes from `PGPASSWORD`; when the
    /// server asks for one and none is set, it is asked for on the terminal (never echoed).
    static func open(_ location: ContactStorageLocation, creating: Bool = true) async throws -> any ContactStorage {
        do {
            do {
                return try await location.open(creating: creating)
            } catch ContactStoreError.passwordRequired(let where_) {
                guard isatty(STDIN_FILENO) == 1, let typed = getpass("password for \(where_): ") else {
                    throw ContactStoreError.passwordRequired(location: where_)
                }
                return try await location.open(password: String(cString: typed), creating: creating)
            }
        } catch let error as ContactStoreError {
            throw ToolError(error.description)
        }
    }
}
