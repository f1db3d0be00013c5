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

    @OptionGroup var inputOptions: InputOptions

    @Option(name: .long, help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var to: OutputFormat

    @OptionGroup var outputFileOptions: OutputFileOptions

    @Flag(name: .long, help: "Exit non-zero when the input has errors (cards or lines that could not be read).")
    var strict = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("name at least one input file") }
        // Options that do not go with the format are refused before anything is read.
        try outputFileOptions.options(for: to).check()
    }

    func run() async throws {
        let output = outputFileOptions.options(for: to)
        if StreamingConvert.applies(to: inputs, inputFormat: inputOptions.inputFormat, output: output) {
            // One vCard file to JSON: read, encode and write a batch at a time.
            let outputFile = outputFileOptions.outputFile
            let (count, errors) = try await StreamingConvert.run(inputs[0], to: outputFile, pretty: !output.compact)
            if let outputFile { printError("\(count) contacts written to \(outputFile)") }
            if strict, errors > 0 { throw ExitCode(1) }
            return
        }
        // The CSV dialect names the layout written; inputs are read with their own detected layout.
        let loaded = try await loadInputs(inputs, options: inputOptions)
        let contacts = loaded.contacts
        let errors = loaded.report.diagnostics.filter { $0.severity == .error }.count
        let outputFile = outputFileOptions.outputFile
        try writeContacts(contacts, options: output, to: outputFile)
        keepUntilExit(loaded)
        if let outputFile { printError("\(contacts.count) contacts written to \(outputFile)") }
        if strict, errors > 0 { throw ExitCode(1) }
    }
}
