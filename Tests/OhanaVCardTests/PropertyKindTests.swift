import Testing
@testable import OhanaVCard

/// Property names are told apart by their packed bytes (``PropertyKind/init(key:)``): every name
/// the reader acts on gives its kind, and names that only look alike give `.other`.
@Suite struct PropertyKindTests {
    static let names: [(String, PropertyKind)] = [
        ("BEGIN", .begin), ("END", .end), ("VERSION", .version), ("AGENT", .agent), ("N", .n), ("FN", .fn),
        ("NICKNAME", .nickname), ("X-PHONETIC-FIRST-NAME", .phoneticFirstName),
        ("X-PHONETIC-MIDDLE-NAME", .phoneticMiddleName), ("X-PHONETIC-LAST-NAME", .phoneticLastName),
        ("ORG", .org), ("TITLE", .title), ("TEL", .tel), ("EMAIL", .email), ("URL", .url), ("IMPP", .impp),
        (VCardKeys.otherFieldProperty, .otherField), ("ADR", .adr), ("BDAY", .bday), ("NOTE", .note),
        ("PHOTO", .photo), ("CATEGORIES", .categories), ("UID", .uid), ("X-ABLABEL", .appleLabel),
    ]

    @Test func everyNameGivesItsKind() {
        for (name, kind) in Self.names {
            #expect(PropertyKind(key: name) == kind, "\(name)")
        }
        // Every kind but `.other` is named once.
        #expect(Set(Self.names.map(\.1.rawValue)).count == Self.names.count)
    }

    @Test("names that share a prefix, a length or the packed words of a known name are other")
    func lookAlikesAreOther() {
        for name in [
            "", "B", "BEGINS", "BEGI", "TE", "TELX", "EN", "ENDX", "X-ABLABE", "X-ABLABELS", "CATEGORIE",
            "CATEGORIESX", "X-OHANA-FIEL", "X-OHANA-FIELDS", "NICKNAMEX", "X-PHONETIC-NAME", "PHOTOS", "X-",
            "\u{0}TEL", "TEL\u{0}", "NOTE\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}L",
        ] {
            #expect(PropertyKind(key: name) == .other, "\(name.debugDescription)")
        }
    }

    /// The kind found from a line's bytes (``PropertyKind/init(asciiName:)``), in any case, is the
    /// kind of the upper-case name; names past 16 bytes or with a NUL byte are left to
    /// ``PropertyKind/init(key:)``.
    @Test func kindsFromBytesInAnyCaseAgreeWithTheUpperCaseName() {
        func kind(_ text: String) -> PropertyKind? {
            Array(text.utf8).withUnsafeBufferPointer { PropertyKind(asciiName: $0) }
        }
        for (name, expected) in Self.names {
            let spellings = [name, name.lowercased(), String(name.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })]
            for spelling in spellings {
                #expect(kind(spelling) == (name.utf8.count <= 16 ? expected : nil), "\(spelling)")
            }
            #expect(expected.key == name)
        }
        for name in ["B", "TELX", "te", "x-ablabe", "catEGORIESX", "T{L", "TEL@", "tel`"] {
            #expect(kind(name) == .other, "\(name.debugDescription)")
        }
        // A NUL byte is left to the name's key (which makes it `.other`, see above).
        #expect(kind("tel\u{0}") == nil && kind("\u{0}tel") == nil)
        #expect(PropertyKind.other.key == nil)
    }

    /// A line's name keeps its spelling; its key is the upper-case name (the kind's literal for a
    /// known name), and the kind is the key's.
    @Test func parsedLinesKeepTheNameAsWrittenAndFindTheKind() throws {
        for (text, name, key, kind) in [
            ("TEL;TYPE=cell:1", "TEL", "TEL", PropertyKind.tel), ("tel:1", "tel", "TEL", .tel),
            ("item1.Email:a@b", "Email", "EMAIL", .email), ("X-Custom:v", "X-Custom", "X-CUSTOM", .other),
            ("x-phonetic-first-name:v", "x-phonetic-first-name", "X-PHONETIC-FIRST-NAME", .phoneticFirstName),
        ] {
            let line = LogicalLine(bytes: ArraySlice(text.utf8), line: 1)
            let property = try ContentLineParser.parse(line) { _ in }
            #expect(property.name == name && property.key == key && property.kind == kind, "\(text)")
        }
    }
}
