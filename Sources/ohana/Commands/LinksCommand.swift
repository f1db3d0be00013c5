import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook

/// `ohana links`: the review of cards linked across accounts.
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Review the cards of one person in several accounts that ohana sync linked into one contact.",
        discussion: """
            ohana sync links cards of different accounts that the duplicate detection finds to be one \
            person; ohana list, search, show and export then show them as one contact, and each edit \
            goes to the cards holding the value (a value added goes to the primary card). Linking \
            changes and deletes no card. This lists every link with its reasons; --accept ID confirms \
            one, --keep-apart ID takes it apart for good, --primary ID --account NAME chooses where \
            values added to the contact go.
            """)

    enum Output: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: ArgumentHelp("Confirm the link of this contact (its id, or any of its cards' ids).", valueName: "id"))
    var accept: String?

    @Option(name: .long, help: ArgumentHelp("Take the link of this contact apart: its cards are different people.", valueName: "id"))
    var keepApart: String?

    @Option(name: .long, help: ArgumentHelp("Choose the primary card of this contact (with --account).", valueName: "id"))
    var primary: String?

    @Option(name: .long, help: ArgumentHelp("With --primary: the account whose card becomes the primary one.", valueName: "name"))
    var account: String?

    @Option(name: .long, help: "Output format.")
    var output: Output = .text

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if [accept, keepApart, primary].compactMap({ $0 }).count > 1 {
            throw ValidationError("--accept, --keep-apart and --primary go one at a time")
        }
        if (primary == nil) != (account == nil) { throw ValidationError("--primary and --account go together") }
    }

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let service = ContactStoreService(store: storage)
        let links: [LinkSummary]
        do {
            if let accept {
                try await service.decide(link: ContactID(rawValue: accept), .accept)
                try await recordToolWrite(in: storage, action: "link-decision", detail: "accept link of \(accept)")
            } else if let keepApart {
                try await service.decide(link: ContactID(rawValue: keepApart), .keepApart)
                try await recordToolWrite(in: storage, action: "link-decision", detail: "keep apart link of \(keepApart)")
            } else if let primary, let account {
                try await service.setPrimary(of: ContactID(rawValue: primary), source: account)
                try await recordToolWrite(in: storage, action: "link-decision", detail: "primary card of \(primary): \(account)")
            }
            links = try await service.links()
        } catch {
            try await storage.shutDown()
            throw ToolError((error as? AddressBookError)?.message ?? "\(error)")
        }
        try await storage.shutDown()
        switch output {
        case .text:
            print("\(links.count) link\(links.count == 1 ? "" : "s") between accounts")
            print(links.flatMap(\.lines).joined(separator: "\n"))
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(links), as: UTF8.self))
        }
    }
}
