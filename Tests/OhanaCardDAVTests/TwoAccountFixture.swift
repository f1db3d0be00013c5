import Foundation
import OhanaDuplicates
import OhanaVCard
import Testing

/// Two address books of one person's contacts, as two CardDAV accounts hold them (say a work
/// server A and a home server B): 200 cards on each, 60 people on both, 340 people in all.
///
/// A person on both servers has the same name on both cards and at least one value both cards
/// hold (an email address, or a phone number, possibly written differently); the rest varies as it
/// does between real accounts: one card lacks the phone, has another note, an extra email, a job
/// title or an address the other has not. People on one server only share no name, email address
/// or phone number with anyone else, so that exactly the 60 ``shared`` people are duplicates
/// across the accounts (and none within one): 340 aggregated contacts.
///
/// A's cards are vCard 3.0 (as iCloud and Google write them), B's vCard 4.0; their UIDs differ
/// for the same person (the accounts never shared a card). Deterministic: every instance is the same.
struct TwoAccountFixture: Sendable {
    /// One card of the fixture.
    struct Card: Sendable, Hashable {
        /// The card's UID (the stored contact's id).
        var uid: String
        /// The resource name it is put under (`a-007.vcf`).
        var fileName: String
        /// Its `FN`.
        var fullName: String
        /// The vCard text.
        var vCard: String
    }

    /// A person with a card on both servers.
    struct SharedPerson: Sendable, Hashable {
        /// The name both cards have.
        var fullName: String
        /// The UID of the person's card on server A.
        var uidA: String
        /// The UID of the person's card on server B.
        var uidB: String
        /// The values both cards hold (email addresses, phone numbers as A writes them); never empty.
        var sharedValues: [String]
        /// How B's card differs from A's, in a few words.
        var variation: String
    }

    /// Server A's cards, in file-name order.
    let cardsA: [Card]
    /// Server B's cards, in file-name order.
    let cardsB: [Card]
    /// The people on both servers.
    let shared: [SharedPerson]

    /// The fixture: `perServer` cards on each server, `sharedCount` people on both (at most
    /// `perServer`, and `2 * perServer - sharedCount` at most 364 people in all).
    init(perServer: Int = 200, sharedCount: Int = 60) {
        precondition(sharedCount <= perServer && 2 * perServer - sharedCount <= Self.givenNames.count * Self.familyNames.count)
        // People 0..<perServer are on A; those whose index ends in 0, 1 or 2 (0, 1, 2, 10, 11, 12...),
        // up to `sharedCount` of them, are on B too; B's others are people of its own.
        let sharedPeople = Array((0..<perServer).filter { $0 % 10 < 3 }.prefix(sharedCount))
        precondition(sharedPeople.count == sharedCount, "at most 3 in 10 of A's people are on B too")
        let onlyB = Array(perServer..<(perServer + perServer - sharedPeople.count))
        cardsA = (0..<perServer).map { Self.cardA(person: $0) }
        var b: [Card] = []
        var shared: [SharedPerson] = []
        for person in sharedPeople + onlyB {
            if let variant = sharedPeople.firstIndex(of: person).map({ $0 % 4 }) {
                let (card, values, variation) = Self.sharedCardB(person: person, variant: variant)
                b.append(card)
                shared.append(SharedPerson(fullName: card.fullName, uidA: cardsA[person].uid, uidB: card.uid,
                                           sharedValues: values, variation: variation))
            } else {
                b.append(Self.cardB(person: person))
            }
        }
        // B's shared and own cards interleaved in file-name order, as a server lists them.
        cardsB = b.sorted { $0.uid.hashValueStable < $1.uid.hashValueStable }.enumerated().map { offset, card in
            var card = card
            card.fileName = String(format: "b-%03d.vcf", offset)
            return card
        }
        self.shared = shared
    }

    // MARK: People

