import Foundation
import Ohana

/// The indexed document: the bytes, their nodes, and how to read each kind of value from them.
final class JSONTape {
    let bytes: UnsafeRawBufferPointer
    let nodes: [JSONNode]
    let options: JSONBytesDecoder

    init(bytes: UnsafeRawBufferPointer, nodes: [JSONNode], options: JSONBytesDecoder) {
        self.bytes = bytes
        self.nodes = nodes
        self.options = options
    }

    func reject(_ reason: String) -> JSONBytesDecoder.Rejected { JSONBytesDecoder.Rejected(description: reason) }

    /// A value of any `Decodable` type, with the types Foundation reads specially read the same way.
    func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        if T.self == String.self { return try string(at: index) as! T }
        if T.self == Contact.self { return unsafeBitCast(try contact(at: index), to: T.self) }
        if T.self == ContactField.self { return unsafeBitCast(try field(at: index), to: T.self) }
        if T.self == PostalAddress.self { return unsafeBitCast(try address(at: index), to: T.self) }
        if T.self == PhoneNumberDetails.self { return unsafeBitCast(try phoneNumberDetails(at: index), to: T.self) }
        if T.self == Date.self, options.datesAsISO8601 {
            guard let date = try? Date.ISO8601FormatStyle().parse(try string(at: index)) else { throw reject("not an ISO 8601 date") }
            return date as! T
        }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try string(at: index)) else { throw reject("not base64") }
            return data as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: try string(at: index)) else { throw reject("not a URL") }
            return url as! T
        }
        if T.self == Decimal.self { throw reject("Decimal") }
        return try T(from: TapeDecoder(tape: self, index: index))
    }

    func isNull(_ index: Int) -> Bool { nodes[index].kind == .null }

    func bool(at index: Int) throws -> Bool {
        switch nodes[index].kind {
        case .trueValue: return true
        case .falseValue: return false
        default: throw reject("not a Bool")
        }
    }

    /// An integer written as one: digits with an optional minus, in range.
    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
        let node = nodes[index]
        guard node.kind == .number else { throw reject("not a number") }
        var position = node.start
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var value: T = 0
        while position < node.end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { throw reject("not an integer") }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(T(digit)) : times.addingReportingOverflow(T(digit))
            guard !overflow1, !overflow2 else { throw reject("integer out of range") }
            value = next
            position += 1
        }
        return value
    }

    func double(at index: Int) throws -> Double {
        let node = nodes[index]
        if node.kind == .string, let strings = options.nonConformingFloatStrings {
            let text = try string(at: index)
            if text == strings.positiveInfinity { return .infinity }
            if text == strings.negativeInfinity { return -.infinity }
            if text == strings.nan { return .nan }
        }
        guard node.kind == .number,
              let value = Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)),
              value.isFinite else { throw reject("not a Double") }
        return value
    }

    func float(at index: Int) throws -> Float {
        let value = try double(at: index)
        guard value.isNaN || value.isInfinite || Double(Float(value)) == value else { throw reject("not exactly a Float") }
        return Float(value)
    }

    /// A string's text, unescaped; invalid UTF-8 or a bad escape is rejected.
    /// The identifier at `index`: a UUID written without escapes is read from its bytes, without a
    /// string made for it.
    func identifier(at index: Int) throws -> IdentifierText {
        let node = nodes[index]
        if node.kind == .string, !node.hasEscapes,
            let compact = IdentifierText(
                uuidBytes: UnsafeRawBufferPointer(rebasing: bytes[node.start..<node.end]).assumingMemoryBound(to: UInt8.self))
        {
            return compact
        }
        return IdentifierText(try string(at: index))
    }

    func string(at index: Int) throws -> String {
        let node = nodes[index]
        guard node.kind == .string else { throw reject("not a String") }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[node.start..<node.end])
        if !node.hasEscapes {
            let utf8 = raw.assumingMemoryBound(to: UInt8.self)
            // ASCII (nearly every value) needs no validation, and String(validating:) costs a
            // generic metadata lookup per call.
            if Self.isASCII(utf8) { return String(decoding: utf8, as: UTF8.self) }
            guard let text = String(validating: raw, as: UTF8.self) else { throw reject("invalid UTF-8") }
            return text
        }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(raw.count)
        var position = 0
        func hex4() throws -> UInt32 {
            guard position + 4 <= raw.count else { throw reject("short \\u escape") }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = raw[position + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw reject("bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
            }
            position += 4
            return value
        }
        while position < raw.count {
            let byte = raw[position]
            position += 1
            guard byte == UInt8(ascii: "\\") else { unescaped.append(byte); continue }
            guard position < raw.count else { throw reject("bad escape") }
            let escape = raw[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard position + 2 <= raw.count, raw[position] == UInt8(ascii: "\\"), raw[position + 1] == UInt8(ascii: "u") else {
                        throw reject("lone surrogate")
                    }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw reject("bad surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw reject("lone surrogate") }
                unescaped.append(contentsOf: UTF8.encode(unicode)!)
            default: throw reject("bad escape")
            }
        }
        guard let text = String(validating: unescaped, as: UTF8.self) else { throw reject("invalid UTF-8") }
        return text
    }

    /// Whether every byte is ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] & 0x80 != 0 { return false }
            index += 1
        }
        return true
    }

    /// Whether the key node at `index` spells `key`.
    func key(at index: Int, equals key: String) throws -> Bool {
        let node = nodes[index]
        if node.hasEscapes { return try string(at: index) == key }
        let count = node.end - node.start
        if let equal = key.utf8.withContiguousStorageIfAvailable({ utf8 -> Bool in
            utf8.count == count && (count == 0 || memcmp(utf8.baseAddress!, bytes.baseAddress! + node.start, count) == 0)
        }) {
            return equal
        }
        return key.utf8.elementsEqual(UnsafeRawBufferPointer(rebasing: bytes[node.start..<node.end]))
    }

    /// The value node of `key` in the object at `object`; `nil` when absent. A key written twice is rejected.
    func member(_ key: String, in object: Int) throws -> Int? {
        var found: Int?
        var index = object + 1
        for _ in 0..<nodes[object].count {
            let value = index + 1
            if try self.key(at: index, equals: key) {
                guard found == nil else { throw reject("duplicate key \(key)") }
                found = value
            }
            index = nodes[value].next
        }
        return found
    }
}
