import Foundation

/// Runs a synchronous transaction body against an asynchronous database driver.
///
/// The store's algorithms are written once over synchronous rows (``StoreRowTransaction``), because
/// SQLite's transactions (GRDB's `write { db in }` closures) are synchronous. A driver whose
/// queries are `async` (postgres-nio) runs the body on a thread of its own with
/// ``run(_:)`` and answers each row call with ``wait(for:)``, which blocks that thread, never a
/// thread of Swift's cooperative pool, until the query's task completes on the pool.
package enum BlockingBridge {
    private static let marker = "OhanaStore.BlockingBridge"

    /// Runs `body` on a new thread (not one of the cooperative pool) and returns its result.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let thread = Thread {
                Thread.current.threadDictionary[marker] = true
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Waits for `operation`, blocking the calling thread, which must be one ``run(_:)`` started.
    package static func wait<T: Sendable>(for operation: @escaping @Sendable () async throws -> T) throws -> T {
        precondition(Thread.current.threadDictionary[marker] != nil,
                     "BlockingBridge.wait(for:) blocks its thread: call it only inside BlockingBridge.run(_:)")
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Outcome<T>()
        Task.detached {
            do { outcome.result = .success(try await operation()) } catch { outcome.result = .failure(error) }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = outcome.result else { preconditionFailure("the operation ended without a result") }
        return try result.get()
    }

    /// The result handed from the task to the waiting thread; the semaphore orders the two accesses.
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
