/// The property names the parser and the mapper act on, told apart once per property from its
/// upper-case name: comparing the name with a dozen strings in turn (a `switch` over strings) cost
/// one string comparison call each, for every property of every card.
enum PropertyKind: UInt8 {
    case begin, end, version, agent
    case n, fn, nickname, phoneticFirstName, phoneticMiddleName, phoneticLastName
    case org, title, tel, email, url, impp, otherField, adr, bday, note, photo, categories, uid, appleLabel
    /// Any other name (instant messaging, RFC 9554 and unknown properties are matched by name).
    case other

    /// The names, the most common in address books first: they are tried in this order.
    private static let names: [(String, PropertyKind)] = [
        ("BEGIN", .begin), ("END", .end), ("VERSION", .version), ("TEL", .tel), ("EMAIL", .email), ("N", .n),
        ("FN", .fn), ("UID", .uid), ("ADR", .adr), ("ORG", .org), ("TITLE", .title), ("X-ABLABEL", .appleLabel),
        ("PHOTO", .photo), ("URL", .url), ("NOTE", .note), ("BDAY", .bday), ("CATEGORIES", .categories),
        ("NICKNAME", .nickname), ("IMPP", .impp), (VCardKeys.otherFieldProperty, .otherField), ("AGENT", .agent),
        ("X-PHONETIC-FIRST-NAME", .phoneticFirstName), ("X-PHONETIC-MIDDLE-NAME", .phoneticMiddleName),
        ("X-PHONETIC-LAST-NAME", .phoneticLastName),
    ]

    /// A name of 1 to 16 bytes as two little-endian words (zero after the end).
    private struct Packed: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    /// The names up to 16 bytes long, packed as ``packed(_:)`` packs them.
    private static let short: [(Packed, PropertyKind)] = names.compactMap { name, kind in
        Array(name.utf8).withUnsafeBufferPointer { packed($0) }.map { ($0, kind) }
    }

    /// The longer names, compared as strings (only names that long get there).
    private static let long: [String: PropertyKind] = Dictionary(
        uniqueKeysWithValues: names.filter { $0.0.utf8.count > 16 })

    /// The kind of the property whose name is the ASCII letters, digits, `-` and `_` of `name`, in
    /// either case; `nil` for a name longer than 16 bytes or holding a NUL byte (``init(key:)`` then
    /// finds it).
    init?(asciiName name: UnsafeBufferPointer<UInt8>) {
        guard let packed = Self.packed(name, uppercasing: true) else { return nil }
        for (known, kind) in Self.short where known == packed {
            self = kind
            return
        }
        self = .other
    }

    /// The upper-case name of a known kind, as a literal (made without copying bytes); `nil` for
    /// ``other``.
    var key: String? {
        switch self {
        case .begin: "BEGIN"
        case .end: "END"
        case .version: "VERSION"
        case .agent: "AGENT"
        case .n: "N"
        case .fn: "FN"
        case .nickname: "NICKNAME"
        case .phoneticFirstName: "X-PHONETIC-FIRST-NAME"
        case .phoneticMiddleName: "X-PHONETIC-MIDDLE-NAME"
        case .phoneticLastName: "X-PHONETIC-LAST-NAME"
        case .org: "ORG"
        case .title: "TITLE"
        case .tel: "TEL"
        case .email: "EMAIL"
        case .url: "URL"
        case .impp: "IMPP"
        case .otherField: VCardKeys.otherFieldProperty
        case .adr: "ADR"
        case .bday: "BDAY"
        case .note: "NOTE"
        case .photo: "PHOTO"
        case .categories: "CATEGORIES"
        case .uid: "UID"
        case .appleLabel: "X-ABLABEL"
        case .other: nil
        }
    }

    /// The kind of the property whose upper-case name is `key`.
    init(key: String) {
        let packed = key.utf8.withContiguousStorageIfAvailable { Self.packed($0) }
            ?? Array(key.utf8).withUnsafeBufferPointer { Self.packed($0) }
        guard let packed else {
            self = Self.long[key] ?? .other
            return
        }
        for (name, kind) in Self.short where name == packed {
            self = kind
            return
        }
        self = .other
    }

    /// The bytes of a name of 1 to 16 bytes, read through a pointer and shifted into two words
    /// (a vector written lane by lane through a string's generic UTF-8 view cost 13 % of reading
    /// a card); `nil` for an empty or longer name, or one holding a NUL byte (packed, `TEL` and
    /// `TEL` followed by NUL would be one name).
    /// `uppercasing` packs ASCII lower-case letters as upper-case ones.
    @inline(__always)  // left a call of its own, it cost a third of finding the kind
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>, uppercasing: Bool = false) -> Packed? {
        let count = bytes.count
        guard count > 0, count <= 16 else { return nil }
        var packed = Packed()
        var nul = false
        @inline(__always) func byte(_ i: Int) -> UInt8 {
            let b = bytes[i]
            return uppercasing && b &- 0x61 < 26 ? b &- 0x20 : b
        }
        for i in 0..<min(count, 8) {
            nul = nul || bytes[i] == 0
            packed.low |= UInt64(byte(i)) << (8 * i)
        }
        for i in min(count, 8)..<count {
            nul = nul || bytes[i] == 0
            packed.high |= UInt64(byte(i)) << (8 * (i - 8))
        }
        return nul ? nil : packed
    }
}
