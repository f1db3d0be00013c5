import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore

/// `ohana list`: prints the stored contacts in the page's list order, optionally those with a tag or a name prefix.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the contacts of the contact store in the order the page of ohana serve lists them.")

    @Option(name: .long, help: "Only contacts with this tag (case and accents ignored).")
    var tag: String?

    @Option(name: .long, help: "Only contacts with a name part starting with this (case and accents ignored).")
    var prefix: String?

    @Option(name: .long, help: "Output format.")
    var output: OutputFormat = .table

    @OptionGroup var orderOptions: OrderOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage(creating: false)
        let contacts = try await orderOptions.ordering.contacts(in: storage, taggedWith: tag, namePrefix: prefix)
        try await storage.shutDown()
        try writeContacts(contacts, options: OutputOptions(format: output), to: nil)
    }
}
