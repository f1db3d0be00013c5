import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore

/// `ohana show ID`: one stored contact, whole.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one contact of the contact store: every part, its version and where it came from (for cards linked across accounts, which account holds each value).")

    @Argument(help: "The contact's id (as ohana list, search and review print it).")
    var id: String

    @Option(name: .long, help: "Output format: text (default), or any contact format (vcard, json, jscontact, csv…).")
    var output: OutputFormat?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage(creating: false)
        let found: VersionedContact
        let sources: ValueSources
        do {
            (found, sources) = try await ContactStoreService(store: storage).contactWithSources(ContactID(rawValue: id))
        } catch {
            try await storage.shutDown()
            throw ToolError(error.message)
        }
        try await storage.shutDown()
        if let output, output != .table {
            try writeContacts([found.contact], options: OutputOptions(format: output), to: nil)
        } else {
            print(found.detailLines(sources: sources).joined(separator: "\n"))
        }
    }
}
