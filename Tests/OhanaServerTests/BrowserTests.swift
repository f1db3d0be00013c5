import Foundation
import Hummingbird
import Logging
import Ohana
import OhanaAddressBook
import OhanaServer
import OhanaTestSupport
import Testing

/// The page in a real browser: the server runs in-process on a free loopback port and a Python
/// selenium script drives Debian's headless Chromium through it.
@Suite struct BrowserTests {
    static let root = Fixtures.repositoryRoot()
    static let python = root.appendingPathComponent(".venv/bin/python")
    static let chromium = URL(fileURLWithPath: "/usr/bin/chromium")
    static let chromedriver = URL(fileURLWithPath: "/usr/bin/chromedriver")

    /// Where screenshots go: `$OHANA_SCREENSHOTS`, else `ohana-serve-screenshots` beside the test binary
    /// (inside the build folder, never committed).
    static var screenshotFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["OHANA_SCREENSHOTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        // An .xctest bundle on macOS: go up to the build folder.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("ohana-serve-screenshots")
    }

    /// What is missing to run the browser test, in words; empty when everything is there.
    static func missingPrerequisites() async -> [String] {
        var missing: [String] = []
        let files = FileManager.default
        if !files.isExecutableFile(atPath: chromium.path) { missing.append("\(chromium.path) (Debian package chromium)") }
        if !files.isExecutableFile(atPath: chromedriver.path) { missing.append("\(chromedriver.path) (Debian package chromium-driver)") }
        if !files.isExecutableFile(atPath: python.path) {
            missing.append("\(python.path) (the repository's Python virtual environment)")
        } else if (try? await run(python, ["-c", "import selenium"], timeout: 30).status) != 0 {
            missing.append("selenium in \(python.path)")
        }
        return missing
    }

    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs a program to completion (or kills it after `timeout` seconds), collecting its output,
    /// waiting without holding a thread of the concurrency pool (the page's server needs one).
    static func run(_ program: URL, _ arguments: [String], timeout: TimeInterval) async throws -> Outcome {
        let process = try ChildProcess(program, arguments: arguments)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(100)) }
        let timedOut = process.isRunning
        if timedOut {
            process.send(SIGTERM)
            for _ in 0..<50 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
            process.send(SIGKILL)
        }
        let ended = await process.exitStatus()
        let output = process.output + process.errors
        if timedOut { return Outcome(status: -1, output: output + "\n(killed after \(Int(timeout)) s)") }
        guard case .exited(let status) = ended else { return Outcome(status: -1, output: output + "\n(\(ended))") }
        return Outcome(status: status, output: output)
    }

    /// Serves `addressBook` on a free loopback port and runs a Selenium `script` (written to the
    /// screenshot folder as `name`) against it; `nil`, with an issue recorded, when Chromium or
    /// Selenium is missing or the server did not start.
    static func runScript(_ script: String, named name: String, serving addressBook: AddressBook) async throws -> Outcome? {
        let missing = await missingPrerequisites()
        guard missing.isEmpty else {
            Issue.record("The browser test needs \(missing.joined(separator: ", ")): run scripts/setup.sh --test")
            return nil
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        // Quiet: stopping the server by cancellation logs errors that are not the test's.
        var logger = Logger(label: "ohana.serve.test")
        logger.logLevel = .critical
        let app = try AddressBookServer.makeApplication(addressBook: addressBook, host: "127.0.0.1", port: 0, logger: logger) { port in
            continuation.yield(port)
        }
        let folder = screenshotFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else {
                Issue.record("the server did not start")
                group.cancelAll()
                return nil
            }
            let outcome = try await run(python, [file.path, "http://127.0.0.1:\(port)/", folder.path], timeout: 600)
            group.cancelAll()
            return outcome
        }
    }

    // The script takes about 10 s alone and 60–85 s beside the rest of the suite on a loaded
    // two-core machine (Chromium starting, every step waiting for the server), and over 240 s on a
    // VM half as fast (2026-11-30): the limits (90 s a step, 600 s the script, 12 min the test) leave
    // room for that, so that only a page that does not work fails.
    @Test(.timeLimit(.minutes(12)))
    func pageWorksInHeadlessChromium() async throws {
        let book = try await TestAddressBook.make()
        guard let outcome = try await Self.runScript(browserTestScript, named: "browser_test.py", serving: book.addressBook) else { return }
        #expect(outcome.status == 0, "browser test failed:\n\(outcome.output)")
        #expect(outcome.output.contains("browser: ok"), "\(outcome.output)")
        let succeeded = outcome.status == 0
        let folder = Self.screenshotFolder
        guard succeeded else { return }
        for name in ["01-contacts.png", "02-search.png", "03-detail.png", "04-picker-refused.png", "05-merge-review.png", "06-statistics.png", "07-split.png", "08-review.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "missing screenshot \(name)")
        }
        // The merge the page applied and split again: both Quimby cards stored as they were.
        let quimbys = try book.store.allContacts().filter { $0.familyName == "Quimby" }
        #expect(quimbys.map(\.id).sorted() == ["dup-a", "dup-b"])
        #expect(quimbys.sorted { $0.id < $1.id } == book.contacts.filter { $0.familyName == "Quimby" }.sorted { $0.id < $1.id })
    }
}
