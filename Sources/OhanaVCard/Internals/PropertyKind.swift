/// The property names the parser and the mapper act on, told apart once per property from its
/// upper-case name: comparing the name with a dozen strings in turn (a `switch` over strings) cost
/// one string comparison call each, for every property of every card.
enum PropertyKind: UInt8 {
    case begin, end, version, agent
    case n, fn, nickname, phoneticFirstName, phoneticMiddleName, phoneticLastName
    case org, title, tel, email, url, impp, otherField, adr, bday, note, photo, categories, uid, appleLabel
    /// Any other name (instant messaging, RFC 9554 and unknown properties are matched by name).
    case other

    /// A name of 1 to 16 bytes as two little-endian words (zero after the end).
    private struct Packed: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    /// The kind of a name of 1 to 16 bytes packed by ``packed(_:uppercasing:)``: a `switch` on
    /// the packed words (the constants are the names' bytes, little-endian, as the comments say;
    /// `PropertyKindTests` checks every name), a handful of comparisons instead of a walk through
    /// a table of names.
    private static func kind(_ packed: Packed) -> PropertyKind {
        if packed.high == 0 {
            return switch packed.low {
            case 0x4E_4947_4542: .begin  // BEGIN
            case 0x44_4E45: .end  // END
            case 0x4E_4F49_5352_4556: .version  // VERSION
            case 0x4C_4554: .tel  // TEL
            case 0x4C_4941_4D45: .email  // EMAIL
            case 0x4E: .n  // N
            case 0x4E46: .fn  // FN
            case 0x44_4955: .uid  // UID
            case 0x52_4441: .adr  // ADR
            case 0x47_524F: .org  // ORG
            case 0x45_4C54_4954: .title  // TITLE
            case 0x4F_544F_4850: .photo  // PHOTO
            case 0x4C_5255: .url  // URL
            case 0x4554_4F4E: .note  // NOTE
            case 0x5941_4442: .bday  // BDAY
            case 0x454D_414E_4B43_494E: .nickname  // NICKNAME
            case 0x5050_4D49: .impp  // IMPP
            case 0x54_4E45_4741: .agent  // AGENT
            default: .other
            }
        }
        return switch (packed.low, packed.high) {
        case (0x4542_414C_4241_2D58, 0x4C): .appleLabel  // X-ABLABEL
        case (0x4952_4F47_4554_4143, 0x5345): .categories  // CATEGORIES
        case (0x2D41_4E41_484F_2D58, 0x44_4C45_4946): .otherField  // X-OHANA-FIELD
        default: .other
        }
    }

    /// The names longer than 16 bytes, compared as strings (only names that long get there).
    private static let long: [String: PropertyKind] = [
        "X-PHONETIC-FIRST-NAME": .phoneticFirstName, "X-PHONETIC-MIDDLE-NAME": .phoneticMiddleName,
        "X-PHONETIC-LAST-NAME": .phoneticLastName,
    ]

    /// The kind of the property whose name is the ASCII letters, digits, `-` and `_` of `name`, in
    /// either case; `nil` for a name longer than 16 bytes or holding a NUL byte (``init(key:)`` then
    /// finds it).
    init?(asciiName name: UnsafeBufferPointer<UInt8>) {
        guard let packed = Self.packed(name, uppercasing: true) else { return nil }
        self = Self.kind(packed)
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
        self = Self.kind(packed)
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
