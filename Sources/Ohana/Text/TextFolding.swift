import Foundation

/// Text folded for matching, once for the package: the store's lookup values, search, region names,
/// an address book's sections and duplicate detection's names (``Options/latinTransliterating``)
/// fold through here, each with the options it needs.
package enum TextFolding {
    /// What folding ignores or changes.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        /// Creates options from their raw bits.
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `A` and `a` fold alike.
        package static let caseInsensitive = Options(rawValue: 1 << 0)
        /// `é` and `e` fold alike.
        package static let diacriticInsensitive = Options(rawValue: 1 << 1)
        /// Full-width `Ａ` and `A` fold alike.
        package static let widthInsensitive = Options(rawValue: 1 << 2)
        /// Runs of white space become one space; leading and trailing white space goes.
        package static let collapsingWhitespace = Options(rawValue: 1 << 3)
        /// Only letters and digits are kept; every run of other characters becomes one space
        /// between words (none at the ends).
        package static let lettersAndDigitsOnly = Options(rawValue: 1 << 4)

        /// Every script in Latin letters without diacritics (`Иван` → `Ivan`, `Jürgen` → `Jurgen`,
        /// `ß` → `ss`), for names compared across scripts (duplicate detection); applied first.
        package static let latinTransliterating = Options(rawValue: 1 << 5)

        /// Case, diacritics and width ignored, as Foundation's `folding(options:locale:)` does.
        package static let matching: Options = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        /// The store's lookup values: ``matching``, white space collapsed.
        package static let lookup: Options = [.matching, .collapsingWhitespace]
    }

    /// The store's lookup form of `text` (``Options/lookup``): case, diacritics and width ignored,
    /// white space collapsed. Lookup rows hold it: a change here needs a store migration.
    package static func fold(_ text: String) -> String {
        fold(text, options: .lookup)
    }

    /// The folded form of `text`.
    ///
    /// Complexity: O(*n*) in the length of `text`.
    package static func fold(_ text: String, options: Options) -> String {
        if options.contains(.latinTransliterating), !text.utf8.allSatisfy({ $0 < 0x80 }) {
            var cache: [String: String] = [:]
            return fold(latinized(text, cache: &cache), options: options.subtracting(.latinTransliterating))
        }
        if options.contains(.lettersAndDigitsOnly), text.utf8.allSatisfy({ $0 < 0x80 }) {
            return asciiWords(text, lowercased: options.contains(.caseInsensitive))
        }
        var folded = text
        let foundation = foundationOptions(options)
        if !foundation.isEmpty { folded = text.folding(options: foundation, locale: nil) }
        if options.contains(.lettersAndDigitsOnly) {
            var result = ""
            var pendingSpace = false
            for scalar in folded.unicodeScalars {
                if CharacterSet.alphanumerics.contains(scalar) {
                    if pendingSpace, !result.isEmpty { result.append(" ") }
                    pendingSpace = false
                    result.unicodeScalars.append(scalar)
                } else {
                    pendingSpace = true
                }
            }
            return result
        }
        if options.contains(.collapsingWhitespace) {
            return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return folded
    }

    /// One character folded (case, diacritics and width, as `options` say): its folded form's first
    /// character, or the character itself when folding leaves nothing.
    package static func fold(_ character: Character, options: Options) -> Character {
        String(character).folding(options: foundationOptions(options), locale: nil).first ?? character
    }

    /// The exclusive upper bound of every string starting with `prefix` (binary collation).
    package static func upperBound(ofPrefix prefix: String) -> String { prefix + "\u{10FFFF}" }

    /// The options Foundation's folding takes.
    private static func foundationOptions(_ options: Options) -> String.CompareOptions {
        var result: String.CompareOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        if options.contains(.widthInsensitive) { result.insert(.widthInsensitive) }
        return result
    }

    /// ``Options/lettersAndDigitsOnly`` on ASCII text, without Foundation: the same result, a byte at a time.
    private static func asciiWords(_ text: String, lowercased: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingSpace, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                bytes.append(lowercased && byte >= UInt8(ascii: "A") ? byte | 0x20 : byte)
            default:
                pendingSpace = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
