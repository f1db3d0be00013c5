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

    @Test func listsTheSampleStoresUnresolvedNumbersWithCounts() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("sample.sqlite").path
        let imported = try CLI.run(["import", "Samples/addressbook.vcf", "--store", store, "--region", "US"])
        #expect(imported.status == 0, "\(imported.stderr)")

        let json = try CLI.run(["review", "--store", store, "--region", "US", "--output", "json"])
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

        let text = try CLI.run(["review", "--store", store, "--region", "US"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("numbers no evidence places in a country: \(counts["unresolved-number"] ?? -1)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("\"07950660690\""))

        // Numbers are read with the default region given (as the page reads them with its own):
        // with Germany the list of numbers no evidence places changes.
        let german = try CLI.run(["review", "--store", store, "--region", "DE", "--output", "json"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(try Self.parse(german.stdoutData).counts["unresolved-number"] != counts["unresolved-number"])
    }
}
