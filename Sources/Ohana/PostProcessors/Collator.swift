import Foundation

/// Locale-aware string ordering with precomputed integer keys.
///
/// Comparing strings through the locale one pair at a time costs microseconds per comparison,
/// too slow for n log n comparisons over large address books. Instead the distinct characters of
/// all strings to be sorted (a few thousand at most) are ordered once through the locale's
/// collation, which gives each character a primary rank (letters equal ignoring case and accents
/// share it: "e", "É", "é" in English, but "Å" is its own letter after "Z" in Swedish) and a full
/// rank. A string's key is its sequence of ranks; keys compare primary ranks first, then full
/// ranks, then the original text. This follows the locale's per-letter tailoring; it does not
/// model multi-letter contractions (traditional Spanish "ch"). White space at the ends is ignored.
struct Collator: Sendable {
    struct Key: Sendable {
        let primary: [UInt32]
        let full: [UInt32]
        let original: String
    }

    private let ranks: [Character: (primary: UInt32, full: UInt32)]
    /// The ranks of the characters that are one Unicode scalar (`é` precomposed, `黄`), by scalar
    /// value: hashing a number is far cheaper than hashing a `Character`.
    private let scalarRanks: [UInt32: (primary: UInt32, full: UInt32)]
    /// The ranks of the ASCII characters, for strings that are all ASCII (most names): their
    /// bytes are their characters, so no grapheme breaking or hashing is needed.
    private let asciiRanks: [(primary: UInt32, full: UInt32)]

