import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaTestSupport
import Testing

/// A number matched on its last 8 digits only counts once parsing shows it is one number, for
/// rules with a name as for rules without.
@Suite("Numbers sharing their last digits: one number, or two people's")
struct LooseNumberTests {
    @Test("namesakes with different valid numbers that share the last 8 digits are not merged; one number written two ways still is")
    func lastDigitsAloneProveNothing() {
        let cards = [
            // Other area codes (New York, Chicago), other countries (Spain, Mexico): different numbers.
            Fixtures.contact("John", "Smith", id: "ny", phones: ["+1 212 555 0199"]),
            Fixtures.contact("John", "Smith", id: "chi", phones: ["+1 312 555 0199"]),
            Fixtures.contact("María", "García", id: "es", phones: ["+34 912 345 678"]),
            Fixtures.contact("María", "García", id: "mx", phones: ["+52 55 1234 5678"]),
            // One number, nationally and internationally: one person.
            Fixtures.contact("Grace", "Hopper", id: "g1", phones: ["(415) 555-0142"]),
            Fixtures.contact("Grace", "Hopper", id: "g2", phones: ["+1 415 555 0142"]),
        ]
        let report = DuplicateMerging(rules: DuplicateRules(defaultRegion: "US")).analyze(cards)
        #expect(report.clusters.map { Set($0.contactIDs) } == [["g1", "g2"]])
        let reason = report.clusters.first?.matches.first?.evidence.map(\.description).joined(separator: ", ") ?? ""
        #expect(reason.contains("phone"), "\(reason)")
    }
}
