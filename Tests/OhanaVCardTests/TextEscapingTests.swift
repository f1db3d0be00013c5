import Testing
@testable import OhanaVCard

/// vCard TEXT escaping (the one implementation the reader, the writer and the JSContact conversion
/// share) and content-line folding, edge cases once.
@Suite struct TextEscapingTests {
    @Test func escapingPerVersion() {
        #expect(VCardText.escape("a,b;c\\d\ne\r\nf", version: .v3_0) == "a\\,b\\;c\\\\d\\ne\\nf")
        #expect(VCardText.escape("a,b;c\\d\ne\r\nf", version: .v4_0) == "a\\,b\\;c\\\\d\\ne\\nf")
        #expect(VCardText.escape("a,b;c\\d", version: .v2_1) == "a,b\\;c\\\\d")
        // CRLF, a lone CR and a lone LF are one `\n` each.
        #expect(VCardText.escape("a\r\nb\rc\nd") == "a\\nb\\nc\\nd")
        #expect(VCardText.escape("a\r\r\nb") == "a\\n\\nb")
    }

    @Test func unescapingUndoesEveryEscapeAndKeepsUnknownOnes() {
        for version in [VCardVersion.v3_0, .v4_0] {
            #expect(VCardText.unescape("a\\,b\\;c\\\\d\\ne\\Nf", version: version) == "a,b;c\\d\ne\nf")
        }
        #expect(VCardText.unescape("mailto\\:x") == "mailto:x")  // Apple's `\:`
        #expect(VCardText.unescape("a\\tb") == "a\\tb")  // an unknown escape stays as written
        #expect(VCardText.unescape("end\\") == "end\\")  // so does a backslash at the end
        // 2.1 knows `\;`, `\,` and `\\` only.
        #expect(VCardText.unescape("a\\,b\\;c\\\\d\\ne\\:f", version: .v2_1) == "a,b;c\\d\\ne\\:f")
        #expect(VCardText.unescape("plain, text; as is") == "plain, text; as is")
    }

    @Test func unescapingWhatWasEscapedGivesTheTextBack() {
        let texts = ["", "plain", "\\", "\\\\n", ",;", "a\nb", "trailing\\", "ü,😀;\\n", "\\,\\;\\:"]
        for text in texts {
            for version in [VCardVersion.v3_0, .v4_0] {
                #expect(VCardText.unescape(VCardText.escape(text, version: version), version: version) == text, "\(text)")
            }
        }
    }

    @Test func splittingHonoursEscapedSeparators() {
        #expect(VCardText.splitEscaped("a\\;b;c", at: ";") == ["a\\;b", "c"])
        #expect(VCardText.splitEscaped("a\\\\;b", at: ";") == ["a\\\\", "b"])  // an escaped backslash, then a separator
        #expect(VCardText.splitEscaped(";;", at: ";") == ["", "", ""])
        #expect(VCardText.splitEscaped("end\\", at: ";") == ["end\\"])
        #expect(VCardText.splitEscaped("a,b", at: "é") == ["a,b"])  // a separator outside ASCII never splits
    }

    @Test func linesFoldAt75OctetsAndNotBefore() {
        func folded(_ line: String) -> [String] {
            var out: [UInt8] = []
            VCardEscaping.fold(line, into: &out)
            return String(decoding: out, as: UTF8.self).components(separatedBy: "\r\n")
        }
        let exact = String(repeating: "x", count: 75)
        #expect(folded(exact) == [exact, ""])
        #expect(folded(exact + "y") == [exact, " y", ""])
        // Continuation lines carry the leading space within their 75 octets.
        let long = folded(String(repeating: "z", count: 75 + 74 + 1))
        #expect(long.map(\.utf8.count) == [75, 75, 2, 0])
    }

    @Test func foldingKeepsEveryMultiByteSequenceWhole() {
        // 4-byte emoji and 3-byte kana at every offset around the fold point.
        for prefix in 0..<8 {
            let value = String(repeating: "a", count: prefix) + String(repeating: "😀ア", count: 40)
            var out: [UInt8] = []
            VCardEscaping.fold("NOTE:" + value, into: &out)
            let physical = String(decoding: out, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
            for (i, line) in physical.enumerated() {
                #expect(line.utf8.count <= 75)
                if i > 0 { #expect(line.hasPrefix(" ")) }
            }
            let unfolded = physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined()
            #expect(unfolded == "NOTE:" + value)
        }
    }
}
