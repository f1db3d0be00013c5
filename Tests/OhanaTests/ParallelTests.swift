import Foundation
import Synchronization
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
    /// Counts the items done and numbers the workers (each worker's state is its number).
    final class Tally: Sendable {
        let done = Atomic<Int>(0)
        let workers = Atomic<Int>(0)

        func newWorker() -> Int { workers.wrappingAdd(1, ordering: .relaxed).oldValue }

        /// For item 0: waits until the other workers have done 9,000 items (five seconds at most).
        /// With one fixed half of the items per worker they can do only 5,000.
        func holdUpFirstItem(_ item: Int) {
            defer { done.wrappingAdd(1, ordering: .relaxed) }
            guard item == 0 else { return }
            let deadline = Date().addingTimeInterval(5)
            while done.load(ordering: .relaxed) < 9_000, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        }
    }

    @Test("a worker held up by a slow item leaves the rest of the items to the others",
          .enabled(if: processorCount > 1, "needs two cores"))
    func slowWorkerLeavesTheRestToOthers() {
        let tally = Tally()
        let workers = parallelMap(Array(0..<10_000), minimumPerWorker: 16, state: { tally.newWorker() }) { worker, item in
            tally.holdUpFirstItem(item)
            return worker
        }
        // Only one worker ever ran (no second thread was free): nothing to tell.
        guard Set(workers).count > 1 else { return }
        #expect(workers.filter { $0 == workers[0] }.count < 5_000)
    }

    @Test("parallelUpdate too", .enabled(if: processorCount > 1, "needs two cores"))
    func slowWorkerLeavesTheRestToOthersInPlace() {
        let tally = Tally()
        var items = (0..<10_000).map { (item: $0, worker: -1) }
        parallelUpdate(&items, minimumPerWorker: 16, state: { tally.newWorker() }) { worker, element in
            tally.holdUpFirstItem(element.item)
            element.worker = worker
        }
        #expect(items.allSatisfy { $0.worker >= 0 })
        guard Set(items.map(\.worker)).count > 1 else { return }
        #expect(items.filter { $0.worker == items[0].worker }.count < 5_000)
    }
}
