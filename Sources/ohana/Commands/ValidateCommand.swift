import ArgumentParser
import Foundation
import Ohana
import OhanaFormats

/// `ohana validate FILE...`: reads address books and reports every problem with its file and line.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check address books and print each problem as file:line: warning|error: reason.",
        discussion: """
            Exits with status 1 when any file has an error (a card, line or file that could not be read), \
            0 when there are only warnings or none. A summary goes to standard error.
            """)

    @Argument(help: "Files or vCard folders to check (.vcf, .csv, .json; see --input-format); - reads standard input.")
    var inputs: [String]

    @OptionGroup var inputOptions: InputOptions

    @Flag(name: .long, help: "Print errors only.")
    var errorsOnly = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("name at least one file to check") }
    }

    func run() async throws {
        let report: ValidationReport
        do throws(ContactsDataSourceError) {
            report = try await ContactValidation.check(inputs) { try makeProvider(for: $0, format: inputOptions.inputFormat) }
        } catch {
            throw ToolError(error.description)
        }
        for diagnostic in report.diagnostics(errorsOnly: errorsOnly) {
            try writeStandardOutput(Data((diagnostic.description + "\n").utf8))
        }
        printError(report.summary)
        if report.hasErrors { throw ExitCode(1) }
    }
}
