import Foundation
import Testing
@testable import Ohana

/// The one text decoding the CSV and vCard readers share: files' encodings, UTF-8 validation,
/// Windows-1252 and character sets by name.
@Suite struct TextDecodingTests {
    @Test("the first byte that is not UTF-8 is found wherever it lies among ASCII runs")
    func firstInvalidByte() {
        let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        for offset in 0..<ascii.count {
            var bad = ascii
            bad[offset] = 0xE9  // Latin-1 é: a lead byte without its continuation
            #expect(TextDecoding.firstInvalidUTF8Offset(bad) == offset)
            var good = ascii
            good.insert(contentsOf: Array("é€😀".utf8), at: offset)
            #expect(TextDecoding.firstInvalidUTF8Offset(good) == nil)
            #expect(TextDecoding.firstInvalidUTF8Offset(Array(ascii[..<offset]) + [0xF0, 0x9F]) == offset)
        }
        // Overlong forms, surrogates and scalars past U+10FFFF are not UTF-8.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(TextDecoding.firstInvalidUTF8Offset([0x61] + bad) == 1, "\(bad)")
            #expect(TextDecoding.validUTF8(([0x61] + bad)[...]) == nil, "\(bad)")
        }
    }

    @Test func validUTF8IsTheTextOrNothing() {
        #expect(TextDecoding.validUTF8(Array("Zoë 😀".utf8)[...]) == "Zoë 😀")
        #expect(TextDecoding.validUTF8(Array("plain ascii".utf8)[2...]) == "ain ascii")
        #expect(TextDecoding.validUTF8([0x5A, 0x6F, 0xEB][...]) == nil)  // Latin-1 ë
        let ascii = Array("ASCII".utf8)
        #expect(ascii.withUnsafeBufferPointer { TextDecoding.asciiString($0) } == "ASCII")
    }

    @Test func filesAreReadAsUTF8UTF16OrWindows1252() {
        let text = "Müller, “€”\n"
        // UTF-8 with and without a byte order mark: the bytes as they are, the text after the mark.
        let plain = TextDecoding.decode(Data(text.utf8))
        #expect(plain.start == 0 && plain.warning == nil && plain.bytes == Array(text.utf8))
        let marked = TextDecoding.decode(Data([0xEF, 0xBB, 0xBF] + text.utf8))
        #expect(marked.start == 3 && marked.warning == nil && Array(marked.bytes[3...]) == Array(text.utf8))
        // UTF-16 with a byte order mark, either byte order.
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [little, big] {
            let decoded = TextDecoding.decode(Data(bytes))
            #expect(String(decoding: decoded.bytes[decoded.start...], as: UTF8.self) == text)
            #expect(decoded.warning == nil)
        }
        // Anything else is Windows-1252, with a warning naming the line of the first bad byte.
        let legacy = TextDecoding.decode(Data([0x61, 0x0A, 0x4D, 0xFC, 0x80, 0x0A]))
        #expect(String(decoding: legacy.bytes, as: UTF8.self) == "a\nMü€\n")
        #expect(legacy.warning?.line == 2)
        #expect(legacy.warning?.message.contains("Windows-1252") == true)
    }

    @Test func windows1252ReadsEveryByte() {
        #expect(TextDecoding.windows1252([0x80, 0x93, 0x94, 0x9F, 0xE9]) == "€“”Ÿé")
        // The five bytes Windows-1252 leaves undefined are the C1 controls of the same value.
        for byte: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            #expect(TextDecoding.windows1252([0x80, byte]).unicodeScalars.map(\.value) == [0x20AC, UInt32(byte)])
        }
        let all = (0...255).map(UInt8.init)
        #expect(TextDecoding.windows1252(all).unicodeScalars.count == 256)
    }

    @Test func characterSetsByName() {
        #expect(TextDecoding.decode([0x4D, 0xFC], charset: "ISO-8859-1") == "Mü")
        #expect(TextDecoding.decode([0x4D, 0xFC], charset: "latin1") == "Mü")
        #expect(TextDecoding.decode([0x80], charset: "windows-1252") == "€")
        #expect(TextDecoding.decode([0x80], charset: "CP1252") == "€")
        #expect(TextDecoding.decode(Array("Zoë".utf8), charset: "utf-8") == "Zoë")
        #expect(TextDecoding.decode([0x5A, 0xEB], charset: "UTF-8") == nil)
        #expect(TextDecoding.decode([0x83, 0x65], charset: "Shift_JIS") == "テ")
        #expect(TextDecoding.isKnown("iso-8859-15") && TextDecoding.isKnown("KOI8-R"))
        #expect(!TextDecoding.isKnown("x-no-such-charset"))
        #expect(TextDecoding.decode([0x61], charset: "x-no-such-charset") == nil)
    }
}
