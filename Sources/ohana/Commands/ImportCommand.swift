import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore

/// `ohana import FILE...`: loads address books into the contact store.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load address books into the contact store, updating contacts imported before.",
        discussion: """
            A contact replaces the stored one that came from the same file and record (a vCard UID, a \
            JSON id); otherwise it is added. Nothing is removed. Contacts merged in `ohana serve` stay \
            merged: a contact from one of their sources updates the merged contact. Problems in the input \
            are reported on standard error and the rest still loads.
            """)

    @Argument(help: "Files to import (any format the tool reads; - reads standard input, with --input-format).")
    var inputs: [String]

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var regionOptions: RegionOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        // Contacts merged before are merged again from their members' new versions with this region.
        regionOptions.configure()
        let storage = try await storeOptions.openStorage()
        let loaded = try await loadInputs(inputs, options: inputOptions).contacts
        let result = try await ContactStoreService(store: storage).importContacts(loaded)
        print(result.summaryLines.joined(separator: "\n"))
        try await recordToolWrite(in: storage, action: "import", detail: "\(inputs.joined(separator: ", ")): " + result.summaryLines.joined(separator: "; "))
        try await storage.shutDown()
    }
}
