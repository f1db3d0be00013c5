import Foundation
import Ohana
@testable import OhanaAddressBook
import OhanaSampleData
import Testing

/// The search's shortcuts give what the long way gives: a rank told on bytes is the rank the
/// match finds, and the first few in list order are the prefix of the whole list order.
struct SearchShortcutTests {
    /// A generated book and cards at the edges: capitals, a line break, a name only in the
    /// organization or the phonetic parts, accents in a field, no name, names starting with a digit,
    /// equal names that only the id orders, a blank formatted name.
    static let contacts: [Contact] = {
        var contacts = ContactGenerator(seed: 5).generate(count: 1_500)
        contacts += [
            Contact(id: "caps", givenName: "ANNA", familyName: "ABBOTT", fields: [.email("ANNA@GMAIL.COM")]),
            Contact(id: "crlf", givenName: "Ann\r\nMarie", familyName: "Ames"),
            Contact(id: "org", organization: "Acme Anchors", fields: [.email("sales@acme.example")]),
            Contact(id: "phonetic", givenName: "明", familyName: "王", phoneticGivenName: "Ming", phoneticFamilyName: "Wang"),
            Contact(id: "accent-field", givenName: "Gil", familyName: "Ames", fields: [.email("gil@müller.example")]),
            Contact(id: "nameless", fields: [.phone("+1 415 555 0199"), .email("a.nobody@gmail.com")]),
            Contact(id: "digit", givenName: "3M", familyName: "Office"),
            Contact(id: "twin-b", givenName: "Ada", familyName: "Ames"),
            Contact(id: "twin-a", givenName: "Ada", familyName: "Ames"),
            Contact(id: "blank-formatted", givenName: "Mary Ann", familyName: "Jones", formattedName: " "),
            Contact(id: "nick", givenName: "Robert", familyName: "Gray", nickname: "Bob Anchor"),
        ]
        return contacts
    }()

    @Test("the rank told on bytes is the match's rank, for every bound")
    func byteRankIsTheMatchRank() {
        let queries = ["a", "A", "an", "ann", "ANN m", "mary ann", "ann j", "ames", "a a", "gmail.com", "GMAIL com",
                       "acme a", "bob", "anchor gray", "ming", "wang ming", "müller", "x y", "e", "com", "3m", "415",
                       "555 0199", "o'brien", "jo-ann", "zzzz"]
        for query in queries {
            var matcher = QueryMatcher(query)
            var reference = QueryMatcher(query)
            for contact in Self.contacts {
                for bound in SearchRank.allCases {
                    let expected = reference.match(contact, within: bound)?.rank
                    #expect(matcher.rank(of: contact, within: bound) == expected, "\(query) \(contact.id) \(bound)")
                }
            }
        }
    }

    @Test("the smallest few, kept in one pass, are the prefix of the sorted items")
    func smallestFew() {
        var generator = SeededGenerator(seed: 3)
        for size in [0, 1, 5, 100, 2_000] {
            // Values with repeats, told apart by position: a strict total order.
            let items = (0..<size).map { (value: Int(generator.next() % 50), position: $0) }
            let precedes = { (a: (value: Int, position: Int), b: (value: Int, position: Int)) in
                a.value != b.value ? a.value < b.value : a.position < b.position
            }
            let sorted = items.sorted(by: precedes).map(\.position)
            for count in [0, 1, 3, 20, 64, 65, size, size + 2] {
                #expect(ContactOrdering.smallest(count, of: items, by: precedes).map(\.position) == Array(sorted.prefix(count)),
                        "\(size) items, first \(count)")
            }
        }
    }

    @Test("the first few in list order are the prefix of the whole list order")
    func firstFewAreThePrefix() {
        var generator = SeededGenerator(seed: 7)
        for locale in ["en_US", "sv_SE"] {
            for mode in AlphabeticalSort.Mode.allCases {
                let ordering = ContactOrdering(mode, locale: Locale(identifier: locale))
                for share in [1, 3, 10] {
                    // A part of the book, in an order of its own, a contact given twice.
                    var positions = Self.contacts.indices.filter { _ in generator.next() % UInt64(share) == 0 }
                    positions.shuffle(using: &generator)
                    positions.append(positions[0])
                    let whole = ordering.order(of: Self.contacts, positions: positions).map(\.position)
                    for count in [0, 1, 7, 20, 300, positions.count, positions.count + 5] {
                        #expect(ordering.first(count, of: Self.contacts, positions: positions) == Array(whole.prefix(count)),
                                "\(locale) \(mode) 1/\(share) first \(count)")
                    }
                }
            }
        }
    }
}

