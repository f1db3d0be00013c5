import Foundation
import Ohana

/// How well a contact matches a query, best first; within a rank, results keep the list order.
public enum SearchRank: Int, Sendable, Comparable, Codable, CaseIterable {
    /// The full name starts with the query (each query word starts the name word in its place).
    case nameStart = 0
    /// The query's words start consecutive words inside the full name ("ann j" in "Mary Ann Jones").
    case nameWords = 1
    /// Every query word starts a word of the names (full name, given, family, nickname, organization, phonetic).
    case names = 2
    /// Every query word starts a word of one field value (an email address, a phone number, ...),
    /// or a phone query's digits run through one phone number.
    case oneField = 3
    /// The store's index matched the words across the contact (names, fields, addresses, notes).
    case elsewhere = 4

    /// Better ranks are smaller.
    public static func < (lhs: SearchRank, rhs: SearchRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One contact a search found: how well and where it matched, for ranking and highlighting.
public struct ContactMatch: Sendable {
    /// The contact as stored.
    public var contact: Contact
    /// How well it matched.
    public var rank: SearchRank
    /// The text shown for the match: the full name or the field at ``ContactSearch/Location/field(_:)``.
    public var location: ContactSearch.Location
    /// The text the offsets refer to.
    public var text: String
    /// Offsets (in Characters) of the matched characters within ``text``, ascending.
    public var matchedOffsets: [Int]
}

/// Ranks one contact against one query: the search's only ranking, shared by every front end.
///
/// Text is folded per character (case, diacritics, width: ``Folder``) and cut into words at every
/// character that is not a letter or digit, as the store's full-text index cuts it.
struct QueryMatcher {
    /// The folded query words.
    let words: [[Character]]
    /// The query's digits when it reads as (part of) a phone number.
    let phoneDigits: [Character]?
    /// Whether a phone query starts with "+" (it must then match a number's first digits).
    let phoneAnchored: Bool
    /// The query words as ASCII bytes, when every one is plain ASCII (for ``nameRun(_:)``).
    let asciiWords: [[UInt8]]?
    private var folder = Folder()
    /// What ``scan(_:words:found:runs:)`` found in texts it folded (``ScannedTexts``).
    var scannedTexts = ScannedTexts()

    init(_ query: String) {
        var folder = Folder()
        words = Self.words(in: folder.fold(query)).map { Array($0.characters) }
        asciiWords = words.allSatisfy { $0.allSatisfy { $0.isASCII && $0 != "\r\n" } }
            ? words.map { $0.compactMap(\.asciiValue) } : nil
        phoneDigits = ContactSearch.isPhoneQuery(query) ? query.filter(\.isNumber).map { $0 } : nil
        phoneAnchored = query.trimmingCharacters(in: .whitespaces).hasPrefix("+")
        self.folder = folder
    }

    /// Whether the query has any word to look for.
    var isEmpty: Bool { words.isEmpty }

    /// A word of folded text: its characters and where it starts.
    struct Word {
        var characters: ArraySlice<Character>
        var start: Int
    }

    /// The words of folded text: runs of letters and digits.
    static func words(in text: [Character]) -> [Word] {
        var result: [Word] = []
        var start: Int?
        for index in 0...text.count {
            let isWordCharacter = index < text.count && isWordCharacter(text[index])
            if isWordCharacter, start == nil { start = index }
            if !isWordCharacter, let first = start {
                result.append(Word(characters: text[first..<index], start: first))
                start = nil
            }
        }
        return result
    }

    /// Whether a character is a letter or digit; ASCII answered without Unicode properties.
    @inline(__always)
    static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            let lower = ascii | 0x20
            return (0x30...0x39).contains(ascii) || (0x61...0x7A).contains(lower)
        }
        return character.isLetter || character.isNumber
    }

