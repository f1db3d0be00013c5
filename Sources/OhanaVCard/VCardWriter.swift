import Foundation
import Ohana

/// The client a vCard file is written for.
public enum VCardTarget: String, CaseIterable, Sendable {
    /// Apple Contacts (iOS, macOS): vCard 3.0, custom labels in `itemN.X-ABLabel` groups, base64 photos.
    case ios
    /// Android's contacts importer: vCard 3.0, custom labels as `TYPE=X-label`.
    case android
    /// Microsoft Outlook: vCard 2.1, quoted-printable for multi-line values, UTF-8 named in `CHARSET`.
    case outlook
    /// RFC 6350: vCard 4.0.
    case rfc6350
    /// RFC 2426: vCard 3.0 as it is, for no client in particular (labels the TYPE values cannot say in
    /// Apple's `itemN.X-ABLabel` groups, which most 3.0 readers keep): how a 3.0 card is written back.
    case rfc2426

    var version: VCardVersion {
        switch self {
        case .ios, .android, .rfc2426: .v3_0
        case .outlook: .v2_1
        case .rfc6350: .v4_0
        }
    }

    /// The target that writes a version as it is (`2.1`, `3.0`, `4.0`), for writing a card back in the
    /// version it was read in; `nil` for another version.
    public init?(writingVersion version: String) {
        switch version.trimmingCharacters(in: .whitespaces) {
        case "2.1": self = .outlook
        case "3.0": self = .rfc2426
        case "4.0": self = .rfc6350
        default: return nil
        }
    }
}

/// Writes contacts as vCards for a target client, keeping what the reader carried along
/// (unknown properties, parameters, groups) so that reading the output gives the same contacts.
public struct VCardWriter: Sendable {
    /// The client written for.
    public let target: VCardTarget

    /// Creates a writer for a target.
    public init(target: VCardTarget = .rfc6350) {
        self.target = target
    }

    /// Writes the contacts as one vCard file (UTF-8, CRLF line ends).
    ///
    /// Cards do not depend on each other: every core writes its share, in runs of cards that are
    /// joined in order, so the bytes are the same as writing them one after another.
    public func write(_ contacts: [Contact]) -> Data {
        let run = 1024
        let runs = stride(from: 0, to: contacts.count, by: run).map { $0..<min(contacts.count, $0 + run) }
        let parts = parallelMap(runs, minimumPerWorker: 1, state: { () }) { [self] _, range -> [UInt8] in
            var out: [UInt8] = []
            out.reserveCapacity(range.count * 400)
            for index in range { append(contacts[index], to: &out) }
            return out
        }
        var data = Data(capacity: parts.reduce(0) { $0 + $1.count })
        for part in parts { data.append(contentsOf: part) }
        return data
    }

