import AsyncHTTPClient
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a test server could not start.
struct TestServerError: Error, CustomStringConvertible {
    var description: String
}

/// Paths of the repository, found from this file.
enum RepositoryPaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = root.appendingPathComponent(".venv/bin/python")
    static let radicale = root.appendingPathComponent(".venv/bin/radicale")
    static let xandikos = root.appendingPathComponent(".venv/bin/xandikos")
    /// The launcher script, written once to a temporary file.
    static let runServer: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-run-server-\(UUID().uuidString).py")
        try? runServerScript.write(to: url, atomically: true, encoding: .utf8)
        return url
    }()
}

/// Processes the tests started, terminated when the test process exits.
private nonisolated(unsafe) var startedProcessIDs: [pid_t] = []
private let startedProcessLock = NSLock()
private let registerExitHandler: Void = {
    _ = atexit {
        startedProcessLock.lock()
        for pid in startedProcessIDs { kill(pid, SIGTERM) }
        startedProcessLock.unlock()
    }
}()

private func track(_ process: Process) {
    _ = registerExitHandler
    startedProcessLock.lock()
    startedProcessIDs.append(process.processIdentifier)
    startedProcessLock.unlock()
}


/// Waits until something answers HTTP at a URL, or the process ends, or 30 s pass.
func waitUntilAnswering(_ url: String, process: Process, log: URL) async throws {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
        guard process.isRunning else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw TestServerError(description: "test server exited early (status \(process.terminationStatus)): \(text.suffix(2000))")
        }
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)) {
            _ = try? await response.body.collect(upTo: 1 << 20)
            return
        }
        try await Task.sleep(for: .milliseconds(100))
    }
    throw TestServerError(description: "test server did not answer at \(url) within 30 s")
}

private func launch(_ arguments: [String], log: URL) throws -> Process {
    let process = Process()
    process.executableURL = RepositoryPaths.python
    process.arguments = [RepositoryPaths.runServer.path] + arguments
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    track(process)
    return process
}

/// The users of the test Radicale: name → password.
let radicaleUsers: [String: String] = Dictionary(uniqueKeysWithValues: (1...12).map { ("user\($0)", "pw-\($0)-S3cr3t!x") })

/// One Radicale server for the whole test run: 127.0.0.1, a free port, a throw-away storage folder,
/// an htpasswd users file (plain); stopped when the test process exits.
actor RadicaleServer {
    static let shared = RadicaleServer()

    /// The one start of the server. A task, not a result set after an `await`: the actor is
    /// reentrant, and callers arriving while the first start is under way must wait for it rather
    /// than start a second server with other storage.
    private var starting: Task<URL, any Error>?

    /// The server's base URL, starting it the first time.
    func baseURL() async throws -> URL {
        if starting == nil { starting = Task { try await self.start() } }
        return try await starting!.value
    }

    private func start() async throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: RepositoryPaths.radicale.path) else {
            throw TestServerError(description:
                "Radicale is not installed at \(RepositoryPaths.radicale.path); run scripts/setup.sh --test first")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-radicale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let users = folder.appendingPathComponent("users")
        try radicaleUsers.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)\n" }.joined()
            .write(to: users, atomically: true, encoding: .utf8)
        let port = try freeLoopbackPort()
        let config = folder.appendingPathComponent("config")
        try """
        [server]
        hosts = 127.0.0.1:\(port)
        max_connections = 64
        [auth]
        type = htpasswd
        htpasswd_filename = \(users.path)
        htpasswd_encryption = plain
        delay = 0
        [rights]
        type = owner_only
        [storage]
        filesystem_folder = \(folder.appendingPathComponent("collections").path)
        [logging]
        level = warning
        """.write(to: config, atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("radicale.log")
        let process = try launch(["radicale", config.path], log: log)
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        try await waitUntilAnswering(url.absoluteString, process: process, log: log)
        return url
    }
}

/// One Xandikos server for the whole test run (a second CardDAV implementation, from PyPI): 127.0.0.1,
/// a free port, a throw-away folder; one principal `/user/` whose address books live under
/// `/user/contacts/`. Xandikos does no authentication of its own (credentials sent are ignored).
actor XandikosServer {
    static let shared = XandikosServer()

    /// The one start of the server (see ``RadicaleServer``: the actor is reentrant).
    private var starting: Task<URL, any Error>?

    /// The server's base URL, starting it the first time.
    func baseURL() async throws -> URL {
        if starting == nil { starting = Task { try await self.start() } }
        return try await starting!.value
    }

    private func start() async throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: RepositoryPaths.xandikos.path) else {
            throw TestServerError(description:
                "Xandikos is not installed at \(RepositoryPaths.xandikos.path); run scripts/setup.sh --test first")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-xandikos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try freeLoopbackPort()
        let log = folder.appendingPathComponent("xandikos.log")
        let process = try launch(["xandikos", folder.path, String(port)], log: log)
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        try await waitUntilAnswering(url.absoluteString, process: process, log: log)
        return url
    }
}

/// One misbehaving HTTP server for the robustness tests (slow answers, hostile XML, foreign redirects).
actor HostileServer {
    static let shared = HostileServer()

    /// The one start of the server (see ``RadicaleServer``: the actor is reentrant).
    private var starting: Task<URL, any Error>?

    /// The server's base URL, starting it the first time.
    func baseURL() async throws -> URL {
        if starting == nil { starting = Task { try await self.startServer() } }
        return try await starting!.value
    }

    private func startServer() async throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: RepositoryPaths.python.path) else {
            throw TestServerError(description: "\(RepositoryPaths.python.path) missing; run scripts/setup.sh --test first")
        }
        let port = try freeLoopbackPort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-hostile-\(UUID().uuidString).log")
        let process = try launch(["hostile", String(port)], log: log)
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        try await waitUntilAnswering(url.absoluteString, process: process, log: log)
        return url
    }
}
