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

    @OptionGroup var inputOptions: InputOptions

    @Flag(name: .long, help: "Print errors only.")
    var errorsOnly = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("name at least one file to check") }
    }

    func run() async throws {
        var errors = 0
        var warnings = 0
        var cards = 0
        // An input that cannot be opened at all (an unknown file type) is a diagnostic like the others.
        var readable: [(input: String, provider: any ContactsDataProvider)] = []
        var unopened: [Diagnostic] = []
        for input in inputs {
            do {
                readable.append((input, try makeProvider(for: input, format: inputOptions.inputFormat)))
            } catch {
                unopened.append(Diagnostic(.error, source: input, message: "\(error)"))
            }
        }
        var diagnostics = unopened
        if !readable.isEmpty {
            let loaded = try await load(readable.map(\.provider), quiet: true, printsDiagnostics: false, toleratesFailures: true)
            cards = loaded.contacts.count
            for (input, step) in zip(readable.map(\.input), loaded.report.providers) {
                diagnostics += step.diagnostics
                if let failure = step.failure { diagnostics.append(Self.diagnostic(for: failure, input: input)) }
            }
        }
        for d in diagnostics {
            if d.severity == .error { errors += 1 } else { warnings += 1 }
            if !errorsOnly || d.severity == .error { try writeStandardOutput(Data((d.description + "\n").utf8)) }
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
