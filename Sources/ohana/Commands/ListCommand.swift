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

    func run() async throws {
        let store = try storeOptions.openStore()
        let tag = self.tag
        let prefix = self.prefix
        let contacts = try await store.read { transaction -> [Contact] in
            var contacts = try prefix.map { try transaction.contacts(withNamePrefix: $0) }
                ?? transaction.allContacts(order: .name)
            if let tag {
                let tagged = Set(try transaction.contacts(taggedWith: tag).map(\.id))
                contacts = contacts.filter { tagged.contains($0.id) }
            }
            return contacts
        }
        try writeContacts(contacts, options: OutputOptions(format: output), to: nil)
    }
}
