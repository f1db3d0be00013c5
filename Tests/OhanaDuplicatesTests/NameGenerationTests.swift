import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaTestSupport
import Testing

@Suite("Generational suffixes and what makes two cards identical")
struct NameGenerationTests {
    let dedupe = DuplicateMerging()

    /// A card of John Smith's household: its home line and address, a suffix in `N` or in the formatted name.
    func smith(_ id: ContactID, suffix: String? = nil, formatted: String? = nil, email: String? = nil) -> Contact {
        var card = Fixtures.contact("John", "Smith", id: id, phones: ["(415) 555-0142"], emails: email.map { [$0] } ?? [])
        card.nameSuffix = suffix
        card.formattedName = formatted ?? card.formattedName
        card.postalAddresses = [PostalAddress(label: .home, street: ["12 Main St"], city: "Springfield", region: "IL", postalCode: "62701",
                                              isoCountryCode: "US")]
        return card
    }

    @Test("a suffix names a generation: in N, or as the last of three words of the formatted name")
    func generations() {
        func generation(_ suffix: String?, formatted: String? = nil) -> UInt8 {
            var card = Contact(id: "g", givenName: "John", familyName: "Smith", formattedName: formatted ?? "John Smith")
            card.nameSuffix = suffix
            return withUnsafePointer(to: card) { NameGeneration.of($0) }
        }
        #expect(generation("Sr.") == NameGeneration.senior)
        #expect(generation("Jr.") == NameGeneration.junior)
        #expect(generation("II") == generation("Jr"), "II is written for a junior too")
        #expect(generation("III") == 3)
        #expect(generation("PhD, Jr.") == NameGeneration.junior, "a degree before the suffix")
        #expect(generation("PhD") == 0)
        #expect(generation("V") == 5)
        #expect(generation(nil, formatted: "John Smith Jr.") == NameGeneration.junior)
        #expect(generation(nil, formatted: "Smith, John, Sr") == NameGeneration.senior)
        #expect(generation(nil, formatted: "John Smith") == 0)
        #expect(generation(nil, formatted: "Vijay Kumar V") == 0, "a last V in a formatted name may be an initial")
        #expect(generation(nil, formatted: "Jr Smith") == 0, "two words: a name, not a suffix")
        #expect(NameGeneration.conflict(1, 2) && !NameGeneration.conflict(0, 2) && !NameGeneration.conflict(3, 3))
    }

    @Test("a father and his son with one home line, one address and one email are two people, and the report says why")
    func fatherAndSon() throws {
        let cards = [
            smith("sr", suffix: "Sr.", email: "smiths@example.com"),
            smith("jr", suffix: "Jr.", email: "smiths@example.com"),
        ]
        let report = dedupe.analyze(cards)
        #expect(report.clusters.isEmpty)
        let rejected = try #require(report.rejectedMatches.first)
        #expect(rejected.reason == "names of two people")
        let name = try #require(rejected.match.evidence.first { $0.kind == .name })
        #expect(name.note == "two people: Sr. and Jr. or II")
        #expect(name.weight == MatchWeights.conflictingName)
    }

    @Test("cards equal but for Sr. and Jr. closing their formatted names are not identical cards")
    func suffixOnlyInFormattedName() {
        let cards = [smith("sr", formatted: "John Smith Sr."), smith("jr", formatted: "John Smith Jr.")]
        let report = dedupe.analyze(cards)
        #expect(report.clusters.isEmpty)
        #expect(report.rejectedMatches.map(\.reason) == ["names of two people"])
    }

    @Test("a card without a suffix joins the one it fits, never both generations into one cluster")
    func noSuffixFitsOne() {
        let cards = [
            smith("sr", suffix: "Sr."),
            smith("plain"),
            smith("jr", formatted: "John Smith Jr."),
        ]
        let clusters = dedupe.analyze(cards).clusters.map { Set($0.contactIDs) }
        #expect(clusters.count == 1)
        #expect(clusters.allSatisfy { !($0.contains("sr") && $0.contains("jr")) })
        #expect(clusters.first?.contains("plain") == true)
        // Without suffixes the three are one person.
        let same = [smith("a"), smith("b"), smith("c")]
        #expect(dedupe.analyze(same).clusters.map(\.contactIDs.count) == [3])
    }

    @Test("cards that differ only in an apartment, a region or a note are not identical cards")
    func identicalMeansEveryPart() throws {
        func resident(_ id: ContactID, apartment: String?, region: String? = "IL", note: String? = nil) -> Contact {
            var card = Fixtures.contact("Mary", "Jones", id: id)
            card.postalAddresses = [PostalAddress(label: .home, street: ["40 Elm St"], extendedAddress: apartment, city: "Springfield",
                                                  region: region, postalCode: "62701", isoCountryCode: "US")]
            card.birthday = Birthday(year: 1980, month: 1, day: 1)
            card.note = note
            return card
        }
        // Namesakes in one building, born the same day: nothing but the name, the birthday and the street is shared.
        #expect(dedupe.analyze([resident("a1", apartment: "Apt 1"), resident("a7", apartment: "Apt 7")]).clusters.isEmpty)
        #expect(dedupe.analyze([resident("il", apartment: nil), resident("mo", apartment: nil, region: "MO")]).clusters.isEmpty)
        #expect(dedupe.analyze([resident("n1", apartment: nil, note: "met in 2019"), resident("n2", apartment: nil)]).clusters.isEmpty)
        // The same card twice is one contact, by the identical-cards rule.
        let twice = dedupe.analyze([resident("x", apartment: "Apt 1", note: "met in 2019"), resident("y", apartment: "Apt 1", note: "met in 2019")])
        let cluster = try #require(twice.clusters.first)
        #expect(cluster.contactIDs == ["x", "y"])
        #expect(cluster.matches.first?.rule == "identical cards")
    }
}
