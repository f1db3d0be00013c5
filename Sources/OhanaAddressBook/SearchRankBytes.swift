import Foundation
import Ohana

extension QueryMatcher {
    /// The rank ``match(_:within:)`` gives `contact` (`nil` when worse than `bound`), without the
    /// match's offsets: what a search ranks its candidates by. Told on the bytes of the contact's
    /// names and field values when they and the query are plain ASCII (no carriage return) and the
    /// query is not a phone number: there folding lowers A–Z and words are runs of ASCII letters
    /// and digits, byte for Character, so the rank is the one ``match(_:within:)`` finds; any other
    /// contact is matched as ``match(_:within:)`` matches it.
    mutating func rank(of contact: Contact, within bound: SearchRank) -> SearchRank? {
        if let asciiWords, phoneDigits == nil, let told = Self.asciiRank(of: contact, words: asciiWords, within: bound) {
            return told.rank
        }
        return match(contact, within: bound)?.rank
    }

    /// A rank told on bytes, `nil` inside when worse than the bound.
    struct ToldRank {
        var rank: SearchRank?
    }

    /// ``rank(of:within:)`` on bytes; `nil` when a text it reads is not plain ASCII (or the query
    /// has more than 64 words).
    private static func asciiRank(of contact: Contact, words: [[UInt8]], within bound: SearchRank) -> ToldRank? {
        guard words.count <= 64 else { return nil }
        let all: UInt64 = words.count == 64 ? .max : (1 << UInt64(words.count)) - 1
        // Which query words start a word of the names (bit i for word i).
        var found: UInt64 = 0
        guard let run = ASCIIWords.scan(contact.fullName, words: words, found: &found, runs: true) else { return nil }
        if run.fromStart { return ToldRank(rank: .nameStart) }
        guard bound >= .nameWords else { return ToldRank(rank: nil) }
        if run.inside { return ToldRank(rank: .nameWords) }
        guard bound >= .names else { return ToldRank(rank: nil) }
        if found == all { return ToldRank(rank: .names) }
        let otherNames = [contact.givenName, contact.middleName, contact.familyName, contact.nickname, contact.organization,
                          contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName]
        for case let name? in otherNames {
            guard ASCIIWords.scan(name, words: words, found: &found, runs: false) != nil else { return nil }
        }
        if found == all { return ToldRank(rank: .names) }
        guard bound >= .oneField else { return ToldRank(rank: nil) }
        var inOneField = false
        for field in contact.fields {
            var inField: UInt64 = 0
            guard ASCIIWords.scan(field.value, words: words, found: &inField, runs: false) != nil else { return nil }
            if inField == all { inOneField = true }
        }
        if inOneField { return ToldRank(rank: .oneField) }
        return ToldRank(rank: bound >= .elsewhere ? .elsewhere : nil)
    }
}

/// Words of plain ASCII text read on its bytes, as ``QueryMatcher/words(in:)`` reads them from
/// folded Characters: runs of ASCII letters and digits, A–Z lowered.
enum ASCIIWords {
    /// Where the query words run through consecutive words of a text.
    struct Run {
        /// From the text's first word.
        var fromStart = false
        /// From a later word.
        var inside = false
    }

    /// Whether every byte of `text` is ASCII and none is a carriage return.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Reads `text`'s words: sets bit `i` of `found` when query word `i` starts one of them and,
    /// with `runs`, tells where the query words start consecutive words (all but the last equal to
    /// a word, the last starting one). `nil` when `text` is not plain ASCII.
    static func scan(_ text: String, words: [[UInt8]], found: inout UInt64, runs: Bool) -> Run? {
        var text = text
        return text.withUTF8 { bytes -> Run? in
            var run = Run()
            // The start and end of each word, for the consecutive runs.
            var bounds: [(start: Int, end: Int)] = []
            var start: Int?
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0x20
                guard byte < 0x80, byte != 0x0D else { return nil }
                let isWord = (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
                if isWord, start == nil { start = index }
                guard !isWord, let first = start else { continue }
                start = nil
                if runs { bounds.append((first, index)) }
                for (position, word) in words.enumerated() where found & (1 << UInt64(position)) == 0 {
                    if startsWith(bytes, first, index, word) { found |= 1 << UInt64(position) }
                }
            }
            guard runs, words.count <= bounds.count else { return run }
            for first in 0...(bounds.count - words.count) {
                var matches = true
                for (offset, word) in words.enumerated() {
                    let bound = bounds[first + offset]
                    let isLast = offset == words.count - 1
                    guard isLast || bound.end - bound.start == word.count, startsWith(bytes, bound.start, bound.end, word) else {
                        matches = false
                        break
                    }
                }
                guard matches else { continue }
                if first == 0 {
                    run.fromStart = true
                    break
                }
                run.inside = true
                break
            }
            return run
        }
    }

    /// Whether the word `bytes[start..<end]`, lowered, starts with `word`.
    @inline(__always)
    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: [UInt8]) -> Bool {
        guard end - start >= word.count else { return false }
        for offset in word.indices {
            let byte = bytes[start + offset]
            if ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) != word[offset] { return false }
        }
        return true
    }
}
