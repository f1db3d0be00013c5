import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Character sets, quoted-printable, base64 and vCard escapes.
enum TextDecoding {
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
    static func isKnown(_ charset: String) -> Bool {
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
    static func decode(_ bytes: some Collection<UInt8>, charset: String) -> String? {
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

    /// Decodes quoted-printable (`=XX`, soft breaks `=` + line break); malformed `=` sequences stay as written.
    static func quotedPrintable(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let bytes = Array(bytes)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x3D {
                if i + 1 < n, bytes[i + 1] == 0x0D || bytes[i + 1] == 0x0A {
                    i += 2
                    if i < n, bytes[i - 1] == 0x0D, bytes[i] == 0x0A { i += 1 }
                    continue
                }
                if i + 2 < n, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                    out.append(h << 4 | l)
                    i += 3
                    continue
                }
                if i == n - 1 {  // a trailing soft break
                    i += 1
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return out[...]
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    /// Decodes base64, ignoring white space and other stray characters and tolerating missing padding.
    static func base64(_ text: ArraySlice<UInt8>) -> Data? {
        // One pass through pointers, straight into the data: gathering the digits into an array,
        // then decoding them into another, cost 120 instructions a character (a photo of 50 KB
        // took 6 million).
        text.withUnsafeBufferPointer { input -> Data? in
            var data = Data(count: input.count / 4 * 3 + 3)
            let written = base64Digits.withUnsafeBufferPointer { digitOf in
                data.withUnsafeMutableBytes { raw -> Int? in
                    let out = raw.bindMemory(to: UInt8.self)
                    var n = 0, digits = 0
                    var padding = false
                    var group: UInt32 = 0
                    for b in input {
                        let digit = digitOf[Int(b)]
                        if digit >= 64 {
                            if digit == 64 { padding = true }
                            continue  // `=`, or a stray character (white space, a line break) skipped
                        }
                        if padding { return nil }  // data after the padding
                        group = group << 6 | UInt32(digit)
                        digits += 1
                        if digits == 4 {
                            out[n] = UInt8(truncatingIfNeeded: group >> 16)
                            out[n + 1] = UInt8(truncatingIfNeeded: group >> 8)
                            out[n + 2] = UInt8(truncatingIfNeeded: group)
                            n += 3
                            digits = 0
                            group = 0
                        }
                    }
                    guard n + digits > 0, digits != 1 else { return nil }  // no digit, or one too many
                    // A short last group of 2 or 3 digits gives 1 or 2 bytes.
                    if digits >= 2 {
                        let v = group << (6 * UInt32(4 - digits))
                        out[n] = UInt8(truncatingIfNeeded: v >> 16)
                        n += 1
                        if digits == 3 {
                            out[n] = UInt8(truncatingIfNeeded: v >> 8)
                            n += 1
                        }
                    }
                    return n
                }
            }
            guard let written else { return nil }
            data.count = written
            return data
        }
    }

    /// The value of each byte as a base64 digit (0–63), 64 for `=`, 65 for any other byte.
    private static let base64Digits: [UInt8] = (0...255).map { b -> UInt8 in
        let byte = UInt8(b)
        guard isBase64Byte(byte) else { return 65 }
        return byte == 0x3D ? 64 : UInt8(sextet(byte))
    }

    /// The value of a base64 digit (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`).
    @inline(__always) private static func sextet(_ b: UInt8) -> UInt32 {
        switch b {
        case 0x41...0x5A: UInt32(b - 0x41)
        case 0x61...0x7A: UInt32(b - 0x61 + 26)
        case 0x30...0x39: UInt32(b - 0x30 + 52)
        case 0x2B: 62
        default: 63
        }
    }
}

/// The vCard versions.
package enum VCardVersion: String {
    case v2_1 = "2.1"
    case v3_0 = "3.0"
    case v4_0 = "4.0"
}

/// The bytes as text when they are valid UTF-8, validated once: `String(decoding:)` and
/// `String(validating:)` check the bytes again while copying them (a second pass, seen in `perf` as
/// `_fromUTF8Repairing` under every value); a validated `UTF8Span` is copied without a check.
func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
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
func asciiString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    assert(bytes.allSatisfy { $0 < 0x80 })
    if #available(macOS 26, iOS 26, *) {
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: true))
    }
    return String(decoding: bytes, as: UTF8.self)
}
