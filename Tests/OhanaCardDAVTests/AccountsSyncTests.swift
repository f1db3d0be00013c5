import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaTestSupport
import Testing

/// `ohana account` and `ohana sync --store S` with two accounts on two real servers (Radicale and
/// Xandikos): each synced two ways with its own state; contacts created in the store go to the first.
@Suite("ohana sync of a store's accounts (Radicale and Xandikos)")
struct AccountsSyncTests {
    @Test("two accounts pulled into one store; a new contact lands in the first only; a second sync does nothing")
    func twoAccounts() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let work = try await TestAccount.make("user3")
        let home = try await TestAccount.make("user3", on: .xandikos)
        for i in 0..<2 { try await work.put(sampleCard(uid: "w-\(i)", name: "Colleague \(i)"), named: "w\(i).vcf") }
        for i in 0..<2 { try await home.put(sampleCard(uid: "h-\(i)", name: "Friend \(i)"), named: "h\(i).vcf") }
        func url(_ account: TestAccount) throws -> String {
            "carddav://\(account.user)@\(try #require(account.bookURL.host)):\(try #require(account.bookURL.port))\(account.bookURL.path)"
        }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("contacts.sqlite").path
        // The work password from its own variable, the home one from a netrc file; none in the store.
        let netrc = folder.appendingPathComponent("netrc")
        try Data("machine \(try #require(home.bookURL.host)) login \(home.user) password \(home.password)\n".utf8).write(to: netrc)
        let environment = ["OHANA_CARDDAV_PASSWORD_WORK": work.password, "NETRC": netrc.path, "OHANA_CARDDAV_PASSWORD": ""]
        func ohanaRun(_ arguments: [String]) async throws -> CLIResult {
            try await CLI.run(executable: ohana, arguments, environment: environment)
        }

        await #expect(try ohanaRun(["account", "add", "work", try url(work), "--store", store]).status == 0)
        await #expect(try ohanaRun(["account", "add", "home", try url(home), "--store", store]).status == 0)
        let duplicate = try await ohanaRun(["account", "add", "work", try url(home), "--store", store])
        #expect(duplicate.status != 0 && duplicate.stderr.contains("exists already"), "\(duplicate.stderr)")
        let secret = try await ohanaRun(["account", "add", "other", "carddav://u:pw@example.com/x/", "--store", store])
        #expect(secret.status != 0 && secret.stderr.contains("never kept in the store"), "\(secret.stderr)")
        let listed = try await ohanaRun(["account", "list", "--store", store])
        #expect(listed.stdout.contains("work  ") && listed.stdout.contains("(password: OHANA_CARDDAV_PASSWORD_WORK)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("(password: ~/.netrc)"), "\(listed.stdout)")
        let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: store)), as: UTF8.self)
        #expect(!raw.contains(work.password) && !raw.contains(home.password), "a password was written into the store")

        let first = try await ohanaRun(["sync", "--store", store])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("work: pulled 2 added") && first.stdout.contains("home: pulled 2 added"), "\(first.stdout)")
        let all = try await ohanaRun(["list", "--store", store, "--output", "json"])
        #expect((try JSONSerialization.jsonObject(with: all.stdoutData) as? [Any])?.count == 4)

        let added = try await ohanaRun(["add", "--given-name", "Ada", "--family-name", "New", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        let second = try await ohanaRun(["sync", "--store", store])
        #expect(second.stdout.contains("work: pulled 0 added, 0 changed, 0 removed; pushed 1 created"), "\(second.stdout)")
        #expect(second.stdout.contains("home: pulled 0 added, 0 changed, 0 removed; pushed 0 created, 0 updated, 0 deleted"),
                "\(second.stdout)")
        #expect(try await SyncFixtures.serverContacts(work).values.contains { $0.fullName == "Ada New" })
        #expect(!(try await SyncFixtures.serverContacts(home).values.contains { $0.fullName == "Ada New" }))

        let third = try await ohanaRun(["sync", "--store", store, "--account", "home"])
        #expect(third.status == 0 && !third.stdout.contains("work:"), "\(third.stdout)")
        #expect(third.stdout.contains("home: pulled 0 added, 0 changed, 0 removed; pushed 0 created, 0 updated, 0 deleted"))
        let unknown = try await ohanaRun(["sync", "--store", store, "--account", "nope"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no account named 'nope' (accounts: work, home)"), "\(unknown.stderr)")
        await #expect(try ohanaRun(["account", "remove", "home", "--store", store]).status == 0)
        await #expect(!(try ohanaRun(["account", "list", "--store", store]).stdout.contains("home")))
    }

    @Test("netrc entries: machine, default, quoted values, macdef bodies skipped")
    func netrc() {
        let text = """
            machine dav.example.com login anna password "se cret\\"1"
            macdef init
            echo hello password nope

            default login guest password anon
            """
        let entries = NetrcEntry.parse(text)
        #expect(entries == [NetrcEntry(machine: "dav.example.com", login: "anna", password: "se cret\"1"),
                            NetrcEntry(machine: nil, login: "guest", password: "anon")])
        let credentials = CardDAVCredentials(environment: [:], netrcText: text)
        #expect(credentials.password(for: CardDAVAccount(name: "a", url: "carddav://anna@DAV.example.com/x/"))?.password == "se cret\"1")
        #expect(credentials.password(for: CardDAVAccount(name: "b", url: "carddav://guest@other.example/x/"))?.password == "anon")
        #expect(credentials.password(for: CardDAVAccount(name: "c", url: "carddav://bob@dav.example.com/x/")) == nil)
    }
}
