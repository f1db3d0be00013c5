import ArgumentParser
import Foundation
import Ohana
import OhanaStore

/// `ohana search QUERY`: full-text search over the stored contacts' names and field values.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the contact store's names and field values; every word must match the start of a word.")

    @Argument(help: "The words to search for (case and accents ignored).")
    var query: String

    @Option(name: .long, help: "At most this many results, best first.")
    var limit: Int?

    @Option(name: .long, help: "Output format.")
    var output: OutputFormat = .table

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let contacts = try await storage.search(query, limit: limit)
        try await storage.shutDown()
        try writeStandardOutput(try encode(contacts, options: OutputOptions(format: output)))
    }
}
