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

    @Test("matches sorted on two cores: strongest first, then by contacts, a rule's before identical cards' on a tie")
    func matchesSortedOnTwoCores() {
        // Few distinct scores and pairs, so that ties are many; each pair also as identical cards.
        let raw = values(100_000, range: 1 << 20)
        var edges = raw.map { value in
            Edge(first: Int32(value % 97), second: Int32(value % 89) + 100, rule: Int32(value % 3), score: Float(value % 7))
        }
        edges += edges.prefix(5_000).map { Edge(first: $0.first, second: $0.second, rule: Edge.identicalCards, score: $0.score) }
        var sorted = edges
        DuplicateDetector.sortOnEveryCore(&sorted, by: Edge.StrengthOrder.self)
        #expect(sorted.count == edges.count)
        for (x, y) in zip(sorted, sorted.dropFirst()) {
            #expect(x.score > y.score || (x.score == y.score && (x.first, x.second, y.rule) <= (y.first, y.second, x.rule)))
            if x.score == y.score && x.first == y.first && x.second == y.second && x.rule != y.rule {
                #expect(y.rule != Edge.identicalCards || x.rule >= 0)
            }
        }
        // The same multiset of matches.
        func key(_ e: Edge) -> String { "\(e.first) \(e.second) \(e.rule) \(e.score)" }
        #expect(sorted.map(key).sorted() == edges.map(key).sorted())
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
