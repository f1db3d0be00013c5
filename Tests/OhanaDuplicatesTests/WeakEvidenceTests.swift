import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaTestSupport
import Testing

@Suite("Typos, name frequency, weak and counter evidence, identical cards")
struct WeakEvidenceTests {
    let dedupe = DuplicateMerging()

    /// A Greek book: many people named Papadopoulos or Giorgos, so that the name proves little.
    static func greekCrowd() -> [Contact] {
        let given = ["Γιώργος", "Νίκος", "Μαρία", "Ελένη", "Δημήτρης", "Γιάννης"]
        let family = ["Παπαδόπουλος", "Οικονόμου", "Γεωργίου", "Βλάχος"]
        var cards: [Contact] = []
        for k in 0..<240 {
            let g = k % 3 == 0 ? "Γιώργος" : given[k % given.count]
            let f = k % 2 == 0 ? "Παπαδόπουλος" : family[k % family.count]
            cards.append(Fixtures.contact(g, f, id: ContactID(rawValue: "crowd\(k)"), phones: ["+30 69 \(String(format: "%08d", 10_000_000 + k))"]))
        }
        return cards
    }

    func card(_ formatted: String?, _ given: String?, _ family: String?, id: ContactID, phones: [(String, ContactFieldLabel)],
              emails: [String] = [], city: String? = nil, birthday: Birthday? = nil) -> Contact {
        var contact = Contact(id: id, givenName: given, familyName: family, formattedName: formatted,
                              fields: phones.map { .phone($0.0, label: $0.1) } + emails.map { .email($0, label: .home) })
        if let city { contact.postalAddresses = [PostalAddress(label: .home, city: city, isoCountryCode: "GR")] }
        contact.birthday = birthday
        return contact
    }

    @Test("typos as people make them merge cards that share everything else: Kimberyl, Lras, Rachle, Marei, Arjnu, Kluas")
    func typos() {
        let pairs = [("Kimberly", "Kimberyl"), ("Lars", "Lras"), ("Rachel", "Rachle"), ("Marie", "Marei"), ("Arjun", "Arjnu"), ("Klaus", "Kluas")]
        var cards: [Contact] = []
        for (k, pair) in pairs.enumerated() {
            let phone = "+1 415 555 01\(10 + k)"
            let email = "person\(k)@example.com"
            cards.append(Fixtures.contact(pair.0, "Okafor", id: ContactID(rawValue: "a\(k)"), phones: [phone], emails: [email]))
            cards.append(Fixtures.contact(pair.1, "Okafor", id: ContactID(rawValue: "b\(k)"), phones: [phone], emails: [email]))
        }
        let report = dedupe.analyze(cards)
        #expect(report.clusters.count == pairs.count)
        #expect(report.clusters.allSatisfy { $0.contactIDs.count == 2 && $0.contactIDs[0].rawValue.dropFirst() == $0.contactIDs[1].rawValue.dropFirst() })
    }

    @Test("edits allowed grow with the word; the first letter stays, the last changes only by a swap")
    func editDistance() {
        func typo(_ a: String, _ b: String) -> Bool { NameTypos.isTypo(Array(a.utf8), Array(b.utf8)) }
        #expect(typo("lars", "lras"))
        #expect(!typo("jon", "jan"))
        #expect(!typo("anna", "anka"), "four letters: a swap or a dropped letter, never a changed one")
        #expect(typo("konstantinos", "kosntantions"), "two swaps in twelve letters")
        #expect(!typo("michael", "michelle"))
        #expect(!typo("maria", "mario"))
        #expect(!typo("daniel", "daniela"))
        #expect(!typo("giorgos", "yiorgos"), "the first letter is kept")
        // Two typos of one name in one cluster: an edit more, and a last consonant.
        #expect(!typo("huomg", "huogn"))
        #expect(NameTypos.isTypo(Array("huomg".utf8), Array("huogn".utf8), extraEdits: 1))
        #expect(!NameTypos.isTypo(Array("maria".utf8), Array("mario".utf8), extraEdits: 1))
        #expect(NameTypos.distance(Array("rachel".utf8), Array("rachle".utf8), limit: 2) == 1)
        #expect(NameTypos.distance(Array("ca".utf8), Array("abc".utf8), limit: 3) == 3, "optimal string alignment")
    }

    @Test("a one-edit neighbour that many contacts carry as a name is another name, not a typo")
    func commonNeighbours() {
        let counts = NameWordCounts(counts: [stableHash("hung"): 40, stableHash("huong"): 35, stableHash("susna"): 1, stableHash("susan"): 60])
        #expect(!NameSignature.wordsMatch("hung", "huong", .builtIn, counts))
        #expect(NameSignature.wordsMatch("hung", "huong", .builtIn, nil))
        #expect(NameSignature.wordsMatch("susan", "susna", .builtIn, counts))
        #expect(!NameSignature.wordsMatch("christian", "christina", .builtIn, nil), "both are names of the nickname table")
    }

