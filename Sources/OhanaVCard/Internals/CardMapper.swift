import Foundation
import Ohana

/// Keys under which the reader keeps vCard details that have no slot in the model.
enum VCardKeys {
    /// On a field: the vCard property name when it is not the type's usual one (`X-AIM`, `X-SIP`).
    static let property = "vcard.property"
    /// On a field: the Apple group label (`item1.X-ABLabel:_$!<Other>!$_`) its label came from, when
    /// a TYPE value could also say that label; a 3.0 card is written back with the label as it came.
    static let appleLabel = "vcard.appleLabel"
    /// On a contact: `vcard.<NAME>` holds the group and parameters of a single-valued property
    /// (N, FN, ORG, BDAY, PHOTO…) as `[group, "NAME=value", …]`.
    static func details(_ name: String) -> String { "vcard.\(name)" }
    /// Our own property for fields of type `.other`.
    static let otherFieldProperty = "X-OHANA-FIELD"
}

/// Turns the properties of one card into a ``Contact``.
struct CardMapper {
    private var card: RawCard
    /// Where the texts cards repeat are kept once (organization, title, an address's place names).
    private let sharedTexts: SharedTexts
    let version: VCardVersion
    /// Problems found while mapping, in the order found.
    private(set) var problems: [(line: Int?, severity: Diagnostic.Severity, message: String)] = []
    private var legacyWarned = false
    var contact = Contact(blankWithID: "")
    private(set) var uid: IdentifierText?
    /// The card's Apple group labels (`item1.X-ABLabel`), found before its properties are mapped.
    var groupLabels = GroupLabels()
    /// The family, given and additional names' spellings a phonetic `N` gave (so that the
    /// `X-PHONETIC-*` properties written beside it are read as the same).
    var phoneticNameSpellings: [String?] = []
    /// The properties allowed once (RFC 6350) the card has had so far, to report a second one.
    private var once = OnceSeen()
    /// Whether a `CATEGORIES` gave the tags, and its group and parameters as kept: a later one is
    /// merged into the tags only with the same, else it stays a property of its own.
    private var categoriesMapped = false
    private var categoriesDetails: [String]?

    static let instantMessageProperties: Set<String> = [
        "X-AIM", "X-ICQ", "X-JABBER", "X-MSN", "X-YAHOO", "X-SKYPE", "X-SKYPE-USERNAME", "X-GADUGADU",
        "X-GOOGLE-TALK", "X-QQ", "X-SIP", "X-MS-IMADDRESS", "X-GROUPWISE", "X-TWITTER", "X-WEBEX",
    ]
    private static let fieldProperties = Set<String>(["TEL", "EMAIL", "URL", "IMPP", "ADR", VCardKeys.otherFieldProperty])
        .union(instantMessageProperties)

    init(card: consuming RawCard, shared: SharedTexts) {
        self.version = card.version ?? .v2_1
        self.card = card
        self.sharedTexts = shared
    }

    /// Notes a problem (kept in ``problems``, not reported through a closure: a closure that
    /// outlives the call is one more allocation per card).
    mutating func report(_ line: Int?, _ severity: Diagnostic.Severity, _ message: String) {
        problems.append((line, severity, message))
    }

    mutating func map() -> Contact {
        // The card's properties are moved out of the card (which the mapper alone holds), so that
        // they can be taken out one by one below.
        var all: [RawProperty] = []
        swap(&all, &card.properties)
        let properties = all.indices
        // Apple groups: `item1.X-ABLabel` labels the other properties of group item1.
        if properties.contains(where: { all[$0].group != nil }) {
            groupLabels = GroupLabels(all, fieldNames: Self.fieldProperties) { unescape(text(of: $0)) }
        }
        let labelLines = groupLabels.labelLines
        var nextLabelLine = 0

        // Room for the card's fields at once (most cards have two to four), not grown 1, 2, 4.
        var fieldCount = 0
        for i in properties {
            switch all[i].kind {
            case .tel, .email, .url, .impp: fieldCount += 1
            default: break
            }
        }
        contact.fields.reserveCapacity(fieldCount)

        var hasN = false, hasFN = false
        // Each property is taken out of the array (reversed, then popped from the end: moves, not
        // copies) and handed to `mapProperty` as a local. Read in place, each was copied for the
        // call (its name, group, parameters and value retained and released: about 30 of each per
        // card, counted with a perf probe), as `mapProperty` changes the mapper.
        all.withUnsafeMutableBufferPointer { $0.reverse() }  // the buffer swaps by moving; Array's reverse copied
        var i = 0
        while let p = all.popLast() {
            defer { i += 1 }
            if nextLabelLine < labelLines.count, labelLines[nextLabelLine] == i {
                nextLabelLine += 1  // an X-ABLabel taken as its group's label
                continue
            }
            mapProperty(p, hasN: &hasN, hasFN: &hasFN)
        }
        if !hasN, version != .v4_0 { report(card.startLine, .warning, "card has no N (name), which vCard \(version.rawValue) requires") }
        if !hasFN, version != .v2_1 { report(card.startLine, .warning, "card has no FN (formatted name), which vCard \(version.rawValue) requires") }
        // A 4.0 card without FN: the FN the writer gives it is derived from the name (RFC 9554
        // section 4.3), so that nothing converting the card takes it for a full name (RFC 9555).
        if !hasFN, version == .v4_0, contact.customProperties[VCardKeys.details("FN")] == nil, !contact.composedName.isEmpty {
            contact.customProperties[VCardKeys.details("FN")] = .strings(["", "DERIVED=TRUE"])
        }
        // FN equal to the name the contact shows anyway is not kept (the writer derives it).
        if let fn = contact.formattedName {
            if let same = Self.isComposedName(fn, of: contact) {
                if same { contact.formattedName = nil }
            } else {
                var derived = contact
                derived.formattedName = nil
                if derived.fullName == fn { contact.formattedName = nil }
                // The FN the writer gives a card with no name and no organization is not a name.
                if derived.fullName.isEmpty, FormattedNameFallback.value(for: derived) == fn {
                    contact.formattedName = nil
                    FormattedNameFallback.forgetDerivedMarker(of: &contact)
                }
            }
        }
        // Taken out, so that the mapper does not keep a second reference to the contact's parts.
        return CardDelivery.take(&contact)
    }

