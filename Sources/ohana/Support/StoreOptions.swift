import ArgumentParser
import Foundation
import OhanaStore

/// `--store PATH`: the contact store a command works on, by default one under the user's data folder.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The contact store file (default: $XDG_DATA_HOME/ohana/contacts.sqlite, or ~/.local/share/ohana/contacts.sqlite).",
        valueName: "path"))
    var store: String?

    /// The store file: `--store`, else the default under the user's data folder.
    var storeURL: URL {
        if let store { return URL(fileURLWithPath: (store as NSString).expandingTildeInPath) }
        return Self.defaultStoreURL
    }

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

    /// Opens (creating or migrating) the store; its errors become one-line tool errors.
    func openStore() throws -> ContactStore {
        do {
            return try ContactStore(fileURL: storeURL)
        } catch let error as ContactStoreError {
            throw ToolError(error.description)
        }
    }
}