    /// `text` folded as ``Folder`` folds it, one Character per Character of `text`. ASCII text
    /// without a carriage return (where "\r\n" would be one Character) is lowered byte by byte.
    mutating func fold(_ text: String) -> [Character] {
        let isPlainASCII = text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        guard isPlainASCII else { return folder.fold(text) }
        var folded: [Character] = []
        folded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            folded.append(Character(Unicode.Scalar(lowered)))
        }
        return folded
    }

    /// Whether the query words start consecutive words of `fullName` (so it ranks ``SearchRank/nameStart``
    /// or ``SearchRank/nameWords``), told on its bytes when it and the query are plain ASCII (no
    /// carriage return, which joins "\r\n" into one Character): there folding lowers A–Z and words
    /// are runs of letters and digits, byte for Character. `nil` when it cannot be told this way.
    private func nameRun(_ fullName: String) -> Bool? {
        guard let asciiWords else { return nil }
        var found: UInt64 = 0
        return ASCIIWords.scan(fullName, words: asciiWords, found: &found, runs: true).map { $0.fromStart || $0.inside }
    }

    /// The offsets of the query words' first prefix matches among `textWords` (nil per word that has none).
    private func prefixMatches(_ textWords: [Word]) -> [Range<Int>?] {
        words.map { word in
            textWords.first { $0.characters.starts(with: word) }.map { $0.start..<($0.start + word.count) }
        }
    }

    /// The offsets where the query words start `count` consecutive words from `first`, else `nil`.
    func consecutive(_ textWords: [Word], from first: Int) -> [Int]? {
        guard first + words.count <= textWords.count else { return nil }
        var offsets: [Int] = []
        for (index, word) in words.enumerated() {
            let textWord = textWords[first + index]
            let isLast = index == words.count - 1
            guard isLast ? textWord.characters.starts(with: word) : textWord.characters.elementsEqual(word) else { return nil }
            offsets += textWord.start..<(textWord.start + word.count)
        }
        return offsets
    }

    /// Ranks a contact the store's index found; where it matched comes with it for highlighting.
    mutating func match(_ contact: Contact) -> ContactMatch {
        // Within the worst rank there is always a match.
        match(contact, within: .elsewhere)!
    }

    /// The contact ranked as ``match(_:)`` ranks it when that rank is `bound` or better, else
    /// `nil`, found without reading what only worse ranks look at (its other names, its fields):
    /// so a search can find a broad query's best ranks first, and only go on when they are too few.
    mutating func match(_ contact: Contact, within bound: SearchRank) -> ContactMatch? {
        if bound < .names, nameRun(contact.fullName) == false { return nil }
        let name = fold(contact.fullName)
        let nameWords = Self.words(in: name)
        func result(_ rank: SearchRank, _ location: ContactSearch.Location, _ text: String, _ offsets: [Int]) -> ContactMatch {
            ContactMatch(contact: contact, rank: rank, location: location, text: text, matchedOffsets: offsets)
        }
        if let offsets = consecutive(nameWords, from: 0) { return result(.nameStart, .fullName, contact.fullName, offsets) }
        guard bound >= .nameWords else { return nil }
        for first in nameWords.indices.dropFirst() {
            if let offsets = consecutive(nameWords, from: first) { return result(.nameWords, .fullName, contact.fullName, offsets) }
        }
        guard bound >= .names else { return nil }
        let inName = prefixMatches(nameWords)
        let nameOffsets = Self.offsets(inName)
        if inName.allSatisfy({ $0 != nil }) { return result(.names, .fullName, contact.fullName, nameOffsets) }
        let otherNames = [contact.givenName, contact.middleName, contact.familyName, contact.nickname, contact.organization,
                          contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName]
        let otherWords = otherNames.compactMap { $0 }.flatMap { Self.words(in: fold($0)) }
        if zip(inName, prefixMatches(otherWords)).allSatisfy({ pair in pair.0 != nil || pair.1 != nil }) {
            return result(.names, .fullName, contact.fullName, nameOffsets)
        }
        guard bound >= .oneField else { return nil }
        // The field where most query words matched; a phone query's digit run counts as all of them.
        var best: (count: Int, index: Int, offsets: [Int])?
        for (index, field) in contact.fields.enumerated() {
            let characters = Array(field.value)
            var count = 0
            var offsets: [Int] = []
            if field.type == .phoneNumber, let phoneDigits,
               !phoneAnchored || field.value.trimmingCharacters(in: .whitespaces).hasPrefix("+"),
               let run = ContactSearch.digitRun(phoneDigits, in: characters, anchored: phoneAnchored),
               let first = run.first, let last = run.last {
                // Digits matched across punctuation ("471 00" for "47100"): the run is highlighted whole.
                count = words.count
                offsets = Array(first...last)
            } else {
                let matches = prefixMatches(Self.words(in: fold(field.value)))
                count = matches.filter { $0 != nil }.count
                offsets = Self.offsets(matches)
            }
            if count > 0, best.map({ count > $0.count }) ?? true { best = (count, index, offsets) }
        }
        if let best {
            let rank: SearchRank = best.count == words.count ? .oneField : .elsewhere
            return rank <= bound ? result(rank, .field(best.index), contact.fields[best.index].value, best.offsets) : nil
        }
        return bound >= .elsewhere ? result(.elsewhere, .fullName, contact.fullName, nameOffsets) : nil
    }

    /// The contact ranked as ``match(_:)`` ranks it, when every query word starts a word of its
    /// names, field values, postal addresses, tags or note (what the store's full-text index
    /// matches), or a phone query's digits start one of its numbers' digits; else `nil`. For lists
    /// held in memory (a picker's rows), so that a query means there what it means in the store.
    mutating func matchAnywhere(_ contact: Contact) -> ContactMatch? {
        let ranked = match(contact)
        if ranked.rank < .elsewhere { return ranked }
        if let phoneDigits, contact.phoneNumbers.contains(where: { $0.value.filter(\.isNumber).starts(with: phoneDigits) }) {
            return ranked
        }
        var texts = [contact.fullName, contact.givenName, contact.middleName, contact.familyName, contact.nickname,
                     contact.organization, contact.department, contact.jobTitle, contact.namePrefix, contact.nameSuffix,
                     contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName, contact.note]
            .compactMap { $0 }
        texts += contact.fields.map(\.value) + contact.tags
        for address in contact.postalAddresses {
            texts += address.street + [address.poBox, address.extendedAddress, address.city, address.region,
                                       address.postalCode, address.country].compactMap { $0 }
        }
        let allWords = texts.flatMap { Self.words(in: folder.fold($0)) }
        return prefixMatches(allWords).allSatisfy { $0 != nil } ? ranked : nil
    }

    /// The matched offsets, ascending, each once.
    private static func offsets(_ ranges: [Range<Int>?]) -> [Int] {
        Array(Set(ranges.compactMap { $0 }.flatMap { $0 })).sorted()
    }
}
