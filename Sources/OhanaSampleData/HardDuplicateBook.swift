import Foundation
import Ohana

/// A seeded address book that fights duplicate detection back: values shared between different
/// people, as real address books have them, beside real duplicates, with the ground truth on
/// every card.
///
/// Written from how real books look, not from any detector's rules: company switchboards and role
/// addresses (`info@`) on every employee's card, an organization card of the company; households
/// sharing a home phone and a family address; colleagues with the same name at one company;
/// namesakes in big cities; a spouse's address on the wrong card; initials-based addresses such as
/// `jyoon@naver.com` typed on the cards of 윤지우 and 윤지민; role addresses at public providers
/// (`hello@outlook.com`) on unrelated cards; names in nine naming cultures and six scripts, Greek
/// with a few names most people carry (Γιώργος Παπαδόπουλος); namesakes that share weak evidence:
/// one mailbox name at two providers (`gpapadopoulos@otenet.gr`, `gpapadopoulos@yahoo.gr`), a
/// father and son with one name and one home line, two people of one name in a small office with
/// one line and `office@`; titles (`Prof.`) on some cards; birthdays. About one person in ten has
/// two to four cards (nicknames, word order, the other script, typos of every kind in given and
/// family names and in any script, a title, a move to another city, numbers written nationally or
/// internationally, missing or extra fields, a sparse card with one value, exact copies).
///
/// Every card carries `customProperties[HardDuplicateBook.personKey] = .string(personID)` and
/// `customProperties[HardDuplicateBook.patternKey]`, the pattern that made it.
public struct HardDuplicateBook: Sendable {
    /// The custom property key of the person a card belongs to (the ground truth).
    public static let personKey = "ohana.generator.person"
    /// The custom property key of the pattern that made a card ("company", "household", ...).
    public static let patternKey = "ohana.generator.pattern"

    /// The seed the book is derived from.
    public let seed: UInt64
    /// The share of people who have more than one card.
    public var duplicatedShare: Double

    /// Creates a book generator; about one person in ten has more than one card.
    public init(seed: UInt64, duplicatedShare: Double = 0.1) {
        self.seed = seed
        self.duplicatedShare = min(max(duplicatedShare, 0), 1)
    }

    /// Returns `count` cards in a shuffled order; the same for the same seed and count.
    ///
    /// Complexity: O(*n*).
    public func generate(count: Int) -> [Contact] {
        guard count > 0 else { return [] }
        var state = HardBookState(seed: seed)
        // About 1.1 extra cards per duplicated person (most have one duplicate, a few up to three).
        let primaries = max(1, Int(Double(count) / (1 + duplicatedShare * 1.6)))
        while state.people.count < primaries { state.addScenario() }
        state.people.removeLast(state.people.count - primaries)
        var cards = state.people.map { state.card(of: $0, variant: false) }
        var duplicated = Set<Int>()
        while cards.count < count {
            let index = state.next(state.people.count)
            guard duplicated.insert(index).inserted || duplicated.count >= state.people.count else { continue }
            // Most duplicated people have one more card, some two or three (four cards at most).
            let extra = state.chance(0.75) ? 1 : state.chance(0.6) ? 2 : 3
            for _ in 0..<min(extra, count - cards.count) {
                // Some later cards are exact copies (imported twice), organization cards most often.
                if state.chance(state.people[index].given == nil ? 0.4 : 0.08) {
                    var copy = cards[index]
                    copy.id = ContactID(rawValue: "hb\(state.seedTag)-\(state.nextCardNumber())")
                    copy.customProperties["ohana.generator.variant"] = .strings(["copy"])
                    cards.append(copy)
                } else {
                    cards.append(state.card(of: state.people[index], variant: true))
                }
            }
        }
        // Cards in an order no detector can lean on; ids are stable per seed.
        state.shuffle(&cards)
        return cards
    }
}
