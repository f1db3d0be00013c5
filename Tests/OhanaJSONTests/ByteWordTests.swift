import Testing
@testable import Ohana
@testable import OhanaJSON

/// The eight-bytes-at-a-time tests the JSON reader skips with mark exactly the bytes a byte-by-byte
/// test marks, wherever they sit in the word and whatever sits beside them.
@Suite struct ByteWordTests {
    /// Words of eight bytes: each byte value at each position, beside bytes that tend to disturb
    /// carries (0x00, 0x01, 0x7F, 0x80, 0xFF and the tested value's neighbours).
    static func words() -> [[UInt8]] {
        var words: [[UInt8]] = []
        for value in 0...255 {
            for position in 0..<8 {
                for filler: UInt8 in [0x00, 0x01, 0x20, 0x7F, 0x80, 0xFF, UInt8(value) &+ 1, UInt8(value) &- 1] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    words.append(bytes)
                }
            }
        }
        return words
    }

    static func load(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    static func mask(_ bytes: [UInt8], where test: (UInt8) -> Bool) -> UInt64 {
        bytes.enumerated().reduce(0) { test($1.element) ? $0 | 0x80 << (8 * UInt64($1.offset)) : $0 }
    }

    @Test(arguments: [0x22, 0x5C, 0x0A, 0x20, 0x7B, 0x7D, 0x00, 0x80, 0xFF] as [UInt8])
    func matchesMarksExactlyTheBytesEqualToTheByte(_ byte: UInt8) {
        for bytes in Self.words() {
            #expect(ByteWord.matches(Self.load(bytes), byte) == Self.mask(bytes) { $0 == byte }, "\(bytes)")
        }
    }

    @Test func controlsMarksExactlyTheBytesBelowASpace() {
        for bytes in Self.words() {
            #expect(ByteWord.controls(Self.load(bytes)) == Self.mask(bytes) { $0 < 0x20 }, "\(bytes)")
        }
    }
}