    init(locale: Locale, strings: [String]) {
        // The characters used, gathered on every core: a part of the strings each, then merged.
        let chunkCount = max(1, min(processorCount, strings.count / 4096))
        let chunks = (0..<chunkCount).map { ($0 * strings.count / chunkCount)..<(($0 + 1) * strings.count / chunkCount) }
        let found = parallelMap(chunks, minimumPerWorker: 1, state: {}) { _, range in Self.characters(in: strings[range]) }
        var distinct = Set<Character>()
        var ascii = [Bool](repeating: false, count: 128)
        for (chunkASCII, chunkOthers) in found {
            for byte in 0..<128 where chunkASCII[byte] { ascii[byte] = true }
            distinct.formUnion(chunkOthers)
        }
        for byte in 0..<128 where ascii[byte] { distinct.insert(Character(Unicode.Scalar(UInt8(byte)))) }
        let ordered = distinct.sorted { a, b in
            let result = String(a).compare(String(b), options: [], range: nil, locale: locale)
            return result == .orderedSame ? a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars, by: { $0.value < $1.value }) : result == .orderedAscending
        }
        var ranks: [Character: (primary: UInt32, full: UInt32)] = [:]
        ranks.reserveCapacity(ordered.count)
        var primary: UInt32 = 0
        var previous: Character?
        for (full, ch) in ordered.enumerated() {
            if let previous,
                String(previous).compare(String(ch), options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], range: nil, locale: locale) != .orderedSame
            {
                primary += 1
            }
            ranks[ch] = (primary, UInt32(full))
            previous = ch
        }
        self.ranks = ranks
        var scalarRanks: [UInt32: (primary: UInt32, full: UInt32)] = [:]
        for (ch, rank) in ranks where ch.unicodeScalars.count == 1 { scalarRanks[ch.unicodeScalars.first!.value] = rank }
        self.scalarRanks = scalarRanks
        self.asciiRanks = (0..<128).map { ranks[Character(Unicode.Scalar(UInt8($0)))] ?? (UInt32.max, UInt32.max) }
    }

    /// The ASCII bytes used in the plain ASCII strings (as flags), and the characters of the others.
    private static func characters(in strings: ArraySlice<String>) -> (ascii: [Bool], others: Set<Character>) {
        var ascii = [Bool](repeating: false, count: 128)
        var others = Set<Character>()
        for string in strings {
            var string = string
            let plain = string.withUTF8 { bytes in
                guard isPlainASCII(bytes) else { return false }
                for byte in bytes { ascii[Int(byte)] = true }
                return true
            }
            if !plain {
                for ch in string { others.insert(ch) }
            }
        }
        return (ascii, others)
    }

    /// Whether every byte is ASCII and none is CR (CR LF is one character, not two).
    private static func isPlainASCII(_ string: String) -> Bool { isPlainASCII(string.utf8) }

    private static func isPlainASCII<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 13 }
    }

    func key(_ string: String) -> Key {
        Self.isPlainASCII(string) ? asciiKey(string) : characterKey(string)
    }

    /// ``key(_:)`` for any string, character by character.
    func characterKey(_ string: String) -> Key {
        let trimmed = string.trimmingWhitespace()
        var primary: [UInt32] = []
        var full: [UInt32] = []
        primary.reserveCapacity(trimmed.utf8.count)  // at least the characters, without counting them
        full.reserveCapacity(trimmed.utf8.count)
        for ch in trimmed {
            // A miss by scalar still looks the character up: a canonically equivalent spelling
            // (`e` + U+0301 for `é`, U+212B for `Å`) may be the one the table holds.
            let scalars = ch.unicodeScalars
            let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
            let rank = (single ? scalarRanks[scalars.first!.value] : nil) ?? ranks[ch] ?? (UInt32.max, UInt32.max)
            primary.append(rank.primary)
            full.append(rank.full)
        }
        return Key(primary: primary, full: full, original: trimmed)
    }

    /// ``key(_:)`` for an ASCII string: the same trimming (ASCII white space is 9–13 and 32), by bytes.
    func asciiKey(_ string: String) -> Key {
        let bytes = string.utf8
        let (start, end) = Self.trimmedASCII(bytes)
        var primary: [UInt32] = []
        var full: [UInt32] = []
        let count = bytes.distance(from: start, to: end)
        primary.reserveCapacity(count)
        full.reserveCapacity(count)
        for byte in bytes[start..<end] {
            let rank = asciiRanks[Int(byte)]
            primary.append(rank.primary)
            full.append(rank.full)
        }
        let trimmed = start == bytes.startIndex && end == bytes.endIndex ? string : String(string[start..<end])
        return Key(primary: primary, full: full, original: trimmed)
    }

    /// Appends the key of `string` as bytes that compare with `memcmp` as ``compare(_:_:)`` compares
    /// keys: the primary ranks, a zero, the full ranks, a zero (each rank plus one, four bytes, big
    /// endian). Equal full ranks mean equal characters, so the original text is never needed.
    func appendKey(_ string: String, to bytes: inout [UInt8]) {
        if Self.isPlainASCII(string) {
            appendASCIIKey(string, to: &bytes)
            return
        }
        let key = characterKey(string)
        for rank in key.primary { Self.append(rank, to: &bytes) }
        for _ in 0..<4 { bytes.append(0) }
        for rank in key.full { Self.append(rank, to: &bytes) }
        for _ in 0..<4 { bytes.append(0) }
    }

    /// The bounds of an ASCII text without the white space (9–13 and 32) at its ends.
    private static func trimmedASCII(_ utf8: String.UTF8View) -> (String.Index, String.Index) {
        var start = utf8.startIndex, end = utf8.endIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while start < end, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return (start, end)
    }

    /// One rank of a byte key: plus one (zero ends a name), four bytes, big endian.
    private static func append(_ rank: UInt32, to bytes: inout [UInt8]) {
        let value = rank == .max ? rank : rank + 1
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// ``appendKey(_:to:)`` for an ASCII string, from its bytes (``asciiKey(_:)``'s trimming).
    private func appendASCIIKey(_ string: String, to bytes: inout [UInt8]) {
        let utf8 = string.utf8
        let (start, end) = Self.trimmedASCII(utf8)
        let trimmed = utf8[start..<end]
        bytes.reserveCapacity(bytes.count + 8 * trimmed.count + 8)
        for byte in trimmed { Self.append(asciiRanks[Int(byte)].primary, to: &bytes) }
        for _ in 0..<4 { bytes.append(0) }
        for byte in trimmed { Self.append(asciiRanks[Int(byte)].full, to: &bytes) }
        for _ in 0..<4 { bytes.append(0) }
    }

    func compare(_ a: Key, _ b: Key) -> ComparisonResult {
        if let order = Self.compare(a.primary, b.primary) { return order }
        if let order = Self.compare(a.full, b.full) { return order }
        return a.original == b.original ? .orderedSame : (a.original < b.original ? .orderedAscending : .orderedDescending)
    }

    private static func compare(_ a: [UInt32], _ b: [UInt32]) -> ComparisonResult? {
        for (x, y) in zip(a, b) where x != y { return x < y ? .orderedAscending : .orderedDescending }
        return a.count == b.count ? nil : (a.count < b.count ? .orderedAscending : .orderedDescending)
    }
}
