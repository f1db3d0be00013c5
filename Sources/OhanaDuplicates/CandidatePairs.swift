import Dispatch
import Ohana

extension DuplicateDetector {
    // MARK: Candidate pairs

    /// ``sortedBlockKeys(_:_:)`` of each of `kinds`, on every core.
    func sortedBlockKeys(_ kinds: [DuplicateEvidence], _ tables: KeyTables) -> [[BlockKey]] {
        let detector = self
        return parallelMap(kinds, minimumPerWorker: 1, state: {}) { _, kind in detector.sortedBlockKeys(kind, tables) }
    }

    /// Whether a block's value is too widely shared to be evidence (a phone or email that more
    /// than ``DuplicateRules/maximumSharedValueCount`` differently named contacts carry): its
    /// pairs meet in other blocks if at all.
    func isShared(_ kind: DuplicateEvidence, _ block: ArraySlice<BlockKey>, _ tables: KeyTables) -> Bool {
        (kind == .phone || kind == .email) && block.allSatisfy { tables.counts[Int($0.slot)] > rules.maximumSharedValueCount }
    }

    /// How many pairs (repeats included) the blocks of `keyed` give, as ``detect(_:)`` lists them.
    func pairCount(_ kind: DuplicateEvidence, _ keyed: [BlockKey], _ tables: KeyTables) -> Int {
        var total = 0
        var low = 0
        while low < keyed.count {
            var high = low + 1
            while high < keyed.count && keyed[high].hash == keyed[low].hash { high += 1 }
            if high - low > 1 && !isShared(kind, keyed[low..<high], tables) {
                var members = 1
                for k in (low + 1)..<high where keyed[k].index != keyed[k - 1].index { members += 1 }
                let window = members > rules.maximumBlockSize ? rules.maximumBlockSize : members
                for a in 0..<members { total += max(0, min(members, a + window) - a - 1) }
            }
            low = high
        }
        return total
    }

    /// Appends to `pairs` the pairs of contacts in each block of `keyed` (sorted keys of `kind`;
    /// runs of one hash are blocks), first index in the high half. A value too widely shared to
    /// be evidence gives none; a block of more than ``DuplicateRules/maximumBlockSize`` contacts
    /// is compared between neighbours in name order only and listed in `oversized`.
    func appendPairs(inBlocksOf keyed: [BlockKey], _ kind: DuplicateEvidence, _ tables: KeyTables, to pairs: inout [UInt64],
                     oversized: inout [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)]) {
        var low = 0
        while low < keyed.count {
            var high = low + 1
            while high < keyed.count && keyed[high].hash == keyed[low].hash { high += 1 }
            guard high - low > 1, !isShared(kind, keyed[low..<high], tables) else {
                low = high
                continue
            }
            var members = distinctMembers(keyed[low..<high])
            let window: Int
            if members.count > rules.maximumBlockSize {
                oversized.append((kind, keyed[low].hash, Int(members[0]), members.count))
                members.sort { (firstNameHash(tables.entries[Int($0)], tables.pool), $0) < (firstNameHash(tables.entries[Int($1)], tables.pool), $1) }
                window = rules.maximumBlockSize
            } else {
                window = members.count
            }
            for a in 0..<members.count {
                for b in (a + 1)..<min(members.count, a + window) {
                    let i = min(members[a], members[b])
                    let j = max(members[a], members[b])
                    pairs.append(UInt64(UInt32(i)) << 32 | UInt64(UInt32(j)))
                }
            }
            low = high
        }
    }

    /// Sorts `pairs` and removes repeats in place: a pair found in several blocks is compared once.
    /// Sorting the pairs as found takes less memory than a set of the pairs seen (a hash table of a
    /// few million pairs at a million contacts, beside the list), and compares them in contact order.
    static func sortUnique(_ pairs: inout [UInt64]) {
        sortOnEveryCore(&pairs)
        var kept = 0
        // By index: iterating the array itself would hold its buffer and copy it on the first write.
        for index in pairs.indices where kept == 0 || pairs[index] != pairs[kept - 1] {
            pairs[kept] = pairs[index]
            kept += 1
        }
        pairs.removeLast(pairs.count - kept)
    }

    /// Sorts `values` as `sort()` does, on two cores when there are many: split in place around
    /// a sampled middle value, then each side sorted on a core of its own (a few million pairs at a
    /// million contacts took a second on one core).
    static func sortOnEveryCore(_ values: inout [UInt64]) {
        sortOnEveryCore(&values, by: Ascending<UInt64>.self)
    }

    /// Sorts `values` in `order` on two cores when there are many, as ``sortOnEveryCore(_:)``
    /// does. The order is a type, not a closure, so that each use is compiled with its comparison
    /// inlined; it should be total (no two different values equivalent), so that the result does
    /// not depend on how the work was split.
    static func sortOnEveryCore<Order: SortOrder>(_ values: inout [Order.Value], by order: Order.Type) {
        let n = values.count
        guard n >= 1 << 16, processorCount > 1 else {
            values.sort(by: Order.precedes)
            return
        }
        var sample = (0..<63).map { values[$0 * (n / 63)] }
        sample.sort(by: Order.precedes)
        let pivot = sample[31]
        values.withUnsafeMutableBufferPointer { buffer in
            var split = 0
            for k in 0..<n where Order.precedes(buffer[k], pivot) {
                buffer.swapAt(k, split)
                split += 1
            }
            guard let base = buffer.baseAddress else { return }
            let sides = SortedSides<Order>(base: base, split: split, count: n)
            DispatchQueue.concurrentPerform(iterations: 2) { side in sides.sort(side) }
        }
    }
}

/// An order to sort by (``DuplicateDetector/sortOnEveryCore(_:by:)``).
protocol SortOrder: Sendable {
    associatedtype Value
    /// Whether `lhs` comes before `rhs`.
    static func precedes(_ lhs: Value, _ rhs: Value) -> Bool
}

/// The ascending order of comparable values.
enum Ascending<Value: Comparable>: SortOrder {
    static func precedes(_ lhs: Value, _ rhs: Value) -> Bool { lhs < rhs }
}

/// The two sides of a list split around a value, sorted on two cores (``DuplicateDetector/sortOnEveryCore(_:by:)``):
/// each worker sorts its own side only.
private struct SortedSides<Order: SortOrder>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Order.Value>
    let split: Int
    let count: Int

    /// Sorts side 0 (the values before the split) or side 1 (the rest) in place.
    func sort(_ side: Int) {
        let range = side == 0 ? 0..<split : split..<count
        var buffer = UnsafeMutableBufferPointer(start: base + range.lowerBound, count: range.count)
        buffer.sort(by: Order.precedes)
    }
}
