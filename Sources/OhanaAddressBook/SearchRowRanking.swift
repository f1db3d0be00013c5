import Foundation
import Ohana
import OhanaStore

/// Ranks a search's candidates on their search rows' bytes (``SearchRowList``), as
/// ``QueryMatcher/rank(of:within:)`` ranks their light contacts, without making a `Contact` per
/// candidate: a text that is plain ASCII (no carriage return) is read in place, where folding
/// lowers A–Z and words are runs of ASCII letters and digits; any other text is made a String and
/// folded as the matcher folds it (a full name with such a part, from the name parts, as
/// ``Contact/fullName`` makes it). Every row, when the query is not plain ASCII or reads as a phone
/// number, is decoded (``SearchRow/lightContact(_:)``) and ranked as a contact. One is kept per worker.
struct RowRanker {
    /// What ranking one row gave.
    enum Outcome {
        /// The row's rank, `nil` when worse than the bound asked for.
        case ranked(SearchRank?)
        /// Worse than the bound ``SearchRank/nameWords``, told on the full name alone (it neither
        /// starts with the query nor holds its words in a run): which query words start a word
        /// of it (bit `i` for word `i`), for ranking the row again within a wider bound without
        /// reading the full name again (`resuming`).
        case belowFullName(UInt64)
        /// The row is not a whole search row (``SearchRow/Unreadable``).
        case unreadable

        /// The rank, `nil` for worse than the bound (whatever was found of it).
        var rank: SearchRank? {
            if case .ranked(let rank) = self { rank } else { nil }
        }
    }

    private var matcher: QueryMatcher
    private var layout = SearchRowLayout()
    /// The full name's bytes when made of the name parts.
    private var joined: [UInt8] = []

    /// Indices of the light texts (``SearchCandidates/lightTexts(of:)``).
    private enum Text {
        static let prefix = 1, given = 2, middle = 3, family = 4, suffix = 5, nickname = 6
        static let phoneticGiven = 7, phoneticMiddle = 8, phoneticFamily = 9, formatted = 10, organization = 11
        /// The texts ``Contact/fullName`` is made of.
        static let fullNameParts = [prefix, given, middle, family, suffix, formatted, organization]
        /// The parts ``Contact/composedName`` joins, in order.
        static let composed = [prefix, given, middle, family, suffix]
        /// The other names ``QueryMatcher/rank(of:within:)`` reads after the full name, in its order.
        static let otherNames = [given, middle, family, nickname, organization, phoneticGiven, phoneticMiddle, phoneticFamily]
    }

    /// A ranker for `query`.
    init(_ query: String) {
        matcher = QueryMatcher(query)
    }

    /// The rank ``QueryMatcher/rank(of:within:)`` gives the light contact of `row` within `bound`.
    ///
    /// `resuming` is what an earlier call on the same row gave as ``Outcome/belowFullName(_:)``:
    /// the full name is then not read again, and the ranking goes on from the other names with
    /// the query words it found.
    mutating func rank(of row: UnsafeRawBufferPointer, within bound: SearchRank, resuming: UInt64? = nil) -> Outcome {
        guard let words = matcher.asciiWords, matcher.phoneDigits == nil, words.count <= 64, layout.read(row) else {
            guard let contact = SearchRow.lightContact(row) else { return .unreadable }
            return .ranked(matcher.rank(of: contact, within: bound))
        }
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        let all: UInt64 = words.count == 64 ? .max : (1 << UInt64(words.count)) - 1
        var found: UInt64 = 0
        if let resuming {
            found = resuming
        } else {
            let run = layout.isPlainASCII || Text.fullNameParts.allSatisfy({ layout.textIsPlain[$0] })
                ? fullNameRun(bytes, words: words, found: &found)
                : matcher.scan(namesContact(bytes).fullName, words: words, found: &found, runs: true)
            if run.fromStart { return .ranked(.nameStart) }
            guard bound >= .nameWords else { return .ranked(nil) }
            if run.inside { return .ranked(.nameWords) }
            guard bound >= .names else { return .belowFullName(found) }
        }
        guard bound >= .names else { return .ranked(nil) }
        if found == all { return .ranked(.names) }
        // The names the full name is made of hold no word it lacks: not read again.
        let madeOf = fullNameTexts(bytes)
        for index in Text.otherNames where found != all && layout.textStarts[index] >= 0 && !madeOf.contains(index) {
            if layout.textIsPlain[index] {
                _ = ASCIIWords.scan(bytes: text(index, of: bytes), words: words, found: &found, runs: false)
            } else {
                _ = matcher.scan(String(decoding: text(index, of: bytes), as: UTF8.self), words: words, found: &found, runs: false)
            }
        }
        if found == all { return .ranked(.names) }
        guard bound >= .oneField else { return .ranked(nil) }
        for field in 0..<layout.fieldCount {
            var inField: UInt64 = 0
            let value = UnsafeBufferPointer(rebasing: bytes[layout.valueStarts[field]..<layout.valueEnds[field]])
            if layout.valueIsPlain[field] {
                _ = ASCIIWords.scan(bytes: value, words: words, found: &inField, runs: false)
            } else {
                _ = matcher.scan(String(decoding: value, as: UTF8.self), words: words, found: &inField, runs: false)
            }
            if inField == all { return .ranked(.oneField) }
        }
        return .ranked(bound >= .elsewhere ? .elsewhere : nil)
    }