    static let givenNames = ["Amara", "Bruno", "Chiara", "Dmitri", "Elif", "Fatima", "Gustav", "Hana", "Ingrid", "Jonas",
                             "Kenji", "Lucía", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rania", "Søren", "Tamar",
                             "Umberto", "Valentina", "Wiktor", "Ximena", "Yusuf", "Zofia"]
    static let familyNames = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Haddad", "Schneider", "Costa", "Kowalski",
                              "Byrne", "Demir", "Nakamura", "Øvergaard", "Rahman"]

    /// Person `p`'s name: every person below 364 has a name of their own.
    static func name(_ p: Int) -> (given: String, family: String) {
        (givenNames[p % givenNames.count], familyNames[(p / givenNames.count) % familyNames.count])
    }

    /// A name folded for an email address's local part.
    static func folded(_ text: String) -> String {
        text.lowercased().folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
            .replacingOccurrences(of: "ø", with: "o")
    }

    /// Person `p`'s own email address (no one else's).
    static func email(_ p: Int) -> String {
        let (given, family) = name(p)
        return "\(folded(given)).\(folded(family)).\(p)@example.com"
    }

    /// Person `p`'s mobile number, written internationally (no one else's: its last eight digits are the person's).
    static func mobile(_ p: Int) -> String { String(format: "+1 202 555 %04d", p) }

    // MARK: Cards

    /// A's card of person `p` (vCard 3.0, Apple-style groups on some).
    static func cardA(person p: Int) -> Card {
        let (given, family) = name(p)
        let uid = "A\(70_000 + p)-\(hex(p * 37 % 65_536, 4))-4C1E-9D2B-\(hex(p * 7919, 12))"
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.5//EN", "UID:\(uid)",
                     "N:\(family);\(given);;;", "FN:\(given) \(family)",
                     "TEL;TYPE=CELL;TYPE=VOICE;TYPE=pref:\(mobile(p))",
                     "item1.EMAIL;TYPE=INTERNET;TYPE=HOME:\(email(p))", "item1.X-ABLabel:_$!<Home>!$_"]
        if p % 3 == 0 { lines += ["ORG:\(["Acme", "Globex", "Initech", "Umbrella"][p % 4]) \(p % 5 == 0 ? "GmbH" : "Inc.");", "TITLE:Engineer"] }
        if p % 5 == 1 { lines.append(String(format: "TEL;TYPE=WORK;TYPE=VOICE:+1 303 555 %04d", p)) }
        if p % 6 == 2 { lines.append("NOTE:Met at the \(2015 + p % 9) conference") }
        if p % 7 == 3 { lines.append(String(format: "BDAY:19%02d-%02d-%02d", 60 + p % 35, 1 + p % 12, 1 + p % 28)) }
        if p % 8 == 4 { lines.append("item2.ADR;TYPE=HOME:;;\(10 + p) Harbour Street;Portland;OR;97201;USA") }
        lines += ["REV:2024-03-\(String(format: "%02d", 1 + p % 28))T10:00:00Z", "END:VCARD"]
        return Card(uid: uid, fileName: String(format: "a-%03d.vcf", p), fullName: "\(given) \(family)",
                    vCard: lines.joined(separator: "\r\n") + "\r\n")
    }

    /// B's card of a person on B only (vCard 4.0, Nextcloud-style).
    static func cardB(person p: Int) -> Card {
        let (given, family) = name(p)
        var lines = ["TEL;TYPE=cell:\(mobile(p))", "EMAIL;TYPE=home:\(email(p))"]
        if p % 4 == 1 { lines.append("ORG:\(["Northwind", "Contoso", "Fabrikam"][p % 3])") }
        if p % 5 == 2 { lines.append("NOTE:Neighbour, \(p % 20 + 1) floors up") }
        if p % 6 == 3 { lines.append("CATEGORIES:family") }
        return cardB(uid: uidB(p), given: given, family: family, lines: lines)
    }

    /// B's card of a person on both servers, the values it shares with A's card, and how it differs.
    static func sharedCardB(person p: Int, variant: Int) -> (Card, [String], String) {
        let (given, family) = name(p)
        var lines: [String]
        let values: [String]
        let variation: String
        switch variant {
        case 0:
            lines = ["TEL;TYPE=cell:\(mobile(p))", "EMAIL;TYPE=home:\(email(p))", "NOTE:Added from the home address book"]
            values = [mobile(p), email(p)]
            variation = "same phone and email, another note"
        case 1:
            lines = ["EMAIL;TYPE=home:\(email(p))", "EMAIL;TYPE=work:\(folded(given)).\(p)@work.example.org"]
            values = [email(p)]
            variation = "no phone, an extra work email"
        case 2:
            // The same number in national form; another personal address.
            lines = [String(format: "TEL;TYPE=cell:(202) 555-%04d", p), "EMAIL;TYPE=home:\(folded(family)).\(p)@home.example.net"]
            values = [mobile(p)]
            variation = "same phone written nationally, another email"
        default:
            // The email in other case; a job title and an address A's card lacks.
            let local = email(p).prefix { $0 != "@" }
            lines = ["TEL;TYPE=cell:\(mobile(p))", "EMAIL;TYPE=home:\(local.prefix(1).uppercased() + local.dropFirst())@Example.com",
                     "TITLE:Volunteer coordinator", "ADR;TYPE=home:;;\(p + 3) Elm Road;Portland;OR;97202;USA"]
            values = [mobile(p), email(p)]
            variation = "email in other case, a title and an address"
        }
        return (cardB(uid: uidB(p), given: given, family: family, lines: lines), values, variation)
    }

    /// `value` in upper-case hexadecimal, zero-padded to `width` digits.
    static func hex(_ value: Int, _ width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// B's UID of person `p` (lower-case, as Nextcloud writes them).
    static func uidB(_ p: Int) -> String {
        "b\(hex(p * 2_654_435 % 0xFFFFFFF, 7).lowercased())-2f4e-4a7b-8c3d-\(hex(0xB000 + p, 12).lowercased())"
    }

    /// A vCard 4.0 card of B; its file name is given once the cards are ordered.
    static func cardB(uid: String, given: String, family: String, lines: [String]) -> Card {
        let all = ["BEGIN:VCARD", "VERSION:4.0", "PRODID:-//Sabre//Sabre VObject 4.5.4//EN", "UID:\(uid)",
                   "FN:\(given) \(family)", "N:\(family);\(given);;;"] + lines + ["END:VCARD"]
        return Card(uid: uid, fileName: "", fullName: "\(given) \(family)",
                    vCard: all.joined(separator: "\r\n") + "\r\n")
    }
}

