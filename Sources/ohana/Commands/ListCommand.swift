import ArgumentParser
import Foundation
import Ohana
import OhanaStore

/// `ohana list`: prints the stored contacts, optionally those with a tag or a name prefix.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the contacts of the contact store, ordered by name.")

    @Option(name: .long, help: "Only contacts with this tag (case and accents ignored).")
    var tag: String?

    @Option(name: .long, help: "Only contacts with a name part starting with this (case and accents ignored).")
    var prefix: String?

    @Option(name: .long, help: "Output format.")
    var output: OutputFormat = .table

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        var contacts = if let prefix {
            try await storage.contacts(withNamePrefix: prefix)
        } else {
            try await storage.allContacts(order: .name)
        }
        if let tag {
            let tagged = Set(try await storage.contacts(taggedWith: tag).map(\.id))
            contacts = contacts.filter { tagged.contains($0.id) }
        }
        try await storage.shutDown()
        try writeContacts(contacts, options: OutputOptions(format: output), to: nil)
    }
}
