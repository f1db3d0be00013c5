import Foundation
import OhanaTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The tests' child processes: output kept apart, exit status and killing signal reported, and
/// waiting that holds no thread.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func exitStatusAndOutputsAreKept() async throws {
        let child = try ChildProcess(Self.shell, arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(await child.exitStatus() == .exited(3))
        #expect(child.output == "out\n" && child.errors == "err\n")
        #expect(!child.isRunning)
    }

    @Test func aKilledChildReportsTheSignalAndManyWaitAtOnce() async throws {
        let children = try (0..<8).map { _ in try ChildProcess(Self.shell, arguments: ["-c", "sleep 30"]) }
        #expect(children.allSatisfy { $0.isRunning })
        for child in children { child.send(SIGKILL) }
        // Eight waits at once on a pool that may have two threads: none of them blocks a thread.
        let endings = await withTaskGroup(of: ChildProcess.Termination.self) { group in
            for child in children { group.addTask { await child.exitStatus() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(endings == Array(repeating: .signaled(SIGKILL), count: 8))
    }
}