    /// The bytes of the light text at `index` (which the layout has).
    private func text(_ index: Int, of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[layout.textStarts[index]..<layout.textEnds[index]])
    }

    /// Whether the text at `index` is missing or only white space (``String/isBlank`` and, for plain
    /// ASCII, what ``String/trimmingWhitespace(newlines:)`` trims to nothing: tab, line feed, vertical
    /// tab, form feed, carriage return, space).
    private func isBlank(_ index: Int, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard layout.textStarts[index] >= 0 else { return true }
        return text(index, of: bytes).allSatisfy(Self.isSpace)
    }

    /// ``isBlank(_:of:)``, and with `unicode` for a text that is not plain ASCII, whether it is
    /// ``String/isBlank`` (white space beyond ASCII).
    private func isBlank(_ index: Int, of bytes: UnsafeBufferPointer<UInt8>, unicode: Bool) -> Bool {
        guard unicode, layout.textStarts[index] >= 0, !layout.textIsPlain[index] else { return isBlank(index, of: bytes) }
        return String(decoding: text(index, of: bytes), as: UTF8.self).isBlank
    }

    /// The texts among ``Text/otherNames`` that ``Contact/fullName`` of the row is made of: the
    /// given, middle and family names when it is the name parts joined (every word of each is a
    /// word of it), the organization when it is the organization; none for a formatted name.
    private func fullNameTexts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        if !isBlank(Text.formatted, of: bytes, unicode: true) { return [] }
        let composed = Text.composed.contains { index in
            guard layout.textStarts[index] >= 0 else { return false }
            guard !layout.textIsPlain[index] else { return !isBlank(index, of: bytes) }
            return !String(decoding: text(index, of: bytes), as: UTF8.self).trimmingWhitespace().isEmpty
        }
        return composed ? [Text.given, Text.middle, Text.family] : [Text.organization]
    }

    /// Scans ``Contact/fullName`` of the row (plain ASCII): the formatted name unless blank, else
    /// the name parts joined (each trimmed, the empty left out: the same words as the parts one
    /// after the other, a space between), else the organization, else nothing.
    private mutating func fullNameRun(_ bytes: UnsafeBufferPointer<UInt8>, words: [[UInt8]], found: inout UInt64) -> ASCIIWords.Run {
        if !isBlank(Text.formatted, of: bytes) {
            return ASCIIWords.scan(bytes: text(Text.formatted, of: bytes), words: words, found: &found, runs: true) ?? .init()
        }
        if Text.composed.contains(where: { !isBlank($0, of: bytes) }) {
            joined.removeAll(keepingCapacity: true)
            for index in Text.composed where layout.textStarts[index] >= 0 {
                joined.append(contentsOf: text(index, of: bytes))
                joined.append(0x20)
            }
            return joined.withUnsafeBufferPointer { ASCIIWords.scan(bytes: $0, words: words, found: &found, runs: true) } ?? .init()
        }
        guard layout.textStarts[Text.organization] >= 0 else { return .init() }
        return ASCIIWords.scan(bytes: text(Text.organization, of: bytes), words: words, found: &found, runs: true) ?? .init()
    }

    /// What list order reads of the row's contact (``ContactOrdering``: its id, its full name, its
    /// given and family names, as its light contact has them), in a contact holding only those:
    /// from the bytes when plain ASCII, the full name made once (as the formatted name, when not
    /// blank, so that ``Contact/fullName`` is it), else the texts the full name is made of;
    /// `nil` when the row is not a whole search row.
    mutating func orderingContact(of row: UnsafeRawBufferPointer) -> Contact? {
        guard layout.read(row) else { return nil }
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        guard layout.isPlainASCII else { return namesContact(bytes) }
        func string(_ index: Int) -> String? {
            layout.textStarts[index] >= 0 ? String(decoding: text(index, of: bytes), as: UTF8.self) : nil
        }
        guard let id = string(0) else { return nil }
        var contact = Contact(blankWithID: ContactID(rawValue: id))
        contact.givenName = string(Text.given)
        contact.familyName = string(Text.family)
        if !isBlank(Text.formatted, of: bytes) {
            contact.formattedName = string(Text.formatted)
        } else if Text.composed.contains(where: { !isBlank($0, of: bytes) }) {
            // ``Contact/composedName``: each part trimmed of white space, the empty left out, a space between.
            joined.removeAll(keepingCapacity: true)
            for index in Text.composed where !isBlank(index, of: bytes) {
                var part = text(index, of: bytes)[...]
                while let first = part.first, Self.isSpace(first) { part = part.dropFirst() }
                while let last = part.last, Self.isSpace(last) { part = part.dropLast() }
                if !joined.isEmpty { joined.append(0x20) }
                joined.append(contentsOf: part)
            }
            contact.formattedName = String(decoding: joined, as: UTF8.self)
        } else if !isBlank(Text.organization, of: bytes) {
            contact.formattedName = string(Text.organization)
        }
        // Otherwise the full name is blank, as the contact's own (the parts it has are blank).
        return contact
    }

    /// A contact holding the row's id and the texts its full name is made of, as its light contact
    /// holds them (so its ``Contact/fullName``, given and family names are the light contact's).
    private func namesContact(_ bytes: UnsafeBufferPointer<UInt8>) -> Contact {
        func string(_ index: Int) -> String? {
            layout.textStarts[index] >= 0 ? String(decoding: text(index, of: bytes), as: UTF8.self) : nil
        }
        var contact = Contact(blankWithID: ContactID(rawValue: string(0) ?? ""))
        contact.namePrefix = string(Text.prefix)
        contact.givenName = string(Text.given)
        contact.middleName = string(Text.middle)
        contact.familyName = string(Text.family)
        contact.nameSuffix = string(Text.suffix)
        contact.formattedName = string(Text.formatted)
        contact.organization = string(Text.organization)
        return contact
    }

    /// White space as ``String/trimmingWhitespace(newlines:)`` trims it from plain ASCII.
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

