import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaSampleData
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

    @Test("with the names, the digits alone decide a match on the last digits as the cards' keys do, or leave it to them")
    func digitsAloneAsKeys() {
        // Every pair of cards sharing a number's last digits, on books made of near-duplicates.
        var contacts = HardDuplicateBook(seed: 12).generate(count: 3_000) + ContactGenerator(seed: 5).generate(count: 3_000)
        // A number resolved before is keyed by its E.164 form, not its digits: left to the keys.
        contacts.append(Fixtures.contact("Ada", "Byron", id: "r1", phones: ["020 7946 0018"]))
        contacts.append(Fixtures.contact("Ada", "Byron", id: "r2", phones: ["020 7946 0018"]))
        contacts[contacts.count - 1].fields[0].phoneNumber = PhoneNumberDetails(
            isParsed: true, isValid: true, regionCode: "GB", e164: "+442079460018", status: .resolved)
        var extractor = KeyExtractor(rules: .default)
        let trailing = DuplicateRules.default.matchingTrailingDigits
        var byTrailing: [String: [Int]] = [:]
        contacts.withUnsafeBufferPointer { book in
            for index in book.indices {
                for key in Set(extractor.phones(at: book.baseAddress! + index).map(\.trailing)) { byTrailing[key, default: []].append(index) }
            }
        }
        var decided: [Int8: Int] = [:]
        var wrong: [String] = []
        contacts.withUnsafeBufferPointer { book in
            let base = book.baseAddress!
            for holders in byTrailing.values where holders.count > 1 {
                for a in holders {
                    for b in holders where b > a {
                        guard let plain = CoherentClustering.plainVerdict(base + a, base + b, trailing: trailing) else { continue }
                        decided[plain, default: 0] += 1
                        let keyed = CoherentClustering.keyedVerdict(base + a, base + b, hasName: true, &extractor)
                        if plain != keyed { wrong.append("\(book[a].id) ~ \(book[b].id): \(plain), keys \(keyed)") }
                    }
                }
            }
            let resolved = contacts.count - 1
            #expect(CoherentClustering.plainVerdict(base + resolved - 1, base + resolved, trailing: trailing) == nil)
        }
        #expect(decided[1, default: 0] > 100 && decided[0, default: 0] > 100, "decided from the digits: \(decided)")
        #expect(wrong.isEmpty, "\(wrong.count) differ from the keys: \(wrong.prefix(5))")
    }

    @Test("written with the country code, read by bytes as by characters: after spaces, tabs and no-break spaces, + or 00")
    func internationalByBytes() {
        let texts = ["+44 20 7946 0018", " \t+1 415 555 0142", "\u{A0}+49 30 123456", "\u{A0} 0049 30 123456", "0049301234",
                     "0 049 30", "(0)30 123456", "030 123456", "", " ", "\u{A0}", "+", "00", "0", " 0 0 49"]
        for text in texts {
            #expect(PlainNumber.isInternational(text) == CoherentClustering.isInternational(text), "\(text.debugDescription)")
        }
    }

    @Test("a number written with the same digits on two cards is explained as one, as merged, whatever each card's country")
    func sameDigitsExplainedAsOne() {
        // A British number on a card with an Australian address and on one with a British one.
        let cards = [
            Fixtures.contact("Ada", "Lovelace", id: "gb", phones: ["020 7946 0018"], country: "GB"),
            Fixtures.contact("Ada", "Lovelace", id: "au", phones: ["020 7946 0018"], country: "AU"),
        ]
        let report = DuplicateMerging(rules: DuplicateRules(defaultRegion: "US")).analyze(cards)
        #expect(report.clusters.map { Set($0.contactIDs) } == [["gb", "au"]])
        let phone = report.clusters.first?.matches.first?.evidence.first { $0.kind == .phone }
        #expect(phone?.first == "020 7946 0018" && phone?.second == "020 7946 0018")
        #expect(phone?.note == "same digits", "\(String(describing: phone?.note))")
        #expect(phone?.weight == MatchWeights.phone(count: 1, loose: false))
    }
}