    /// Maps one property of the card into ``contact`` (`hasN` and `hasFN` say whether the card's
    /// first N and FN were seen).
    private mutating func mapProperty(_ p: RawProperty, hasN: inout Bool, hasFN: inout Bool) {
        switch p.kind {
        case .n where p.first("PHONETIC") != nil && contact.phoneticSystem == nil && contact.phoneticScript == nil && hasN:
            noteOnce(p)
            mapPhoneticName(p)
        case .n where !hasN:
            noteOnce(p)
            hasN = true
            let parts = plainComponents(of: p, separator: 0x3B) ?? components(text(of: p), separator: 0x3B)
            if parts.count < 5 { report(p.line, .warning, "N has \(parts.count) of its 5 components") }
            contact.familyName = part(parts, 0)
            contact.givenName = part(parts, 1)
            contact.middleName = part(parts, 2)
            contact.namePrefix = part(parts, 3)
            contact.nameSuffix = partWithExtras(parts, 4)
            keepDetails(p, dropping: applyNameJSComps(p) ? ["JSCOMPS"] : [])
        case .fn where !hasFN:
            hasFN = true
            contact.formattedName = nonEmpty(unescapedText(of: p))
            keepDetails(p)
        case .nickname where contact.nickname == nil:
            // A list (`NICKNAME:Jim,Jimmie`, RFC 6350 section 6.2.3) is several nicknames: the first is
            // the contact's, the others are kept as NICKNAME lines of their own.
            let raw = text(of: p)
            let list = version == .v2_1 || !raw.utf8.contains(0x2C) ? [] : VCardText.splitEscaped(raw, at: 0x2C).map(String.init)
            contact.nickname = nonEmpty(list.count > 1 ? unescape(list[0]) : unescapedText(of: p))
            if contact.nickname == nil { keepUnmapped(p) } else { keepDetails(p) }
            if contact.nickname != nil {
                for other in list.dropFirst() where !other.isEmpty {
                    contact.unmappedProperties.append(UnmappedProperty(group: p.group, name: p.name, parameters: cleaned(p.parameters), value: other))
                }
            }
        case .phoneticFirstName where contact.phoneticGivenName == nil || spelledByPhoneticName(1, p):
            contact.phoneticGivenName = nonEmpty(unescapedText(of: p))
            keepDetails(p)
        case .phoneticMiddleName where contact.phoneticMiddleName == nil || spelledByPhoneticName(2, p):
            contact.phoneticMiddleName = nonEmpty(unescapedText(of: p))
            keepDetails(p)
        case .phoneticLastName where contact.phoneticFamilyName == nil || spelledByPhoneticName(0, p):
            contact.phoneticFamilyName = nonEmpty(unescapedText(of: p))
            keepDetails(p)
        case .org where contact.organization == nil && contact.department == nil:
            let parts = plainComponents(of: p, separator: 0x3B, sharedFrom: 0) ?? components(text(of: p), separator: 0x3B)
            contact.organization = part(parts, 0)
            contact.department = parts.count > 1 ? nonEmpty(parts[1...].joined(separator: ";")) : nil
            keepDetails(p)
        case .title where contact.jobTitle == nil:
            contact.jobTitle = nonEmpty(unescapedText(of: p, shared: true))
            keepDetails(p)
        case .tel: addField(p, type: .phoneNumber)
        case .email: addField(p, type: .emailAddress)
        case .url: addField(p, type: .url)
        case .impp: addField(p, type: .instantMessage)
        case .otherField: addField(p, type: .other)
        case .adr: addAddress(p)
        case .bday where contact.birthday == nil:
            noteOnce(p)
            mapBirthday(p)
        case .note where contact.note == nil:
            contact.note = unescapedText(of: p)
            keepDetails(p)
        case .photo where contact.photo == nil: mapPhoto(p)
        case .categories:
            let tags = components(text(of: p), separator: 0x2C, alsoSemicolon: version == .v2_1).filter { !$0.isEmpty }
            let params = Self.idsFirst(cleaned(p.parameters))
            let details = p.group == nil && params.isEmpty ? nil : [p.group ?? ""] + params.map { VCardParameters.encode($0) }
            if tags.isEmpty || (categoriesMapped && details != categoriesDetails) {
                keepUnmapped(p)
            } else {
                contact.tags.append(contentsOf: tags)
                if !categoriesMapped { keepDetails(p) }
                categoriesMapped = true
                categoriesDetails = details
            }
        case .uid where uid == nil:
            noteOnce(p)
            // A UUID written plainly (nearly every UID): its bits straight from the bytes, no text made.
            if p.isUnencoded, let compact = p.value.withUnsafeBufferPointer({ IdentifierText(uuidBytes: $0) }) {
                uid = compact
                keepDetails(p)
                break
            }
            let value = unescapedText(of: p).trimmedSpaces
            if value.isEmpty { keepUnmapped(p) } else {
                uid = IdentifierText(value)
                keepDetails(p)
            }
        // Last: the only cases that hash the name.
        case _ where Self.instantMessageProperties.contains(p.key):
            addField(p, type: .instantMessage)
        case _ where Self.rfc9554Properties.contains(p.key):
            mapRFC9554(p)
        default:
            if p.kind != .other || VCardCardinality.atMostOnce.contains(p.key) {
                noteOnce(p)
                // Ohana's own PRODID says only that Ohana wrote the card; the writer writes it again.
                if p.key == "PRODID", p.group == nil, p.parameters.isEmpty,
                   TextDecoding.validUTF8(p.value) == VCardCardinality.productID { return }
            }
            keepUnmapped(p)
        }
    }

