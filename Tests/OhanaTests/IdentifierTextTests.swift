import Foundation
import Testing
@testable import Ohana

/// Identifiers that are UUIDs are held as their bits (``IdentifierText``); every text must read back
/// exactly as it was given, compare and hash as text, and sort in text order.
@Suite("Identifier text")
struct IdentifierTextTests {
    /// UUIDs as clients write them: lower case (Thunderbird, Ohana's own), upper case (Apple's,
    /// Nextcloud's), after `urn:uuid:` (RFC 6350's advice).
    static func uuidTexts(count: Int) -> [String] {
        (0..<count).map { i in
            let text = UUID().uuidString  // upper case, as Foundation writes it
            switch i % 4 {
            case 0: return text.lowercased()
            case 1: return text
            case 2: return "urn:uuid:" + text.lowercased()
            default: return "urn:uuid:" + text
            }
        }
    }

    @Test func uuidsAreHeldAsBitsAndReadBackExactly() throws {
        for text in Self.uuidTexts(count: 4_000) {
            let held = IdentifierText(text)
            guard case .uuid = held else {
                Issue.record("\(text) not held as a UUID")
                continue
            }
            #expect(held.string == text)
            #expect(ContactID(rawValue: text).rawValue == text)
            #expect(Provenance(providerID: "p", recordID: text).recordID == text)
        }
    }

    @Test func otherTextsAreKeptAsText() {
        let texts = [
            "", "1", "line 12", "ABPerson", "8F4A2B3C-1D2E-4F5A-9B8C-7D6E5F4A3B2C:ABPerson",
            "8f4a2b3c-1d2e-4f5a-9b8c-7D6E5F4A3B2C",  // mixed case: read back as written
            "8f4a2b3c1d2e4f5a9b8c7d6e5f4a3b2c",  // no dashes
            "8f4a2b3c-1d2e-4f5a-9b8c7-d6e5f4a3b2c",  // a dash out of place
            "8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2g",  // not hex
            "URN:UUID:8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2c",  // the prefix in upper case
            "urn:uuid:8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2",  // one digit short
            "xrn:uuid:8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2c",
            "{8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2c}", "8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2c ",
            "8f4a2b3c-1d2e-4f5a-9b8c-7d6e5f4a3b2ç",
        ]
        for text in texts {
            let held = IdentifierText(text)
            #expect(held == .text(text), "\(text)")
            #expect(held.string == text)
            #expect(ContactID(rawValue: text).rawValue == text)
        }
    }

    /// Equal texts are equal identifiers with equal hashes, different texts (the same bits written
    /// in another case, or with the prefix) are different, and sorting follows the texts.
    @Test func identifiersCompareHashAndSortAsTheirTexts() {
        var texts = Self.uuidTexts(count: 600)
        let bits = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        texts += [bits, bits.uppercased(), "urn:uuid:" + bits, "urn:uuid:" + bits.uppercased(), "line 7", "Z", "a", "0"]
        texts += texts.prefix(50)  // repeats
        let ids = texts.map { ContactID(rawValue: $0) }
        for (i, a) in ids.enumerated() {
            for (j, b) in ids.enumerated() where j % 37 == i % 37 {
                #expect((a == b) == (texts[i] == texts[j]), "\(texts[i]) vs \(texts[j])")
                if a == b { #expect(a.hashValue == b.hashValue) }
                #expect((a < b) == (texts[i] < texts[j]), "\(texts[i]) < \(texts[j])")
            }
        }
        #expect(ids.sorted().map(\.rawValue) == texts.sorted())
        #expect(Set(ids).count == Set(texts).count)
    }

    /// A provenance record is written and read with the same keys as before, its record identifier
    /// as text.
    @Test func provenanceCodesItsRecordIdentifierAsText() throws {
        let uid = "urn:uuid:3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let record = Provenance(providerID: "book.vcf", recordID: uid, revision: "\"e1\"")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(json == #"{"providerID":"book.vcf","recordID":"urn:uuid:3f2504e0-4f89-11d3-9a0c-0305e82c3301","revision":"\"e1\""}"#)
        #expect(try JSONDecoder().decode(Provenance.self, from: Data(json.utf8)) == record)
        let bare = try JSONDecoder().decode(Provenance.self, from: Data(#"{"providerID":"x"}"#.utf8))
        #expect(bare.recordID == nil && bare.revision == nil)
        #expect(String(decoding: try encoder.encode(bare), as: UTF8.self) == #"{"providerID":"x"}"#)
        var changed = record
        changed.recordID = "href/1.vcf"
        #expect(changed.recordID == "href/1.vcf" && changed != record)
    }
}
