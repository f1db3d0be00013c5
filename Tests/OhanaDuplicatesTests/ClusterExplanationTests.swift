import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaPhoneNumbers
import OhanaTestSupport
import Testing

/// The report explains a cluster at a time, each contact's keys and numbers made once for all
/// its matches: the same explanations as each match explained on its own.
@Suite("Clusters grouped and explained a cluster at a time")
struct ClusterExplanationTests {
    @Test("clusters come in the order of their first member, members in input order, matches in the order applied")
    func grouping() {
        // Contacts 0, 2, 5 are one cluster (root 5), 1 and 4 another (root 1); 3 is alone.
        let roots: [Int32] = [5, 1, 5, 3, 1, 5]
        let unions = [
            Edge(first: 4, second: 1, rule: 0, score: 9),
            Edge(first: 5, second: 2, rule: 0, score: 8),
            Edge(first: 0, second: 2, rule: 1, score: 7),
        ]
        let grouping = ClusterGrouping(unions: unions, roots: roots)
        #expect(grouping.count == 2)
        #expect(Array(grouping.members(of: 0)) == [0, 2, 5])
        #expect(Array(grouping.members(of: 1)) == [1, 4])
        #expect(Array(grouping.matches(of: 0)) == [1, 2])
        #expect(Array(grouping.matches(of: 1)) == [0])
        #expect(ClusterGrouping(unions: [], roots: roots).count == 0)
    }

    @Test("a contact in two matches of a cluster is explained in each as in a match of its own")
    func sharedContact() {
        // One person three times: the middle card shares a number with the first and an address with the third.
        let cards = [
            Fixtures.contact("Grace", "Hopper", id: "a", phones: ["(415) 555-0142"], country: "US"),
            Fixtures.contact("Grace", "Hopper", id: "b", phones: ["+1 415 555 0142"], emails: ["grace@navy.mil"], country: "US"),
            Fixtures.contact("Grace", "Hopper", id: "c", emails: ["Grace@navy.mil"]),
            Fixtures.contact("Alan", "Turing", id: "d", phones: ["+44 20 7946 0018"]),
        ]
        let dedupe = DuplicateMerging(rules: DuplicateRules(defaultRegion: "US"))
        let detection = DuplicateDetector(rules: dedupe.rules, overrides: dedupe.overrides).detect(cards)
        #expect(detection.unions.count == 2)
        let alone = dedupe.explained(detection.unions, cards, detection.tables)
        let clusters = dedupe.explainedClusters(detection.unions, roots: detection.roots, cards, detection.tables)
        #expect(clusters.map(\.contactIDs) == [["a", "b", "c"]])
        #expect(clusters.map(\.names) == [["Grace Hopper", "Grace Hopper", "Grace Hopper"]])
        #expect(clusters.first?.matches == alone)
        let phone = alone.flatMap(\.evidence).first { $0.kind == .phone }
        #expect(phone?.first == "+14155550142")
        #expect(phone?.note?.contains("country by") == true, "\(String(describing: phone?.note))")
    }

    @Test("a number is known to be read by its country code alone only when it starts with + (spaces aside)")
    func writtenWithPlus() {
        #expect(ExplainedPhones.isWrittenWithPlus("+1 415 555 0142"))
        #expect(ExplainedPhones.isWrittenWithPlus("  +44 20 7946 0018"))
        #expect(!ExplainedPhones.isWrittenWithPlus("(415) 555-0142"))
        #expect(!ExplainedPhones.isWrittenWithPlus("00 44 20 7946 0018"))
        #expect(!ExplainedPhones.isWrittenWithPlus("tel +1 415 555 0142"))
        #expect(!ExplainedPhones.isWrittenWithPlus("+٤٤ ٢٠ ٧٩٤٦ ٠٠١٨"), "not ASCII: left to the resolver with the evidence")
        #expect(!ExplainedPhones.isWrittenWithPlus(""))
    }

    @Test("a number written with its country code resolves alike with the contact's evidence and without it")
    func plusNeedsNoEvidence() {
        var extractor = KeyExtractor(rules: DuplicateRules(defaultRegion: "US"))
        let card = Fixtures.contact("Ana", "Ruiz", phones: ["+34 912 345 678"], emails: ["ana@example.de"], country: "FR")
        let evidence = extractor.phoneEvidence(of: card)
        let with = extractor.phoneResolver.resolve("+34 912 345 678", evidence: evidence)
        let without = extractor.phoneResolver.resolve("+34 912 345 678", evidence: PhoneRegionEvidence(defaultRegion: "US"))
        #expect(with == without)
        #expect(with.regionSource == .countryCode)
    }

    @Test("a birthday is written digit by digit as String(format:) writes it")
    func birthdayText() throws {
        for year in [nil, 0, 5, 99, 987, 1990, 2024, 9999, 12_345, -3] as [Int?] {
            for month in 1...12 {
                for day in [1, 9, 10, 28, 31] {
                    let birthday = try #require(Birthday(year: year, month: month, day: day))
                    let formatted = (year.map { String(format: "%04d-", $0) } ?? "--") + String(format: "%02d-%02d", month, day)
                    #expect(birthday.description == formatted)
                }
            }
        }
        #expect(Birthday(year: 1990, month: 4, day: 12)?.description == "1990-04-12")
        #expect(Birthday(month: 4, day: 12)?.description == "--04-12")
    }
}
