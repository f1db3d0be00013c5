import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Ohana
import OhanaJSON
import OhanaTestSupport
import Testing

/// `ohana serve` as a process: the page is inside the binary (a copy alone in a folder serves it),
/// and merges decided in the server hold when `ohana import` loads the same file again.
@Suite(.serialized) struct ServeCommandTests {
    /// A running `ohana serve`, stopped by ``stop()``.
    final class Server: @unchecked Sendable {
        let process: Process
        let port: Int

        private init(process: Process, port: Int) {
            self.process = process
            self.port = port
        }

        /// Starts `executable serve ARGUMENTS --port 0` and waits (at most `timeout` seconds) for the line naming its address.
        static func start(_ executable: URL, _ arguments: [String], in folder: URL, timeout: Double = 60) async throws -> Server {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = folder
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Reads standard error on a Dispatch thread (blocking reads stay off the concurrency pool);
            // a watchdog ends a server that never says where it listens.
            let started = StartupState()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if started.port == nil, process.isRunning { process.terminate() }
            }
            let (port, output) = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    let handle = errors.fileHandleForReading
                    var text = ""
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        text += String(decoding: chunk, as: UTF8.self)
                        if let port = Self.port(in: text) {
                            started.port = port
                            continuation.resume(returning: (Optional(port), text))
                            // Keep draining so that the server never blocks on a full pipe.
                            while !handle.availableData.isEmpty {}
                            return
                        }
                    }
                    continuation.resume(returning: (nil, text))
                }
            }
            guard let port else {
                process.terminate()
                throw CLIError("ohana serve did not start: \(output)")
            }
            return Server(process: process, port: port)
        }

        /// The port in "open http://127.0.0.1:PORT/".
        static func port(in text: String) -> Int? {
            guard let range = text.range(of: "open http://127.0.0.1:") else { return nil }
            let digits = text[range.upperBound...].prefix { $0.isNumber }
            return text[range.upperBound...].dropFirst(digits.count).first == "/" ? Int(digits) : nil
        }

        /// Sends a request; returns the status, the headers and the body.
        func request(_ path: String, method: String = "GET") async throws -> (status: Int, headers: [String: String], body: Data) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.timeoutInterval = 30
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            return (http.statusCode, headers, data)
        }

        /// Stops the server (SIGTERM, then SIGKILL after 10 s) and waits for it.
        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    final class StartupState: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int?
        var port: Int? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    /// Copies a file with `cp`, so that the copy is never open for writing in this process: tests
    /// running beside this one spawn processes, and a child forked while the copy was open would keep
    /// it open and make running the copy fail with "Text file busy" (ETXTBSY).
    static func copyOutsideThisProcess(_ source: URL, to destination: URL) async throws {
        let cp = try await CLI.run(executable: URL(fileURLWithPath: "/bin/cp"), [source.path, destination.path])
        guard cp.status == 0 else {
            throw CLIError("cp \(source.path) \(destination.path) exited with \(cp.status): \(cp.stderr)")
        }
    }

    @Test func aCopiedBinaryServesThePageFromItself() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("ohana")
        let built = CLI.binDirectory.appendingPathComponent("ohana")
        guard FileManager.default.isExecutableFile(atPath: built.path) else {
            throw CLIError("\(built.path) is not built: run `swift build` (all products) before the tests")
        }
        // The page does not come from a resource bundle (which a copy finds only while the build
        // folder is there): the binary names none for the server.
        let binary = try Data(contentsOf: built, options: .alwaysMapped)
        #expect(binary.range(of: Data("Ohana_OhanaServer.resources".utf8)) == nil)
        try await Self.copyOutsideThisProcess(built, to: copy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["ohana"])

        let server = try await Server.start(copy, ["--sample", "20"], in: dir)
        defer { server.stop() }
        let page = try await server.request("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<script src=\"/app.js\""), "\(html.prefix(300))")
        let pageFile = try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("Sources/OhanaServer/Web/index.html"))
        #expect(page.body == pageFile)

        let script = try await server.request("/app.js")
        #expect(script.status == 200)
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        let scriptFile = try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("Sources/OhanaServer/Web/app.js"))
        #expect(script.body == scriptFile)

        let head = try await server.request("/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(pageFile.count))

        let contacts = try await server.request("/api/contacts?limit=1")
        #expect(contacts.status == 200)
        #expect(String(decoding: contacts.body, as: UTF8.self).contains("\"total\":20"))
    }


    struct Review: Decodable {
        struct Cluster: Decodable {
            struct Row: Decodable { var id: String }
            var id: String
            var decision: String
            var contacts: [Row]
        }
        var clusters: [Cluster]
        var pending: Int
    }

    func review(_ server: Server) async throws -> Review {
        let answer = try await server.request("/api/merges")
        #expect(answer.status == 200)
        return try JSONDecoder().decode(Review.self, from: answer.body)
    }

    func exported(_ store: String) async throws -> [Contact] {
        let export = try await CLI.run(["export", "--to", "json", "--store", store])
        #expect(export.status == 0, "\(export.stderr)")
        return try ContactsJSON.decode(export.stdoutData, source: "export")
    }

    /// A new, empty store: a SQLite file in `dir`, or a database on the test PostgreSQL cluster.
    func newStore(postgres: Bool, in dir: URL) async throws -> String {
        postgres ? try await PostgresTestServer.shared.newDatabase().url : dir.appendingPathComponent("contacts.sqlite").path
    }

    @Test("merges decided in the server hold when the file is imported again", arguments: [false, true])
    func mergesDecidedInTheServerHoldWhenTheFileIsImportedAgain(postgres: Bool) async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try await newStore(postgres: postgres, in: dir)
        let file = dir.appendingPathComponent("A.vcf")
        try Fixtures.mergeReviewVCards(bobOrganization: "Old Corp").write(to: file, atomically: true, encoding: .utf8)
        let first = try await CLI.run(["import", file.path, "--store", store])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("5 added"), "\(first.stdout)")

        // Decide in the server: merge the Quimbys, keep the Lees apart, apply.
        let executable = CLI.binDirectory.appendingPathComponent("ohana")
        let server = try await Server.start(executable, ["--store", store], in: dir)
        do {
            defer { server.stop() }
            let before = try await review(server)
            let quimby = try #require(before.clusters.first { Set($0.contacts.map(\.id)) == ["q1", "q2"] })
            let lee = try #require(before.clusters.first { Set($0.contacts.map(\.id)) == ["a1", "a2"] })
            let accepted = try await server.request("/api/merges/\(quimby.id)/accept", method: "POST")
            #expect(accepted.status == 200)
            let keptApart = try await server.request("/api/merges/\(lee.id)/keep-apart", method: "POST")
            #expect(keptApart.status == 200)
            let applied = try await server.request("/api/merges/apply", method: "POST")
            #expect(applied.status == 200)
            #expect(String(decoding: applied.body, as: UTF8.self).contains("\"contactsAfter\":4"))
        }
        await #expect(try exported(store).count == 4)

        // The file changes, and is imported again.
        try Fixtures.mergeReviewVCards(bobOrganization: "New Corp").write(to: file, atomically: true, encoding: .utf8)
        let second = try await CLI.run(["import", file.path, "--store", store])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("0 added"), "\(second.stdout)")
        let contacts = try await exported(store)
        #expect(contacts.count == 4, "\(contacts.map(\.fullName))")
        let quimbys = contacts.filter { $0.familyName == "Quimby" }
        #expect(quimbys.count == 1)
        #expect(quimbys.first?.id == "q1")
        #expect(quimbys.first?.organization == "New Corp")
        #expect(quimbys.first?.fields.map(\.value).contains("rquimby@example.com") == true)
        #expect(!quimbys.contains { $0.customProperties.values.contains { "\($0)".contains("Old Corp") } })

        // And once more: nothing changes.
        let third = try await CLI.run(["import", file.path, "--store", store])
        #expect(third.stdout.contains("0 added, 0 updated"), "\(third.stdout)")
        await #expect(try exported(store).count == 4)

        // The review still shows the Lees kept apart.
        let again = try await Server.start(executable, ["--store", store], in: dir)
        defer { again.stop() }
        let after = try await review(again)
        #expect(after.clusters.first { Set($0.contacts.map(\.id)) == ["a1", "a2"] }?.decision == "keptApart")
        #expect(after.pending == 0)
    }

    /// The total in `/api/contacts`.
    func total(_ server: Server) async throws -> Int? {
        struct Page: Decodable { var total: Int }
        return try JSONDecoder().decode(Page.self, from: try await server.request("/api/contacts?limit=1").body).total
    }

    @Test func twoServersOnOnePostgresDatabaseSeeEachOthersMerges() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try await newStore(postgres: true, in: dir)
        let file = dir.appendingPathComponent("A.vcf")
        try Fixtures.mergeReviewVCards(bobOrganization: "Old Corp").write(to: file, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", file.path, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let executable = CLI.binDirectory.appendingPathComponent("ohana")
        let first = try await Server.start(executable, ["--store", store], in: dir)
        defer { first.stop() }
        let second = try await Server.start(executable, ["--store", store], in: dir)
        defer { second.stop() }
        #expect(try await total(second) == 5)

        // A decision taken in the first shows in the second.
        let clusters = try await review(first).clusters
        let quimby = try #require(clusters.first { Set($0.contacts.map(\.id)) == ["q1", "q2"] })
        let lee = try #require(clusters.first { Set($0.contacts.map(\.id)) == ["a1", "a2"] })
        #expect(try await first.request("/api/merges/\(lee.id)/keep-apart", method: "POST").status == 200)
        #expect(try await review(second).clusters.first { $0.id == lee.id }?.decision == "keptApart")

        // A merge applied in the first is seen by the second, which can split it again.
        #expect(try await first.request("/api/merges/\(quimby.id)/accept", method: "POST").status == 200)
        #expect(try await first.request("/api/merges/apply", method: "POST").status == 200)
        #expect(try await total(second) == 4)
        let split = try await second.request("/api/merged/q1/split", method: "POST")
        #expect(split.status == 200, "\(String(decoding: split.body, as: UTF8.self))")
        #expect(try await total(first) == 5)
        #expect(try await review(first).clusters.first { $0.id == quimby.id }?.decision == "keptApart")
        await #expect(try exported(store).count == 5)
    }
}
