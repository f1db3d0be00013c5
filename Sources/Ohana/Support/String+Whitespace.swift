import Foundation

extension StringProtocol {
    /// Whether the string is empty or holds only white space.
    package var isBlank: Bool {
        // A visible ASCII first character settles it without breaking the text into characters.
        if let first = utf8.first, first > 0x20, first < 0x7F { return false }
        return allSatisfy(\.isWhitespace)
    }
}

extension String {
    /// The string without white space (and line breaks, unless `newlines` is `false`) at either end,
    /// as `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces`) gives it, but the
    /// string itself, uncopied, when each end is a visible ASCII character or a letter (nearly
    /// always: far cheaper).
    package func trimmingWhitespace(newlines: Bool = true) -> String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F { return self }
        // Letters (`Ó`, `黄`) are in neither set Foundation trims (whose sets on Linux go beyond
        // Unicode's White_Space: U+200B is in them).
        if let head = unicodeScalars.first, let tail = unicodeScalars.last,
            head.properties.isAlphabetic, tail.properties.isAlphabetic
        {
            return self
        }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
}
