import Foundation

/// Runs a binary built by this package (the `ohana` tool, the examples) and captures its output.
package struct CLIResult {
    /// The exit status.
    package var status: Int32
    /// Standard output as text.
    package var stdout: String
    /// Standard error as text.
    package var stderr: String
    /// Standard output as bytes.
    package var stdoutData: Data
}

/// The CLI runner: finds the package's built products and runs them.
package enum CLI {
    /// The folder holding the package's built products: the test bundle's own folder.
    package static var binDirectory: URL {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
        for candidate in candidates {
            var dir = candidate.deletingLastPathComponent()
            // On Linux the tests run from <bin>/<Package>PackageTests.xctest; on macOS from inside a bundle.
            for _ in 0..<4 {
                if FileManager.default.fileExists(atPath: dir.appendingPathComponent("ohana").path) { return dir }
                dir = dir.deletingLastPathComponent()
            }
        }
        return candidates[0].deletingLastPathComponent()
    }

    /// The repository root, from this file's path.
    package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `product` with `arguments` in the repository root, with `input` on standard input
    /// (closed when `nil`).
    ///
    /// The tool runs while a Dispatch thread waits for it, not a thread of the concurrency pool:
    /// on two cores the pool has two, and tests that held them while a tool ran left every other
    /// test's tasks waiting (a request's answer resumed 42 s late).
    package static func run(
        _ arguments: [String], product: String = "ohana", environment: [String: String] = [:], input: Data? = nil
    ) async throws -> CLIResult {
        let executable = binDirectory.appendingPathComponent(product)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw CLIError("\(executable.path) is not built: run `swift build` (all products) before the tests")
        }
        return try await run(executable: executable, arguments, environment: environment, input: input)
    }

    /// Runs any `executable` as ``run(_:product:environment:input:)`` runs a product (such as
    /// `/bin/bash` with a script of the repository).
    package static func run(
        executable: URL, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil
    ) async throws -> CLIResult {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runWaiting(executable: executable, arguments, environment: environment, input: input) })
            }
        }
    }

    /// ``run(executable:_:environment:input:)`` on the calling thread, which waits for the tool.
    private static func runWaiting(
        executable: URL, _ arguments: [String], environment: [String: String], input: Data?
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if let inputPipe, let input {
            // A tool that exits without reading all of it must not kill the tests with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            // Written on another thread: more than a pipe's buffer would block until the tool reads it.
            let writer = inputPipe.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        // Read standard output on another thread while this one reads standard error, so a large
        // output cannot block the process (Dispatch, not the concurrency pool, which must not block).
        let box = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            box.data = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: box.data, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self),
            stdoutData: box.data)
    }

    private final class DataBox: @unchecked Sendable { var data = Data() }

    /// A fresh temporary directory, removed by the caller.
    package static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

/// A failure of the runner itself (a product not built).
package struct CLIError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String
    /// Creates the error.
    package init(_ description: String) { self.description = description }
}
