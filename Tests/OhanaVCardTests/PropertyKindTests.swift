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
}