private extension String {
    /// A hash that is the same in every process (Swift's `hashValue` is seeded per process).
    var hashValueStable: UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return hash
    }
}

extension TestAccount {
    /// Puts `cards` on the server, a few at a time.
    func put(_ cards: [TwoAccountFixture.Card]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, card) in cards.enumerated() {
                if offset >= 4 { try await group.next() }
                group.addTask { try await self.put(card.vCard, named: card.fileName) }
            }
            try await group.waitForAll()
        }
    }
}

/// The fixture is what its comment says: 340 people, and duplicate detection (the default rules)
/// finds exactly the 60 shared ones, each as A's card and B's.
@Suite("Two accounts' fixture")
struct TwoAccountFixtureTests {
    @Test("340 people; duplicate detection links exactly the 60 on both servers, A's card with B's")
    func sharedPeopleAreTheDuplicates() {
        let fixture = TwoAccountFixture()
        #expect(fixture.cardsA.count == 200 && fixture.cardsB.count == 200 && fixture.shared.count == 60)
        #expect(Set(fixture.cardsA.map(\.fullName)).count == 200 && Set(fixture.cardsB.map(\.fullName)).count == 200)
        #expect(Set((fixture.cardsA + fixture.cardsB).map(\.fullName)).count == 340)
        #expect(Set((fixture.cardsA + fixture.cardsB).map(\.fileName)).count == 400)
        let contacts = (fixture.cardsA + fixture.cardsB).flatMap { card in
            VCardReader().read(Data(card.vCard.utf8), source: card.fileName).contacts
        }
        #expect(contacts.count == 400)
        let clusters = DuplicateMerging().analyze(contacts).clusters
        let found = Set(clusters.map { Set($0.contactIDs.map(\.rawValue)) })
        let expected = Set(fixture.shared.map { Set([$0.uidA, $0.uidB]) })
        #expect(found == expected, "unexpected: \(clusters.filter { !expected.contains(Set($0.contactIDs.map(\.rawValue))) }.map(\.names))")
    }
}
