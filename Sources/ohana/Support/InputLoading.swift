import ArgumentParser
import Foundation
import Ohana

/// What a command loaded: the contacts after its post processors, and the data source's report.
struct LoadedInputs {
    /// The contacts, in input order, after the post processors.
    var contacts: [Contact]
    /// Per input: contacts, diagnostics, failure; per post processor: counts and time.
    var report: LoadReport
}

/// The one loader of the tool: a ``ContactsDataSource`` over one provider per input, with a
/// progress bar on a terminal. Diagnostics are printed one way, `file:line: severity: reason`, on
/// standard error (unless `printsDiagnostics` is off); a failed input is an error unless
/// `toleratesFailures`, in which case the caller reads it from the report.
func loadInputs(
    _ inputs: [String], options: InputOptions, csvDialect: CSVDialectOption? = nil,
    postProcessors: [any ContactsPostProcessor] = [], quiet: Bool = false,
    printsDiagnostics: Bool = true, toleratesFailures: Bool = false
) async throws -> LoadedInputs {
    let providers = try inputs.map { try makeProvider(for: $0, format: options.inputFormat, csvDialect: csvDialect) }
    return try await load(providers, postProcessors: postProcessors, quiet: quiet,
                          printsDiagnostics: printsDiagnostics, toleratesFailures: toleratesFailures)
}

/// ``loadInputs(_:options:csvDialect:postProcessors:quiet:printsDiagnostics:toleratesFailures:)``
/// for providers already made.
func load(
    _ providers: [any ContactsDataProvider], postProcessors: [any ContactsPostProcessor] = [], quiet: Bool = false,
    printsDiagnostics: Bool = true, toleratesFailures: Bool = false
) async throws -> LoadedInputs {
    let source = ContactsDataSource(providers: providers, postProcessors: postProcessors)
    let progress = ProgressBar(quiet: quiet)
    let report: LoadReport
    do {
        report = try await source.load { progress.update($0.completedSteps, of: $0.totalSteps, $0.stage) }
    } catch {
        progress.finish()
        throw ToolError(error.description)
    }
    progress.finish()
    if printsDiagnostics {
        for diagnostic in report.diagnostics { printError(diagnostic.description) }
    }
    if !toleratesFailures, let failure = report.failures.first?.failure {
        throw ToolError(failure.description)
    }
    return LoadedInputs(contacts: source.contacts, report: report)
}

/// Keeps `value` (the contacts a command loaded) alive until the process exits, so that exiting
/// gives its memory back at once instead of freeing every string and array first: a third of a
/// second after `ohana process` wrote 100,000 contacts. Only for values a command is done with.
func keepUntilExit<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(KeptUntilExit(value))
}

private final class KeptUntilExit<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
