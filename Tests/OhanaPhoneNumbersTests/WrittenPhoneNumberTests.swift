@testable import OhanaPhoneNumbers
import Testing

@Suite("WrittenPhoneNumber: the byte path for ASCII reads numbers as the character path does")
struct WrittenPhoneNumberTests {
    /// Numbers as address books hold them: separators, exit codes, extensions in several
    /// languages, words, stray punctuation, CR LF.
    static let samples = [
        "+44 20 7946 0958", "(0)20 7946-0958", "0049 30 1234567", "011 49 30 1234567", "+1 (312) 498-1423 x42",
        "555-1234 ext. 7", "555-1234 EXT=7", "555 1234 extension 12", "030 1234567 Durchwahl 12", "0800 FLOWERS",
        "1-800-GOT-JUNK", "call me", "n/a", "ext. 42", "e-x-t 42", "x1y 555 1234", "+", "++44 20 7946 0958",
        "+44 +20", "555.123.4567", "~555~1234~", "tel 555 1234", "Ramal 12 (11) 5555-1234", "poste 12 514 555 1234",
        "12 interno 3", "int 4 0211 123456", "dw 5 030 1234", "555#1234", "555*1234;ext=9", "a\r\nb 5551234",
        "abcdefghijklmnopqrstuvwxyz 555 1234", "extensionx 12345", "", "   ", "0011 61 2 9876 5432",
    ]

    @Test("every field agrees with the character-by-character reading")
    func asciiPathMatchesCharacterPath() {
        for text in Self.samples {
            let fast = WrittenPhoneNumber(text), general = WrittenPhoneNumber(anyText: text)
            #expect(fast.hasPlus == general.hasPlus, "\(text)")
            #expect(fast.leadingDigits == general.leadingDigits, "\(text)")
            #expect(fast.tail == general.tail, "\(text)")
            #expect(fast.digitCount == general.digitCount, "\(text)")
            #expect(fast.wordLetterCount == general.wordLetterCount, "\(text)")
        }
    }

    @Test("extension marks are not words; other letters are")
    func wordLetters() {
        #expect(WrittenPhoneNumber("555-1234 ext. 7").wordLetterCount == 0)
        #expect(WrittenPhoneNumber("030 1234567 DURCHWAHL 12").wordLetterCount == 0)
        #expect(WrittenPhoneNumber("1-800-GOT-JUNK").wordLetterCount == 7)
        #expect(WrittenPhoneNumber("0800 FLOWERS").wordLetterCount == 7)
        #expect(WrittenPhoneNumber("+44 20 7946 0958").hasPlus)
    }

    @Test("the digits after 00 are read as a country code and number; other prefixes are not read here")
    func doubleZero() {
        #expect(WrittenPhoneNumber("0049 30 1234567").afterDoubleZero.map(Array.init) == Array("49301234567".utf8))
        #expect(WrittenPhoneNumber("011 49 30 1234567").afterDoubleZero == nil)
        #expect(WrittenPhoneNumber("+0049 30 1234567").afterDoubleZero == nil)
        #expect(WrittenPhoneNumber("00 12").afterDoubleZero == nil)
        #expect(WrittenPhoneNumber("0000 0000").isOnlyZeros)
        #expect(!WrittenPhoneNumber("0000 0001").isOnlyZeros)
    }
}
