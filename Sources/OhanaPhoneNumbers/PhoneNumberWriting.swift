import Ohana

/// How a number is written: the lengths of its groups of digits and what separates each group
/// from the next (`(55) 1996-0480` is 2, 4, 4 separated by a parenthesis and a dash). Compared
/// with a region's national and international forms of the same number, it tells whether the
/// author wrote the number the way that region writes its numbers. Cost: linear in the text.
struct PhoneWritingShape: Equatable {
    /// What separates two groups; a parenthesis outweighs a dash, dot or slash, which outweigh a space.
    enum Separator: UInt8 {
        case space, dash, dot, slash, parenthesis, other
    }

    /// The number of digits in each group, in order.
    var groups: [Int] = []
    /// What separates each group from the next (one fewer than the groups).
    var separators: [Separator] = []

    /// The shape of `text` (digits of any script count as digits). ASCII text, most numbers, is
    /// read byte by byte; other text character by character, with the same result on ASCII.
    init(_ text: Substring) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            self.init(units: text.utf8.lazy.map(Self.unit(ascii:)))
        } else {
            self.init(units: text.lazy.map(Self.unit(character:)))
        }
    }

    /// One unit of written text: a digit, or `nil` for a separator of that kind.
    private typealias Unit = Separator?

    /// The shape of a text read as units: digits make groups, the strongest separator between two
    /// groups separates them.
    private init(units: some Sequence<Unit>) {
        var pending: Separator?
        var length = 0
        for unit in units {
            guard let kind = unit else {
                if length == 0, !groups.isEmpty { separators.append(pending ?? .other) }
                pending = nil
                length += 1
                continue
            }
            if length > 0 {
                groups.append(length)
                length = 0
            }
            if let current = pending { pending = Self.stronger(current, kind) } else { pending = kind }
        }
        if length > 0 { groups.append(length) }
    }

    /// A byte of ASCII text as a unit.
    private static func unit(ascii byte: UInt8) -> Unit {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): nil
        case UInt8(ascii: " "), UInt8(ascii: "\t"): .space
        case UInt8(ascii: "-"): .dash
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "/"): .slash
        case UInt8(ascii: "("), UInt8(ascii: ")"): .parenthesis
        default: .other
        }
    }

    /// A character as a unit (a digit of any script is one scalar with a value below ten).
    private static func unit(character: Character) -> Unit {
        if let value = character.wholeNumberValue, value < 10, character.unicodeScalars.count == 1 { return nil }
        return switch character {
        case " ", "\u{00A0}", "\t", "\u{3000}": .space
        case "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "－": .dash
        case ".", "．": .dot
        case "/", "／": .slash
        case "(", ")", "（", "）": .parenthesis
        default: .other
        }
    }

    private static func stronger(_ a: Separator, _ b: Separator) -> Separator {
        if a == .parenthesis || b == .parenthesis { return .parenthesis }
        if a == .space { return b }
        return a
    }

    /// The shape of a number's international form without its `+` and country code (`+1 713-660-0344` → `713-660-0344`).
    init(international text: String) {
        guard let space = text.firstIndex(where: { $0 == " " }) else {
            self.init(Substring(text))
            return
        }
        self.init(text[text.index(after: space)...])
    }

    /// How a written shape compares with a formatted one: the same groups (a leading group the
    /// formatted form leaves out, such as North America's `1`, aside), and the same separators.
    func match(_ formatted: PhoneWritingShape) -> PhoneWritingMatch {
        var written = self
        if written.groups.count == formatted.groups.count + 1,
           written.groups.dropFirst().reduce(0, +) == formatted.groups.reduce(0, +) {
            written.groups.removeFirst()
            if !written.separators.isEmpty { written.separators.removeFirst() }
        }
        // One group of digits says nothing about how a region groups them.
        guard written.groups.count > 1 else { return .none }
        if written.groups == formatted.groups {
            return written.separators == formatted.separators ? .groupingAndSeparators : .grouping
        }
        return written.splits(asWithin: formatted) ? .splitAsThere : .none
    }

    /// Whether every split of the written digits falls where the formatted form splits them, in
    /// fewer groups of the same digits (`021-80601432` within `021 8060 1432`).
    private func splits(asWithin formatted: PhoneWritingShape) -> Bool {
        guard groups.count < formatted.groups.count, groups.reduce(0, +) == formatted.groups.reduce(0, +) else { return false }
        // Both lists of split positions rise: walk them together.
        var position = 0
        var formattedPosition = 0
        var next = formatted.groups.startIndex
        for length in groups.dropLast() {
            position += length
            while formattedPosition < position, next < formatted.groups.endIndex {
                formattedPosition += formatted.groups[next]
                next += 1
            }
            guard formattedPosition == position else { return false }
        }
        return true
    }

    /// The better of the matches with a region's national and international forms.
    func match(national: String, international: String) -> PhoneWritingMatch {
        match(national: national) { international }
    }

    /// The same, with the international form asked for only when the national one is not matched
    /// exactly (rendering it is most of the cost).
    func match(national: String, international: () -> String) -> PhoneWritingMatch {
        let first = match(PhoneWritingShape(Substring(national)))
        if first == .groupingAndSeparators { return first }
        let second = match(PhoneWritingShape(international: international()))
        return second.rank > first.rank ? second : first
    }
}

extension PhoneWritingMatch {
    /// What the match adds to a candidate region's weight: 3 written as there, 2 grouped as there,
    /// nothing split as there (it only contests a number the default region alone places).
    var points: Int {
        switch self {
        case .none: 0
        case .grouping: 2
        case .groupingAndSeparators: 3
        case .splitAsThere: 0
        }
    }

    /// How close the writing is to the region's, for choosing the better of two matches.
    var rank: Int {
        switch self {
        case .none: 0
        case .splitAsThere: 1
        case .grouping: 2
        case .groupingAndSeparators: 3
        }
    }
}
