import Foundation
import Ohana

/// The section a name belongs to in an address book's index: A–Z for Latin names (after folding
/// accents and a few letters that do not decompose, such as Ø and Ł), the letter for Greek and
/// Cyrillic names, the initial consonant for Korean names, one section per script for the others,
/// and `#` for names that start with a digit or symbol, or are missing.
public struct SectionKey: Hashable, Comparable, Sendable {
    /// Where the section goes in the index; sections sort by rank, then by title.
    public let rank: Int
    /// The title shown in the index.
    public let title: String

    /// Orders sections by rank, then by title.
    public static func < (lhs: SectionKey, rhs: SectionKey) -> Bool {
        lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.title < rhs.title
    }

    /// The section for names that start with a digit or symbol, or have no name.
    public static let other = SectionKey(rank: 10_000, title: "#")

    /// The section a name belongs to.
    public init(name: String) {
        self = Self.filing(name) { Self.section(for: $0) }
    }

    /// The section a name belongs to, as ``init(name:)`` finds it, a first character's section
    /// looked up in `cache` and added to it: for filing many names, most of whose first
    /// characters are few.
    init(name: String, cache: inout [Character: SectionKey]) {
        self = Self.filing(name) { first in
            if let known = cache[first] { return known }
            let section = Self.section(for: first)
            cache[first] = section
            return section
        }
    }

    /// The section of `name`: an ASCII first letter's at once, else `sectionOf` its first letter's,
    /// else ``other``.
    private static func filing(_ name: String, _ sectionOf: (Character) -> SectionKey) -> SectionKey {
        if let section = asciiSection(of: name) { return section }
        guard let first = firstLetter(of: name) else { return .other }
        return sectionOf(first)
    }

    /// The section of a name starting with an ASCII letter that no mark or other letter joins (the
    /// next byte ASCII): that letter, capitalized, as ``section(for:)`` files it; else `nil`.
    private static func asciiSection(of name: String) -> SectionKey? {
        let utf8 = name.utf8
        guard let first = utf8.first, (0x61...0x7A).contains(first | 0x20), utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true
        else { return nil }
        let upper = first & ~0x20
        return SectionKey(rank: Int(upper), title: String(Unicode.Scalar(upper)))
    }

    /// The character a name is filed by: its first that is not white space or an opening quote
    /// or bracket.
    private static func firstLetter(of name: String) -> Character? {
        name.first(where: { !$0.isWhitespace && !"\"'“‘(¿¡".contains($0) })
    }

    /// Creates a section key from a rank and title.
    public init(rank: Int, title: String) {
        self.rank = rank
        self.title = title
    }

    private static let latinExtras: [Character: Character] = [
        "Ø": "O", "ø": "O", "Ł": "L", "ł": "L", "Æ": "A", "æ": "A", "Œ": "O", "œ": "O", "ß": "S",
        "Þ": "T", "þ": "T", "Đ": "D", "đ": "D", "Ð": "D", "ð": "D", "Ħ": "H", "ħ": "H", "ı": "I",
    ]

    /// Scripts grouped into one section each, in index order after Latin, Greek and Cyrillic.
    private static let scripts: [(range: ClosedRange<UInt32>, rank: Int, title: String)] = [
        (0x0530...0x058F, 300, "Ա"),      // Armenian
        (0x10A0...0x10FF, 310, "Ⴀ"),      // Georgian
        (0x0590...0x05FF, 400, "א"),      // Hebrew
        (0x0600...0x06FF, 410, "ع"),      // Arabic
        (0x0750...0x077F, 410, "ع"),      // Arabic supplement
        (0x0900...0x097F, 500, "अ"),      // Devanagari
        (0x0980...0x09FF, 510, "অ"),      // Bengali
        (0x0B80...0x0BFF, 520, "அ"),      // Tamil
        (0x0E00...0x0E7F, 600, "ก"),      // Thai
        (0x3040...0x309F, 800, "あ"),     // Hiragana
        (0x30A0...0x30FF, 800, "あ"),     // Katakana (with Hiragana: Japanese kana)
        (0x4E00...0x9FFF, 900, "漢"),     // CJK ideographs
        (0x3400...0x4DBF, 900, "漢"),     // CJK extension A
    ]

    private static let hangulInitials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    /// Doubled initials share the plain consonant's section, as Korean indexes do.
    private static let hangulSectionOfInitial = [0, 0, 2, 3, 3, 5, 6, 7, 7, 9, 9, 11, 12, 12, 14, 15, 16, 17, 18]

    private static func section(for character: Character) -> SectionKey {
        if let extra = latinExtras[character] { return latin(extra) }
        if let original = character.unicodeScalars.first, (0x0400...0x04FF).contains(original.value) {
            // Cyrillic: the letter as written (Й is its own letter, not И with a mark).
            let letter = String(character).uppercased()
            return SectionKey(rank: 200, title: letter == "Ё" ? "Е" : letter)
        }
        let folded = TextFolding.fold(String(character), options: .matching)
        guard let scalar = folded.unicodeScalars.first else { return .other }
        let value = scalar.value
        switch value {
        case 0x61...0x7A: return latin(Character(String(scalar).uppercased()))
        case 0x41...0x5A: return latin(Character(String(scalar)))
        case 0x0370...0x03FF:  // Greek: the letter
            return SectionKey(rank: 100, title: String(scalar).uppercased())
        case 0xAC00...0xD7A3:  // Hangul syllables: the initial consonant
            let initial = Int((value - 0xAC00) / 588)
            let section = hangulSectionOfInitial[initial]
            return SectionKey(rank: 700 + section, title: String(hangulInitials[section]))
        default:
            if let script = scripts.first(where: { $0.range.contains(value) }) {
                return SectionKey(rank: script.rank, title: script.title)
            }
            return .other
        }
    }

    private static func latin(_ letter: Character) -> SectionKey {
        let value = letter.unicodeScalars.first.map { Int($0.value) } ?? 0
        return SectionKey(rank: value, title: String(letter))
    }
}
