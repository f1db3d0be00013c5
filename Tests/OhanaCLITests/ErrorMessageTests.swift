import Foundation
import OhanaTestSupport
import Testing

/// Errors a user meets, each printed as one line that names what was tried and what to do, with
/// nothing written before it.
@Suite("Errors in the user's words")
struct ErrorMessageTests {
    /// The lines of standard error, without blank ones.
    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test("a missing input file is one line naming it, and no empty table before it")
    func missingFile() async throws {
        let result = try await CLI.run(["process", "no-such-book.vcf"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "printed before the error: \(result.stdout)")
        let errors = lines(result.stderr)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("no-such-book.vcf") == true)
        #expect(errors.first?.lowercased().contains("no such file") == true, "\(errors)")
    }

    @Test("a closed PostgreSQL port says where it tried and to check the server")
    func postgresRefused() async throws {
        let port = try freeLoopbackPort()
        let result = try await CLI.run(["list", "--store", "postgres://ohana@127.0.0.1:\(port)/contacts"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(lines(result.stderr) == [
            "Error: cannot connect to PostgreSQL at 127.0.0.1:\(port) (connection refused): is PostgreSQL running and listening on that port?",
        ])
    }

    @Test("a PostgreSQL host that does not resolve says so")
    func postgresUnknownHost() async throws {
        let result = try await CLI.run(["list", "--store", "postgres://ohana@no-such-host.invalid:5432/contacts"])
        #expect(result.status != 0)
        #expect(lines(result.stderr) == [
            "Error: cannot connect to PostgreSQL at no-such-host.invalid:5432 (host not found): check the host name",
        ])
    }

    @Test("a database the server does not have is the server's reason and how to create it")
    func postgresNoDatabase() async throws {
        let database = try await PostgresTestServer.shared.newDatabase()
        let url = try #require(URLComponents(string: database.url))
        let missing = "postgres://\(url.user ?? "ohana")@\(url.host ?? "127.0.0.1"):\(url.port ?? 5432)/no_such_db"
        let result = try await CLI.run(["list", "--store", missing])
        #expect(result.status != 0)
        let errors = lines(result.stderr)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("Error: \(missing): PostgreSQL refused: database \"no_such_db\" does not exist: create it (createdb") == true,
                "\(errors)")
    }

    @Test("a store URL with a password is refused, naming host, port and database but not the password")
    func passwordInStoreURL() async throws {
        let result = try await CLI.run(["list", "--store", "postgres://crm:s3cret@db.example.com:6543/contacts"])
        #expect(result.status != 0)
        let errors = lines(result.stderr)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("postgres://crm@db.example.com:6543/contacts") == true, "\(errors)")
        #expect(errors.first?.contains("s3cret") == false)
    }

    @Test("a store file that is not there is named, and not made, by each command that only reads")
    func missingStoreFile() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-missing-store")
        let path = folder.url.appendingPathComponent("typo.sqlite").path
        for command in [["list"], ["search", "ann"], ["export", "--to", "json"], ["changes"], ["show", "someone"]] {
            let result = try await CLI.run(command + ["--store", path])
            #expect(result.status != 0, "\(command)")
            #expect(result.stdout.isEmpty, "\(command)")
            #expect(lines(result.stderr) == [
                "Error: \(path): cannot open the contact store: no such file; commands that only read make none (import into it first)",
            ], "\(command)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(command)")
        }
    }

    @Test("a file that is not a store is named, and left as it was")
    func notAStore() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-not-a-store")
        let file = folder.url.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: file)
        let result = try await CLI.run(["list", "--store", file.path])
        #expect(result.status != 0)
        let errors = lines(result.stderr)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains(file.path) == true && errors.first?.contains("not an Ohana contact store") == true, "\(errors)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "shopping list\n")
    }
}
