import Foundation

extension TextFolding {
    /// The text in Latin letters without diacritics (``Options/latinTransliterating``): Latin
    /// letters lose their diacritics (`ß` → `ss`, `ł` → `l`), other scripts go through ICU's
    /// `Any-Latin; Latin-ASCII` transliteration, which ICU cannot do stays as written.
    ///
    /// Non-ASCII text is folded a word (a run between spaces) at a time, through `cache`: names
    /// repeat their words far more often than whole names, and a transliteration costs as much as
    /// a thousand lookups.
    package static func latinized(_ text: String, cache: inout [String: String]) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        if let cached = cache[text] { return cached }
        var result = ""
        for (n, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if n > 0 { result += " " }
            let word = String(word)
            if let cached = cache[word] {
                result += cached
                continue
            }
            let folded = latinizeWord(word)
            if cache.count < 200_000 { cache[word] = folded }
            result += folded
        }
        return result
    }

    private static func latinizeWord(_ text: String) -> String {
        var isASCII = true
        var needsTransliteration = false
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            isASCII = false
            if !isLatin(scalar) { needsTransliteration = true; break }
        }
        if isASCII { return text }
        if !needsTransliteration { return stripLatinDiacritics(text) }
        return Transliterations.shared.latin(text) ?? stripLatinDiacritics(text)
    }

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x24F, 0x250...0x2FF, 0x300...0x36F, 0x1E00...0x1EFF, 0x2000...0x206F, 0xFF00...0xFF0F: true
        default: false
        }
    }

    private static let special: [Unicode.Scalar: String] = [
        "ł": "l", "Ł": "L", "ß": "ss", "ı": "i", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE",
        "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH", "ŋ": "ng",
    ]

    private static func stripLatinDiacritics(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.value < 0x80 { out.append(scalar); continue }
            if (0x300...0x36F).contains(scalar.value) { continue }
            if let replacement = special[scalar] { out.append(contentsOf: replacement.unicodeScalars); continue }
            out.append(" ")
        }
        return String(out)
    }
}

/// ICU transliterations to Latin, shared by every thread: one costs tens of microseconds (Foundation
/// builds a new transliterator each time), and the words of names recur across a whole run.
private final class Transliterations: @unchecked Sendable {
    static let shared = Transliterations()

    private let lock = NSLock()
    private var known: [String: String] = [:]

    /// `word` in Latin letters without diacritics; `nil` if ICU cannot transliterate it.
    func latin(_ word: String) -> String? {
        lock.lock()
        let cached = known[word]
        lock.unlock()
        if let cached { return cached }
        guard let latin = word.applyingTransform(StringTransform(rawValue: "Any-Latin; Latin-ASCII"), reverse: false) else {
            return nil
        }
        lock.lock()
        if known.count >= 100_000 { known.removeAll(keepingCapacity: true) }
        known[word] = latin
        lock.unlock()
        return latin
    }
}
