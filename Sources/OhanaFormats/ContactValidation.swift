import Foundation
import Ohana

/// What checking address books found (``ContactValidation/check(_:opening:)``, `ohana validate`):
/// every problem with its file and line, and how many inputs and cards were read.
public struct ValidationReport: Sendable, Hashable {
    /// How many inputs were checked, opened or not.
    public var inputCount: Int
    /// How many cards (contacts) the inputs that could be read held.
    public var cardCount: Int
    /// Every problem: first the inputs that could not be opened, in input order, then each read
    /// input's diagnostics and, when its read failed, the failure as an error, in input order.
    public var diagnostics: [Diagnostic]

    /// Creates a report.
    public init(inputCount: Int, cardCount: Int, diagnostics: [Diagnostic]) {
        self.inputCount = inputCount
        self.cardCount = cardCount
        self.diagnostics = diagnostics
    }

    /// How many diagnostics are errors (a card, line or file that could not be read).
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many diagnostics are warnings.
    public var warningCount: Int { diagnostics.count - errorCount }
    /// Whether any input has an error (`ohana validate` then exits with status 1).
    public var hasErrors: Bool { errorCount > 0 }

    /// The diagnostics to show: all of them, or the errors only.
    public func diagnostics(errorsOnly: Bool) -> [Diagnostic] {
        errorsOnly ? diagnostics.filter { $0.severity == .error } : diagnostics
    }

    /// One line for a reader: `2 files, 10 cards: 1 error, 3 warnings`.
    public var summary: String {
        "\(Self.counted(inputCount, "file")), \(Self.counted(cardCount, "card")): "
            + "\(Self.counted(errorCount, "error")), \(Self.counted(warningCount, "warning"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// Checking address books for problems without keeping their contacts: what `ohana validate` reports.
public enum ContactValidation {
    /// Checks address books: opens each input with `open` (an input that cannot be opened, such as a
    /// file of unknown type, is an error diagnostic naming it and its reason), reads the others
    /// together, and reports every diagnostic with its file and line; an input whose read failed is
    /// an error at the file and line the failure names.
    ///
    /// - Parameters:
    ///   - inputs: The inputs as the user named them (file paths, folders, URLs).
    ///   - open: Makes the provider that reads one input, such as
    ///     ``ContactFormat/provider(forFileAt:declared:csvDialect:)``.
    /// - Throws: ``Ohana/ContactsDataSourceError`` when the inputs cannot be read at all.
    public static func check(
        _ inputs: [String], opening open: (String) throws -> any ContactsDataProvider
    ) async throws(ContactsDataSourceError) -> ValidationReport {
        var readable: [(input: String, provider: any ContactsDataProvider)] = []
        var diagnostics: [Diagnostic] = []
        for input in inputs {
            do {
                readable.append((input, try open(input)))
            } catch {
                diagnostics.append(Diagnostic(.error, source: input, message: "\(error)"))
            }
        }
        var cards = 0
        if !readable.isEmpty {
            let source = ContactsDataSource(providers: readable.map(\.provider))
            let report = try await source.load()
            cards = source.contacts.count
            for (input, step) in zip(readable.map(\.input), report.providers) {
                diagnostics += step.diagnostics
                if let failure = step.failure { diagnostics.append(diagnostic(for: failure, input: input)) }
            }
        }
        return ValidationReport(inputCount: inputs.count, cardCount: cards, diagnostics: diagnostics)
    }

    /// A failed read as an error diagnostic: at the file and line it names, else at the input.
    static func diagnostic(for error: ContactsProviderError, input: String) -> Diagnostic {
        switch error {
        case .invalidData(_, let source, let line, let reason): Diagnostic(.error, source: source, line: line, message: reason)
        case .unavailable(_, let source, let reason): Diagnostic(.error, source: source, message: reason)
        default: Diagnostic(.error, source: input, message: error.description)
        }
    }
}
