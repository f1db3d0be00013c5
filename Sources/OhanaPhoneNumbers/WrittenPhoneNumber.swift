/// What a phone number looks like as written, before libphonenumber reads it: its leading digits
/// (any script's decimal digits, read as ASCII), whether it starts with `+`, and how much of it is
/// words. Cost: linear in the length of the text.
struct WrittenPhoneNumber {
    /// Whether the first non-space character is `+` (or a full-width `＋`).
    var hasPlus = false
    /// The ASCII digits of the first run of digits (after any leading words), separators (spaces,
    /// `-`, `.`, `/`, `~`, parentheses) skipped.
    var leadingDigits: [UInt8] = []
    /// The text after the leading run (an extension, say), empty when the run reaches the end.
    var tail: Substring = ""
    /// Every decimal digit of the text.
    var digitCount = 0
    /// Letters outside an extension mark (`x`, `ext`, `extn`, `extension`, `ext=`).
    var wordLetterCount = 0

    init(_ text: String) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { self.init(ascii: text) } else { self.init(anyText: text) }
    }

    /// ``init(_:)`` for text with non-ASCII characters, character by character.
    init(anyText text: String) {
        var inLeading = true
        var started = false
        var letters: [Character] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let digit = Self.asciiDigit(character) {
                digitCount += 1
                if inLeading { leadingDigits.append(digit) }
                started = true
            } else if !started && (character == "+" || character == "＋") && !hasPlus {
                hasPlus = true
                started = true
            } else if Self.isSeparator(character) {
                // part of the leading run
            } else {
                if inLeading && started {
                    inLeading = false
                    tail = text[index...]
                }
                if character.isLetter { letters.append(contentsOf: character.lowercased()) }
                else if !letters.isEmpty { letters.append(" ") }
            }
            index = text.index(after: index)
        }
        wordLetterCount = Self.wordLetters(String(letters))
    }

    /// ``init(_:)`` for ASCII text (nearly every number), byte by byte: ASCII has no combining
    /// characters, so its bytes are its characters (CR LF, one character, splits words the same way).
    private init(ascii text: String) {
        let utf8 = text.utf8
        var inLeading = true
        var started = false
        var wordLength = 0
        var word = SIMD16<UInt8>()  // the word's first sixteen letters, lower case
        leadingDigits.reserveCapacity(16)
        // As in the general path, digits and separators do not end a word (`e-x-t` is `ext`).
        func endWord(_ count: inout Int) {
            if wordLength > 0, !(wordLength <= 16 && Self.asciiMarks.contains(word)) { count += wordLength }
            wordLength = 0
            word = SIMD16()
        }
        var letters = 0
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case 0x30...0x39:
                digitCount += 1
                if inLeading { leadingDigits.append(byte) }
                started = true
            case 0x2B where !started && !hasPlus:
                hasPlus = true
                started = true
            case 0x20, 0x09, 0x2D, 0x2E, 0x2F, 0x7E, 0x28, 0x29:
                break
            default:
                if inLeading && started {
                    inLeading = false
                    tail = Substring(text)[index...]
                }
                let lower = byte | 0x20
                if lower >= 0x61 && lower <= 0x7A {
                    if wordLength < 16 { word[wordLength] = lower }
                    wordLength += 1
                } else {
                    endWord(&letters)
                }
            }
            index = utf8.index(after: index)
        }
        endWord(&letters)
        wordLetterCount = letters
    }

    /// The ASCII ``extensionMarks``, packed as ``init(ascii:)`` packs a word.
    private static let asciiMarks: Set<SIMD16<UInt8>> = Set(extensionMarks.compactMap { mark in
        guard mark.utf8.allSatisfy({ $0 < 0x80 }), mark.utf8.count <= 16 else { return nil }
        var packed = SIMD16<UInt8>()
        for (i, byte) in mark.utf8.enumerated() { packed[i] = byte }
        return packed
    })

    /// The digits after `00`, the international prefix of most of the world (ITU-T E.164's
    /// recommendation), read as a country code and number wherever the caller is; `nil` when the
    /// leading digits do not start with it or leave too few digits for a number.
    var afterDoubleZero: ArraySlice<UInt8>? {
        guard !hasPlus, leadingDigits.count > 6, leadingDigits[0] == 0x30, leadingDigits[1] == 0x30 else { return nil }
        return leadingDigits[2...]
    }

    /// Whether every digit of the leading run is a zero (`00000000`): a placeholder, no number.
    var isOnlyZeros: Bool {
        !leadingDigits.isEmpty && leadingDigits.allSatisfy { $0 == 0x30 } && digitCount == leadingDigits.count
    }

    private static func asciiDigit(_ character: Character) -> UInt8? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        if scalar.isASCII {
            return (0x30...0x39).contains(scalar.value) ? UInt8(scalar.value) : nil
        }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
              value >= 0, value <= 9 else { return nil }
        return UInt8(0x30 + Int(value))
    }

    private static func isSeparator(_ character: Character) -> Bool {
        switch character {
        case " ", "\t", "-", ".", "/", "~", "(", ")", "\u{00A0}", "\u{3000}", "\u{2010}", "\u{2011}", "\u{2012}",
             "\u{2013}", "\u{2014}", "\u{2212}", "（", "）", "－", "．", "／", "～", "\u{200E}", "\u{200F}", "\u{202A}",
             "\u{202C}":
            return true
        default:
            return false
        }
    }

    /// Letters of `words` (letters and single spaces) that are not an extension mark.
    private static func wordLetters(_ words: String) -> Int {
        words.split(separator: " ").reduce(0) { sum, word in extensionMarks.contains(word) ? sum : sum + word.count }
    }

    /// Words that mark an extension (`x 42`, `ext. 42`, `Durchwahl 42`), not words of the number.
    private static let extensionMarks: Set<Substring> = [
        "x", "ext", "extn", "extension", "tel", "ramal", "durchwahl", "poste", "interno", "int", "dw", "доб", "内線",
    ]
}
