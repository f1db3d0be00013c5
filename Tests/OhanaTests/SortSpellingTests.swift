import Foundation
import Ohana
import Testing

@Suite("AlphabeticalSort reads a letter the same however it is spelled in Unicode")
struct SortSpellingTests {
    @Test("precomposed and decomposed letters, and singleton equivalents, sort as one letter", arguments: [true, false])
    func canonicalSpellings(precomposedFirst: Bool) throws {
        // é as U+00E9 and as e + U+0301; Å as U+00C5 and as the Ångström sign U+212B.
        let precomposed = ["\u{E9}clair Dupont", "\u{C5}sa Berg"]
        let other = ["e\u{301}clair Durand", "\u{212B}sa Borg"]
        let names = ["Zoe Zimmer", "Adam Abel"] + (precomposedFirst ? precomposed + other : other + precomposed)
        let contacts = names.map { Contact(formattedName: $0) }
        let sorted = AlphabeticalSort(.fullName, locale: Locale(identifier: "en_US")).sorted(contacts).map { $0.formattedName! }
        #expect(sorted.first == "Adam Abel")
        #expect(sorted.last == "Zoe Zimmer", "a spelling missing from the rank table would sort after Z: \(sorted)")
        // Å is A with a ring in English: both Åsa sort before both éclair.
        #expect(Set(sorted[1...2]) == Set([names.first { $0.hasSuffix("Berg") }!, names.first { $0.hasSuffix("Borg") }!]))
    }
}
