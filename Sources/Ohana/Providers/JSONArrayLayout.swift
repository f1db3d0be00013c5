import Foundation

/// Where the elements of a top-level JSON array lie in its bytes, and the line each starts on.
///
/// Found in one pass that follows only strings, escapes and bracket depth; the elements
/// themselves are left to `JSONDecoder`, so that they can be decoded a batch at a time.
struct JSONArrayLayout: Sendable {
    /// One element: its bytes (offsets into the data, surrounding spaces excluded) and its line.
    struct Element: Sendable {
        var bytes: Range<Int>
        var line: Int
    }

    /// Why the bytes could not be split.
    enum SplitError: Error {
        /// The top level is not an array (it may be the `{"contacts": [...]}` object form).
        case notAnArray
        /// The array is broken: where and why.
        case malformed(line: Int, reason: String)
    }

    /// The elements, in order.
    var elements: [Element]

    private static let eightSpaces = UInt64(0x2020_2020_2020_2020)

    /// Whether any of the eight bytes in `word` is `"`, `\\` or a line feed (each byte compared at
    /// once: a byte equal to `c` becomes zero after `^ c`, and a zero byte sets its high bit in
    /// `(x - 0x01…) & ~x & 0x80…`).
    @inline(__always)
    private static func hasQuoteBackslashOrNewline(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        return hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0x0A))
    }

    /// Splits `data`, a JSON array (a UTF-8 byte order mark and surrounding spaces allowed).
    ///
    /// Complexity: O(*n*) in the size of the data.
    static func split(_ data: Data) -> Result<JSONArrayLayout, SplitError> {
        data.withUnsafeBytes { split(bytes: $0) }
    }

    private static func split(bytes: UnsafeRawBufferPointer) -> Result<JSONArrayLayout, SplitError> {
        let n = bytes.count
        var i = 0
        var line = 1
        func skipSpaces() {
            while i < n {
                switch bytes[i] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                i += 1
            }
        }
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipSpaces()
        guard i < n, bytes[i] == UInt8(ascii: "[") else { return .failure(.notAnArray) }
        i += 1
        var elements: [Element] = []
        skipSpaces()
        if i < n, bytes[i] == UInt8(ascii: "]") {
            i += 1
            skipSpaces()
            return i == n ? .success(JSONArrayLayout(elements: [])) : .failure(.malformed(line: line, reason: "text after the end of the array"))
        }
        while true {
            skipSpaces()
            let start = i, startLine = line
            var end = i
            var depth = 0
            scan: while i < n {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < n {
                        // Eight bytes at a time while none of them ends the string, escapes or breaks a line.
                        while i + 8 <= n, !Self.hasQuoteBackslashOrNewline(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                            i += 8
                        }
                        guard i < n, bytes[i] != UInt8(ascii: "\"") else { break }
                        if bytes[i] == UInt8(ascii: "\\") { i += 1 } else if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                        i += 1
                    }
                    guard i < n else { return .failure(.malformed(line: startLine, reason: "a string in the contact starting on this line is never closed")) }
                    end = i + 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    end = i + 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { break scan }
                    depth -= 1
                    end = i + 1
                case UInt8(ascii: ","):
                    if depth == 0 { break scan }
                case UInt8(ascii: "\n"):
                    line += 1
                case UInt8(ascii: " "):
                    // Indentation: eight spaces at a time.
                    while i + 9 <= n, bytes.loadUnaligned(fromByteOffset: i + 1, as: UInt64.self) == Self.eightSpaces { i += 8 }
                case UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    break
                default:
                    end = i + 1
                }
                i += 1
            }
            guard i < n else { return .failure(.malformed(line: startLine, reason: "the array is never closed with ]")) }
            guard end > start else { return .failure(.malformed(line: line, reason: "expected a contact before '\(Character(Unicode.Scalar(bytes[i])))'")) }
            elements.append(Element(bytes: start..<end, line: startLine))
            switch bytes[i] {
            case UInt8(ascii: ","):
                i += 1
            case UInt8(ascii: "]"):
                i += 1
                skipSpaces()
                guard i == n else { return .failure(.malformed(line: line, reason: "text after the end of the array")) }
                return .success(JSONArrayLayout(elements: elements))
            default:
                return .failure(.malformed(line: line, reason: "unexpected '\(Character(Unicode.Scalar(bytes[i])))' between contacts"))
            }
        }
    }
}
