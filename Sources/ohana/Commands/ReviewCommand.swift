import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook

/// `ohana review --store S`: what in the store needs a person's decision, with counts.
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "List what in the contact store needs your decision: numbers without a country, junk values, nameless contacts.",
        discussion: """
            Phone numbers no evidence places in a country, or valid in several countries, are kept as \
            written and listed here with their writing pattern (digits as #); values that are no phone \
            number or email address, and contacts with no name, nickname or organization, are listed \
            too. Each kind starts with its count. Numbers are resolved with --region as the default \
            region, as the page of ohana serve resolves them. Nothing is changed.
            """)

    /// How the report is printed.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Output format.")
    var output: Output = .text

    @OptionGroup var orderOptions: OrderOptions

    @OptionGroup var regionOptions: RegionOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let report = try await ContactStoreService(store: storage)
            .attentionReport(region: regionOptions.effectiveRegion, ordering: orderOptions.ordering)
        try await storage.shutDown()
        switch output {
        case .text:
            print(report.lines.joined(separator: "\n"))
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try writeStandardOutput(try encoder.encode(report) + Data("\n".utf8))
        }
    }
}
