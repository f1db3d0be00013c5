import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the tests start, kill and wait for, spawned with `posix_spawn` and reaped with
/// `waitpid`; its standard output and error go to files of its own.
///
/// Not Foundation's `Process`: after a `SIGKILL`, its `waitUntilExit` sometimes never returned (the
/// child stayed a zombie), and it blocks the thread it runs on, so two such waits took both threads
/// of a 2-core machine's concurrency pool and every other test (a PostgreSQL store's migration, the
/// page's server) stopped with them. ``exitStatus()`` polls without blocking a thread.
package final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
    }

    /// The child's process id.
    package let pid: pid_t
    private let outputPath: String
    private let errorPath: String
    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `executable` with `arguments` (and this process's environment), standard input empty.
    package init(_ executable: URL, arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.path
        let name = "ohana-child-\(UUID().uuidString)"
        outputPath = folder + "/" + name + ".out"
        errorPath = folder + "/" + name + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = [executable.path] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable.path, &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw CocoaError(.executableLoad, userInfo: [
                NSFilePathErrorKey: executable.path, NSLocalizedDescriptionKey: String(cString: strerror(spawned)),
            ])
        }
        pid = child
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Sends `signal` to the child (nothing once it has been reaped).
    package func send(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if ended == nil { kill(pid, signal) }
    }

    /// How it ended, reaping it; `nil` while it runs. Never blocks.
    package func poll() -> Termination? {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, WNOHANG) } while result == -1 && errno == EINTR
        guard result == pid else { return nil }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, spelled out (Glibc's macros do not reach Swift).
        ended = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        return ended
    }

    /// Whether it is still running.
    package var isRunning: Bool { poll() == nil }

    /// Waits for it to end, checking every few milliseconds without holding a thread.
    package func exitStatus() async -> Termination {
        while true {
            if let ended = poll() { return ended }
            // A cancelled test (a time limit) ends its child rather than spin.
            if Task.isCancelled { send(SIGKILL) }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// What it wrote to standard output so far.
    package var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// What it wrote to standard error so far.
    package var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
}
