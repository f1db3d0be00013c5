import Ohana

/// The parameters of recently parsed content lines, by the text they were parsed from
/// (`TYPE=cell`, `TYPE=home;CC=US`): an address book repeats a few parameter lists on most of its
/// lines, so each is parsed once and its array then shared, copy on write, by every property that
/// writes the same text. Without it each such property cost two allocations (the parameter array
/// and its values array) and the parsing.
///
/// A direct-mapped table of ``slots`` entries: a text of at most 40 bytes (97 % of the parameter
/// lists in the real-world corpus, 76 % are at most 24; Apple writes
/// `type=INTERNET;type=HOME;type=pref`), held in five words, goes to the slot its hash picks,
/// replacing what was there. Only parameter lists that parsed without a warning are kept, so that
/// a line read from the cache reports what parsing it would.
struct ParameterCache {
    /// How many entries the table holds (a power of two).
    static let slots = 64
    /// The longest parameter text kept.
    static let maximumLength = 40

    private struct Entry {
        var words: Words
        var length: Int
        var parameters: [PropertyParameter]
    }

    /// The table, made at the first entry kept.
    private var entries: [Entry?] = []
    /// Whether entries are kept at all (not for a single line parsed on its own).
    private let keeps: Bool

    /// A cache that keeps what is parsed through it, or (`keeping: false`) only parses.
    init(keeping: Bool = true) {
        keeps = keeping
    }

    /// A kept text's bytes, zero past its end.
    private typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The text's five words (zero past its end), or `nil` when it is too long to be kept.
    @inline(__always)
    private static func words(of text: UnsafeBufferPointer<UInt8>) -> Words? {
        guard text.count <= maximumLength else { return nil }
        var words: Words = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            if let base = text.baseAddress, !text.isEmpty { raw.baseAddress!.copyMemory(from: base, byteCount: text.count) }
        }
        return words
    }

    @inline(__always)
    private static func slot(of words: Words, length: Int) -> Int {
        var hash = words.0 &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ words.1) &* 0xC2B2_AE3D_27D4_EB4F
        hash = (hash ^ words.2) &* 0x27D4_EB2F_1656_67C5
        hash = (hash ^ words.3 ^ (words.4 &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: hash >> 40) & (slots - 1)
    }

    /// The parameters parsed from `text` before, or those `parse` gives now (kept when it reported
    /// no warning: `parse` returns whether it did).
    mutating func parameters(
        of text: UnsafeBufferPointer<UInt8>, parse: () -> (parameters: [PropertyParameter], warned: Bool)
    ) -> [PropertyParameter] {
        guard keeps, let words = Self.words(of: text) else { return parse().parameters }
        let slot = Self.slot(of: words, length: text.count)
        if !entries.isEmpty, let entry = entries[slot], entry.length == text.count, entry.words == words {
            return entry.parameters
        }
        let parsed = parse()
        if !parsed.warned {
            if entries.isEmpty { entries = Array(repeating: nil, count: Self.slots) }
            entries[slot] = Entry(words: words, length: text.count, parameters: parsed.parameters)
        }
        return parsed.parameters
    }
}
