import Foundation

/// Fuzzy search over contacts' names and field values (Ohana's `OHFuzzyMatchingUtility`).
///
/// A contact matches when the query's characters appear in order (a subsequence) in its full
/// name or in one of its field values, ignoring case, diacritics and width, and ignoring white
/// space in the query. The query is always taken literally: `a.*b` and `+1 (555)` are characters
/// to find, never a pattern. A query of digits and phone punctuation matches a phone number by its
/// digits, so `555 0100` finds `(415) 555-0100`.
///
/// Complexity: O(total text length) per search; nothing is compiled from the query.
public struct ContactSearch: Sendable {
    /// Where in a contact a query matched.
    public enum Location: Hashable, Sendable {
        /// The full name.
        case fullName
        /// The field at this index of ``Contact/fields``.
        case field(Int)
    }

    /// A contact that matched, where, and which characters of the matched text matched.
    public struct Match: Sendable {
        /// The matching contact.
        public var contact: Contact
        /// Where the best match is.
        public var location: Location
        /// The text that matched (the full name or the field value).
        public var text: String
        /// Offsets (in Characters) of the matched characters within ``text``, ascending.
        public var matchedOffsets: [Int]
        /// The score given by the scoring function; 0 when there is none.
        public var score: Double
    }

    /// Scores a match; higher scores come first.
    public typealias Scoring = @Sendable (Match) -> Double

    /// The scoring function, or `nil` to keep the contacts' order.
    public let scoring: Scoring?

    /// Creates a search; without a scoring function results keep their input order.
    public init(scoring: Scoring? = nil) { self.scoring = scoring }

    /// A scoring that prefers compact matches, matches at word starts and name matches.
    public static let relevance: Scoring = { match in
        guard let first = match.matchedOffsets.first, let last = match.matchedOffsets.last else { return 0 }
        let span = Double(last - first + 1)
        let compactness = Double(match.matchedOffsets.count) / span
        let characters = Array(match.text)
        let wordStarts = match.matchedOffsets.filter { $0 == 0 || !characters[$0 - 1].isLetter }.count
        let nameBonus = match.location == .fullName ? 0.5 : 0
        let prefixBonus = first == 0 ? 0.5 : 0
        return compactness * 2 + Double(wordStarts) / Double(match.matchedOffsets.count) + nameBonus + prefixBonus
    }

    /// The contacts that match `query`, in input order or by descending score.
    ///
    /// An empty (or all-white-space) query matches every contact.
    public func contacts(in contacts: [Contact], matching query: String) -> [Contact] {
        matches(in: contacts, for: query).map(\.contact)
    }

    /// The matches for `query`, with where each contact matched, for highlighting.
    public func matches(in contacts: [Contact], for query: String) -> [Match] {
        var folder = Folder()
        let needle = folder.fold(query.filter { !$0.isWhitespace })
        let phoneQuery = Self.isPhoneQuery(query) ? query.filter(\.isNumber).map { $0 } : nil
        let phoneQueryIsAnchored = query.trimmingCharacters(in: .whitespaces).hasPrefix("+")
        var results: [Match] = []
        for contact in contacts {
            if needle.isEmpty {
                results.append(Match(contact: contact, location: .fullName, text: contact.fullName, matchedOffsets: [], score: 0))
                continue
            }
            var best: Match?
            func consider(_ text: String, _ location: Location, phoneDigits: Bool) {
                let offsets: [Int]?
                if phoneDigits, let phoneQuery {
                    // Phone numbers match by a run of digits; a query starting with "+" must match
                    // the start of an international number.
                    if phoneQueryIsAnchored && !text.trimmingCharacters(in: .whitespaces).hasPrefix("+") { return }
                    offsets = Self.digitRun(phoneQuery, in: Array(text), anchored: phoneQueryIsAnchored)
                } else {
                    offsets = Self.bestMatch(needle, in: folder.fold(text))
                }
                guard let offsets else { return }
                var match = Match(contact: contact, location: location, text: text, matchedOffsets: offsets, score: 0)
                match.score = scoring?(match) ?? 0
                if best == nil || match.score > best!.score { best = match }
            }
            consider(contact.fullName, .fullName, phoneDigits: false)
            if best == nil || scoring != nil {
                for (index, field) in contact.fields.enumerated() {
                    consider(field.value, .field(index), phoneDigits: field.type == .phoneNumber)
                    if best != nil && scoring == nil { break }
                }
            }
            if let best { results.append(best) }
        }
        if scoring != nil {
            // Stable: equal scores keep input order.
            results = results.enumerated().sorted { a, b in
                a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
            }.map(\.element)
        }
        return results
    }

