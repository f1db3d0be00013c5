import Foundation
import Ohana

// Coding paths are left empty: an error here only sends the caller to Foundation's decoder, whose
// errors carry the path.

/// The `Decoder` a value's `init(from:)` sees: one node of the tape.
struct TapeDecoder: Decoder {
    let tape: JSONTape
    let index: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.nodes[index].kind == .object else { throw tape.reject("not an object") }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, object: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.nodes[index].kind == .array else { throw tape.reject("not an array") }
        return TapeUnkeyedContainer(tape: tape, array: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(tape: tape, index: index)
    }
}

/// An object's members, looked up by key.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let tape: JSONTape
    let object: Int
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var keys: [Key] = []
        var index = object + 1
        for _ in 0..<tape.nodes[object].count {
            if let text = try? tape.string(at: index), let key = Key(stringValue: text) { keys.append(key) }
            index = tape.nodes[index + 1].next
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { ((try? tape.member(key.stringValue, in: object)) ?? nil) != nil }

    /// The value node of a key that must be there.
    private func value(_ key: Key) throws -> Int {
        guard let index = try tape.member(key.stringValue, in: object) else { throw tape.reject("no key \(key.stringValue)") }
        return index
    }

    /// The value node of a key that may be absent or null.
    private func optionalValue(_ key: Key) throws -> Int? {
        guard let index = try tape.member(key.stringValue, in: object), !tape.isNull(index) else { return nil }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { tape.isNull(try value(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tape.bool(at: value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try tape.string(at: value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tape.double(at: value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try tape.float(at: value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tape.integer(Int.self, at: value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tape.integer(Int8.self, at: value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tape.integer(Int16.self, at: value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tape.integer(Int32.self, at: value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tape.integer(Int64.self, at: value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tape.integer(UInt.self, at: value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tape.integer(UInt8.self, at: value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tape.integer(UInt16.self, at: value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tape.integer(UInt32.self, at: value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tape.integer(UInt64.self, at: value(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try tape.decode(T.self, at: value(key)) }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try optionalValue(key).map(tape.string(at:))
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try optionalValue(key).map(tape.bool(at:))
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try optionalValue(key).map { try tape.integer(Int.self, at: $0) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try optionalValue(key).map(tape.double(at:))
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optionalValue(key).map { try tape.decode(T.self, at: $0) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(tape: tape, index: value(key)).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: tape, index: value(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw tape.reject("superDecoder") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw tape.reject("superDecoder") }
}

/// An array's elements, in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let tape: JSONTape
    let array: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { tape.nodes[array].count }
    var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int

    init(tape: JSONTape, array: Int) {
        self.tape = tape
        self.array = array
        cursor = array + 1
    }

    var isAtEnd: Bool { currentIndex >= tape.nodes[array].count }

    /// The current element's node, and the cursor moved past it.
    private mutating func next() throws -> Int {
        guard !isAtEnd else { throw tape.reject("past the end of an array") }
        let index = cursor
        cursor = tape.nodes[index].next
        currentIndex += 1
        return index
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, tape.isNull(cursor) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: next()) }
    mutating func decode(_ type: String.Type) throws -> String { try tape.string(at: next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try tape.double(at: next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try tape.float(at: next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try tape.integer(Int.self, at: next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(Int8.self, at: next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(Int16.self, at: next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(Int32.self, at: next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(Int64.self, at: next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(UInt.self, at: next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(UInt8.self, at: next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(UInt16.self, at: next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(UInt32.self, at: next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(UInt64.self, at: next()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try tape.decode(T.self, at: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(tape: tape, index: next()).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: tape, index: next()).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw tape.reject("superDecoder") }
}

/// One value.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let tape: JSONTape
    let index: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { tape.isNull(index) }
    func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: index) }
    func decode(_ type: String.Type) throws -> String { try tape.string(at: index) }
    func decode(_ type: Double.Type) throws -> Double { try tape.double(at: index) }
    func decode(_ type: Float.Type) throws -> Float { try tape.float(at: index) }
    func decode(_ type: Int.Type) throws -> Int { try tape.integer(Int.self, at: index) }
    func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(Int8.self, at: index) }
    func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(Int16.self, at: index) }
    func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(Int32.self, at: index) }
    func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(Int64.self, at: index) }
    func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(UInt.self, at: index) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(UInt8.self, at: index) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(UInt16.self, at: index) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(UInt32.self, at: index) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(UInt64.self, at: index) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try tape.decode(T.self, at: index) }
}
