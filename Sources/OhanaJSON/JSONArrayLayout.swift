import Foundation
import Ohana

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

    /// Whether any of the eight bytes in `word` is `"`, `\\` or a line feed.
    @inline(__always)
    private static func hasQuoteBackslashOrNewline(_ word: UInt64) -> Bool {
        ByteWord.contains(word, 0x22) || ByteWord.contains(word, 0x5C) || ByteWord.contains(word, 0x0A)
    }

    /// Splits `data`, a JSON array (a UTF-8 byte order mark and surrounding spaces allowed).
    ///
    /// Complexity: O(*n*) in the size of the data.
    static func split(_ data: Data) -> Result<JSONArrayLayout, SplitError> {
        data.withUnsafeBytes { split(bytes: $0) }
    }

    /// Data at least this large is split on every core (see ``splitInParts(bytes:parts:)``).
    static let partedSplitMinimum = 8 << 20

    private static func split(bytes: UnsafeRawBufferPointer) -> Result<JSONArrayLayout, SplitError> {
        if bytes.count >= partedSplitMinimum, processorCount > 1,
            let layout = splitInParts(bytes: bytes, parts: processorCount)
        {
            return .success(layout)
        }
        return splitInOnePass(bytes: bytes)
    }

    /// Splits the array in `parts` parts side by side. The bytes between the first two elements
    /// (`},\n  {` in a pretty-printed file) are taken as the array's separator; each part after
    /// the first starts after that separator found near its share of the bytes, read as if it were
    /// a boundary between two elements, and each part's scan must then end exactly at the next
    /// part's boundary. Nested objects are indented deeper, so their separators differ; compact
    /// arrays (no line break between elements) are not parted. When a guess was inside a string
    /// (a note holding the separator), or anything is malformed, `nil`: the caller splits in one
    /// pass, which finds the same elements and lines or names the problem exactly.
    static func splitInParts(bytes: UnsafeRawBufferPointer, parts: Int) -> JSONArrayLayout? {
        let n = bytes.count
        var i = 0, line = 1
        guard openArray(bytes, at: &i, line: &line), case .success(let first) = scanElement(bytes, at: &i, line: &line),
            i < n, bytes[i] == UInt8(ascii: ","), bytes[first.bytes.upperBound - 1] == UInt8(ascii: "}")
        else { return nil }
        var next = i + 1
        skipSpaces(bytes, at: &next, line: &line)
        guard next < n, bytes[next] == UInt8(ascii: "{") else { return nil }
        let separator = Array(bytes[(first.bytes.upperBound - 1)...next])  // `}` … `{`
        guard separator.contains(UInt8(ascii: "\n")) else { return nil }
        let comma = i - (first.bytes.upperBound - 1)  // the comma's offset in the separator
        var cuts: [Int] = []  // positions of the separating commas
        for k in 1..<max(1, parts) {
            guard let at = find(separator, in: bytes, from: max(n * k / parts, (cuts.last ?? 0) + 1)) else { break }
            cuts.append(at + comma)
        }
        guard !cuts.isEmpty else { return nil }
        let view = SharedBytes(bytes: bytes), boundaries = cuts
        let scans = parallelMap(Array(0...boundaries.count), minimumPerWorker: 1, state: {}) { _, part -> PartScan? in
            let bytes = view.bytes
            let stop = part < boundaries.count ? boundaries[part] : nil
            guard part > 0 else {
                var i = 0, line = 1
                guard openArray(bytes, at: &i, line: &line) else { return nil }
                return try? scanElements(bytes, from: i, line: line, stop: stop).get()
            }
            return try? scanElements(bytes, from: boundaries[part - 1] + 1, line: 0, stop: stop).get()
        }
        var elements: [Element] = []
        var lineOffset = 0
        for scan in scans {
            guard let scan else { return nil }
            elements.reserveCapacity(elements.count + scan.elements.count)
            for element in scan.elements { elements.append(Element(bytes: element.bytes, line: element.line + lineOffset)) }
            lineOffset += scan.endLine
        }
        return JSONArrayLayout(elements: elements)
    }

    /// Where `pattern` next occurs in `bytes` from `start` on.
    private static func find(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let head = pattern.first else { return nil }
        var i = start
        while i + pattern.count <= bytes.count {
            if bytes[i] == head {
                var k = 1
                while k < pattern.count, bytes[i + k] == pattern[k] { k += 1 }
                if k == pattern.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// What one part's scan found: its elements (lines counted from the part's start) and the line
    /// it ended on, relative to the same start.
    private struct PartScan: Sendable {
        var elements: [Element]
        var endLine: Int
    }

    /// The bytes the parts are scanned in, shared while the caller keeps them alive.
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    /// Scans elements from `start` (outside any string, between elements) until the `,` at `stop`
    /// or, without a stop, the closing `]` and the end of the bytes. Fails with what is malformed,
    /// or, with a stop, when an element runs past it (that failure only tells ``splitInParts(bytes:parts:)``
    /// its guess was not a boundary; it never reaches a caller).
    private static func scanElements(_ bytes: UnsafeRawBufferPointer, from start: Int, line: Int, stop: Int?) -> Result<PartScan, SplitError> {
        var i = start, line = line
        var elements: [Element] = []
        while true {
            switch scanElement(bytes, at: &i, line: &line) {
            case .success(let element): elements.append(element)
            case .failure(let error): return .failure(error)
            }
            if let stop, i >= stop {
                guard i == stop else { return .failure(.malformed(line: line, reason: "an element runs past the part's end")) }
                return .success(PartScan(elements: elements, endLine: line))
            }
            switch bytes[i] {
            case UInt8(ascii: ","):
                i += 1
            case UInt8(ascii: "]") where stop == nil:
                i += 1
                skipSpaces(bytes, at: &i, line: &line)
                guard i == bytes.count else { return .failure(.malformed(line: line, reason: "text after the end of the array")) }
                return .success(PartScan(elements: elements, endLine: line))
            default:
                return .failure(.malformed(line: line, reason: "unexpected '\(Character(Unicode.Scalar(bytes[i])))' between contacts"))
            }
        }
    }

    private static func splitInOnePass(bytes: UnsafeRawBufferPointer) -> Result<JSONArrayLayout, SplitError> {
        var i = 0
        var line = 1
        guard openArray(bytes, at: &i, line: &line) else { return .failure(.notAnArray) }
        skipSpaces(bytes, at: &i, line: &line)
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            skipSpaces(bytes, at: &i, line: &line)
            guard i == bytes.count else { return .failure(.malformed(line: line, reason: "text after the end of the array")) }
            return .success(JSONArrayLayout(elements: []))
        }
        return scanElements(bytes, from: i, line: line, stop: nil).map { JSONArrayLayout(elements: $0.elements) }
    }

    /// Skips a byte order mark and spaces, then the `[` opening the array; `false` when there is none.
    private static func openArray(_ bytes: UnsafeRawBufferPointer, at i: inout Int, line: inout Int) -> Bool {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipSpaces(bytes, at: &i, line: &line)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return false }
        i += 1
        return true
    }

    private static func skipSpaces(_ bytes: UnsafeRawBufferPointer, at i: inout Int, line: inout Int) {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            i += 1
        }
    }

    /// Scans one element from `i` (spaces before it skipped) to the `,` or `]` after it, where `i`
    /// is left; fails when the bytes end first or no element is there.
    private static func scanElement(_ bytes: UnsafeRawBufferPointer, at i: inout Int, line: inout Int) -> Result<Element, SplitError> {
        let n = bytes.count
        skipSpaces(bytes, at: &i, line: &line)
        let start = i, startLine = line
        var end = i
        var depth = 0
        // An object or array (every contact) is skipped quote to quote and bracket to bracket, and
        // its lines counted after; what follows it, or anything it cannot skip, is scanned below.
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "{"), let after = endOfContainer(bytes, from: i) {
            line += newlines(in: bytes, start..<after)
            i = after
            end = after
        }
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
        return .success(Element(bytes: start..<end, line: startLine))
    }

    /// Where the object or array opening at `start` ends (after its closing bracket), or `nil` when
    /// the bytes end first. Jumps eight bytes at a time to the next quote, bracket or brace, and
    /// inside a string to the next quote or backslash.
    private static func endOfContainer(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let n = bytes.count
        var i = start, depth = 0
        while true {
            while i + 8 <= n {
                let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let folded = word | 0x2020_2020_2020_2020  // `[` and `]` read as `{` and `}`
                let found = ByteWord.matches(word, 0x22) | ByteWord.matches(folded, 0x7B) | ByteWord.matches(folded, 0x7D)
                if found != 0 {
                    i += found.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < n else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while true {
                    while i + 8 <= n {
                        let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        let found = ByteWord.matches(word, 0x22) | ByteWord.matches(word, 0x5C)
                        if found != 0 {
                            i += found.trailingZeroBitCount >> 3
                            break
                        }
                        i += 8
                    }
                    guard i < n else { return nil }
                    if bytes[i] == UInt8(ascii: "\"") { break }
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
                if depth == 0 { return i }
            default:
                i += 1
            }
        }
    }

    /// How many line feeds `range` of `bytes` holds, counted eight bytes at a time.
    private static func newlines(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
        var i = range.lowerBound, count = 0
        while i + 8 <= range.upperBound {
            count += ByteWord.matches(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0x0A).nonzeroBitCount
            i += 8
        }
        while i < range.upperBound {
            if bytes[i] == UInt8(ascii: "\n") { count += 1 }
            i += 1
        }
        return count
    }
}
