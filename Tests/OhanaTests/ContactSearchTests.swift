import Testing
@testable import Ohana

@Suite("Fuzzy search")
struct ContactSearchTests {
    let contacts = [
        person("Zoë", "Ångström", id: "zoe", phones: ["(415) 555-0100"], emails: ["zoe@example.com"]),
        person("Andrea", "Bianchi", id: "andrea", emails: ["a.b@example.it"]),
        person("José", "Núñez", id: "jose", phones: ["+34 612 34 56 78"]),
        person("Bob", "a.*b Smith", id: "regex"),
        person("Dana", "Scully", id: "dana"),
    ]
    let search = ContactSearch()

    @Test func matchesASubsequenceOfTheFullName() {
        #expect(search.contacts(in: contacts, matching: "dnsc").map(\.id) == ["dana"])
        #expect(search.contacts(in: contacts, matching: "anbi").map(\.id) == ["andrea"])
    }

    @Test func ignoresCaseAndDiacritics() {
        #expect(search.contacts(in: contacts, matching: "ZOE ANGSTROM").map(\.id) == ["zoe"])
        #expect(search.contacts(in: contacts, matching: "nunez").map(\.id) == ["jose"])
        #expect(search.contacts(in: contacts, matching: "Núñez").map(\.id) == ["jose"])
    }

    @Test func matchesFieldValues() {
        #expect(search.contacts(in: contacts, matching: "example.it").map(\.id) == ["andrea"])
    }

    @Test func phoneQueriesMatchByDigits() {
        #expect(search.contacts(in: contacts, matching: "555 0100").map(\.id) == ["zoe"])
        #expect(search.contacts(in: contacts, matching: "4155550100").map(\.id) == ["zoe"])
        #expect(search.contacts(in: contacts, matching: "+34 612").map(\.id) == ["jose"])
    }

    @Test func theQueryIsNeverAPattern() {
        #expect(search.contacts(in: contacts, matching: "a.*b").map(\.id) == ["regex"])
        #expect(search.contacts(in: contacts, matching: "+1 (555)").isEmpty, "a + query matches international numbers from their start")
        #expect(search.contacts(in: contacts, matching: "(415)").map(\.id) == ["zoe"])
        #expect(search.contacts(in: contacts, matching: "[").isEmpty)
        #expect(search.contacts(in: contacts, matching: "\\").isEmpty)
    }

    @Test func anEmptyQueryMatchesEverything() {
        #expect(search.contacts(in: contacts, matching: "  ").count == contacts.count)
    }

    @Test func withoutScoringResultsKeepTheirOrder() {
        #expect(search.contacts(in: contacts, matching: "a").map(\.id) == ["zoe", "andrea", "regex", "dana"])
    }

    @Test func scoringOrdersResults() {
        let byLength = ContactSearch { match in -Double(match.text.count) }
        #expect(byLength.contacts(in: contacts, matching: "a").map(\.id) == ["dana", "zoe", "andrea", "regex"])
        let relevant = ContactSearch(scoring: ContactSearch.relevance)
        #expect(relevant.contacts(in: contacts, matching: "dana").first?.id == "dana")
    }

    @Test func matchesReportOffsetsForHighlighting() {
        let match = search.matches(in: contacts, for: "zang")[0]
        #expect(match.location == .fullName)
        #expect(match.text == "Zoë Ångström")
        #expect(match.matchedOffsets == [0, 4, 5, 6])
        let phone = search.matches(in: contacts, for: "555")[0]
        #expect(phone.location == .field(0))
        #expect(phone.matchedOffsets == [6, 7, 8], "a contiguous run is preferred for highlighting")
        let name = search.matches(in: contacts, for: "ully")[0]
        #expect(name.matchedOffsets == [7, 8, 9, 10])
    }
}
