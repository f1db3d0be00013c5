/// The property names the parser and the mapper act on, told apart once per property from its
/// upper-case name: comparing the name with a dozen strings in turn (a `switch` over strings) cost
/// one string comparison call each, for every property of every card.
enum PropertyKind: UInt8 {
    case begin, end, version, agent
    case n, fn, nickname, phoneticFirstName, phoneticMiddleName, phoneticLastName
    case org, title, tel, email, url, impp, otherField, adr, bday, note, photo, categories, uid, appleLabel
    /// Any other name (instant messaging, RFC 9554 and unknown properties are matched by name).
    case other

    private static let names: [(String, PropertyKind)] = [
        ("BEGIN", .begin), ("END", .end), ("VERSION", .version), ("AGENT", .agent), ("N", .n), ("FN", .fn),
        ("NICKNAME", .nickname), ("X-PHONETIC-FIRST-NAME", .phoneticFirstName),
        ("X-PHONETIC-MIDDLE-NAME", .phoneticMiddleName), ("X-PHONETIC-LAST-NAME", .phoneticLastName),
        ("ORG", .org), ("TITLE", .title), ("TEL", .tel), ("EMAIL", .email), ("URL", .url), ("IMPP", .impp),
        (VCardKeys.otherFieldProperty, .otherField), ("ADR", .adr), ("BDAY", .bday), ("NOTE", .note),
        ("PHOTO", .photo), ("CATEGORIES", .categories), ("UID", .uid), ("X-ABLABEL", .appleLabel),
    ]

    /// The names up to 16 bytes long, packed as ``packed(_:)`` packs them.
    private static let short: [(SIMD16<UInt8>, PropertyKind)] = names.compactMap { name, kind in
        packed(name.utf8).map { ($0, kind) }
    }

    /// The longer names, compared as strings (only names that long get there).
    private static let long: [String: PropertyKind] = Dictionary(
        uniqueKeysWithValues: names.filter { $0.0.utf8.count > 16 })

    /// The kind of the property whose upper-case name is `key`.
    init(key: String) {
        guard let packed = Self.packed(key.utf8) else {
            self = Self.long[key] ?? .other
            return
        }
        for (name, kind) in Self.short where name == packed {
            self = kind
            return
        }
        self = .other
    }

    /// The bytes of a name of 1 to 16 bytes in one vector (zero after the end); `nil` otherwise.
    private static func packed(_ utf8: String.UTF8View) -> SIMD16<UInt8>? {
        guard !utf8.isEmpty, utf8.count <= 16 else { return nil }
        var vector = SIMD16<UInt8>()
        for (i, byte) in utf8.enumerated() { vector[i] = byte }
        return vector
    }
}
