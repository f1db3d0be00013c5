import Foundation
import Ohana
import OhanaJSContact
import OhanaVCard
import Testing

/// jmapio/jscontact-tests (MIT, vendored in ThirdParty/jscontact-tests), run in both directions.
/// The floors are what the converter reaches today; a change that loses a case fails here.
@Suite struct ThirdPartySuiteTests {
    /// The outcome of every case, measured once.
    struct Outcome {
        var toVCard: [String: [String]] = [:]
        var fromVCard: [String: [String]] = [:]
        var roundTrip: [String: [String]] = [:]
        var keepsNamesEmailsPhones: [String: Bool] = [:]
        var invalidWritten: [String: [String]] = [:]
        /// The paths the validator reports for each of the suite's invalid cards, and the paths the suite names.
        var rejected: [String: (reported: [String], expected: [String])] = [:]
    }

    static let outcome: Outcome = measure()

    static func measure() -> Outcome {
        let suite = SuiteFile.vendored
        let converter = JSContactConverter()
        var o = Outcome()
        for c in suite.cases {
            let card = c.completeCard
            if !c.invalidMembers.isEmpty {
                o.rejected[c.id] = (card.validate().map(\.path), c.invalidMembers)
                continue
            }
            if !c.skipToVCard {
                let vcard = String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: card)]), as: UTF8.self)
                o.toVCard[c.id] = VCardMatcher.mismatches(vcard, expected: c.vcard, defaults: suite.defaultProperties)
                if !c.skipFromVCard, let back = VCardReader().read(Data(vcard.utf8), source: c.id).contacts.first {
                    let read = converter.card(from: back)
                    o.roundTrip[c.id] = CardComparison.differences(want: card, have: read)
                    o.keepsNamesEmailsPhones[c.id] = CardComparison.keepsNamesEmailsPhones(want: card, have: read)
                    o.invalidWritten[c.id + " (round trip)"] = read.validate().map { "\($0)" }
                }
            }
            if !c.skipFromVCard {
                // The case passes when one of the spellings it allows reads to its card; the first
                // spelling's problems are reported otherwise.
                var first: [String]?
                for vcard in VCardMatcher.vcards(for: c) {
                    guard let contact = VCardReader().read(Data(vcard.utf8), source: c.id).contacts.first else {
                        first = first ?? ["unreadable:\n" + vcard]
                        continue
                    }
                    let read = converter.card(from: contact)
                    let problems = CardComparison.differences(want: card, have: read)
                    o.invalidWritten[c.id] = (o.invalidWritten[c.id] ?? []) + read.validate().map { "\($0)" }
                    if problems.isEmpty { first = []; break }
                    first = first ?? problems + [vcard]
                }
                o.fromVCard[c.id] = first ?? ["no vCard"]
            }
        }
        return o
    }

    static func rate(_ results: [String: [String]]) -> (passed: Int, total: Int) {
        (results.values.filter(\.isEmpty).count, results.count)
    }

    static func report(_ title: String, _ results: [String: [String]]) -> String {
        let (passed, total) = rate(results)
        var lines = ["\(title): \(passed)/\(total) (\(total == 0 ? 0 : passed * 100 / total) %)"]
        for (id, problems) in results.sorted(by: { $0.key < $1.key }) where !problems.isEmpty {
            lines.append("  ✗ \(id): " + problems.joined(separator: "\n      "))
        }
        return lines.joined(separator: "\n")
    }

    @Test func jsContactToVCardAgreesWithTheSuite() {
        let (passed, total) = Self.rate(Self.outcome.toVCard)
        print(Self.report("JSContact → vCard", Self.outcome.toVCard))
        #expect(total == 50)
        #expect(passed >= Self.floorToVCard, "\(passed)/\(total)")
    }

    @Test func vCardToJSContactAgreesWithTheSuite() {
        let (passed, total) = Self.rate(Self.outcome.fromVCard)
        print(Self.report("vCard → JSContact", Self.outcome.fromVCard))
        #expect(total == 49)
        #expect(passed >= Self.floorFromVCard, "\(passed)/\(total)")
    }

    @Test func roundTripsKeepNamesEmailsAndPhones() {
        let (passed, total) = Self.rate(Self.outcome.roundTrip)
        print(Self.report("JSContact → vCard → JSContact", Self.outcome.roundTrip))
        #expect(passed >= Self.floorRoundTrip, "\(passed)/\(total)")
        let lost = Self.outcome.keepsNamesEmailsPhones.filter { !$0.value }.keys.sorted()
        #expect(lost.isEmpty, "round trips that lose a name, email or phone: \(lost)")
    }

    @Test func everyWrittenCardIsValid() {
        let invalid = Self.outcome.invalidWritten.filter { !$0.value.isEmpty }
        #expect(invalid.isEmpty, "\(invalid)")
    }

    /// The suite's five cards with unknown or wrongly cased members (`nickNames`, `extra`, a
    /// localization patching `name/extra`) are each reported, at the member the suite names: a name
    /// differing only in case from a property's, or the reserved `extra` (see CardValidatorNames).
    @Test func invalidCardsAreReportedForTheirMembers() {
        #expect(Self.outcome.rejected.count == 5)
        for (id, r) in Self.outcome.rejected.sorted(by: { $0.key < $1.key }) {
            print("invalid card \(id): reported \(r.reported), suite names \(r.expected)")
            #expect(Set(r.reported) == Set(r.expected), "\(id)")
        }
    }

    static let floorToVCard = 50
    static let floorFromVCard = 49
    static let floorRoundTrip = 49
}
