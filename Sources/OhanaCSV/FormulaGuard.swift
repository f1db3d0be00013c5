/// Neutralises spreadsheet formula injection in cells, and undoes it on reading.
///
/// Writing follows OWASP's rule: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
/// return gets a single quote in front, so spreadsheets show it as text instead of running it.
/// To make the step reversible, a cell that already starts with one or more single quotes
/// followed by one of those characters gets one more quote too.
///
/// Reading removes exactly one leading quote from a cell of the form `'…'<trigger>…` (one or more
/// quotes, then a trigger character) and leaves every other cell alone. Spreadsheet programs
/// never export the leading quote they use as a text marker, so a cell of that form is what an
/// OWASP-following writer produced; `'90s` or `'twas` stay as they are. Together the two steps
/// are inverse: `unescape(escape(v)) == v` for every string.
enum FormulaGuard {
    /// The characters that make a spreadsheet treat a cell as a formula.
    static func isTrigger(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "=", "+", "-", "@", "\t", "\r": true
        default: false
        }
    }

    /// Whether the cell is quotes followed by a trigger (`startsWithQuote`), or starts with a trigger.
    private static func hasTriggerAfterQuotes(_ value: String, requireQuote: Bool) -> Bool {
        var quotes = 0
        for scalar in value.unicodeScalars {
            if scalar == "'" {
                quotes += 1
                continue
            }
            return isTrigger(scalar) && (quotes > 0 || !requireQuote)
        }
        return false
    }

    /// The cell as written: prefixed with `'` when a spreadsheet could read it as a formula.
    static func escape(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, first == "'" || isTrigger(first) else { return value }
        return hasTriggerAfterQuotes(value, requireQuote: false) ? "'" + value : value
    }

    /// The cell as meant: one added `'` removed where ``escape(_:)`` would have added it.
    static func unescape(_ value: String) -> String {
        guard value.utf8.first == UInt8(ascii: "'") else { return value }
        return hasTriggerAfterQuotes(value, requireQuote: true) ? String(value.unicodeScalars.dropFirst()) : value
    }
}
