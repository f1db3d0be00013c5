import Foundation
@testable import OhanaStore
import Testing

/// The bridge the PostgreSQL backend runs the store's synchronous algorithms through.
@Suite struct BlockingBridgeTests {
    private struct Failure: Error, Equatable { var code: Int }

    @Test func waitsForEachOperationInOrderOnTheBodysThread() async throws {
        let values = try await BlockingBridge.run { () throws -> [Int] in
            var values: [Int] = []
            for index in 0..<20 {
                values.append(try BlockingBridge.wait {
                    try await Task.sleep(nanoseconds: 100_000)
                    return index * 2
                })
            }
            return values
        }
        #expect(values == (0..<20).map { $0 * 2 })
    }

    @Test func anOperationsErrorReachesTheBodyAndTheCaller() async {
        await #expect(throws: Failure(code: 7)) {
            try await BlockingBridge.run { () throws -> Int in
                try BlockingBridge.wait { () async throws -> Int in throw Failure(code: 7) }
            }
        }
    }

    @Test func manyBodiesAtOnceDoNotStarveThePool() async throws {
        // More bodies than pool threads, each waiting on operations that need the pool.
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for body in 0..<16 {
                group.addTask {
                    try await BlockingBridge.run {
                        try (0..<5).reduce(0) { sum, step in sum + (try BlockingBridge.wait { await Task.yield(); return body + step }) }
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums.sorted() == (0..<16).map { $0 * 5 + 10 })
    }
}
