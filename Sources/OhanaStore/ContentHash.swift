import Foundation
import Ohana

/// A stable 64-bit hash of a value's `Codable` form, the same in every process and on every
/// machine (unlike `Hasher`); the order of a dictionary's entries does not matter. A re-import
/// compares it with the stored one, so an unchanged contact costs neither JSON encoding nor a write.
enum ContentHash {
    /// The hash of a contact, photo included.
    static func of(_ contact: Contact) throws -> Int64 {
        let root = HashNode()
        try contact.encode(to: HashingEncoder(node: root))
        return Int64(bitPattern: root.finish())
    }

    /// SplitMix64's finaliser over two words: order-sensitive, well mixed.
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var x = a &+ 0x9E37_79B9_7F4A_7C15 &+ (b &* 0xBF58_476D_1CE4_E5B9)
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    /// FNV-1a over bytes, then mixed with a tag for the kind of value.
    static func bytes<Bytes: Sequence<UInt8>>(_ bytes: Bytes, tag: UInt64) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var count: UInt64 = 0
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
            count &+= 1
        }
        return mix(mix(hash, count), tag)
    }

    static func string(_ text: String) -> UInt64 { bytes(text.utf8, tag: 1) }
    static func integer(_ value: Int64) -> UInt64 { mix(UInt64(bitPattern: value), 2) }
    static func unsigned(_ value: UInt64) -> UInt64 { mix(value, 3) }
    static func double(_ value: Double) -> UInt64 { mix(value.bitPattern, 4) }
    static func bool(_ value: Bool) -> UInt64 { mix(value ? 1 : 0, 5) }
    static let null: UInt64 = mix(0, 6)
}

/// One container (or single value) of the encoded form; children are hashed when it finishes.
final class HashNode {
    enum Child {
        case value(UInt64)
        case node(HashNode)

        func finish() -> UInt64 {
            switch self {
            case .value(let hash): hash
            case .node(let node): node.finish()
            }
        }
    }

    /// Keyed entries: their order does not count (a sum of key-and-value hashes).
    var keyed: [(key: UInt64, child: Child)] = []
    /// Unkeyed items, in order.
    var unkeyed: [Child] = []
    var single: Child?
    var isKeyed = false
    var isUnkeyed = false

    func finish() -> UInt64 {
        var hash: UInt64 = 0
        if isKeyed {
            var sum: UInt64 = 0
            for entry in keyed { sum &+= ContentHash.mix(entry.key, entry.child.finish()) }
            hash = ContentHash.mix(hash, ContentHash.mix(sum, 7))
        }
        if isUnkeyed {
            var ordered = ContentHash.mix(UInt64(unkeyed.count), 8)
            for item in unkeyed { ordered = ContentHash.mix(ordered, item.finish()) }
            hash = ContentHash.mix(hash, ordered)
        }
        if let single { hash = ContentHash.mix(hash, ContentHash.mix(single.finish(), 9)) }
        return hash
    }

    /// The child for an encodable value: primitives and `Data` hashed at once, others encoded into a node.
    static func child<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Child {
        switch value {
        case let text as String: return .value(ContentHash.string(text))
        case let data as Data: return .value(ContentHash.bytes(data, tag: 10))
        case let number as Int: return .value(ContentHash.integer(Int64(number)))
        case let number as Double: return .value(ContentHash.double(number))
        case let flag as Bool: return .value(ContentHash.bool(flag))
        default:
            let node = HashNode()
            try value.encode(to: HashingEncoder(node: node, codingPath: codingPath))
            return .node(node)
        }
    }
}

/// The `Encoder` that feeds a ``HashNode``.
struct HashingEncoder: Encoder {
    let node: HashNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.isKeyed = true
        return KeyedEncodingContainer(HashingKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.isUnkeyed = true
        return HashingUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        HashingSingleValueContainer(node: node, codingPath: codingPath)
    }
}

struct HashingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: HashNode
    var codingPath: [any CodingKey]

    private func add(_ hash: UInt64, _ key: Key) { node.keyed.append((ContentHash.string(key.stringValue), .value(hash))) }

    mutating func encodeNil(forKey key: Key) throws { add(ContentHash.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(ContentHash.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(ContentHash.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(ContentHash.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(ContentHash.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(ContentHash.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(ContentHash.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(ContentHash.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(ContentHash.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(ContentHash.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(ContentHash.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(ContentHash.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(ContentHash.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(ContentHash.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(ContentHash.unsigned(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.keyed.append((ContentHash.string(key.stringValue), try HashNode.child(value, codingPath: codingPath + [key])))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = HashNode()
        node.keyed.append((ContentHash.string(key.stringValue), .node(child)))
        return HashingEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = HashNode()
        node.keyed.append((ContentHash.string(key.stringValue), .node(child)))
        return HashingEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = HashNode()
        node.keyed.append((ContentHash.string("super"), .node(child)))
        return HashingEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = HashNode()
        node.keyed.append((ContentHash.string(key.stringValue), .node(child)))
        return HashingEncoder(node: child, codingPath: codingPath + [key])
    }
}

struct HashingUnkeyedContainer: UnkeyedEncodingContainer {
    let node: HashNode
    var codingPath: [any CodingKey]
    var count: Int { node.unkeyed.count }

    private func add(_ hash: UInt64) { node.unkeyed.append(.value(hash)) }

    mutating func encodeNil() throws { add(ContentHash.null) }
    mutating func encode(_ value: Bool) throws { add(ContentHash.bool(value)) }
    mutating func encode(_ value: String) throws { add(ContentHash.string(value)) }
    mutating func encode(_ value: Double) throws { add(ContentHash.double(value)) }
    mutating func encode(_ value: Float) throws { add(ContentHash.double(Double(value))) }
    mutating func encode(_ value: Int) throws { add(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { add(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { add(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { add(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { add(ContentHash.integer(value)) }
    mutating func encode(_ value: UInt) throws { add(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { add(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { add(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { add(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { add(ContentHash.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.unkeyed.append(try HashNode.child(value, codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = HashNode()
        node.unkeyed.append(.node(child))
        return HashingEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = HashNode()
        node.unkeyed.append(.node(child))
        return HashingEncoder(node: child, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = HashNode()
        node.unkeyed.append(.node(child))
        return HashingEncoder(node: child, codingPath: codingPath)
    }
}

struct HashingSingleValueContainer: SingleValueEncodingContainer {
    let node: HashNode
    var codingPath: [any CodingKey]

    private func set(_ hash: UInt64) { node.single = .value(hash) }

    mutating func encodeNil() throws { set(ContentHash.null) }
    mutating func encode(_ value: Bool) throws { set(ContentHash.bool(value)) }
    mutating func encode(_ value: String) throws { set(ContentHash.string(value)) }
    mutating func encode(_ value: Double) throws { set(ContentHash.double(value)) }
    mutating func encode(_ value: Float) throws { set(ContentHash.double(Double(value))) }
    mutating func encode(_ value: Int) throws { set(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(ContentHash.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(ContentHash.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { set(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { set(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { set(ContentHash.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { set(ContentHash.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.single = try HashNode.child(value, codingPath: codingPath)
    }
}