/// A matcher folds a text that is not plain ASCII once: what it finds in it again is what folding
/// it anew finds, whether it asks for runs or not, and after the texts kept are let go.
struct ScannedTextsTests {
    @Test("a text scanned again, or past the texts kept, holds the words a fresh matcher finds")
    func scannedAgain() throws {
        var kept = QueryMatcher("ann jo")
        let words = try #require(kept.asciiWords)
        let texts = (0..<(ScannedTexts.capacity + 300)).map { "Ånn Jö \($0) Zoë" }
            + ["Jöan Ann", "Ånn Jö 3 Zoë", "Zoë Ånn Jöe", "José Anđela", "Jo\u{301}an Ann"]
        for (index, text) in (texts + texts.prefix(600) + texts.suffix(5)).enumerated() {
            for runs in index.isMultiple(of: 2) ? [false, true] : [true, false] {
                var fresh = QueryMatcher("ann jo")
                var (foundKept, foundFresh): (UInt64, UInt64) = (0b100, 0b100)
                let runKept = kept.scan(text, words: words, found: &foundKept, runs: runs)
                let runFresh = fresh.scan(text, words: words, found: &foundFresh, runs: runs)
                #expect(foundKept == foundFresh, "\(text) runs \(runs)")
                #expect(runKept.fromStart == runFresh.fromStart && runKept.inside == runFresh.inside, "\(text) runs \(runs)")
            }
        }
    }
}

/// List order keys only the sections it shows, with the ranks of their own characters: the same
/// order as keying the whole list, on names made of characters whose case, accent and width
/// variants and locale tailorings sit side by side in the collation.
struct SearchOrderCharacterTests {
    static let characters: [Character] = ["a", "A", "á", "à", "â", "ä", "Ä", "å", "Å", "æ", "Æ", "b", "c", "C", "ç", "d",
                                          "e", "é", "E", "i", "ı", "I", "İ", "o", "ö", "Ö", "ø", "Ø", "s", "ß", "t",
                                          "u", "ü", "z", "Z", "Ａ", "ａ", "ｚ", "ﬁ", "-", "'", "1", "e\u{301}", "ア", "ｱ"]

    @Test("the first few of names from a character zoo are the prefix of the whole order")
    func firstFewOfTheZoo() {
        var generator = SeededGenerator(seed: 11)
        let contacts = (0..<400).map { index -> Contact in
            let name = { String((0..<(1 + Int(generator.next() % 4))).map { _ in
                Self.characters[Int(generator.next() % UInt64(Self.characters.count))]
            }) }
            return Contact(id: ContactID(rawValue: "c\(index)"), givenName: name(), familyName: name())
        }
        for locale in ["en_US", "sv_SE", "de_DE", "tr_TR", "da_DK", "ja_JP"] {
            for mode in AlphabeticalSort.Mode.allCases {
                let ordering = ContactOrdering(mode, locale: Locale(identifier: locale))
                for share in [1, 2, 5] {
                    let positions = contacts.indices.filter { _ in generator.next() % UInt64(share) == 0 }
                    let whole = ordering.order(of: contacts, positions: positions).map(\.position)
                    for count in [1, 5, 20, 64] {
                        #expect(ordering.first(count, of: contacts, positions: positions) == Array(whole.prefix(count)),
                                "\(locale) \(mode) 1/\(share) first \(count)")
                    }
                }
            }
        }
    }
}

/// A seeded generator (SplitMix64), so the tests' samples repeat.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
