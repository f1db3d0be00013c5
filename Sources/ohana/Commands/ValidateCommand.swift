import ArgumentParser
import Foundation
import Ohana
import OhanaVCard

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

    @Option(name: .long, help: "Read every input in this format instead of guessing from its extension.")
    var inputFormat: InputFormat?

    @Flag(name: .long, help: "Print errors only.")
    var errorsOnly = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("name at least one file to check") }
    }

    func run() async throws {
        var errors = 0
        var warnings = 0
        var cards = 0
        for input in inputs {
            let diagnostics: [Diagnostic]
            do {
                let provider = try makeProvider(for: input, format: inputFormat)
                let loaded = try await provider.loadContacts()
                cards += loaded.contacts.count
                diagnostics = loaded.diagnostics
            } catch let error as ContactsProviderError {
                diagnostics = [Self.diagnostic(for: error, input: input)]
            } catch {
                diagnostics = [Diagnostic(.error, source: input, message: "\(error)")]
            }
            for d in diagnostics {
                if d.severity == .error { errors += 1 } else { warnings += 1 }
                if !errorsOnly || d.severity == .error { FileHandle.standardOutput.write(Data((d.description + "\n").utf8)) }
            }
        }
        printError("\(inputs.count) file\(inputs.count == 1 ? "" : "s"), \(cards) card\(cards == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    private static func diagnostic(for error: ContactsProviderError, input: String) -> Diagnostic {
        switch error {
        case .invalidData(_, let source, let line, let reason): Diagnostic(.error, source: source, line: line, message: reason)
        case .unavailable(_, let source, let reason): Diagnostic(.error, source: source, message: reason)
        default: Diagnostic(.error, source: input, message: error.description)
        }
    }
}
