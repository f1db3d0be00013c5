import Foundation

/// Turns a file's bytes into UTF-8 text: UTF-8 (with or without a byte order mark), UTF-16 with a byte
/// order mark, and otherwise Windows-1252, the encoding Outlook and Excel write on Western systems.
enum TextDecoding {
    /// The text as UTF-8 bytes, where it starts (after a byte order mark), and a warning when the
    /// file was not UTF-8.
    struct Result {
        var bytes: [UInt8]
        var start: Int
        var warning: (line: Int, message: String)?
    }

    static func decode(_ data: Data) -> Result {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            if let text = String(data: data, encoding: .utf16) {
                return utf8(Array(text.utf8))
            }
        }
        if let invalidOffset = firstInvalidUTF8Offset(bytes) {
            let line = 1 + bytes[..<invalidOffset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            var result = utf8(Array(decodeWindows1252(bytes).utf8))
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
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
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
    /// map to the C1 control characters of the same value, so no byte is lost.
    static func decodeWindows1252(_ bytes: [UInt8]) -> String {
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
}
