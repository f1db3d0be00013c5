import Foundation
import Ohana
@testable import OhanaCardDAV
import OhanaTestSupport
import Testing

/// Two real servers (Radicale and Xandikos) with 200 cards each, 60 people on both: `ohana sync`
/// links the 60 into aggregated contacts (340 shown), edits go back to the cards they concern, and
/// nothing is deleted on either server.
@Suite("Cards of one person in two accounts, aggregated and edited through ohana (Radicale and Xandikos)")
struct AccountsAggregationTests {
    @Test("400 cards, 60 people on both: 340 contacts, 60 links with reasons; an email changed on both servers, a phone added to the primary only")
    func aggregatesTwoServers() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let fixture = TwoAccountFixture()
        let work = try await TestAccount.make("user3")
        let home = try await TestAccount.make("user3", on: .xandikos)
        try await work.put(fixture.cardsA)
        try await home.put(fixture.cardsB)
        func url(_ account: TestAccount) throws -> String {
            "carddav://\(account.user)@\(try #require(account.bookURL.host)):\(try #require(account.bookURL.port))\(account.bookURL.path)"
        }
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("contacts.sqlite").path
        let environment = ["OHANA_CARDDAV_PASSWORD_WORK": work.password, "OHANA_CARDDAV_PASSWORD_HOME": home.password]
        func ohanaRun(_ arguments: [String]) async throws -> CLIResult {
            let result = try await CLI.run(executable: ohana, arguments + ["--store", store], environment: environment)
            #expect(result.status == 0, "ohana \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }
        _ = try await ohanaRun(["account", "add", "work", try url(work)])
        _ = try await ohanaRun(["account", "add", "home", try url(home)])

        let first = try await ohanaRun(["sync", "--region", "US"])
        #expect(first.stdout.contains("work: pulled 200 added") && first.stdout.contains("home: pulled 200 added"), "\(first.stdout)")
        #expect(first.stdout.contains("60 new links between accounts, 60 in all: 400 cards shown as 340 contacts"), "\(first.stdout)")
        let listed = try await JSONSerialization.jsonObject(with: try ohanaRun(["list", "--output", "json"]).stdoutData) as? [Any]
        #expect(listed?.count == 340)
        let links = try await JSONDecoder().decode([LinkRow].self, from: try ohanaRun(["links", "--output", "json"]).stdoutData)
        #expect(links.count == 60 && links.allSatisfy { !$0.reasons.isEmpty })
        #expect(Set(links.map { Set($0.cards.map(\.id)) }) == Set(fixture.shared.map { Set([$0.uidA, $0.uidB]) }))
        #expect(links.allSatisfy { $0.cards.map(\.source) == ["work", "home"] && $0.cards[0].isPrimary })

        // A value only the home cards hold finds the aggregated contacts, by the work card's id, once each.
        let homeOnly = fixture.shared.filter { $0.variation.hasPrefix("same phone written nationally") }
        let found = try await JSONSerialization.jsonObject(
            with: try ohanaRun(["search", "home.example.net", "--limit", "100", "--output", "json"]).stdoutData) as? [[String: Any]]
        #expect(Set(found?.compactMap { $0["id"] as? String } ?? []) == Set(homeOnly.map(\.uidA)) && found?.count == homeOnly.count)

        // A person whose two cards hold the same email: changed once, on both servers; a phone added to work's card only.
        let person = try #require(fixture.shared.first { $0.variation.hasPrefix("same phone and email") })
        let email = try #require(person.sharedValues.first { $0.contains("@") })
        let shown = try await ohanaRun(["show", person.uidB])
        #expect(shown.stdout.contains("email (home): \(email)  [work, home]"), "\(shown.stdout)")
        _ = try await ohanaRun(["edit", person.uidA, "--replace-email", "\(email)=renamed.\(email)", "--add-phone", "+1 202 555 7788"])
        let second = try await ohanaRun(["sync", "--region", "US"])
        #expect(second.stdout.contains("work: pulled 0 added, 0 changed, 0 removed; pushed 0 created, 1 updated, 0 deleted"),
                "\(second.stdout)")
        #expect(second.stdout.contains("home: pulled 0 added, 0 changed, 0 removed; pushed 0 created, 1 updated, 0 deleted"),
                "\(second.stdout)")
        let workCards = try await SyncFixtures.serverContacts(work).values
        let homeCards = try await SyncFixtures.serverContacts(home).values
        let workCard = try #require(workCards.first { $0.id.rawValue == person.uidA })
        let homeCard = try #require(homeCards.first { $0.id.rawValue == person.uidB })
        #expect(workCard.emailAddresses.map(\.value).contains("renamed.\(email)") && !workCard.emailAddresses.map(\.value).contains(email))
        #expect(homeCard.emailAddresses.map(\.value).contains("renamed.\(email)") && !homeCard.emailAddresses.map(\.value).contains(email))
        #expect(workCard.phoneNumbers.contains { $0.value == "+1 202 555 7788" })
        #expect(!homeCard.phoneNumbers.contains { $0.value == "+1 202 555 7788" })
        #expect(workCards.count == 200 && homeCards.count == 200, "linking deleted or added a card")

        let third = try await ohanaRun(["sync", "--region", "US"])
        for account in ["work", "home"] {
            #expect(third.stdout.contains("\(account): pulled 0 added, 0 changed, 0 removed; pushed 0 created, 0 updated, 0 deleted"),
                    "\(third.stdout)")
        }
        #expect(third.stdout.contains("0 new links between accounts, 60 in all"), "\(third.stdout)")

        // Deleting asks where from; from home only, the work card stays and the contact is no longer linked.
        let asked = try await CLI.run(executable: ohana, ["delete", person.uidA, "--store", store], environment: environment)
        #expect(asked.status != 0 && asked.stderr.contains("work, home") && asked.stderr.contains("--from ACCOUNT or --all"), "\(asked.stderr)")
        _ = try await ohanaRun(["delete", person.uidA, "--from", "home"])
        _ = try await ohanaRun(["sync", "--region", "US"])
        #expect(try await SyncFixtures.serverContacts(home).values.count == 199)
        #expect(try await SyncFixtures.serverContacts(work).values.contains { $0.id.rawValue == person.uidA })
    }
}

/// A link as `ohana links --output json` prints it.
private struct LinkRow: Decodable {
    struct Card: Decodable {
        var id: String
        var source: String
        var isPrimary: Bool
    }

    var id: String
    var cards: [Card]
    var reasons: [String]
}
