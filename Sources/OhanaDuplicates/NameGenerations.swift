import Ohana

/// Generational suffixes (`Sr.`, `Jr.`, `III`): a father and his son share every other part of
/// their name, and often a home line and an address too. Two cards whose suffixes name two
/// generations are two people, whatever else they share; a card without a suffix fits either
/// (people leave `Jr.` out).
enum NameGeneration {
    /// Senior.
    static let senior: UInt8 = 1
    /// Junior, or the second (`II`, which people write for a junior too).
    static let junior: UInt8 = 2

    /// The generation the contact's name suffix names, else the last word of its formatted name
    /// when it has three words or more (`John Smith Jr.`): ``senior``, ``junior`` (also `II`), 3
    /// for `III`, 4 for `IV`, 5 for `V` (a suffix only: in a formatted name it may be an initial);
    /// 0 when it names none.
    static func of(_ contact: UnsafePointer<Contact>) -> UInt8 {
        if let suffix = contact.pointee.nameSuffix, !suffix.isEmpty {
            for word in words(suffix) {
                if let generation = generation(of: word, allowsV: true) { return generation }
            }
            return 0
        }
        guard let formatted = contact.pointee.formattedName else { return 0 }
        // Every card has a formatted name: its last word is read without building strings, and
        // only a word short enough to be a suffix is looked at.
        var runs = 0
        var last: UInt64 = 0
        var length = 0
        var inRun = false
        for byte in formatted.utf8 {
            let lowered: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): lowered = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): lowered = byte
            default:
                inRun = false
                continue
            }
            if !inRun {
                inRun = true
                runs += 1
                last = 0
                length = 0
            }
            if length < 7 { last = last << 8 | UInt64(lowered) }
            length += 1
        }
        guard runs >= 3, length <= 6 else { return 0 }
        return packedGenerations[last] ?? 0
    }

    /// The words that name a generation, but `v` (an initial as often as the fifth): the one list
    /// ``generation(of:allowsV:)`` and ``of(_:)`` read.
    private static let suffixes: [String: UInt8] = [
        "sr": senior, "senior": senior, "snr": senior,
        "jr": junior, "junior": junior, "jnr": junior, "ii": junior, "2nd": junior,
        "iii": 3, "3rd": 3, "iv": 4, "4th": 4, "5th": 5,
    ]

    /// ``suffixes``, each word packed into an integer a byte a letter, as ``of(_:)`` reads the
    /// last word of a formatted name.
    private static let packedGenerations: [UInt64: UInt8] = Dictionary(
        uniqueKeysWithValues: suffixes.map { word, generation in (word.utf8.reduce(0) { $0 << 8 | UInt64($1) }, generation) })

    /// Whether two cards' generations (``of(_:)``) name two people.
    @inline(__always)
    static func conflict(_ a: UInt8, _ b: UInt8) -> Bool {
        a != 0 && b != 0 && a != b
    }

    /// How the report writes a generation.
    static func name(_ generation: UInt8) -> String {
        switch generation {
        case senior: "Sr."
        case junior: "Jr. or II"
        case 3: "III"
        case 4: "IV"
        case 5: "V"
        default: "none"
        }
    }

    private static func generation(of word: Substring, allowsV: Bool) -> UInt8? {
        word == "v" ? (allowsV ? 5 : nil) : suffixes[String(word)]
    }

    /// The ASCII letters and digits of `text`, lowercased, in runs: a name's suffix is ASCII in
    /// every script's address books; anything else ends a word.
    private static func words(_ text: String) -> [Substring] {
        var lowered = String()
        lowered.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): lowered.unicodeScalars.append(Unicode.Scalar(byte + 32))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): lowered.unicodeScalars.append(Unicode.Scalar(byte))
            default: lowered.unicodeScalars.append(" ")
            }
        }
        return lowered.split(separator: " ")
    }
}
