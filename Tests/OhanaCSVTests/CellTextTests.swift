import Foundation
import Testing
@testable import OhanaCSV

/// The byte-level tests the row mapper runs on every cell give what the character-level ones give.
@Suite struct CellTextTests {
    /// Cells at the edges of white space: combining marks after a space, no-break and other
    /// Unicode spaces, zero-width characters, line breaks, names in other scripts.
    static let cells = [
        "", " ", "  \t", "\r\n", "\n\u{301}", " \u{301}", "\u{301}", "\u{A0}", "\u{2003}", "\u{2003}x", "\u{85}", "\u{FEFF}",
        "\u{200B}", "\u{3000}\u{3000}", "Ó Súilleabháin", "Kılıç", "黄", " 黄", "\u{1F600}", "a", " a", "\t\u{A0}\r\n",
    ]

    @Test func isBlankIsEveryCharacterBeingWhiteSpace() {
        for cell in Self.cells {
            #expect(cell.isBlank == cell.allSatisfy(\.isWhitespace), "\(cell.debugDescription)")
        }
    }

    @Test func containsFindsWhatFoundationFinds() {
        let pieces = ["a", " ", ":", "::", ":::", " ::: ", ";", "é", "x:::y", " :::", "::: ", "  :::  "]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for separator: StaticString in [" ::: ", ":::", ";"] {
                let expected = text.contains("\(separator)")
                #expect(CSVRowMapper.contains(text, separator) == expected, "\(text.debugDescription) \(separator)")
            }
        }
    }
}
