import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore

/// `ohana changes --since TOKEN`: what changed in the store since a token.
struct ChangesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Show what changed in the contact store since a change token, and the new token.",
        discussion: """
            Without --since, prints the current token. Each change is one line: "added ID NAME", \
            "updated ID NAME" or "removed ID", then "token TOKEN". An expired or unknown token is an \
            error: reload everything (ohana export) and start again from the current token.
            """)

    @Option(name: .long, help: "The token printed by an earlier `ohana changes` or `ohana import`.")
    var since: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let feed = ContactStoreService(store: try await storeOptions.openStorage(creating: false))
        do throws(AddressBookError) {
            if let since {
                print(try await feed.changes(since: since).lines.joined(separator: "\n"))
            } else {
                print("token \(try await feed.currentChangeToken())")
            }
        } catch {
            throw ToolError(error.message)
        }
        try await feed.store.shutDown()
    }
}
