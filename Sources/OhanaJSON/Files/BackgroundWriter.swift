import Foundation
import Ohana

/// Writes data to a file handle on a thread of its own, in the order it was given, so that the
/// thread producing it (encoding on every core) does not wait while the kernel copies it into the
/// page cache: for 115 MB of JSON that copy took 60 % of the writing thread's core.
///
/// At most `limit` bytes wait to be written; ``enqueue(_:)`` blocks past that, so memory stays
/// bounded however fast data comes. The first write error ends the writing: later ``enqueue(_:)``
/// calls and ``finish()`` throw it. Call ``finish()`` exactly once, whatever happened before.
package final class BackgroundWriter: @unchecked Sendable {
    private let handle: FileHandle
    private let limit: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [Data] = []
    private var head = 0
    private var queuedBytes = 0
    private var closed = false
    private var done = false
    private var failure: (any Error)?

    /// Starts the writing thread for `handle`.
    package init(_ handle: FileHandle, limit: Int = 16 << 20) {
        self.handle = handle
        self.limit = max(1, limit)
        Thread { self.run() }.start()
    }

    /// Queues `data` to be written after everything queued before; waits while `limit` bytes wait.
    /// Throws the error a write before failed with.
    package func enqueue(_ data: Data) throws {
        condition.lock()
        defer { condition.unlock() }
        while queuedBytes >= limit, failure == nil { condition.wait() }
        if let failure { throw failure }
        queue.append(data)
        queuedBytes += data.count
        condition.broadcast()
    }

    /// Waits until everything queued is written and the thread has ended; throws the first write error.
    package func finish() throws {
        condition.lock()
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
    }

    private func run() {
        condition.lock()
        while true {
            while head == queue.count, !closed { condition.wait() }
            if head == queue.count {
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let data = queue[head]
            queue[head] = Data()
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            let skip = failure != nil  // after a failure what is left is dropped
            condition.unlock()
            var error: (any Error)?
            if !skip {
                do { try handle.write(contentsOf: data) } catch let thrown { error = thrown }
            }
            condition.lock()
            queuedBytes -= data.count
            if let error, failure == nil { failure = error }
            condition.broadcast()
        }
    }
}
