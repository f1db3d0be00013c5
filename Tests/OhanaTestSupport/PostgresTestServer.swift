import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the test PostgreSQL cluster could not start.
package struct PostgresTestError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String
}

/// Clusters this test process started (data folder, postmaster pid), stopped when it exits.
private nonisolated(unsafe) var startedClusters: [(folder: String, data: String)] = []
private let startedClustersLock = NSLock()
private let registerClusterExitHandler: Void = {
    _ = atexit {
        startedClustersLock.lock()
        for cluster in startedClusters { PostgresTestServer.stop(folder: cluster.folder, data: cluster.data) }
        startedClustersLock.unlock()
    }
}()

/// One private PostgreSQL cluster for the whole test run: `initdb` into a temporary folder, the
/// server on 127.0.0.1 and a free port, trust authentication for the user `ohana`; each test takes
/// a database of its own. Run as the `postgres` system user when the tests run as root (`initdb`
/// refuses root). Stopped (fast shutdown) and removed when the test process exits.
package actor PostgresTestServer {
    /// The test process's one cluster, started by the first database asked for.
    package static let shared = PostgresTestServer()

    /// The one start of the cluster (a task, so that callers arriving during the start wait for it).
    private var starting: Task<Int, any Error>?

    /// A new, empty database on the test cluster.
    package func newDatabase() async throws -> PostgresTestDatabase {
        if starting == nil { starting = Task { try Self.start() } }
        let port = try await starting!.value
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try Self.run(Self.binary("createdb"), ["-h", "127.0.0.1", "-p", "\(port)", "-U", "ohana", name], asServer: false)
        return PostgresTestDatabase(host: "127.0.0.1", port: port, user: "ohana", database: name)
    }

    /// Runs SQL on a test database with `psql` (for tests that build foreign or newer stores).
    package static func execute(_ sql: String, in location: PostgresTestDatabase) throws {
        try run(binary("psql"), ["-h", location.host, "-p", "\(location.port)", "-U", location.user, "-d", location.database,
                                 "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], asServer: false)
    }

    /// Debian's server binaries (the newest installed version).
    package static func binary(_ name: String) throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions {
            let path = "\(root)/\(version)/bin/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw PostgresTestError(description:
            "PostgreSQL's \(name) is not installed under \(root); run scripts/setup.sh --test first")
    }

    private static func start() throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-pg-\(UUID().uuidString)").path
        let data = folder + "/data"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else {
                throw PostgresTestError(description: "no postgres system user; run scripts/setup.sh --test first")
            }
            guard chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw PostgresTestError(description: "cannot hand \(folder) to the postgres user")
            }
        }
        try run(binary("initdb"), ["-D", data, "-U", "ohana", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"],
                asServer: true)
        let port = try freeLoopbackPort()
        _ = registerClusterExitHandler
        startedClustersLock.lock()
        startedClusters.append((folder, data))
        startedClustersLock.unlock()
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) -c fsync=off -c max_connections=200"
        try run(binary("pg_ctl"), ["-D", data, "-l", folder + "/server.log", "-w", "-t", "60", "-o", options, "start"],
                asServer: true)
        return port
    }

    /// Stops a cluster (fast shutdown: sessions end, nothing is waited for) and removes its folder.
    package static func stop(folder: String, data: String) {
        guard let text = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8),
              let pid = text.split(separator: "\n").first.flatMap({ pid_t($0) }) else {
            try? FileManager.default.removeItem(atPath: folder)
            return
        }
        kill(pid, SIGINT)
        for _ in 0..<100 where kill(pid, 0) == 0 { usleep(50_000) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs a tool to its end; as the `postgres` user when `asServer` and this process is root.
    ///
    /// Spawned and waited for with `posix_spawn` and `waitpid`, its output in a file. Foundation's
    /// `Process` hung here (the first version of these tests never got past starting the
    /// cluster): `waitUntilExit` did not return after `runuser` had exited and was left a zombie,
    /// and a pipe for the output would be held open by the server `pg_ctl start` leaves running.
    private static func run(_ tool: String, _ arguments: [String], asServer: Bool) throws {
        let argv = asServer && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", tool] + arguments
            : [tool] + arguments
        let logPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("ohana-pg-tool-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw PostgresTestError(description: "cannot start \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, spelled out (Glibc's macros do not reach Swift).
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw PostgresTestError(description: "\(tool) failed (status \(status)): \(text.suffix(2000))")
        }
    }
}

/// One database on the test cluster (trust authentication: no password).
package struct PostgresTestDatabase: Hashable, Sendable {
    /// The server's address.
    package var host: String
    /// The server's port.
    package var port: Int
    /// The user to connect as.
    package var user: String
    /// The database's name.
    package var database: String

    /// The database as a `postgres://` URL (as `--store` takes it).
    package var url: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
