import ArgumentParser
import Foundation
import Ohana

/// `ohana convert IN... --to FORMAT -o OUT`: reads address books and writes them in another format.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert address books between vCard, CSV and JSON.",
        discussion: """
            Problems in the input are printed to standard error as file:line: warning|error: reason; what \
            could be read is still converted. Example: ohana convert contacts.vcf --to csv -o contacts.csv
            """)

    @Argument(help: "Input files or vCard folders (.vcf, .csv, .json; see --input-format); - reads standard input.")
    var inputs: [String]

    @Option(name: .long, help: "Read every input in this format instead of guessing from its extension.")
    var inputFormat: InputFormat?

    @Option(name: .long, help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var to: OutputFormat

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.")
    var outputFile: String?

    @Option(name: .long, help: "The client a vCard is written for: \(VCardTargetOption.allCases.map(\.rawValue).joined(separator: ", ")).")
    var vcardTarget: VCardTargetOption = .rfc6350

    @Option(name: .long, help: "The CSV layout to write: \(CSVDialectOption.allCases.map(\.rawValue).joined(separator: ", ")).")
    var csvDialect: CSVDialectOption = .google

    @Flag(name: .long, help: "Exit non-zero when the input has errors (cards or lines that could not be read).")
    var strict = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("name at least one input file") }
    }

    func run() async throws {
        var contacts: [Contact] = []
        var errors = 0
        for input in inputs {
            let provider = try makeProvider(for: input, format: inputFormat)
            let loaded: LoadedContacts
            do {
                loaded = try await provider.loadContacts()
            } catch {
                throw ToolError(error.description)
            }
            for diagnostic in loaded.diagnostics { printError(diagnostic.description) }
            errors += loaded.diagnostics.filter { $0.severity == .error }.count
            contacts += loaded.contacts
        }
        let data = try encode(contacts, options: OutputOptions(format: to, csvDialect: csvDialect, vcardTarget: vcardTarget))
        try writeOutput(data, to: outputFile)
        if let outputFile { printError("\(contacts.count) contacts written to \(outputFile)") }
        if strict, errors > 0 { throw ExitCode(1) }
    }
}