    @Test("two cards equal on everything are one, whatever the shared-value rules say: an organization's office@ and line")
    func identicalCards() {
        // Six people on the switchboard and office@: neither is evidence of one person.
        var cards = (0..<6).map { k in
            Fixtures.contact(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][k], "Staff", id: ContactID(rawValue: "s\(k)"),
                             phones: ["+1 212 555 0100"], emails: ["office@acme.example"], organization: "Acme")
        }
        cards.append(Fixtures.contact("Ann", "Staff", id: "s0copy", phones: ["+1 212 555 0100"], emails: ["office@acme.example"], organization: "Acme"))
        cards.append(Fixtures.organization("Acme", id: "o1", phones: ["+1 212 555 0100"], emails: ["office@acme.example"]))
        cards.append(Fixtures.organization("Acme", id: "o2", phones: ["+1 212 555 0100"], emails: ["office@acme.example"]))
        let report = dedupe.analyze(cards)
        #expect(report.clusters.map(\.contactIDs) == [["s0", "s0copy"], ["o1", "o2"]])
        #expect(report.clusters.allSatisfy { $0.matches.first?.rule == "identical cards" })
        // Without the copy rule, the rules leave the copies apart.
        let differing = dedupe.analyze(cards.map { card in
            var card = card
            if card.id == "s0copy" { card.jobTitle = "Office manager" }
            return card
        })
        #expect(!differing.clusters.contains { $0.contactIDs.contains("s0copy") })
        // Name only: not enough to call two cards one.
        let bare = dedupe.analyze([Fixtures.contact("Ann", "Lee", id: "x"), Fixtures.contact("Ann", "Lee", id: "y")])
        #expect(bare.clusters.isEmpty)
    }

    @Test("the more contacts carry a name or its words, the less agreeing on it weighs")
    func nameFrequency() {
        let phone = "+30 21 0000 0001"
        let common = [Fixtures.contact("Γιώργος", "Παπαδόπουλος", id: "c1", phones: [phone], emails: ["g1@example.gr"]),
                      Fixtures.contact("Γιώργος", "Παπαδόπουλος", id: "c2", phones: [phone], emails: ["g1@example.gr"])]
        let rare = [Fixtures.contact("Θεμιστοκλής", "Ζαχαράκης", id: "r1", phones: ["+30 21 0000 0002"], emails: ["t@example.gr"]),
                    Fixtures.contact("Θεμιστοκλής", "Ζαχαράκης", id: "r2", phones: ["+30 21 0000 0002"], emails: ["t@example.gr"])]
        let report = dedupe.analyze(Self.greekCrowd() + common + rare)
        func nameWeight(_ id: ContactID) -> Double? {
            report.clusters.first { $0.contactIDs.contains(id) }?.matches.first?.evidence.first { $0.kind == .name }?.weight
        }
        let weights = (nameWeight("c1"), nameWeight("r1"))
        #expect(weights.0 != nil && weights.1 != nil)
        #expect((weights.0 ?? 9) < 4, "Giorgos Papadopoulos in a crowd of both")
        #expect((weights.1 ?? 0) >= 6.9, "a name only its two cards have")
    }

    @Test("a mailbox name at another domain, a title and a common name are not enough; counter evidence shows")
    func namesakes() {
        let line = "+30 21 0555 1234"
        // Two Giorgos Papadopoulos: a line both typed (a family tavern), one mailbox name at two providers.
        let first = card("Prof. Γιώργος Παπαδόπουλος", nil, nil, id: "g1", phones: [(line, .work), ("+30 694 111 2233", .mobile)],
                         emails: ["gpapadopoulos@otenet.gr"], city: "Αθήνα", birthday: Birthday(year: 1961, month: 3, day: 2))
        let second = card(nil, "Γιώργος", "Παπαδόπουλος", id: "g2", phones: [(line, .work), ("+30 697 555 6677", .mobile)],
                          emails: ["gpapadopoulos@yahoo.gr"], city: "Θεσσαλονίκη", birthday: Birthday(year: 1988, month: 11, day: 20))
        let report = dedupe.analyze(Self.greekCrowd() + [first, second])
        #expect(report.clusters.isEmpty)
        let rejected = report.rejectedMatches.first { Set([$0.match.first, $0.match.second]) == ["g1", "g2"] }
        #expect(rejected?.reason.contains("too weak") == true)
        let evidence = rejected?.match.evidence ?? []
        #expect(evidence.contains { $0.note == "mailbox name only, other domains" && ($0.weight ?? 0) > 0 })
        #expect(evidence.contains { $0.kind == .birthday && ($0.weight ?? 0) < 0 })
        #expect(evidence.contains { $0.kind == .address && $0.note == "different cities" })
        #expect(evidence.contains { $0.note == "two different mobiles in one country" })
        // The same cards with one personal address in common are one person, title and all.
        var same = second
        same.fields.append(.email("gpapadopoulos@otenet.gr", label: .home))
        same.birthday = first.birthday
        let merged = dedupe.analyze(Self.greekCrowd() + [first, same])
        #expect(merged.clusters.map(\.contactIDs) == [["g1", "g2"]])
    }

    @Test("a title before a name is not part of it")
    func titles() {
        #expect(NameTitles.strip(["prof", "giorgos", "papadopoulos"]) == ["giorgos", "papadopoulos"])
        #expect(NameTitles.strip(["dr", "who"]) == ["dr", "who"], "a name must be left")
    }
}
