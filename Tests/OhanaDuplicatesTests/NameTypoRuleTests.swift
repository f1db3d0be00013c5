import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaSampleData
import OhanaTestSupport
import Testing

/// Books without phones or emails (a register: names, addresses, birthdays), deduplicated with a
/// rule that asks for the name alone: names one typo apart count when a birthday agrees too.
@Suite("The name rule: names one typo apart, birthdays and cities one keystroke apart")
struct NameTypoRuleTests {
    /// The default rules and the name alone.
    static let nameRules: DuplicateRules = {
        var rules = DuplicateRules.default
        rules.rules.append(DuplicateRule("name", requiring: [.name]))
        return rules
    }()

    func person(_ given: String, _ family: String, id: ContactID, born: Birthday? = nil, city: String? = nil) -> Contact {
        var contact = Fixtures.contact(given, family, id: id)
        contact.birthday = born
        if let city { contact.postalAddresses = [PostalAddress(label: .home, street: ["12 Rymill Place"], city: city, isoCountryCode: "AU")] }
        return contact
    }

    func signature(_ given: String, _ family: String) -> NameSignature {
        var extractor = KeyExtractor(rules: .default)
        return NameSignature(Fixtures.contact(given, family), extractor: &extractor)
    }

    @Test("names one typo apart share a blocking key: a letter inserted, dropped, changed, or two swapped")
    func typoKeys() {
        let typos = [("George", "Georege"), ("Rachel", "Rachle"), ("Kimberly", "Kimberyl"), ("Marcus", "Marcaus"), ("Hanna", "Habna"),
                     ("Coleman", "Colemn")]
        for (written, mistyped) in typos {
            var keys: [UInt64] = []
            var other: [UInt64] = []
            signature(written, "Okafor").typoKeys(into: &keys)
            signature("Okafor", mistyped).typoKeys(into: &other)
            #expect(!Set(keys).isDisjoint(with: other), "\(written) / \(mistyped)")
            #expect(signature(written, "Okafor").differsByOneTypo(from: signature(mistyped, "Okafor"), nicknames: .builtIn, wordCounts: nil))
        }
        // Two typos, or another family name: no key in common.
        var keys: [UInt64] = []
        var other: [UInt64] = []
        signature("George", "Okafor").typoKeys(into: &keys)
        signature("Goerge", "Okfaor").typoKeys(into: &other)
        #expect(Set(keys).isDisjoint(with: other))
        other = []
        signature("George", "Nwosu").typoKeys(into: &other)
        #expect(Set(keys).isDisjoint(with: other))
    }

    @Test("two names, a last letter, a short word or two typos are not one typo apart")
    func notOneTypo() {
        for (a, b) in [("Maria", "Mario"), ("Daniel", "Daniela"), ("Jon", "Jan"), ("Christian", "Christina"), ("Holly", "Hollyo")] {
            #expect(!signature(a, "Okafor").differsByOneTypo(from: signature(b, "Okafor"), nicknames: .builtIn, wordCounts: nil), "\(a) / \(b)")
        }
        #expect(!signature("Nathan", "Challenor").differsByOneTypo(from: signature("Natahn", "Challmenor"), nicknames: .builtIn, wordCounts: nil))
        #expect(!signature("Nathan", "Challenor").differsByOneTypo(from: signature("Nathan", "Challenor"), nicknames: .builtIn, wordCounts: nil))
    }

    @Test("with the name rule, a typo and the same birthday merge and say so; without a birthday the match is only offered")
    func typoWithBirthday() throws {
        let born = Birthday(year: 1998, month: 8, day: 4)
        let cards = [
            person("George", "Flynn", id: "a1", born: born, city: "Mount Gravatt"),
            person("Georege", "Flynn", id: "a2", born: born, city: "Mount Gravatt"),
            person("Caitlin", "Ryan", id: "b1", city: "Toowong"),
            person("Caitkin", "Ryan", id: "b2", city: "Toowong"),
            // Two names, one birthday: never one typo.
            person("Maria", "Lopez", id: "c1", born: born),
            person("Mario", "Lopez", id: "c2", born: born),
        ]
        let report = DuplicateMerging(rules: Self.nameRules).analyze(cards)
        #expect(report.clusters.map(\.contactIDs) == [["a1", "a2"]])
        let match = try #require(report.clusters.first?.matches.first)
        let name = try #require(match.evidence.first { $0.kind == .name })
        #expect(name.note == "one typo")
        #expect(name.weight == MatchWeights.typoName(sameName: MatchWeights.sameName(count: 1)))
        #expect(match.evidence.contains { $0.kind == .birthday && $0.weight == OtherEvidence.sameBirthday })
        let offered = report.rejectedMatches.first { Set([$0.match.first, $0.match.second]) == ["b1", "b2"] }
        #expect(offered?.reason.contains("too weak") == true)
        #expect(!report.rejectedMatches.contains { Set([$0.match.first, $0.match.second]) == ["c1", "c2"] })
        // The default rules ask for a shared phone or email: a typo alone finds nothing.
        #expect(DuplicateMerging().analyze(cards).clusters.isEmpty)
    }

