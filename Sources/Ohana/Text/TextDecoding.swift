import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Bytes as text, once for every reader of the package (CSV, vCard): a file's encoding (UTF-8 with
/// or without a byte order mark, UTF-16 with one, otherwise Windows-1252), UTF-8 validated once,
/// Windows-1252 as the fallback that reads any bytes, and character sets by name (a vCard's `CHARSET`).
package enum TextDecoding {
    // MARK: Files

    /// The text as UTF-8 bytes, where it starts (after a byte order mark), and a warning when the
    /// file was not UTF-8.
    package struct Result {
        /// The text's bytes, UTF-8.
        package var bytes: [UInt8]
        /// Where the text starts in `bytes`: past a byte order mark.
        package var start: Int
        /// The line of the first byte that was not UTF-8, and what was done about it.
        package var warning: (line: Int, message: String)?
    }

    /// A file's bytes as UTF-8: UTF-16 with a byte order mark transcoded, UTF-8 (with or without a
    /// byte order mark) as it is, anything else read as Windows-1252 with a warning naming the line.
    /// Complexity: O(*n*) in the size of the data.
    package static func decode(_ data: Data) -> Result {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) {
                return utf8(Array(text.utf8))
            }
        }
        if let invalidOffset = firstInvalidUTF8Offset(bytes) {
            let line = 1 + bytes[..<invalidOffset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            var result = utf8(Array(windows1252(bytes).utf8))
            result.warning = (
                line, "the file is not valid UTF-8 (first bad byte 0x\(String(bytes[invalidOffset], radix: 16, uppercase: true))); read it as Windows-1252")
            return result
        }
        return utf8(bytes)
    }

    /// Valid UTF-8 bytes, with the start past a byte order mark.
    private static func utf8(_ bytes: [UInt8]) -> Result {
        Result(bytes: bytes, start: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, if any.
    package static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidUTF8Offset($0) }
    }

    /// ``firstInvalidUTF8Offset(_:)`` over a buffer; runs of ASCII are passed eight bytes at a time.
    private static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        while i < n {
            while i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }

    /// Windows-1252: Latin-1 with printable characters in 0x80–0x9F; its five unassigned bytes
    /// map to the C1 control characters of the same value, so no byte is lost and any bytes decode.
    package static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for b in bytes {
            if (0x80...0x9F).contains(b), let mapped = windows1252High[Int(b - 0x80)] {
                scalars.append(mapped)
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }

    private static let windows1252High: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    // MARK: Values

    /// The bytes as text when they are valid UTF-8, validated once: `String(decoding:)` and
    /// `String(validating:)` check the bytes again while copying them (a second pass, seen in `perf` as
    /// `_fromUTF8Repairing` under every value); a validated `UTF8Span` is copied without a check.
    @inlinable package static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        if #available(macOS 26, iOS 26, *) {
            guard let text = try? UTF8Span(validating: bytes.span) else { return nil }
            return String(copying: text)
        }
        // Older Apple systems: ASCII, the usual case, checked here (the standard library's generic
        // validator ran unspecialized for slices).
        let ascii = bytes.withUnsafeBufferPointer { buffer in
            var any: UInt8 = 0
            for byte in buffer { any |= byte }
            return any < 0x80
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Text from bytes the caller has checked are ASCII, copied without validating them again.
    @inlinable package static func asciiString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(bytes.allSatisfy { $0 < 0x80 })
        if #available(macOS 26, iOS 26, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: true))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Character sets by name

    /// Foundation encodings by normalized IANA name (upper case, no `-`, `_` or space).
    private static let encodings: [String: String.Encoding] = {
        var map: [String: String.Encoding] = [
            "UTF8": .utf8, "USASCII": .ascii, "ASCII": .ascii, "ANSIX3.41968": .ascii,
            "ISO88591": .isoLatin1, "LATIN1": .isoLatin1, "ISO885915": cf(0x020F),
            "ISO88592": .isoLatin2, "LATIN2": .isoLatin2,
            "SHIFTJIS": .shiftJIS, "SJIS": .shiftJIS, "MSKANJI": .shiftJIS, "WINDOWS31J": .shiftJIS, "CP932": .shiftJIS,
            "EUCJP": .japaneseEUC, "ISO2022JP": .iso2022JP,
            "WINDOWS1250": .windowsCP1250, "WINDOWS1251": .windowsCP1251, "WINDOWS1252": .windowsCP1252,
            "WINDOWS1253": .windowsCP1253, "WINDOWS1254": .windowsCP1254,
            "CP1250": .windowsCP1250, "CP1251": .windowsCP1251, "CP1252": .windowsCP1252,
            "CP1253": .windowsCP1253, "CP1254": .windowsCP1254,
            "UTF16": .utf16, "UTF16BE": .utf16BigEndian, "UTF16LE": .utf16LittleEndian,
            "MACINTOSH": .macOSRoman, "KOI8R": cf(0x0A02),
        ]
        // ISO 8859-3 … -10 and -13, -14, -16 are CoreFoundation encodings 0x0203 … 0x0210.
        for (n, code) in [(3, 0x0203), (4, 0x0204), (5, 0x0205), (6, 0x0206), (7, 0x0207), (8, 0x0208), (9, 0x0209),
                          (10, 0x020A), (11, 0x020B), (13, 0x020D), (14, 0x020E), (16, 0x0210)] {
            map["ISO8859\(n)"] = cf(UInt(code))
        }
        return map
    }()

    private static func cf(_ code: UInt) -> String.Encoding { String.Encoding(rawValue: 0x8000_0000 | code) }

    private static func normalize(_ charset: String) -> String {
        String(charset.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// Whether a character set name is one this reader can decode.
    package static func isKnown(_ charset: String) -> Bool {
        let key = normalize(charset)
        if encodings[key] != nil { return true }
        #if canImport(Glibc)
        let cd = iconv_open("UTF-8", charset)
        if cd == iconv_t(bitPattern: -1) { return false }
        iconv_close(cd)
        return true
        #else
        return false
        #endif
    }

    /// Decodes bytes in a named character set; `nil` when the name is unknown or the bytes are invalid.
    package static func decode(_ bytes: some Collection<UInt8>, charset: String) -> String? {
        let key = normalize(charset)
        if key == "UTF8" { return String(validating: bytes, as: UTF8.self) }
        if let encoding = encodings[key] {
            if let s = String(bytes: bytes, encoding: encoding) { return s }
            if encoding == .isoLatin1 { return nil }
        }
        #if canImport(Glibc)
        return iconvDecode(Array(bytes), from: charset)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    private static func iconvDecode(_ input: [UInt8], from charset: String) -> String? {
        let cd = iconv_open("UTF-8", charset)
        if cd == iconv_t(bitPattern: -1) { return nil }
        defer { iconv_close(cd) }
        if input.isEmpty { return "" }
        var source = input
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let capacity = output.count
        let written: Int? = source.withUnsafeMutableBufferPointer { inBuf -> Int? in
            output.withUnsafeMutableBufferPointer { outBuf -> Int? in
                var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuf.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuf.count
                var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuf.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var outLeft = capacity
                if iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) == -1 { return nil }
                return capacity - outLeft
            }
        }
        guard let written else { return nil }
        return String(validating: output[..<written], as: UTF8.self)
    }
    #endif
}
