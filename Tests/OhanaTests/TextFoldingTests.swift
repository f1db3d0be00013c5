import Foundation
import Testing
@testable import Ohana

/// The one text folding for matching, with its variants as options.
@Suite struct TextFoldingTests {
    static let samples = [
        "", "   ", "Jürgen  MÜLLER", "\tZoë\nO'Brien ", "ＡＢＣ １２３", "Ærø Łukasz ß", "Иван Петров", "王小明",
        "Côte d’Ivoire", "Myanmar (Burma)", "St. Kitts & Nevis", "a\u{00A0}b\u{2003}c", "😀 x", "ﬁne",
    ]

    /// Lookup rows in SQLite and PostgreSQL hold this form: it is exactly what the store wrote before
    /// the folding moved into the core (Foundation's folding, white space collapsed).
    @Test func theLookupFormIsTheStoresForm() {
        for text in Self.samples {
            let stored = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(TextFolding.fold(text) == stored, "\(text)")
            #expect(TextFolding.fold(text, options: .lookup) == stored, "\(text)")
        }
        #expect(TextFolding.fold("  Jürgen\tMÜLLER ") == "jurgen muller")
        #expect(TextFolding.fold("ＡＢＣ") == "abc")
    }

    @Test func lettersAndDigitsOnlyKeepsWordsOfLettersAndDigits() {
        let options: TextFolding.Options = [.matching, .lettersAndDigitsOnly]
        #expect(TextFolding.fold("Myanmar (Burma)", options: options) == "myanmar burma")
        #expect(TextFolding.fold("  St. Kitts & Nevis!", options: options) == "st kitts nevis")
        #expect(TextFolding.fold("Côte d’Ivoire", options: options) == "cote d ivoire")
        #expect(TextFolding.fold("Иван-Петров", options: options) == "иван петров")
        // ASCII text takes a shortcut; it gives what the general path gives.
        #expect(TextFolding.fold("St. Kitts & Nevis é", options: options) == "st kitts nevis e")
        #expect(TextFolding.fold("ABC-12", options: [.lettersAndDigitsOnly]) == "ABC 12")
    }

    @Test func optionsApplyOnlyWhatTheyName() {
        #expect(TextFolding.fold("Zoë ZOË", options: .caseInsensitive) == "zoë zoë")
        #expect(TextFolding.fold("Zoë ZOË", options: .diacriticInsensitive) == "Zoe ZOE")
        #expect(TextFolding.fold("  a  b ", options: .collapsingWhitespace) == "a b")
        #expect(TextFolding.fold("ＡＢＣ", options: .widthInsensitive) == "ABC")
    }

    @Test func charactersFoldOneForOne() {
        #expect(TextFolding.fold(Character("É"), options: .matching) == "e")
        #expect(TextFolding.fold(Character("Ａ"), options: .matching) == "a")
        #expect(TextFolding.fold(Character("😀"), options: .matching) == "😀")
    }

    @Test func prefixBoundsEveryExtension() {
        let bound = TextFolding.upperBound(ofPrefix: "ann")
        for text in ["ann", "anna", "ann\u{10FFFE}", "annz"] { #expect(text < bound) }
        #expect(!("anp" < bound))
    }

    /// Names across scripts (duplicate detection): every script in Latin letters, Latin without
    /// diacritics, the special letters spelled out; ASCII text is left to the other options.
    @Test func latinTransliterationFoldsScriptsAndSpecialLetters() {
        let names: TextFolding.Options = [.latinTransliterating, .caseInsensitive, .lettersAndDigitsOnly]
        #expect(TextFolding.fold("Иван Петров", options: names) == "ivan petrov")
        #expect(TextFolding.fold("Jürgen Straße", options: names) == "jurgen strasse")
        #expect(TextFolding.fold("Łukasz Øster", options: names) == "lukasz oster")
        #expect(TextFolding.fold("Γιώργος", options: names) == "giorgos")
        #expect(TextFolding.fold("O'Brien", options: names) == "o brien")
        var cache: [String: String] = [:]
        #expect(TextFolding.latinized("Zoë Ångström", cache: &cache) == "Zoe Angstrom")
        #expect(cache["Zoë"] == "Zoe")
    }
}
