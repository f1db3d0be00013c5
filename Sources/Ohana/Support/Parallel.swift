import Dispatch
import Foundation

/// Maps `items` on every core, in order: each worker gets one contiguous range and one `State`
/// (caches, say) of its own, made by `makeState`. For the package's own modules, not public API.
package func parallelMap<Item: Sendable, State, Result>(
    _ items: [Item], minimumPerWorker: Int = 64,
    state makeState: @Sendable () -> State, _ transform: @Sendable (inout State, Item) -> Result
) -> [Result] {
    let n = items.count
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, n / max(1, minimumPerWorker)))
    guard workers > 1 else {
        var state = makeState()
        return items.map { transform(&state, $0) }
    }
    return [Result](unsafeUninitializedCapacity: n) { buffer, initialized in
        let output = OutputPointer(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var state = makeState()
            for index in (worker * n / workers)..<((worker + 1) * n / workers) {
                (output.base + index).initialize(to: transform(&state, items[index]))
            }
        }
        initialized = n
    }
}

/// The output buffer of ``parallelMap(_:minimumPerWorker:state:_:)``: workers write disjoint ranges.
private struct OutputPointer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}