    /// Whether a query looks like (part of) a phone number: digits with phone punctuation only.
    package static func isPhoneQuery(_ query: String) -> Bool {
        var digits = 0
        for ch in query {
            if ch.isNumber { digits += 1 }
            else if !" +-().#*/".contains(ch) { return false }
        }
        return digits > 0
    }

    /// The offsets of the first contiguous occurrence of `needle` in `haystack`, else of a greedy
    /// subsequence match; `nil` when the characters are not all there in order.
    static func bestMatch(_ needle: [Character], in haystack: [Character]) -> [Int]? {
        guard let firstOffsets = subsequence(needle, in: haystack, where: { _ in true }) else { return nil }
        if needle.count > 1, haystack.count >= needle.count {
            var start = firstOffsets[0]
            while start + needle.count <= haystack.count {
                if haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
                    return Array(start..<(start + needle.count))
                }
                start += 1
            }
        }
        return firstOffsets
    }

    /// The offsets of `digits` as a run of consecutive digits of `text` (punctuation between them
    /// is skipped); `anchored` requires the run to start at the first digit.
    package static func digitRun(_ digits: [Character], in text: [Character], anchored: Bool) -> [Int]? {
        let positions = text.indices.filter { text[$0].isNumber }
        guard digits.count <= positions.count, !digits.isEmpty else { return nil }
        // Prefer the digits written together, as in "555" within "(415) 555-0100".
        if !anchored, text.count >= digits.count {
            for start in 0...(text.count - digits.count) where text[start..<(start + digits.count)].elementsEqual(digits) {
                return Array(start..<(start + digits.count))
            }
        }
        let lastStart = anchored ? 0 : positions.count - digits.count
        for start in 0...lastStart where zip(digits, positions[start..<(start + digits.count)]).allSatisfy({ $0 == text[$1] }) {
            return Array(positions[start..<(start + digits.count)])
        }
        return nil
    }

    /// The offsets in `haystack` where `needle`'s characters are found in order, greedily;
    /// only haystack characters satisfying `eligible` can match.
    static func subsequence(_ needle: [Character], in haystack: [Character], where eligible: (Character) -> Bool) -> [Int]? {
        var offsets: [Int] = []
        offsets.reserveCapacity(needle.count)
        var i = 0
        for (offset, ch) in haystack.enumerated() where i < needle.count {
            if ch == needle[i] && eligible(ch) {
                offsets.append(offset)
                i += 1
            }
        }
        return i == needle.count ? offsets : nil
    }
}

/// Folds text for matching, one folded Character per original Character so offsets line up;
/// non-ASCII characters are folded once per search and cached.
package struct Folder {
    private var cache: [Character: Character] = [:]

    /// Creates a folder with an empty cache.
    package init() {}

    /// The folded characters of `text`, one per Character of `text`: an ASCII one lowered by its
    /// value (A–Z; "\r\n", whose value is "\n", kept), any other folded once and cached.
    package mutating func fold(_ text: String) -> [Character] {
        var out: [Character] = []
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            if let ascii = ch.asciiValue {
                out.append((0x41...0x5A).contains(ascii) ? Character(Unicode.Scalar(ascii | 0x20)) : ch)
            } else if let folded = cache[ch] {
                out.append(folded)
            } else {
                let folded = TextFolding.fold(ch, options: .matching)
                cache[ch] = folded
                out.append(folded)
            }
        }
        return out
    }
}
