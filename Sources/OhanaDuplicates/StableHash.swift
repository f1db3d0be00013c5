/// A 64-bit FNV-1a hash: the same on every platform and run (unlike `Hasher`).
func stableHash(_ text: String) -> UInt64 {
    stableHash(text, seed: 0xCBF2_9CE4_8422_2325)
}

/// ``stableHash(_:)`` of the bytes of `numbers` continued from `seed`: never 0.
func stableHash(numbers: [Int], seed: UInt64) -> UInt64 {
    var hash = seed
    for number in numbers {
        var bits = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            hash ^= bits & 0xFF
            hash &*= 0x0000_0100_0000_01B3
            bits >>= 8
        }
    }
    return hash == 0 ? 1 : hash
}

/// ``stableHash(_:)`` of `text` continued from `seed` (another hash), to hash several values as one.
func stableHash(_ text: String, seed: UInt64) -> UInt64 {
    var hash = seed
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash == 0 ? 1 : hash
}

/// A 64-bit FNV-1a hash fed a piece at a time: ``stableHash(_:)`` of the pieces run together,
/// without building the text they make.
struct StreamingHash {
    private(set) var state: UInt64

    /// Starts from `seed` (another hash), or from FNV's offset basis, as ``stableHash(_:)`` does.
    init(seed: UInt64 = 0xCBF2_9CE4_8422_2325) {
        state = seed
    }

    @inline(__always) mutating func add(_ byte: UInt8) {
        state ^= UInt64(byte)
        state &*= 0x0000_0100_0000_01B3
    }

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }

    /// The hash as ``stableHash(_:seed:)`` returns it: never 0.
    var value: UInt64 { state == 0 ? 1 : state }
}
