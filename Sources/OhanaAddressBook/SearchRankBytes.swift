import Foundation
import Ohana

extension QueryMatcher {
    /// The rank ``match(_:within:)`` gives `contact` (`nil` when worse than `bound`), without the
    /// match's offsets: what a search ranks its candidates by. When the query is plain ASCII and
    /// not a phone number, each of the contact's texts that is plain ASCII (no carriage return) is
    /// read on its bytes, where folding lowers A–Z and words are runs of ASCII letters and digits,
    /// byte for Character; any other text is folded and cut into words as ``match(_:within:)``
    /// does, so the rank is the one it finds.
    mutating func rank(of contact: Contact, within bound: SearchRank) -> SearchRank? {
        guard let asciiWords, phoneDigits == nil, asciiWords.count <= 64 else { return match(contact, within: bound)?.rank }
        let all: UInt64 = asciiWords.count == 64 ? .max : (1 << UInt64(asciiWords.count)) - 1
        // Which query words start a word of the names (bit i for word i).
        var found: UInt64 = 0
        let run = scan(contact.fullName, words: asciiWords, found: &found, runs: true)
        if run.fromStart { return .nameStart }
        guard bound >= .nameWords else { return nil }
        if run.inside { return .nameWords }
        guard bound >= .names else { return nil }
        if found == all { return .names }
        // The names the full name is made of hold no word it lacks (the parts it joins, or the
        // organization it falls back to): not read again.
        let formatted = !(contact.formattedName?.isBlank ?? true)
        let fromParts = !formatted && !contact.composedName.isEmpty
        let fromOrganization = !formatted && !fromParts
        let otherNames = [fromParts ? nil : contact.givenName, fromParts ? nil : contact.middleName,
                          fromParts ? nil : contact.familyName, contact.nickname, fromOrganization ? nil : contact.organization,
                          contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName]
        for case let name? in otherNames where found != all {
            _ = scan(name, words: asciiWords, found: &found, runs: false)
        }
        if found == all { return .names }
        guard bound >= .oneField else { return nil }
        for field in contact.fields {
            var inField: UInt64 = 0
            _ = scan(field.value, words: asciiWords, found: &inField, runs: false)
            if inField == all { return .oneField }
        }
        return bound >= .elsewhere ? .elsewhere : nil
    }

    /// One text read for ``rank(of:within:)``: on its bytes when plain ASCII, else folded as
    /// ``match(_:within:)`` folds it (bit `i` of `found` set when query word `i` starts one of its
    /// words; with `runs`, where the query words start consecutive words).
    ///
    /// A text that is not plain ASCII is folded once per matcher: what it held is kept
    /// (``ScannedTexts``), as names repeat across an address book.
    mutating func scan(_ text: String, words asciiWords: [[UInt8]], found: inout UInt64, runs: Bool) -> ASCIIWords.Run {
        let before = found
        if let run = ASCIIWords.scan(text, words: asciiWords, found: &found, runs: runs) { return run }
        found = before
        if let known = scannedTexts[text] {
            found |= known.found
            return runs ? known.run : ASCIIWords.Run()
        }
        let textWords = Self.words(in: fold(text))
        var inText: UInt64 = 0
        for (index, word) in words.enumerated() where textWords.contains(where: { $0.characters.starts(with: word) }) {
            inText |= 1 << UInt64(index)
        }
        var run = ASCIIWords.Run()
        if consecutive(textWords, from: 0) != nil {
            run.fromStart = true
        } else if textWords.indices.dropFirst().contains(where: { consecutive(textWords, from: $0) != nil }) {
            run.inside = true
        }
        scannedTexts[text] = (inText, run)
        found |= inText
        return runs ? run : ASCIIWords.Run()
    }
}

/// The texts a matcher folded and what each held for its query: which query words start one of
/// its words, and where they run through consecutive words. At most ``capacity`` are kept (then
/// they are let go and kept anew), so a book of all different names costs a lookup per text.
struct ScannedTexts {
    /// How many texts are kept at most.
    static let capacity = 1 << 15
    private var known: [String: (found: UInt64, run: ASCIIWords.Run)] = [:]

    /// What `text` held, when kept.
    subscript(text: String) -> (found: UInt64, run: ASCIIWords.Run)? {
        get { known[text] }
        set {
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[text] = newValue
        }
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

    /// Reads `text`'s words: sets bit `i` of `found` when query word `i` starts one of them and,
    /// with `runs`, tells where the query words start consecutive words (all but the last equal to
    /// a word, the last starting one). `nil` when `text` is not plain ASCII.
    static func scan(_ text: String, words: [[UInt8]], found: inout UInt64, runs: Bool) -> Run? {
        var text = text
        return text.withUTF8 { scan(bytes: $0, words: words, found: &found, runs: runs) }
    }

    /// ``scan(_:words:found:runs:)`` on a text's UTF-8 bytes.
    static func scan(bytes: UnsafeBufferPointer<UInt8>, words: [[UInt8]], found: inout UInt64, runs: Bool) -> Run? {
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
