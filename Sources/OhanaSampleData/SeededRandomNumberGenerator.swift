/// A deterministic random number generator (xoshiro256**, seeded through SplitMix64) that yields the
/// same sequence for a seed on every platform and Swift version.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func nextSplitMix() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (nextSplitMix(), nextSplitMix(), nextSplitMix(), nextSplitMix())
    }

    /// Returns the next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// Returns a number in `0..<bound` (bound > 0), by the multiply-shift method.
    ///
    /// The standard library's `random(in:using:)` is not promised to stay the same across
    /// versions; this is.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }

    /// Returns `true` with the given probability (0...1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1.0p-53 < probability
    }

    /// Returns one element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ collection: C) -> C.Element where C.Index == Int {
        collection[collection.startIndex + next(below: collection.count)]
    }

    /// Shuffles an array in place (Fisher–Yates).
    public mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) {
            let j = next(below: i + 1)
            if i != j { array.swapAt(i, j) }
        }
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