    /// Reports a property RFC 6350 allows once when the card already had one (not an alternative of it through `ALTID`).
    private mutating func noteOnce(_ p: RawProperty) {
        guard VCardCardinality.atMostOnce.contains(p.key) else { return }
        if once.repeats(p.key, altID: p.first("ALTID")) != nil {
            report(p.line, .warning, "second \(p.key) in the card; RFC 6350 allows one")
        }
    }

    /// Whether an `X-PHONETIC-*` property repeats the spelling the phonetic `N` gave at a position.
    private mutating func spelledByPhoneticName(_ position: Int, _ p: RawProperty) -> Bool {
        position < phoneticNameSpellings.count && phoneticNameSpellings[position] != nil
            && phoneticNameSpellings[position] == nonEmpty(unescapedText(of: p))
    }

    // MARK: Values

    /// The value as text: quoted-printable and CHARSET decoded, escapes kept.
    mutating func text(of p: RawProperty) -> String {
        var bytes = p.value
        if p.parameters.isEmpty, let s = TextDecoding.validUTF8(bytes) { return s }
        let encoding = p.first("ENCODING")?.uppercased()
        if encoding == "QUOTED-PRINTABLE" { bytes = TransferDecoding.quotedPrintable(bytes) }
        if let charset = p.first("CHARSET"), !charset.isEmpty {
            if let s = TextDecoding.decode(bytes, charset: charset) { return s }
            if TextDecoding.isKnown(charset) {
                report(p.line, .warning, "\(p.name) value is not valid \(charset.prefix(30)); read as Windows-1252")
                return legacyText(bytes)
            }
            report(p.line, .warning, "unknown CHARSET '\(charset.prefix(30))'; read as UTF-8")
        }
        if let s = TextDecoding.validUTF8(bytes) { return s }
        if !legacyWarned {
            legacyWarned = true
            report(p.line, .warning, "text is not valid UTF-8 and names no CHARSET; read as Windows-1252")
        }
        return legacyText(bytes)
    }

    /// The value as text with its escapes undone: ``unescape(_:)`` of ``text(of:)``, and for a
    /// value with no backslash, no CR and no ENCODING or CHARSET (nearly all), its bytes as they
    /// are, checked in one pass over the bytes instead of a second pass over the text.
    mutating func unescapedText(of p: RawProperty, shared: Bool = false) -> String {
        let plain = p.value.withUnsafeBufferPointer { buffer in
            // Without branches, so that the loop is vectorized (the short-circuit `||` was taken
            // byte by byte: 10 instructions a byte).
            var escapes: UInt8 = 0
            for b in buffer { escapes |= (b == 0x5C ? 1 : 0) | (b == 0x0D ? 1 : 0) }
            return escapes == 0
        }
        if plain, p.isUnencoded, let s = shared ? sharedTexts.text(p.value) : TextDecoding.validUTF8(p.value) {
            return s
        }
        return unescape(text(of: p))
    }

