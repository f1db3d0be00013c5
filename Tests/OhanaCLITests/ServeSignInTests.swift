import Foundation
import Testing

/// Issue #39's "must show" through the built binary and curl: `ohana serve` on a store with
/// accounts refuses an anonymous read and a viewer's merge, wants the CSRF token of a cookie
/// session, and `ohana audit` then names the account that merged.
@Suite(.serialized) struct ServeSignInTests {
    /// Runs curl; returns the status and the body.
    static func curl(_ arguments: [String]) async throws -> (status: Int, body: String) {
        let result = try await CLI.run(executable: URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-i", "--max-time", "30"] + arguments)
        let text = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        let body = text.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        return (status, body)
    }

    /// Signs in with a cookie jar; returns the session's CSRF token.
    static func signIn(_ base: String, _ user: String, jar: String) async throws -> String {
        let answer = try await curl(["-c", jar, "-H", "Content-Type: application/json",
                               "-d", "{\"user\": \"\(user)\", \"password\": \"\(user) password\"}", base + "/api/login"])
        #expect(answer.status == 200, "\(answer.body)")
        struct Info: Decodable { var csrf: String }
        return try JSONDecoder().decode(Info.self, from: Data(answer.body.utf8)).csrf
    }

    @Test(.timeLimit(.minutes(3)))
    func signInRolesCSRFAndAudit() async throws {
        let dir = try TemporaryDirectory()
        let store = dir.file("book.sqlite").path
        #expect(try await CLI.run(["import", "Samples/addressbook.json", "--store", store]).status == 0)
        for (name, role) in [("vera", "viewer"), ("eddie", "editor")] {
            let added = try await CLI.run(["user", "add", name, "--role", role, "--password-stdin", "--store", store],
                                    input: Data("\(name) password\n".utf8))
            #expect(added.status == 0, "\(added.stderr)")
        }
        let server = try await ServeCommandTests.Server.start(CLI.binDirectory.appendingPathComponent("ohana"), ["--store", store],
                                                              in: dir.url)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        await #expect(try Self.curl([base + "/api/contacts"]).status == 401)
        let viewerJar = dir.file("vera.jar").path, editorJar = dir.file("eddie.jar").path
        let viewerToken = try await Self.signIn(base, "vera", jar: viewerJar)
        await #expect(try Self.curl(["-b", viewerJar, base + "/api/contacts"]).status == 200)
        await #expect(try Self.curl(["-b", viewerJar, "-X", "POST", "-H", "X-CSRF-Token: \(viewerToken)", base + "/api/merges/apply"]).status == 403)
        let editorToken = try await Self.signIn(base, "eddie", jar: editorJar)
        await #expect(try Self.curl(["-b", editorJar, "-X", "POST", base + "/api/merges/apply"]).status == 403)
        let merged = try await Self.curl(["-b", editorJar, "-X", "POST", "-H", "X-CSRF-Token: \(editorToken)", base + "/api/merges/apply"])
        #expect(merged.status == 200, "\(merged.body)")
        server.stop()

        let audit = try await CLI.run(["audit", "--store", store])
        let lines = audit.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.count == 2, "\(audit.stdout)")
        #expect(lines.first?[2] == "import" && lines.last?[1] == "eddie" && lines.last?[2] == "merge", "\(audit.stdout)")
    }
}
