import Foundation
import Ohana

// Coding paths are not tracked (every container reports an empty one): building one array per
// member would cost more than the member. Only the error for a non-finite number would name one.

/// The `Encoder` a value's `encode(to:)` sees: containers it opens are frames of the writer.
struct StreamEncoder: Encoder {
    let writer: JSONStreamWriter
    /// How many frames were open when the value started; its own container is the next one.
    let level: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The frame of this value's container, opened on first use (a second request shares it).
    private func frame(isObject: Bool) -> (index: Int, serial: Int) {
        if writer.frames.count > level {
            if writer.frames[level].isObject != isObject { writer.unsupported = "one value asked for two kinds of container" }
            return (level, writer.frames[level].serial)
        }
        return writer.openFrame(isObject: isObject, isNested: false)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (index, serial) = frame(isObject: true)
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(writer: writer, index: index, serial: serial))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (index, serial) = frame(isObject: false)
        return StreamUnkeyedContainer(writer: writer, index: index, serial: serial)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(writer: writer)
    }
}

/// An object's container: each `encode` writes one member.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONStreamWriter
    let index: Int
    let serial: Int
    var codingPath: [any CodingKey] { [] }

    private func start(_ key: Key) -> Bool {
        guard writer.prepareToWrite(frame: index, serial: serial) else { return false }
        writer.startMember(key: key.stringValue)
        return true
    }

    mutating func encodeNil(forKey key: Key) throws { if start(key) { writer.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { if start(key) { writer.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { if start(key) { writer.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { if start(key) { try writer.writeDouble(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { if start(key) { try writer.writeFloat(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { if start(key) { writer.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if start(key) { try writer.encodeValue(value) }
    }

    // Absent values write nothing, as the protocol's defaults do, without their generic detour.
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        _ = start(key)
        let (index, serial) = writer.openFrame(isObject: true, isNested: true)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(
            writer: writer, index: index, serial: serial))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = start(key)
        let (index, serial) = writer.openFrame(isObject: false, isNested: true)
        return StreamUnkeyedContainer(writer: writer, index: index, serial: serial)
    }

    mutating func superEncoder() -> any Encoder {
        writer.unsupported = "superEncoder()"
        return StreamEncoder(writer: writer, level: writer.frames.count)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writer.unsupported = "superEncoder(forKey:)"
        return StreamEncoder(writer: writer, level: writer.frames.count)
    }
}

/// An array's container: each `encode` writes one element.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONStreamWriter
    let index: Int
    let serial: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { index < writer.frames.count ? writer.frames[index].count : 0 }

    private func start() -> Bool {
        guard writer.prepareToWrite(frame: index, serial: serial) else { return false }
        writer.startMember(key: nil)
        return true
    }

    mutating func encodeNil() throws { if start() { writer.writeNull() } }
    mutating func encode(_ value: Bool) throws { if start() { writer.writeBool(value) } }
    mutating func encode(_ value: String) throws { if start() { writer.writeString(value) } }
    mutating func encode(_ value: Double) throws { if start() { try writer.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { if start() { try writer.writeFloat(value) } }
    mutating func encode(_ value: Int) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { if start() { writer.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { if start() { writer.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if start() { try writer.encodeValue(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = start()
        let (index, serial) = writer.openFrame(isObject: true, isNested: true)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(writer: writer, index: index, serial: serial))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = start()
        let (index, serial) = writer.openFrame(isObject: false, isNested: true)
        return StreamUnkeyedContainer(writer: writer, index: index, serial: serial)
    }

    mutating func superEncoder() -> any Encoder {
        writer.unsupported = "superEncoder()"
        return StreamEncoder(writer: writer, level: writer.frames.count)
    }
}

/// A single value: written at once, where the value stands.
struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONStreamWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeDouble(value) }
    mutating func encode(_ value: Float) throws { try writer.writeFloat(value) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
}
