import Ohana

/// The line of the first card with each UID, in about 20 bytes a UID, for inputs of millions of cards.
///
/// A UID is known by 72 bits of its ``StableHash128``: 8 choose one of 256 open-addressing tables,
/// 64 are stored (two UIDs are taken for one with a chance of about 1 in 10¹⁰ in a file of a million
/// cards). Each table grows on its own, so growing never holds two copies of the whole set; a
/// `[StableHashWords: Int]` took 48 bytes a UID and twice that while it grew.
struct FirstLinesByUID {
    private var tables = [Table](repeating: Table(), count: 256)

    /// The line recorded for `key`; when there is none, records `line` and returns `nil`.
    mutating func firstLine(of key: StableHashWords, orRecord line: Int) -> Int? {
        let fingerprint = key.low == 0 ? 1 : key.low  // 0 marks an empty slot
        return tables[Int(truncatingIfNeeded: key.high >> 56)].firstLine(of: fingerprint, orRecord: line)
    }

    /// One open-addressing table with linear probing, at most 80 % full; keys and lines in two arrays.
    private struct Table {
        var keys: [UInt64] = []
        /// Lines past `UInt32.max` are kept as `UInt32.max`.
        var lines: [UInt32] = []
        var count = 0

        mutating func firstLine(of fingerprint: UInt64, orRecord line: Int) -> Int? {
            if (count + 1) * 5 > keys.count * 4 { grow() }
            var slot = Self.home(of: fingerprint, capacity: keys.count)
            while true {
                let stored = keys[slot]
                if stored == fingerprint { return Int(lines[slot]) }
                if stored == 0 {
                    keys[slot] = fingerprint
                    lines[slot] = UInt32(clamping: line)
                    count += 1
                    return nil
                }
                slot += 1
                if slot == keys.count { slot = 0 }
            }
        }

        /// The slot a fingerprint's probe starts at: its high 32 bits scaled to the capacity.
        static func home(of fingerprint: UInt64, capacity: Int) -> Int {
            Int(truncatingIfNeeded: ((fingerprint >> 32) &* UInt64(capacity)) >> 32)
        }

        private mutating func grow() {
            let oldKeys = keys, oldLines = lines
            // Half as much again, not double: the tables stay fuller (20 bytes a UID, not 25).
            let capacity = max(16, keys.count + keys.count / 2)
            keys = [UInt64](repeating: 0, count: capacity)
            lines = [UInt32](repeating: 0, count: capacity)
            for i in oldKeys.indices where oldKeys[i] != 0 {
                var slot = Self.home(of: oldKeys[i], capacity: capacity)
                while keys[slot] != 0 {
                    slot += 1
                    if slot == capacity { slot = 0 }
                }
                keys[slot] = oldKeys[i]
                lines[slot] = oldLines[i]
            }
        }
    }
}
