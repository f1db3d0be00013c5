import Foundation
@testable import Ohana
import Testing

@Suite("Trimming names: the fast paths agree with Foundation")
struct WhitespaceTrimmingTests {
    /// Names with every kind of end: ASCII, accented and other scripts' letters, marks, emoji,
    /// ASCII and Unicode spaces (no-break, ideographic, thin), line breaks and separators.
    static let samples = [
        "Ada", "Ó Súilleabháin", "Ó", "Zoë", "Jürgen ", " Ådne", "黄伟", "Ελένη", "محمد", "\u{00A0}Anna", "Anna\u{00A0}",
        "\u{3000}山田", "山田\u{3000}", "\u{2009}Bo\u{2009}", "Li\n", "\r\nLi", "Li\u{2028}", "\u{0085}Li", "e\u{0301}",
        "\u{0301}e", "👩‍💻", "Ann\t", "", " ", "\u{00A0}", "\u{200B}Zero\u{200B}", "\u{FEFF}Bom",
    ]

    @Test("trimmingWhitespace gives what trimmingCharacters gives, with and without line breaks")
    func trimmingMatchesFoundation() {
        for text in Self.samples {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text.trimmingWhitespace(newlines: false) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    @Test("isBlank is true exactly for text made of white space")
    func blank() {
        for text in Self.samples {
            #expect(text.isBlank == text.allSatisfy(\.isWhitespace), "\(text.debugDescription)")
        }
        #expect(" \u{3000}\n".isBlank)
        #expect(!"x".isBlank)
    }
}
