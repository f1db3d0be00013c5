import Foundation
import Ohana

/// Decodes `Decodable` values from JSON bytes: one pass that indexes every value (a tape of
/// offsets, no value tree), then containers that read straight from the bytes.
///
/// It is strict where Foundation's `JSONDecoder` is lenient and gives no diagnostics of its own:
/// any input it does not accept (bad syntax, a type mismatch, a missing key, a duplicate key,
/// invalid UTF-8, a number it would have to round) throws ``Rejected``, and callers decode the
/// same bytes again with `JSONDecoder`, which then gives the result or the error users see. So
/// for any input the outcome is Foundation's; valid data just gets there faster.
///
/// Complexity: O(*n*) to index *n* bytes; a keyed lookup is linear in its object's member count.
package struct JSONBytesDecoder: Sendable {
    /// Thrown for anything this decoder does not accept; decode with `JSONDecoder` instead.
    package struct Rejected: Error, CustomStringConvertible {
        /// Why, for debugging.
        package var description: String
    }

    /// Dates as ISO 8601 text (`.iso8601`); otherwise as seconds since 2001 (`.deferredToDate`).
    package var datesAsISO8601 = false
    /// The strings read as infinities and NaN (`.convertFromString`); `nil` accepts none.
    package var nonConformingFloatStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)?

    /// Creates a decoder with Foundation's defaults.
    package init() {}

    /// Decodes a value of type `T` from `bytes`.
    package func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        var parser = JSONTapeParser(bytes: bytes)
        try parser.parse()
        let tape = JSONTape(bytes: bytes, nodes: parser.nodes, options: self)
        return try tape.decode(T.self, at: 0)
    }

    /// Decodes a value of type `T` from `data`.
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(T.self, from: $0) }
    }
}

/// One JSON value on the tape.
struct JSONNode {
    enum Kind: UInt8 { case object, array, string, number, trueValue, falseValue, null }
    var kind: Kind
    /// For a string, whether it holds a backslash escape.
    var hasEscapes = false
    /// The value's bytes: a string's without its quotes; a container's from its bracket.
    var start: Int
    var end: Int
    /// The index of the node after this value and everything inside it.
    var next: Int
    /// A container's number of elements (an object's members count once each).
    var count = 0
}

/// Builds the tape: every value in document order, an object's members as key node, value node.
struct JSONTapeParser {
    let bytes: UnsafeRawBufferPointer
    var nodes: [JSONNode] = []
    var position = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        nodes.reserveCapacity(bytes.count / 8)
    }

    func reject(_ reason: String) -> JSONBytesDecoder.Rejected {
        JSONBytesDecoder.Rejected(description: "\(reason) at byte \(position)")
    }

    /// Skips white space; inlined where it is called, as mostly there is none to skip.
    @inline(__always)
    mutating func skipWhitespace() {
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    /// Skips the white space from `position`, which is at a byte up to 0x20.
    mutating func skipWhitespaceRun() {
        // Eight bytes at a time: past the spaces, to the first other byte, skipped too if it is a
        // line break or tab.
        while position + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let others = ~ByteWord.matches(word, 0x20) & 0x8080_8080_8080_8080
            if others == 0 {
                position += 8
                continue
            }
            position += others.trailingZeroBitCount >> 3
            switch bytes[position] {
            case 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func parse() throws {
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw reject("text after the value") }
    }

    mutating func parseValue(depth: Int) throws {
        guard depth < 512 else { throw reject("nested too deeply") }
        guard position < bytes.count else { throw reject("unexpected end") }
        let index = nodes.count
        switch bytes[position] {
        case UInt8(ascii: "{"):
            nodes.append(JSONNode(kind: .object, start: position, end: 0, next: 0))
            position += 1
            skipWhitespace()
            var count = 0
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw reject("expected a key") }
                    try parseString()
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw reject("expected ':'") }
                    position += 1
                    skipWhitespace()
                    try parseValue(depth: depth + 1)
                    count += 1
                    skipWhitespace()
                    guard position < bytes.count else { throw reject("unterminated object") }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    guard bytes[position] == UInt8(ascii: "}") else { throw reject("expected ',' or '}'") }
                    position += 1
                    break
                }
            }
            nodes[index].count = count
        case UInt8(ascii: "["):
            nodes.append(JSONNode(kind: .array, start: position, end: 0, next: 0))
            position += 1
            skipWhitespace()
            var count = 0
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    try parseValue(depth: depth + 1)
                    count += 1
                    skipWhitespace()
                    guard position < bytes.count else { throw reject("unterminated array") }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    guard bytes[position] == UInt8(ascii: "]") else { throw reject("expected ',' or ']'") }
                    position += 1
                    break
                }
            }
            nodes[index].count = count
        case UInt8(ascii: "\""):
            try parseString()
            return
        case UInt8(ascii: "t"): try literal("true", .trueValue)
        case UInt8(ascii: "f"): try literal("false", .falseValue)
        case UInt8(ascii: "n"): try literal("null", .null)
        default: try parseNumber()
        }
        nodes[index].end = position
        nodes[index].next = nodes.count
    }

    mutating func literal(_ word: StaticString, _ kind: JSONNode.Kind) throws {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count,
              memcmp(bytes.baseAddress! + position, word.utf8Start, length) == 0 else { throw reject("bad literal") }
        nodes.append(JSONNode(kind: kind, start: position, end: position + length, next: nodes.count + 1))
        position += length
    }

    /// A number as RFC 8259 writes it: `-`? int frac? exp?.
    mutating func parseNumber() throws {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let intStart = position
        let intDigits = digits()
        guard intDigits > 0, !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else { throw reject("bad number") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw reject("bad fraction") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw reject("bad exponent") }
        }
        nodes.append(JSONNode(kind: .number, start: start, end: position, next: nodes.count + 1))
    }

    /// A string from its opening quote; its node spans the bytes between the quotes.
    mutating func parseString() throws {
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            // Eight bytes at a time, to the first that ends the string, escapes or is a control character.
            while position + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                let found = ByteWord.matches(word, 0x22) | ByteWord.matches(word, 0x5C) | ByteWord.controls(word)
                if found != 0 {
                    position += found.trailingZeroBitCount >> 3
                    break
                }
                position += 8
            }
            guard position < bytes.count else { throw reject("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 2
                continue
            }
            guard byte >= 0x20 else { throw reject("control character in a string") }
            position += 1
        }
        nodes.append(JSONNode(kind: .string, hasEscapes: hasEscapes, start: start, end: position, next: nodes.count + 1))
        position += 1
    }
}
