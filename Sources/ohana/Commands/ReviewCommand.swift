import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook

extension AttentionReport.Kind: ExpressibleByArgument {}

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
            says the same about its country), and the review is printed as it is then. Junk numbers, \
            invalid emails and nameless contacts are deleted (--delete KIND) or kept as they are and \
            no longer listed (--keep KIND): all of the kind, or with --contact (and --value) one; each \
            deletion is an edit that ohana undo takes back.
            """)

    /// How the report is printed.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Output format.")
    var output: Output = .text

    @Option(name: .long, help: ArgumentHelp("Choose this country (ISO code) for the number given with --contact and --number.", valueName: "region"))
    var chooseRegion: String?

    @Option(name: .long, help: ArgumentHelp("The contact whose number the choice is for, or whose items --delete or --keep act on (its id, as the review prints it).", valueName: "id"))
    var contact: String?

    @Option(name: .long, help: ArgumentHelp("Delete the items of this kind: junk-number and invalid-email remove the value, no-name the contact.", valueName: "kind"))
    var delete: AttentionReport.Kind?

    @Option(name: .long, help: ArgumentHelp("Keep the items of this kind as they are; they are no longer listed.", valueName: "kind"))
    var keep: AttentionReport.Kind?

    @Option(name: .long, help: ArgumentHelp("With --delete or --keep and --contact: only this value, as written.", valueName: "value"))
    var value: String?

    @Flag(name: .long, help: "Write every phone number whose country is known in international form (+49 30 1234567), so that ohana sync pushes it; each contact changed is an edit ohana undo takes back.")
    var writeInternational = false

    @Option(name: .long, help: ArgumentHelp("The number the choice is for, as written.", valueName: "number"))
    var number: String?

    @Flag(name: .long, help: "With --choose-region: for every number written in the same pattern on a card that says the same about its country.")
    var alike = false

    @OptionGroup var orderOptions: OrderOptions

    @OptionGroup var regionOptions: RegionOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if delete != nil && keep != nil { throw ValidationError("--delete and --keep go one at a time") }
        let acting = delete != nil || keep != nil
        if acting {
            if chooseRegion != nil || number != nil { throw ValidationError("--delete and --keep do not go with --choose-region") }
            if value != nil && contact == nil { throw ValidationError("--value goes with --contact") }
        } else {
            let choosing = [chooseRegion != nil, contact != nil, number != nil]
            if choosing.contains(true) && choosing.contains(false) {
                throw ValidationError("--choose-region, --contact and --number go together")
            }
            if value != nil { throw ValidationError("--value goes with --delete or --keep") }
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
        if let (action, kind) = delete.map({ (ReviewAction.delete, $0) }) ?? keep.map({ (ReviewAction.keep, $0) }) {
            do {
                let before = try await service.attentionReport(region: regionOptions.effectiveRegion, ordering: orderOptions.ordering)
                let done = try await service.act(action, on: kind, in: before, contactID: contact, value: value)
                try await recordToolWrite(in: storage, action: "review-decision",
                                          detail: "\(action.rawValue) \(done.items) \(kind.rawValue) item(s) of \(contact ?? "every contact")")
                printError("\(action == .delete ? "deleted" : "kept") \(done.items) \(kind.rawValue) item(s)"
                    + (done.revisions.isEmpty ? "" : "; undo with: ohana undo " + done.revisions.map(String.init).joined(separator: " ")))
            } catch let error as AddressBookError {
                throw ToolError(error.message)
            }
        }
        if writeInternational {
            let done = try await service.writeResolvedNumbersInternationally(region: regionOptions.effectiveRegion)
            try await recordToolWrite(in: storage, action: "review-decision",
                                      detail: "wrote \(done.items) numbers in international form on \(done.revisions.count) contacts")
            printError("wrote \(done.items) number(s) in international form on \(done.revisions.count) contact(s)"
                + (done.revisions.isEmpty ? "" : "; undo with: ohana undo N (ohana history lists them)"))
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
