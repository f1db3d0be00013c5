extension ContactID {
    /// An identifier derived from where a record was read: the same `source` (a file path, say) and
    /// `position` (the record's place in it) always give the same identifier, in every run and on
    /// every machine; different sources or positions give different ones.
    ///
    /// The text has the form of a UUID (version 8, the RFC 9562 form for custom layouts), so it can
    /// stand wherever a random identifier could. For the package's readers, not public API.
    package init(stableFor source: String, position: Int, salt: String = "") {
        self = StableContactIDs(source: source, salt: salt).id(at: position)
    }
}

/// The identifiers ``ContactID/init(stableFor:position:salt:)`` gives for one source, with the
/// source hashed once rather than for every record. For the package's readers, not public API.
package struct StableContactIDs: Sendable {
    private let prefix: StableHash128

    /// The identifiers of `source` (and `salt`).
    package init(source: String, salt: String = "") {
        var hash = StableHash128()
        hash.add(source.utf8)
        hash.add(0xFF)  // no byte of UTF-8 text, so "ab" + "c" and "a" + "bc" differ
        hash.add(salt.utf8)
        hash.add(0xFF)
        prefix = hash
    }

    /// The identifier of the record at `position`.
    package func id(at position: Int) -> ContactID {
        var hash = prefix
        withUnsafeBytes(of: UInt64(truncatingIfNeeded: position).littleEndian) { hash.add($0) }
        return ContactID(text: hash.identifier())
    }
}

/// A 128-bit hash of bytes that is the same in every process (Swift's `Hasher` is seeded per
/// process, so it cannot give stable identifiers): two FNV-1a lanes, each finished by the
/// SplitMix64 mixer. Not meant to resist attack, only to keep distinct inputs apart. For the
/// package's readers, not public API.
package struct StableHash128: Sendable {
    private var a: UInt64 = 0xCBF2_9CE4_8422_2325
    private var b: UInt64 = 0x6C62_272E_07BB_0142

    /// An empty hash.
    package init() {}

    /// Adds one byte.
    package mutating func add(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (b >> 29)
    }

    /// Adds bytes in order.
    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// Adds the bytes of a buffer in order (one call from another module, not one a byte: the
    /// generic `add(_:)` is not specialized there).
    package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte) }
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The 128 bits as two words.
    package var words: StableHashWords {
        StableHashWords(high: Self.mix(a ^ Self.mix(b)), low: Self.mix(b &+ a))
    }

    /// The hash as a lower-case UUID with the version (8) and variant bits set.
    func identifier() -> IdentifierText {
        uuidIdentifier(high: Self.mix(a ^ Self.mix(b)), low: Self.mix(b &+ a), version: 8)
    }
}

/// The 128 bits of a ``StableHash128``, usable as a set member or dictionary key.
package struct StableHashWords: Hashable, Sendable {
    /// The first 64 bits.
    package var high: UInt64
    /// The last 64 bits.
    package var low: UInt64
}

/// 128 bits as a lower-case UUID, with `version` in the version nibble and the RFC 9562 variant
/// (`10`) set.
func uuidIdentifier(high: UInt64, low: UInt64, version: UInt64) -> IdentifierText {
    let high = (high & ~0xF000) | (version << 12)
    let low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    return .uuid(high: high, low: low, form: .lowercase)
}
