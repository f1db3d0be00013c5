import Dispatch

/// Fills one array on every core from batches of input positions, each element written straight
/// into its place (never held twice, never copied), in batch order. For the package's readers:
/// a batch of rows or cards gives at most one element per position and may skip some (a blank row,
/// a record that failed); the gaps are closed afterwards.
///
/// `produce(index, batch, emit)` runs once per batch, on any core, and calls `emit` at most
/// `batch.count` times; what it returns (diagnostics, say) is kept per batch, in batch order.
/// Batches are taken by whichever core is free, so uneven batches still keep both cores busy.
/// Complexity: O(*n*) moves besides the work of `produce`, where *n* is `batches`' total size.
package func parallelFill<Element, Extra>(
    batches: [Range<Int>],
    _ produce: @Sendable (_ index: Int, _ batch: Range<Int>, _ emit: (consuming Element) -> Void) -> Extra
) -> (elements: [Element], extras: [Extra]) {
    guard let first = batches.first?.lowerBound, let last = batches.last?.upperBound else { return ([], []) }
    let capacity = last - first
    let slots = FillSlots<Extra>(batches: batches.count)
    defer { slots.deallocate() }
    let elements = [Element](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        let base = FillPointer(buffer.baseAddress!)
        @Sendable func work(_ index: Int) {
            let batch = batches[index]
            var written = 0
            let extra = produce(index, batch) { element in
                precondition(written < batch.count, "a batch gave more elements than it has positions")
                (base.pointer + (batch.lowerBound - first) + written).initialize(to: element)
                written += 1
            }
            (slots.extras + index).initialize(to: extra)
            slots.counts[index] = written
        }
        if batches.count == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: batches.count, execute: work) }
        var end = 0
        for (index, batch) in batches.enumerated() {
            let count = slots.counts[index], start = batch.lowerBound - first
            if end != start { (base.pointer + end).moveInitialize(from: base.pointer + start, count: count) }
            end += count
        }
        initialized = end
    }
    let extras = Array(UnsafeBufferPointer(start: slots.extras, count: batches.count))
    return (elements, extras)
}

/// The output array of ``parallelFill(batches:_:)``: workers write their own batches' places only.
private struct FillPointer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
    init(_ pointer: UnsafeMutablePointer<Element>) { self.pointer = pointer }
}

/// Each batch's count and extra, written by the worker that took the batch.
private struct FillSlots<Extra>: @unchecked Sendable {
    let counts: UnsafeMutableBufferPointer<Int>
    let extras: UnsafeMutablePointer<Extra>
    let batches: Int

    init(batches: Int) {
        self.batches = batches
        counts = .allocate(capacity: batches)
        counts.initialize(repeating: 0)
        extras = .allocate(capacity: batches)
    }

    /// Frees both; the extras were all initialized (every batch ran) and were copied out.
    func deallocate() {
        counts.deallocate()
        extras.deinitialize(count: batches)
        extras.deallocate()
    }
}
