import Foundation
import Ohana
import OhanaJSON
import Testing

/// `--store` with a `postgres://` URL and `ohana store copy`, through the built binary and a
/// private PostgreSQL cluster (Tests/OhanaTestSupport/PostgresTestServer.swift).
@Suite("ohana on a PostgreSQL store")
struct StoreCommandsTests {
    @Test("SQLite → PostgreSQL → SQLite with `ohana store copy` gives identical `ohana export --to json` output")
    func migrateRoundTrip() async throws {
        let directory = try TemporaryDirectory()
        let book = directory.file("book.vcf").path
        let generated = try await CLI.run(["generate", "--count", "1500", "--seed", "3", "--format", "vcard", "-o", book])
        #expect(generated.status == 0, "\(generated.stderr)")
        let source = directory.file("source.sqlite").path
        let imported = try await CLI.run(["import", book, "Samples/addressbook.json", "--store", source])
        #expect(imported.status == 0, "\(imported.stderr)")
        let postgres = try await PostgresTestServer.shared.newDatabase().url
        let back = directory.file("back.sqlite").path

        let there = try await CLI.run(["store", "copy", "--from", source, "--to", postgres, "--batch-size", "400"])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(there.stdout.contains("contacts copied"), "\(there.stdout)")
        let home = try await CLI.run(["store", "copy", "--from", postgres, "--to", back])
        #expect(home.status == 0, "\(home.stderr)")
        let again = try await CLI.run(["store", "migrate", "--from", source, "--to", postgres])
        #expect(again.status == 0 && again.stdout.contains("0 added"), "\(again.stdout)\(again.stderr)")

        var exports: [Data] = []
        for store in [source, postgres, back] {
            let result = try await CLI.run(["export", "--to", "json", "--store", store])
            #expect(result.status == 0, "\(store): \(result.stderr)")
            exports.append(result.stdoutData)
        }
        #expect(exports[0].count > 100_000)
        #expect(exports[1] == exports[0], "the PostgreSQL store exports differently")
        #expect(exports[2] == exports[0], "the round trip changed the export")
    }

    @Test("import, list and search work on a postgres:// store; a password in the URL is refused clearly")
    func commandsOnPostgres() async throws {
        let postgres = try await PostgresTestServer.shared.newDatabase().url
        let imported = try await CLI.run(["import", "Samples/addressbook.json", "--store", postgres])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("added"), "\(imported.stdout)")
        let reimported = try await CLI.run(["import", "Samples/addressbook.json", "--store", postgres])
        #expect(reimported.stdout.contains("0 added, 0 updated"), "\(reimported.stdout)")
        let contacts = try ContactsJSON.decode(
            await CLI.run(["export", "--to", "json", "--store", postgres]).stdoutData, source: postgres)
        let someone = try #require(contacts.first { $0.familyName != nil })
        let family = try #require(someone.familyName)
        let listed = try await CLI.run(["list", "--prefix", family, "--output", "json", "--store", postgres])
        #expect(try ContactsJSON.decode(listed.stdoutData, source: "list").contains { $0.id == someone.id })
        let found = try await CLI.run(["search", family, "--output", "json", "--store", postgres])
        #expect(try ContactsJSON.decode(found.stdoutData, source: "search").contains { $0.id == someone.id })

        let withPassword = postgres.replacingOccurrences(of: "ohana@", with: "ohana:hunter2@")
        let refused = try await CLI.run(["list", "--store", withPassword])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("PGPASSWORD") && !refused.stderr.contains("hunter2"), "\(refused.stderr)")
    }
}
