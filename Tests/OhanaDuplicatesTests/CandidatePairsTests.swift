@testable import OhanaDuplicates
import Testing

@Suite("Candidate pairs at scale")
struct CandidatePairsTests {
    /// `count` values from a fixed linear congruential sequence, with repeats (`range` distinct at most).
    private func values(_ count: Int, range: UInt64) -> [UInt64] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 11) % range
        }
    }

    @Test("a long list sorted on two cores comes out as one sort makes it")
    func sortedOnTwoCores() {
        for (count, range) in [(200_000, UInt64(1) << 40), (150_000, UInt64(1_000)), (70_000, UInt64(1))] {
            let input = values(count, range: range)
            var sorted = input
            DuplicateDetector.sortOnEveryCore(&sorted)
            #expect(sorted == input.sorted(), "\(count) values below \(range)")
        }
    }

    @Test("a long list of pairs keeps each pair once, in order")
    func longListSortedOnce() {
        var pairs = values(300_000, range: 50_000)
        DuplicateDetector.sortUnique(&pairs)
        #expect(pairs == Array(Set(values(300_000, range: 50_000))).sorted())
    }

    @Test("the pairs counted ahead are those a block lists: all of a small one, neighbours in a large one")
    func pairsCountedAhead() {
        let detector = DuplicateDetector(rules: DuplicateRules(maximumBlockSize: 5), overrides: DuplicateOverrides())
        let tables = KeyTables(entries: [], pool: [], counts: [])
        // A block of 4 contacts (one of them with two keys), one of 8, and a value of one contact only.
        var keyed = (0..<4).map { BlockKey(hash: 1, index: Int32($0), slot: -1) }
        keyed.insert(BlockKey(hash: 1, index: 2, slot: -1), at: 2)
        keyed += (0..<8).map { BlockKey(hash: 2, index: Int32($0), slot: -1) }
        keyed.append(BlockKey(hash: 3, index: 9, slot: -1))
        // 4 · 3 / 2 = 6; in the block of 8 each compared with the next 4: 4 + 4 + 4 + 4 + 3 + 2 + 1 = 22.
        #expect(detector.pairCount(.organization, keyed, tables) == 28)
    }
}