    /// The vCard of one contact.
    public func string(for contact: Contact) -> String {
        var out: [UInt8] = []
        append(contact, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Writing one card

    private var version: VCardVersion { target.version }

    private func append(_ contact: Contact, to out: inout [UInt8]) {
        var card = CardOutput(version: version, target: target, contact: contact)
        card.write(to: &out)
    }
}

/// One card being written.
struct CardOutput {
    let version: VCardVersion
    let target: VCardTarget
    let contact: Contact
    private var usedGroups: Set<String>
    private var labeledGroups: Set<String> = []
    private var nextGroup = 1
    /// The properties allowed once (RFC 6350) written so far.
    var once = OnceSeen()

    init(version: VCardVersion, target: VCardTarget, contact: Contact) {
        self.version = version
        self.target = target
        self.contact = contact
        var groups = Set<String>()
        for f in contact.fields { if let g = f.group { groups.insert(g.lowercased()) } }
        for a in contact.postalAddresses { if let g = a.group { groups.insert(g.lowercased()) } }
        for u in contact.unmappedProperties { if let g = u.group { groups.insert(g.lowercased()) } }
        for case .strings(let d) in contact.customProperties.values where d.first.map({ !$0.isEmpty }) ?? false {
            groups.insert(d[0].lowercased())
        }
        usedGroups = groups
    }

    mutating func write(to out: inout [UInt8]) {
        out.append(contentsOf: Array("BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\n".utf8))
        // One PRODID: the one app's the card came from, as it came; Ohana's for a card of its own or
        // a merge of cards several apps wrote.
        if VCardCardinality.keptProductID(contact.unmappedProperties) == nil {
            out.append(contentsOf: Array("PRODID:\(VCardCardinality.productID)\r\n".utf8))
            _ = once.repeats("PRODID", altID: nil)
        }
        for name in ["N", "UID"] { _ = once.repeats(name, altID: keptAltID(name)) }
        let c = contact
        // The suffix holds RFC 9554's surname2 and generation after `;` as the reader keeps them.
        let n = [c.familyName, c.givenName, c.middleName, c.namePrefix].map { nameList($0 ?? "") } + [nameLists(c.nameSuffix ?? "")]
        let altID = c.phoneticSystem != nil || c.phoneticScript != nil ? [PropertyParameter(name: "ALTID", values: ["1"])] : []
        // A name with a phonetic N beside it has RFC 9554's seven components, as the phonetic one has;
        // so has one with an N in another language (ALTID) beside it, as RFC 9555 converters write those.
        let localized = c.unmappedProperties.contains { $0.name.uppercased() == "N" && $0.parameters.contains { $0.name.uppercased() == "ALTID" } }
        let componentCount = altID.isEmpty && !localized ? 5 : 7
        if let ordered = orderedName(minimumCount: componentCount) {
            property("N", value: ordered.value, plain: ordered.plain, details: "N", parameters: altID + [ordered.parameter], to: &out)
        } else if version != .v4_0 || !n.joined().isEmpty || !altID.isEmpty {
            // N is required before 4.0 and optional in it (RFC 6350 section 6.2.2): an empty one is left out.
            let value = n.joined(separator: ";")
            let separators = zip(value, " " + value).filter { $0.0 == ";" && $0.1 != "\\" }.count
            let padding = String(repeating: ";", count: max(0, componentCount - 1 - separators))
            property("N", value: value + padding, plain: n.joined(), details: "N", parameters: altID, to: &out)
        }
        writePhoneticName(to: &out)
        writeFormattedName(to: &out)
        single("NICKNAME", c.nickname, to: &out)
        // In 4.0 the phonetic N (RFC 9554 section 4.6) holds them; older readers have Apple's properties.
        if version != .v4_0 || altID.isEmpty {
            single("X-PHONETIC-FIRST-NAME", c.phoneticGivenName, to: &out)
            single("X-PHONETIC-MIDDLE-NAME", c.phoneticMiddleName, to: &out)
            single("X-PHONETIC-LAST-NAME", c.phoneticFamilyName, to: &out)
        }
        if c.organization != nil || c.department != nil {
            var parts = [text(c.organization ?? "")]
            if let d = c.department { parts.append(components(d)) }
            property("ORG", value: parts.joined(separator: ";"), plain: (c.organization ?? "") + (c.department ?? ""), details: "ORG", to: &out)
        }
        single("TITLE", c.jobTitle, to: &out)
        for field in c.fields { write(field, to: &out) }
        for address in c.postalAddresses { write(address, to: &out) }
        if let b = c.birthday {
            _ = once.repeats("BDAY", altID: keptAltID("BDAY"))
            writeBirthday(b, to: &out)
        }
        single("NOTE", c.note, to: &out)
        if let photo = c.photo { writePhoto(photo, to: &out) }
        if !c.tags.isEmpty {
            let value = c.tags.map { version == .v2_1 ? text($0).replacingOccurrences(of: ",", with: "\\,") : text($0) }
                .joined(separator: ",")
            property("CATEGORIES", value: value, plain: c.tags.joined(), details: "CATEGORIES", to: &out)
        }
        property("UID", value: text(c.id.rawValue), plain: c.id.rawValue, details: "UID", to: &out)
        writeRFC9554(to: &out)
        writeUnmapped(to: &out)
        out.append(contentsOf: Array("END:VCARD\r\n".utf8))
    }

    // MARK: Values

    func text(_ s: String) -> String { VCardText.escape(s, version: version) }

    /// The last field of a structured value that the reader filled from several components joined
    /// with `;` (the units of `ORG`, `N`'s and `ADR`'s components after the fifth and seventh),
    /// written as those components again.
    func components(_ s: String) -> String { s.split(separator: ";", omittingEmptySubsequences: false).map { text(String($0)) }.joined(separator: ";") }

    private mutating func single(_ name: String, _ value: String?, to out: inout [UInt8]) {
        guard let value else { return }
        property(name, value: text(value), plain: value, details: name, to: &out)
    }

    func details(_ name: String) -> (group: String?, parameters: [PropertyParameter]) {
        guard case .strings(let d)? = contact.customProperties[VCardKeys.details(name)], let first = d.first else { return (nil, []) }
        return (first.isEmpty ? nil : first, d.dropFirst().compactMap(VCardParameters.decode))
    }

    /// Writes a property whose value is already escaped; `plain` is the unescaped text (to decide on
    /// quoted-printable and CHARSET in 2.1).
    func property(
        _ name: String, value: String, plain: String, details key: String? = nil,
        group: String? = nil, parameters: [PropertyParameter] = [], to out: inout [UInt8]
    ) {
        var group = group
        var parameters = parameters
        if let key {
            let d = details(key)
            group = group ?? d.group
            parameters += d.parameters
        }
        emit(group: group, name: name, parameters: parameters, value: value, plain: plain, to: &out)
    }

    func emit(
        group: String?, name: String, parameters: [PropertyParameter], value: String, plain: String,
        binary: Bool = false, to out: inout [UInt8]
    ) {
        var header = group.map { "\($0)." } ?? ""
        header += name
        let needsQP = version == .v2_1 && (plain.contains("\n") || plain.contains("\r"))
        let nonASCII = version == .v2_1 && !value.utf8.allSatisfy { $0 < 0x80 }
        for p in parameters {
            if version == .v2_1 && (p.name == "CHARSET" || (needsQP && p.name == "ENCODING")) { continue }
            header += parameterText(p)
        }
        if nonASCII { header += ";CHARSET=UTF-8" }
        if needsQP {
            header += ";ENCODING=QUOTED-PRINTABLE"
            VCardEscaping.quotedPrintableLine(prefix: header + ":", value: value, into: &out)
        } else {
            VCardEscaping.fold(header + ":" + value, into: &out)
            if binary, version == .v2_1 { out.append(contentsOf: [0x0D, 0x0A]) }
        }
    }

    private func parameterText(_ p: PropertyParameter) -> String {
        var values = p.values
        var name = p.name
        if name == "ENCODING" {
            values = values.map { v in
                let u = v.uppercased()
                if version == .v2_1, u == "B" { return "BASE64" }
                if version != .v2_1, u == "BASE64" { return "b" }
                return v
            }
        }
        if version == .v2_1, name == "TYPE" {
            return values.map { ";" + VCardEscaping.parameterValue($0, version: version) }.joined()
        }
        if target == .ios, name == "TYPE" {
            return values.map { ";type=" + VCardEscaping.parameterValue($0, version: version) }.joined()
        }
        if name.isEmpty { name = "X-UNNAMED" }
        if values.isEmpty { return ";\(name)=" }
        if name == "JSPTR" || name == "JSCOMPS" {  // RFC 9555 sections 3.3.1 and 3.3.2: always quoted
            return ";\(name)=" + values.map { v in
                let written = VCardEscaping.parameterValue(v, version: version)
                return written.hasPrefix("\"") ? written : "\"" + written + "\""
            }.joined(separator: ",")
        }
        return ";\(name)=" + values.map { VCardEscaping.parameterValue($0, version: version) }.joined(separator: ",")
    }

    // MARK: Fields and addresses

    private mutating func newGroup() -> String {
        while usedGroups.contains("item\(nextGroup)") { nextGroup += 1 }
        let g = "item\(nextGroup)"
        usedGroups.insert(g)
        return g
    }

    /// TYPE values and parameters for a label, preference and kept parameters; and whether an
    /// `X-ABLabel` line is needed.
    private func labelParameters(
        label: ContactFieldLabel?, preferred: Bool, kept: [PropertyParameter], isPhone: Bool, asApple: String? = nil
    ) -> (parameters: [PropertyParameter], appleLabel: String?) {
        let keptTypes = kept.filter { $0.name == "TYPE" }.flatMap(\.values)
        var tokens: [String] = []
        var appleLabel: String?
        if let asApple {
            appleLabel = asApple
        } else if let label {
            if let std = VCardLabels.types(for: label, isPhone: isPhone) {
                tokens = std
                let all = tokens + keptTypes
                if VCardLabels.label(fromTypes: all, isPhone: isPhone)?.0 != label { appleLabel = VCardLabels.appleLabel(for: label) }
            } else if target == .android, VCardLabels.label(fromTypes: keptTypes, isPhone: isPhone) == nil,
                !keptTypes.contains(where: { $0.uppercased().hasPrefix("X-") }),
                !label.rawValue.isEmpty, label.rawValue.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
            {
                tokens = ["X-" + label.rawValue]
            } else {
                appleLabel = VCardLabels.appleLabel(for: label)
            }
        }
        if version == .v4_0 { tokens = tokens.map { $0.lowercased() } }
        var seen = Set<String>()
        var types: [String] = []
        for t in tokens + keptTypes where seen.insert(t.uppercased()).inserted { types.append(t) }
        let hasPrefParameter = kept.contains { $0.name == "PREF" }
        if preferred, version != .v4_0 { types.append(target == .ios ? "pref" : "PREF") }
        var parameters: [PropertyParameter] = []
        if !types.isEmpty { parameters.append(PropertyParameter(name: "TYPE", values: types)) }
        if preferred, version == .v4_0, !hasPrefParameter { parameters.append(PropertyParameter(name: "PREF", values: ["1"])) }
        parameters += kept.filter { $0.name != "TYPE" }
        return (parameters, appleLabel)
    }

    mutating func writeLabeled(
        name: String, value: String, plain: String, label: ContactFieldLabel?, preferred: Bool,
        kept: [PropertyParameter], group: String?, isPhone: Bool, asApple: String? = nil, to out: inout [UInt8]
    ) {
        let (parameters, appleLabel) = labelParameters(
            label: label, preferred: preferred, kept: kept, isPhone: isPhone, asApple: asApple)
        var group = group
        if appleLabel != nil, group == nil { group = newGroup() }
        emit(group: group, name: name, parameters: parameters, value: value, plain: plain, to: &out)
        if let appleLabel, let g = group, labeledGroups.insert(g.lowercased()).inserted {
            emit(group: g, name: "X-ABLabel", parameters: [], value: text(appleLabel), plain: appleLabel, to: &out)
        }
    }

    private mutating func write(_ field: ContactField, to out: inout [UInt8]) {
        let canonical = switch field.type {
        case .phoneNumber: "TEL"
        case .emailAddress: "EMAIL"
        case .url: "URL"
        case .instantMessage: "IMPP"
        case .other: VCardKeys.otherFieldProperty
        }
        let name = field.customProperties[VCardKeys.property]?.stringValue ?? canonical
        var value = field.value
        var written: String?
        if field.type == .phoneNumber, field.parameters.contains(where: { $0.name == "VALUE" && $0.values.first?.lowercased() == "uri" }) {
            value = "tel:" + value
            // A URI is not TEXT: `;ext=` and `,` stay as they are (RFC 6350 section 4), unless the reader's unescaping would change it.
            if version != .v2_1, !value.contains(where: { $0 == "\\" || $0 == "\n" || $0 == "\r" }) { written = value }
        }
        // A label that came from an Apple group label goes back as one, in the 3.0 targets that keep
        // those groups, as long as it is still the label that group said.
        var asApple: String?
        if target == .ios || target == .rfc2426, let apple = field.customProperties[VCardKeys.appleLabel]?.stringValue,
           let label = field.label, VCardLabels.label(fromAppleLabel: apple) == label {
            asApple = apple
        }
        writeLabeled(
            name: name, value: written ?? text(value), plain: value, label: field.label, preferred: field.isPreferred,
            kept: field.parameters, group: field.group, isPhone: field.type == .phoneNumber, asApple: asApple, to: &out)
    }
}
