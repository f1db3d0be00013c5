import ArgumentParser
import Foundation
import Ohana
import OhanaSampleData
import OhanaVCard

/// `ohana generate`: writes a realistic, seeded address book for tests, demos and benchmarks.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a realistic seeded address book (international names, phone formats, near-duplicates).",
        discussion: """
            The same --count and --seed always give the same contacts. Every contact carries the custom \
            property \(ContactGenerator.personKey): contacts that are variants of one person share it \
            (the ground truth for duplicate detection).
            """)

    /// The formats `generate` writes.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case json
        case vcard
    }

    @Option(name: .long, help: "How many contacts to write.")
    var count: Int = 100

    @Option(name: .long, help: "The seed; the same seed gives the same contacts.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Share of contacts that are near-duplicates of another person (0 to 0.5).")
    var duplicateRate: Double = 0.12

    @Option(name: .long, help: "Output format.")
    var format: Format = .json

    @Option(name: .long, help: "The client the vCard file is written for, with --format vcard.")
    var vcardTarget: VCardTargetOption = .rfc6350

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.")
    var outputFile: String?

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be zero or more, not \(count)") }
        guard (0...0.5).contains(duplicateRate) else {
            throw ValidationError("--duplicate-rate must be between 0 and 0.5, not \(duplicateRate)")
        }
    }

    func run() async throws {
        let contacts = ContactGenerator(seed: seed, duplicateRate: duplicateRate).generate(count: count)
        switch format {
        case .json: try writeContacts(contacts, options: OutputOptions(format: .json), to: outputFile)
        case .vcard: try writeOutput(VCardWriter(target: vcardTarget.target).write(contacts), to: outputFile)
        }
    }
}
