import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore

/// `ohana search QUERY`: the address book's search (the page's too) over the stored contacts.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the contact store as the page of ohana serve does: the same query gives the same contacts in the same order.",
        discussion: """
            Every word must start a word of a name, field value, address, tag or note (case and \
            accents ignored); digits find a phone number by its groups as written or by its digits \
            together from its start. Best first: names \
            starting with the query, then names containing its words, then one field holding them \
            all, then the rest; each group in list order (--order, --locale).
            """)

    @Argument(help: "The words to search for (case and accents ignored).")
    var query: String

    @Option(name: .long, help: "At most this many results, best first.")
    var limit: Int?

    @Option(name: .long, help: "Output format.")
    var output: OutputFormat = .table

    @OptionGroup var orderOptions: OrderOptions

    @OptionGroup var regionOptions: RegionOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let storage = try await storeOptions.openStorage(creating: false)
        let finder = ContactFinder(ordering: orderOptions.ordering, region: regionOptions.effectiveRegion)
        let found = try await finder.search(query, in: storage, limit: limit)
        try await storage.shutDown()
        try writeStandardOutput(try encode(found.contacts, options: OutputOptions(format: output)))
    }
}