    @Test("a birthday one digit off or with day and month swapped is neither for nor against; another one is against")
    func nearBirthdays() {
        let born = Birthday(year: 1916, month: 10, day: 7)!
        for near in [Birthday(year: 1916, month: 10, day: 8), Birthday(year: 1916, month: 7, day: 10), Birthday(year: 1976, month: 10, day: 7),
                     Birthday(year: nil, month: 10, day: 8)].compactMap({ $0 }) {
            #expect(OtherEvidence.areNearBirthdays(born, near), "\(near)")
        }
        for far in [Birthday(year: 1916, month: 10, day: 21), Birthday(year: 1951, month: 4, day: 26), Birthday(year: 1917, month: 10, day: 8)].compactMap({ $0 }) {
            #expect(!OtherEvidence.areNearBirthdays(born, far), "\(far)")
        }
        let cards = [person("Nathan", "Challenor", id: "n1", born: born), person("Nathan", "Challenor", id: "n2", born: Birthday(year: 1916, month: 10, day: 8)),
                     person("Kylie", "Turale", id: "k1", born: born), person("Kylie", "Turale", id: "k2", born: Birthday(year: 1951, month: 4, day: 26))]
        let report = DuplicateMerging(rules: Self.nameRules).analyze(cards)
        #expect(report.clusters.map(\.contactIDs) == [["n1", "n2"]])
        let birthday = report.clusters.first?.matches.first?.evidence.first { $0.kind == .birthday }
        #expect(birthday?.weight == OtherEvidence.nearBirthdays && birthday?.note == "one digit apart or day and month swapped")
        let against = report.rejectedMatches.first { Set([$0.match.first, $0.match.second]) == ["k1", "k2"] }
        #expect(against?.match.evidence.contains { $0.kind == .birthday && $0.weight == OtherEvidence.differentBirthdays } == true)
    }

    @Test("a city written with a space is the same city; one typo apart neither for nor against")
    func cities() {
        let cards = [person("Ana", "Pereira", id: "s1", city: "Westl Ake"), person("Ana", "Pereira", id: "s2", city: "Westlake"),
                     person("Bo", "Lindqvist", id: "t1", city: "Lockwood"), person("Bo", "Lindqvist", id: "t2", city: "Lockwlod"),
                     person("Cy", "Moreau", id: "u1", city: "Toowoomba"), person("Cy", "Moreau", id: "u2", city: "Lyon")]
        var extractor = KeyExtractor(rules: .default)
        cards.withUnsafeBufferPointer { book in
            func city(_ a: Int, _ b: Int) -> MatchedValue? {
                OtherEvidence.values(book.baseAddress! + a, book.baseAddress! + b, rules: .default, extractor: &extractor).first { $0.kind == .address }
            }
            #expect(city(0, 1)?.weight == OtherEvidence.sameCity)
            #expect(city(2, 3)?.weight == OtherEvidence.nearCities && city(2, 3)?.note == "cities one typo apart")
            #expect(city(4, 5)?.weight == OtherEvidence.differentCities)
        }
    }

    @Test("a register (the hard book without phones and emails): typo matches weigh what their explanations list")
    func register() {
        let contacts = HardDuplicateBook(seed: 21).generate(count: 3_000).map { card in
            var card = card
            card.fields.removeAll { $0.type == .phoneNumber || $0.type == .emailAddress }
            return card
        }
        let rules = Self.nameRules
        let detection = DuplicateDetector(rules: rules, overrides: DuplicateOverrides()).detect(contacts)
        let report = DuplicateMerging(rules: rules).analyze(contacts)
        var typoScores: [Set<ContactID>: Double] = [:]
        for match in report.clusters.flatMap(\.matches) where match.evidence.contains(where: { $0.note == "one typo" }) {
            typoScores[[match.first, match.second]] = match.score
        }
        var differ: [String] = []
        var compared = 0
        for edge in detection.unions {
            let pair: Set<ContactID> = [contacts[Int(edge.first)].id, contacts[Int(edge.second)].id]
            guard let listed = typoScores[pair] else { continue }
            compared += 1
            if abs(Double(edge.score) - listed) > 0.051 { differ.append("\(pair): detected \(edge.score), listed \(listed)") }
        }
        // Each typo match is one person's two cards (the book's truth); the name alone, which the
        // rule also accepts, merges this book's many namesakes: not what is measured here.
        let personOf = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0.customProperties[HardDuplicateBook.personKey]?.stringValue) })
        let wrong = typoScores.keys.filter { Set($0.map { personOf[$0] ?? nil }).count > 1 }
        #expect(compared >= 8)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(compared == typoScores.count)
        #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(3))")
    }
}
