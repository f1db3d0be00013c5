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
            region, as the page of ohana serve resolves them. Nothing is changed, unless you choose a \
            country for a number: --choose-region DE --contact ID --number "030 1234567" keeps that \
            choice in the store (with --alike, for every number written in its pattern on a card that \
            says the same about its country), and the review is printed as it is then.
            """)

    /// How the report is printed.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Output format.")
    var output: Output = .text

    @Option(name: .long, help: ArgumentHelp("Choose this country (ISO code) for the number given with --contact and --number.", valueName: "region"))
    var chooseRegion: String?

    @Option(name: .long, help: ArgumentHelp("The contact whose number the choice is for (its id, as the review prints it).", valueName: "id"))
    var contact: String?

    @Option(name: .long, help: ArgumentHelp("The number the choice is for, as written.", valueName: "number"))
    var number: String?

    @Flag(name: .long, help: "With --choose-region: for every number written in the same pattern on a card that says the same about its country.")
    var alike = false

    @OptionGroup var orderOptions: OrderOptions

    @OptionGroup var regionOptions: RegionOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        let choosing = [chooseRegion != nil, contact != nil, number != nil]
        if choosing.contains(true) && choosing.contains(false) {
            throw ValidationError("--choose-region, --contact and --number go together")
        }
        if alike && chooseRegion == nil { throw ValidationError("--alike goes with --choose-region") }
    }

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let service = ContactStoreService(store: storage)
        if let chooseRegion, let contact, let number {
            do {
                try await service.chooseRegion(chooseRegion, forNumber: number, of: ContactID(rawValue: contact), alike: alike,
                                               defaultRegion: regionOptions.effectiveRegion)
            } catch let error as AddressBookError {
                throw ToolError(error.message)
            }
            try await recordToolWrite(in: storage, action: "review-decision",
                                      detail: "region \(chooseRegion) for \(number) of \(contact)" + (alike ? " and those alike" : ""))
        }
        let report = try await service
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