/// A search row list's bytes lent to the workers that rank it (valid while the list is borrowed).
struct RowBytes: @unchecked Sendable {
    /// All rows' bytes.
    let all: UnsafeRawBufferPointer

    /// The bytes of the row at `range`.
    func row(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: all[range]) }
}

extension ContactFinder {
    /// ``ranked(_:query:limit:)`` on the candidates' search rows, the same result: ranked on the
    /// bytes (``RowRanker``), the ranks the limit reaches put in list order on contacts holding only
    /// the ids and names that order reads, and only the contacts shown decoded as light contacts.
    ///
    /// - Throws: ``SearchRow/Unreadable`` when a row is not a whole search row.
    func rankedRows(_ rows: SearchRowList, query: String, limit: Int?) throws -> Results {
        try rows.bytes.withUnsafeBytes { all in
            let bytes = RowBytes(all: all)
            let wanted = max(0, limit ?? rows.count)
            // Each position left with what the first pass found of its full name, when it read it
            // on the bytes: the second pass goes on from there.
            var remaining: [(position: Int, fullName: UInt64?)] = (0..<rows.count).map { ($0, nil) }
            var shown: [ContactMatch] = []
            var matcher = QueryMatcher(query)
            for bound in [SearchRank.nameWords, .elsewhere] where shown.count < wanted && !remaining.isEmpty {
                let outcomes = parallelMap(remaining, minimumPerWorker: 256, state: { RowRanker(query) }) { ranker, left in
                    ranker.rank(of: bytes.row(rows.range(at: left.position)), within: bound, resuming: left.fullName)
                }
                var byRank = Array(repeating: [Int](), count: SearchRank.elsewhere.rawValue + 1)
                var worse: [(position: Int, fullName: UInt64?)] = []
                for (left, outcome) in zip(remaining, outcomes) {
                    switch outcome {
                    case .unreadable: throw SearchRow.Unreadable()
                    case .ranked(let rank?): byRank[rank.rawValue].append(left.position)
                    case .ranked(nil): worse.append((left.position, nil))
                    case .belowFullName(let found): worse.append((left.position, found))
                    }
                }
                for positions in byRank where shown.count < wanted && !positions.isEmpty {
                    let contacts = parallelMap(positions, minimumPerWorker: 1024, state: { RowRanker(query) }) { ranker, position in
                        ranker.orderingContact(of: bytes.row(rows.range(at: position)))
                    }
                    let named = contacts.compactMap { $0 }
                    guard named.count == contacts.count else { throw SearchRow.Unreadable() }
                    for index in ordering.first(wanted - shown.count, of: named, positions: Array(named.indices)) {
                        let light = try rows.lightContact(at: positions[index])
                        shown.append(matcher.match(light))
                    }
                }
                remaining = worse
            }
            return Results(matches: shown, total: rows.count)
        }
    }
}