    // The helpers below that read the mapper's state are `mutating` although they change nothing:
    // called from the mapper's mutating methods, they then take `self` by reference; a non-mutating
    // call made a copy of the whole mapper (card and contact) each time (seen in `perf`).

    mutating func unescape(_ text: String) -> String {
        var backslash = false, cr = false
        for b in text.utf8 {
            if b == 0x5C { backslash = true } else if b == 0x0D { cr = true }
        }
        if !backslash { return cr ? normalizeNewlines(text) : text }
        return normalizeNewlines(VCardText.unescape(text[...], version: version))
    }

    /// The components of a value written plainly (no ENCODING or CHARSET, no backslash, no CR),
    /// made straight from its bytes; `nil` when the value needs decoding first (or is not valid
    /// UTF-8), which ``text(of:)`` and ``components(_:separator:alsoSemicolon:)`` then do. The
    /// components from `sharedFrom` on are texts cards repeat, made once (``SharedTexts``).
    mutating func plainComponents(of p: RawProperty, separator: UInt8, sharedFrom: Int = .max) -> [String]? {
        guard p.isUnencoded else { return nil }
        let bytes = p.value
        var pieces = 1
        for b in bytes {
            if b == 0x5C || b == 0x0D { return nil }
            if b == separator { pieces += 1 }
        }
        var result: [String] = []
        result.reserveCapacity(pieces)
        var start = bytes.startIndex
        for i in bytes.indices where bytes[i] == separator {
            let piece = result.count >= sharedFrom ? sharedTexts.text(bytes[start..<i]) : TextDecoding.validUTF8(bytes[start..<i])
            guard let piece else { return nil }
            result.append(piece)
            start = i + 1
        }
        let end = bytes.endIndex
        let last = result.count >= sharedFrom ? sharedTexts.text(bytes[start..<end]) : TextDecoding.validUTF8(bytes[start..<end])
        guard let last else { return nil }
        result.append(last)
        return result
    }

    mutating func components(_ text: String, separator: UInt8, alsoSemicolon: Bool = false) -> [String] {
        if !alsoSemicolon, !text.utf8.contains(where: { $0 == 0x5C || $0 == 0x0D }) {
            // Nothing escaped and no CR to normalize: the pieces are the text between separators.
            return text.utf8.split(separator: separator, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
        var pieces = VCardText.splitEscaped(text, at: separator)
        if alsoSemicolon { pieces = pieces.flatMap { VCardText.splitEscaped(String($0), at: 0x3B) } }
        var result: [String] = []
        result.reserveCapacity(pieces.count)
        for piece in pieces { result.append(unescape(String(piece))) }
        return result
    }

    mutating func keepDetails(_ p: RawProperty, name: String? = nil, dropping: Set<String> = []) {
        guard p.group != nil || !p.parameters.isEmpty else { return }
        let params = Self.idsFirst(cleaned(p.parameters, dropping: dropping))
        guard p.group != nil || !params.isEmpty else { return }
        let encoded = [p.group ?? ""] + params.map { VCardParameters.encode($0) }
        contact.customProperties[VCardKeys.details(name ?? p.key)] = .strings(encoded)
    }

    /// The parameters with ALTID, then PROP-ID, first (as JSContact's reader puts them back): where
    /// a parameter is written says nothing, and one order lets a converter take each out and put it back.
    static func idsFirst(_ parameters: [PropertyParameter]) -> [PropertyParameter] {
        let rank = { (name: String) in name.uppercased() == "ALTID" ? 0 : name.uppercased() == "PROP-ID" ? 1 : 2 }
        return parameters.enumerated().sorted { (rank($0.element.name), $0.offset) < (rank($1.element.name), $1.offset) }.map(\.element)
    }

    mutating func keepUnmapped(_ p: RawProperty) {
        let encoding = p.first("ENCODING")?.uppercased()
        var value: String
        if encoding == "BASE64" || encoding == "B" {
            value = String(decoding: p.value.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        } else {
            value = text(of: p)
            if encoding == "QUOTED-PRINTABLE" || value.utf8.contains(0x0A) || value.utf8.contains(0x0D) {
                value = normalizeNewlines(value).replacingOccurrences(of: "\n", with: "\\n")
            }
        }
        contact.unmappedProperties.append(
            UnmappedProperty(group: p.group, name: p.name, parameters: Self.idsFirst(cleaned(p.parameters)), value: value))
    }
}
