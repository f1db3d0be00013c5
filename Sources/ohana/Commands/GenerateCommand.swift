import ArgumentParser
import Foundation
import Ohana
import OhanaSampleData

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

    @Option(name: .long, help: "How many contacts to write.")
    var count: Int = 100

    @Option(name: .long, help: "The seed; the same seed gives the same contacts.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Share of contacts that are near-duplicates of another person (0 to 0.5).")
    var duplicateRate: Double = 0.12

    @Option(name: .long, help: "Output format: json, csv, vcard or jscontact (default: the one the -o file's extension names, else json).")
    var format: OutputFormat?

    @OptionGroup var outputOptions: OutputFileOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be zero or more, not \(count)") }
        guard (0...0.5).contains(duplicateRate) else {
            throw ValidationError("--duplicate-rate must be between 0 and 0.5, not \(duplicateRate)")
        }
        guard format != .table else { throw ValidationError("--format table is not a file format; use json, csv, vcard or jscontact") }
        try outputOptions.options(asked: format, otherwise: .json).check()
    }

    func run() async throws {
        let contacts = ContactGenerator(seed: seed, duplicateRate: duplicateRate).generate(count: count)
        try writeContacts(contacts, options: outputOptions.options(asked: format, otherwise: .json), to: outputOptions.outputFile)
    }
}
