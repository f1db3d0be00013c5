import Foundation
import Testing

/// `ohana review`: what in a store needs a person's decision, as text and as JSON.
@Suite struct ReviewCommandTests {
    /// The JSON report's counts by kind, and its items.
    static func parse(_ data: Data) throws -> (counts: [String: Int], items: [[String: Any]]) {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let counts = try #require(object["counts"] as? [[String: Any]])
        let items = try #require(object["items"] as? [[String: Any]])
        var byKind: [String: Int] = [:]
        for count in counts { byKind[try #require(count["kind"] as? String)] = try #require(count["count"] as? Int) }
        return (byKind, items)
    }

    @Test func listsTheSampleStoresUnresolvedNumbersWithCounts() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("sample.sqlite").path
        let imported = try await CLI.run(["import", "Samples/addressbook.vcf", "--store", store, "--region", "US"])
        #expect(imported.status == 0, "\(imported.stderr)")

        let json = try await CLI.run(["review", "--store", store, "--region", "US", "--output", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let (counts, items) = try Self.parse(json.stdoutData)
        #expect(Set(counts.keys) == ["unresolved-number", "ambiguous-number", "junk-number", "invalid-email", "no-name"])
        for (kind, count) in counts {
            #expect(items.filter { $0["kind"] as? String == kind }.count == count, "\(kind)")
        }
        // The sample's UK mobile written without its country code, on a card that names no country.
        let unresolved = items.filter { $0["kind"] as? String == "unresolved-number" }
        #expect(unresolved.contains { $0["value"] as? String == "07950660690" && $0["pattern"] as? String == "0##########" })
        #expect(items.contains { $0["kind"] as? String == "junk-number" && $0["value"] as? String == "ask reception" })

        let text = try await CLI.run(["review", "--store", store, "--region", "US"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("numbers no evidence places in a country: \(counts["unresolved-number"] ?? -1)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("\"07950660690\""))

        // Numbers are read with the default region given (as the page reads them with its own):
        // with Germany the list of numbers no evidence places changes.
        let german = try await CLI.run(["review", "--store", store, "--region", "DE", "--output", "json"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(try Self.parse(german.stdoutData).counts["unresolved-number"] != counts["unresolved-number"])
    }

    /// The person decides: Mexico for one of the sample's Mexican mobiles, and for every number
    /// written alike on a card that says the same (here: nothing but the default region). The
    /// choice is kept in the store, and the review then lists fewer numbers.
    @Test func choosingACountryResolvesTheNumberAndThoseWrittenAlike() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("sample.sqlite").path
        #expect(try await CLI.run(["import", "Samples/addressbook.vcf", "--store", store, "--region", "US"]).status == 0)
        let before = try Self.parse(await CLI.run(["review", "--store", store, "--region", "US", "--output", "json"]).stdoutData)
        let unresolved = before.items.filter { $0["kind"] as? String == "unresolved-number" }
        let mexican = try #require(unresolved.first { $0["value"] as? String == "55 4540 7037" })
        let alike = unresolved.filter { $0["pattern"] as? String == mexican["pattern"] as? String
            && $0["evidence"] as? String == mexican["evidence"] as? String }
        #expect(alike.count >= 2, "\(unresolved)")
        let contact = try #require(mexican["contactID"] as? String)

        // Another country than the number's: kept as written, the reason says so.
        let wrong = try await CLI.run(["review", "--store", store, "--region", "US", "--choose-region", "FR", "--contact", contact,
                                 "--number", "55 4540 7037", "--output", "json"])
        #expect(wrong.status == 0, "\(wrong.stderr)")
        let stillThere = try Self.parse(wrong.stdoutData).items.first { $0["value"] as? String == "55 4540 7037" }
        #expect((stillThere?["reason"] as? String)?.contains("not valid in FR either (your choice)") == true, "\(String(describing: stillThere))")

        let chosen = try await CLI.run(["review", "--store", store, "--region", "US", "--choose-region", "MX", "--contact", contact,
                                  "--number", "55 4540 7037", "--alike", "--output", "json"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let after = try Self.parse(chosen.stdoutData)
        #expect(after.counts["unresolved-number"] == (before.counts["unresolved-number"] ?? 0) - alike.count)
        let left = Set(after.items.compactMap { $0["value"] as? String })
        for number in alike.compactMap({ $0["value"] as? String }) { #expect(!left.contains(number), "\(number)") }
        // Kept in the store: a later review without a choice lists the same.
        let later = try Self.parse(await CLI.run(["review", "--store", store, "--region", "US", "--output", "json"]).stdoutData)
        #expect(later.counts == after.counts)

        let refused = try await CLI.run(["review", "--store", store, "--choose-region", "XX", "--contact", contact, "--number", "55 4540 7037"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'XX' is no region"), "\(refused.stderr)")
        let unknown = try await CLI.run(["review", "--store", store, "--choose-region", "MX", "--contact", "nobody", "--number", "1"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no contact 'nobody'"), "\(unknown.stderr)")
        let partial = try await CLI.run(["review", "--store", store, "--choose-region", "MX"])
        #expect(partial.status != 0)
        #expect(partial.stderr.contains("go together"), "\(partial.stderr)")
    }
}
