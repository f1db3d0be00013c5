import Dispatch
import Foundation
import Synchronization

/// Maps `items` on every core, in order: each worker takes contiguous chunks of the items as it gets
/// free and keeps one `State` (caches, say) of its own, made by `makeState`. For the package's own
/// modules, not public API.
package func parallelMap<Item: Sendable, State, Result>(
    _ items: [Item], minimumPerWorker: Int = 64,
    state makeState: @Sendable () -> State, _ transform: @Sendable (inout State, Item) -> Result
) -> [Result] {
    let n = items.count
    let workers = workerCount(for: n, minimumPerWorker: minimumPerWorker)
    // Items are read through a pointer: each is lent to `transform`, not copied (an array's
    // subscript would retain every reference an item holds, and release it after).
    return items.withUnsafeBufferPointer { input in
        guard workers > 1, let inputBase = input.baseAddress else {
            var state = makeState()
            return input.map { transform(&state, $0) }
        }
        let source = InputPointer(base: inputBase)
        return [Result](unsafeUninitializedCapacity: n) { buffer, initialized in
            let output = OutputPointer(base: buffer.baseAddress!)
            forEachChunk(of: n, workers: workers, minimumPerChunk: minimumPerWorker) { chunks in
                var state = makeState()
                while let range = chunks.next() {
                    for index in range { (output.base + index).initialize(to: transform(&state, source.base[index])) }
                }
            }
            initialized = n
        }
    }
}

/// Changes every element of `items` in place on every core: each worker takes contiguous chunks as
/// it gets free and keeps one `State` of its own, made by `makeState`. Nothing is copied when
/// `items` is uniquely referenced. For the package's own modules, not public API.
package func parallelUpdate<Element: Sendable, State>(
    _ items: inout [Element], minimumPerWorker: Int = 64,
    state makeState: @Sendable () -> State, _ update: @Sendable (inout State, inout Element) -> Void
) {
    let n = items.count
    let workers = workerCount(for: n, minimumPerWorker: minimumPerWorker)
    items.withUnsafeMutableBufferPointer { buffer in
        guard workers > 1, let base = buffer.baseAddress else {
            var state = makeState()
            for index in buffer.indices { update(&state, &buffer[index]) }
            return
        }
        let output = OutputPointer(base: base)
        forEachChunk(of: n, workers: workers, minimumPerChunk: minimumPerWorker) { chunks in
            var state = makeState()
            while let range = chunks.next() {
                for index in range { update(&state, &(output.base + index).pointee) }
            }
        }
    }
}

/// Runs `work` once on each of `workers` cores; each call takes chunks of `0..<count` from the
/// shared `ChunkQueue` until none is left. About eight chunks a worker (each of at least `minimumPerChunk`
/// items), taken in order by whichever worker is free: on a machine whose cores are shared with
/// other work, a worker slowed down no longer holds everyone up at the end, as one fixed half did.
private func forEachChunk(of count: Int, workers: Int, minimumPerChunk: Int, _ work: @Sendable (ChunkQueue) -> Void) {
    let chunks = ChunkQueue(count: count, chunks: max(workers, min(workers * 8, count / max(1, minimumPerChunk))))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in work(chunks) }
}

/// Hands out consecutive ranges of `0..<count` to workers, each range once. Thread-safe.
private final class ChunkQueue: Sendable {
    private let count: Int
    private let chunks: Int
    private let taken = Atomic<Int>(0)

    init(count: Int, chunks: Int) {
        self.count = count
        self.chunks = chunks
    }

    /// The next range, or `nil` when every one has been taken.
    func next() -> Range<Int>? {
        let chunk = taken.wrappingAdd(1, ordering: .relaxed).oldValue
        guard chunk < chunks else { return nil }
        return (chunk * count / chunks)..<((chunk + 1) * count / chunks)
    }
}

/// How many workers share `count` items: one per core, each with at least `minimumPerWorker`.
private func workerCount(for count: Int, minimumPerWorker: Int) -> Int {
    max(1, min(processorCount, count / max(1, minimumPerWorker)))
}

/// The cores this process may use (at least 1), read once. On Linux Foundation's
/// `activeProcessorCount` reads `/proc` and the cgroup files on every call: asked for each block
/// of a vCard file, that took 1 % of reading it (`perf`).
package let processorCount = max(1, ProcessInfo.processInfo.activeProcessorCount)

/// The buffer ``parallelMap(_:minimumPerWorker:state:_:)`` and ``parallelUpdate(_:minimumPerWorker:state:_:)``
/// write: workers write disjoint ranges.
private struct OutputPointer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}

/// The items ``parallelMap(_:minimumPerWorker:state:_:)`` reads, shared by the workers while the
/// caller's array keeps them alive.
private struct InputPointer<Element>: @unchecked Sendable {
    let base: UnsafePointer<Element>
}
