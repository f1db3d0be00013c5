import Foundation
import Testing

/// `ohana user`, `ohana audit`, and `ohana serve` refusing a non-loopback address without an account.
@Suite("ohana user and ohana audit")
struct UserCommandTests {
    @Test("accounts are added, listed, re-passworded, given a token and removed; a store copy keeps them")
    func users() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("book.sqlite").path
        let added = try await CLI.run(["user", "add", "ana", "--role", "admin", "--password-stdin", "--store", store],
                                input: Data("correct horse\n".utf8))
        #expect(added.status == 0 && added.stdout.contains("added the admin 'ana'"), "\(added.stdout)\(added.stderr)")
        let again = try await CLI.run(["user", "add", "ana", "--role", "viewer", "--password-stdin", "--store", store],
                                input: Data("another one\n".utf8))
        #expect(again.status != 0 && again.stderr.contains("already an account named 'ana'"), "\(again.stderr)")
        let badRole = try await CLI.run(["user", "add", "bo", "--role", "owner", "--password-stdin", "--store", store])
        #expect(badRole.status != 0 && badRole.stderr.contains("viewer, editor or admin"), "\(badRole.stderr)")
        let noTerminal = try await CLI.run(["user", "add", "bo", "--role", "viewer", "--store", store])
        #expect(noTerminal.status != 0 && noTerminal.stderr.contains("--password-stdin"), "\(noTerminal.stderr)")
        _ = try await CLI.run(["user", "add", "bo", "--role", "viewer", "--password-stdin", "--store", store], input: Data("bo password\n".utf8))
        let token = try await CLI.run(["user", "token", "bo", "--store", store])
        #expect(token.status == 0 && token.stdout.hasPrefix("ohana_"), "\(token.stdout)\(token.stderr)")
        let passwd = try await CLI.run(["user", "passwd", "bo", "--password-stdin", "--store", store], input: Data("a new password\n".utf8))
        #expect(passwd.status == 0, "\(passwd.stderr)")
        let list = try await CLI.run(["user", "list", "--store", store])
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("ana\tadmin\t0 tokens") && lines[1].hasPrefix("bo\tviewer\t1 tokens"), "\(list.stdout)")
        #expect(!list.stdout.contains("$2b$"), "hashes are never listed")

        let postgres = try await PostgresTestServer.shared.newDatabase().url
        let copied = try await CLI.run(["store", "migrate", "--from", store, "--to", postgres])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(try await CLI.run(["user", "list", "--store", postgres]).stdout == list.stdout)

        let removed = try await CLI.run(["user", "remove", "bo", "--store", store])
        #expect(removed.status == 0 && removed.stdout.contains("removed 'bo'"), "\(removed.stdout)")
        #expect(try await CLI.run(["user", "remove", "bo", "--store", store]).status != 0)
    }

    @Test("the tool's writes are in the audit trail with the OS user; --since filters them")
    func audit() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("book.sqlite").path
        let imported = try await CLI.run(["import", "Samples/addressbook.json", "--store", store], environment: ["USER": "carol"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let audit = try await CLI.run(["audit", "--store", store])
        #expect(audit.status == 0, "\(audit.stderr)")
        let fields = audit.stdout.split(separator: "\n").first?.split(separator: "\t") ?? []
        #expect(fields.count == 4 && fields[1] == "os:carol" && fields[2] == "import" && fields[3].contains("Samples/addressbook.json"),
                "\(audit.stdout)")
        #expect(try await CLI.run(["audit", "--since", "2999-01-01", "--store", store]).stdout.isEmpty)
        let bad = try await CLI.run(["audit", "--since", "yesterday", "--store", store])
        #expect(bad.status != 0 && bad.stderr.contains("--since"), "\(bad.stderr)")
    }

    @Test("ohana serve on a non-loopback address refuses to start without an account")
    func serveRefuses() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("book.sqlite").path
        _ = try await CLI.run(["import", "Samples/addressbook.json", "--store", store])
        let refused = try await CLI.run(["serve", "--host", "0.0.0.0", "--port", "0", "--store", store])
        #expect(refused.status != 0, "\(refused.stderr)")
        #expect(refused.stderr.contains("has no account") && refused.stderr.contains("--no-auth"), "\(refused.stderr)")
        let badTLS = try await CLI.run(["serve", "--tls-cert", "README.md", "--port", "0", "--store", store])
        #expect(badTLS.status != 0 && badTLS.stderr.contains("--tls-cert and --tls-key go together"), "\(badTLS.stderr)")
    }
}
