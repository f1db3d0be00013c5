import Foundation
import Testing
@testable import Ohana

@Suite("parallelMap and parallelUpdate: every item once, in order, on every core")
struct ParallelTests {
    @Test("parallelMap gives what map gives", arguments: [0, 1, 63, 64, 10_000])
    func mapMatchesSequentialMap(count: Int) {
        let items = (0..<count).map { "item \($0)" }
        let mapped = parallelMap(items, minimumPerWorker: 16, state: { 0 }) { seen, item -> String in
            seen += 1
            return item.uppercased() + " \(seen > 0)"
        }
        #expect(mapped == items.map { $0.uppercased() + " true" })
    }

    @Test("parallelUpdate changes every element in place exactly once", arguments: [0, 1, 63, 64, 10_000])
    func updateChangesEachElementOnce(count: Int) {
        var items = (0..<count).map { [$0] }
        parallelUpdate(&items, minimumPerWorker: 16, state: { [Int]() }) { visited, item in
            visited.append(item[0])
            item.append(item[0] * 2)
        }
        #expect(items == (0..<count).map { [$0, $0 * 2] })
    }

    @Test("an array another owner keeps is copied, not changed under it")
    func updateLeavesSharedArrayAlone() {
        let original = (0..<1000).map { "\($0)" }
        var copy = original
        parallelUpdate(&copy, minimumPerWorker: 16, state: {}) { _, item in item += "!" }
        #expect(original.allSatisfy { !$0.hasSuffix("!") })
        #expect(copy.allSatisfy { $0.hasSuffix("!") })
    }
}

@Suite("parallelMap and parallelUpdate share the work out as workers get free")
struct ParallelSharingTests {
    /// Which worker handled each item: the identity of the worker's state.
    final class Worker: Sendable {}

    @Test("a worker held up by a slow item leaves the rest of the items to the others",
          .enabled(if: processorCount > 1, "needs two cores"))
    func slowWorkerLeavesTheRestToOthers() {
        let items = Array(0..<10_000)
        let workers = parallelMap(items, minimumPerWorker: 16, state: { Worker() }) { worker, item -> ObjectIdentifier in
            if item == 0 { Thread.sleep(forTimeInterval: 0.3) }
            return ObjectIdentifier(worker)
        }
        // With one fixed half of the items per worker, the slow one would handle exactly half.
        let handledBySlowWorker = workers.filter { $0 == workers[0] }.count
        #expect(handledBySlowWorker < items.count / 2)
    }

    @Test("parallelUpdate too", .enabled(if: processorCount > 1, "needs two cores"))
    func slowWorkerLeavesTheRestToOthersInPlace() {
        var items = (0..<10_000).map { ($0, ObjectIdentifier?.none) }
        parallelUpdate(&items, minimumPerWorker: 16, state: { Worker() }) { worker, item in
            if item.0 == 0 { Thread.sleep(forTimeInterval: 0.3) }
            item.1 = ObjectIdentifier(worker)
        }
        #expect(items.allSatisfy { $0.1 != nil })
        #expect(items.filter { $0.1 == items[0].1 }.count < items.count / 2)
    }
}
