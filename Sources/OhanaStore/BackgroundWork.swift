import Dispatch
import Synchronization

/// Work started on another thread now, whose result is collected later: the store prepares or
/// decodes one chunk while it reads or writes the next.
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` on a global queue.
    package init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
    }

    /// Waits for the work to end and returns its result (or throws its error).
    package func result() throws -> Value {
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }
}
