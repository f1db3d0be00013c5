/// Tests on eight bytes at once, read as one little-endian word: what the JSON reader and writer
/// use to skip runs of bytes that hold nothing they look for.
///
/// A byte equal to `c` becomes zero after `^ c`; a zero byte, or one below `n`, sets its high bit
/// in `(x - n·0x01…) & ~x & 0x80…` (exact for whether any byte does, not for which).
enum ByteWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of the eight bytes of `word` is `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        containsBelow(word ^ (ones &* UInt64(byte)), 1)
    }

    /// The high bit of each of the eight bytes of `word` that is `byte`, and no other bit (exact:
    /// no carry crosses from one byte to the next), so that `trailingZeroBitCount / 8` is the
    /// first such byte's index and `nonzeroBitCount` their number.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        let low7 = ~highs
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// The high bit of each of the eight bytes of `word` that is below 0x20 (a control
    /// character), and no other bit: exact, as ``matches(_:_:)``.
    @inline(__always)
    static func controls(_ word: UInt64) -> UInt64 {
        ~((word & ~highs) &+ 0x6060_6060_6060_6060) & ~word & highs
    }

    /// Whether any of the eight bytes of `word` is below `limit` (at most 0x80).
    @inline(__always)
    static func containsBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }
}
