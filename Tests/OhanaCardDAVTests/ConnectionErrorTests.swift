import Foundation
import OhanaTestSupport
import Testing

/// `ohana sync` against servers it cannot reach or that refuse it: one line that says where it tried,
/// why it failed and what to do, and nothing before it.
@Suite("CardDAV connection errors in the user's words")
struct ConnectionErrorTests {
    private func sync(_ url: String, password: String = "x") async throws -> CLIResult {
        let folder = try TemporaryDirectory(prefix: "ohana-sync-errors")
        return try await CLI.run(["sync", url, "--store", folder.file("contacts.sqlite").path],
                           environment: ["OHANA_CARDDAV_PASSWORD": password])
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test("nothing listening on the port")
    func refused() async throws {
        let port = try freeLoopbackPort()
        let result = try await sync("carddav://alice@127.0.0.1:\(port)/alice/book/")
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(lines(result.stderr) == [
            "Error: cannot connect to the CardDAV server at 127.0.0.1:\(port) (connection refused): "
                + "is the CardDAV server running and listening on that port?",
        ])
    }

    @Test("a host name that does not resolve")
    func unknownHost() async throws {
        let result = try await sync("carddav://alice@no-such-host.invalid:5232/alice/book/")
        #expect(result.status != 0)
        #expect(lines(result.stderr) == [
            "Error: cannot connect to the CardDAV server at no-such-host.invalid:5232 (host not found): check the host name",
        ])
    }

    @Test("https to a port that speaks plain HTTP")
    func tlsToPlainPort() async throws {
        let server = try await RadicaleServer.shared.baseURL()
        let port = try #require(server.port)
        let result = try await sync("carddavs://user5@127.0.0.1:\(port)/user5/book/")
        #expect(result.status != 0)
        let errors = lines(result.stderr)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix(
            "Error: cannot connect to the CardDAV server at 127.0.0.1:\(port) (TLS handshake failed: ") == true, "\(errors)")
        #expect(errors.first?.contains("check the URL's scheme and port") == true, "\(errors)")
    }

    @Test("a wrong password")
    func wrongPassword() async throws {
        let server = try await RadicaleServer.shared.baseURL()
        let port = try #require(server.port)
        let result = try await sync("carddav://user5@127.0.0.1:\(port)/user5/book/", password: "not-the-password")
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let errors = lines(result.stderr)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("401") == true, "\(errors)")
        #expect(errors.first?.contains("not-the-password") == false)
    }
}
