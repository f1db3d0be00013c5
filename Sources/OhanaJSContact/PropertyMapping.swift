import Foundation
import Ohana
import OhanaVCard

/// vCard properties the model keeps as unmapped properties that JSContact has an Id map for
/// (RFC 9555 sections 2.4 to 2.13): converted both ways by one table.
struct PropertyRule {
    /// The vCard property name.
    let vcard: String
    /// The JSContact member holding the Id map.
    let map: String
    /// The prefix of generated ids.
    let prefix: String
    /// Members every entry of this property has (`kind`).
    let fixed: [String: JSONValue]
    /// The member holding the property's value.
    let valueMember: String
    /// Whether the value is TEXT (escaped in vCard) rather than a URI.
    var isText = false

    static let all: [PropertyRule] = [
        .init(vcard: "CALADRURI", map: "schedulingAddresses", prefix: "SCHEDULING", fixed: [:], valueMember: "uri"),
        .init(vcard: "CALURI", map: "calendars", prefix: "CAL", fixed: ["kind": "calendar"], valueMember: "uri"),
        .init(vcard: "FBURL", map: "calendars", prefix: "FBURL", fixed: ["kind": "freeBusy"], valueMember: "uri"),
        .init(vcard: "KEY", map: "cryptoKeys", prefix: "KEY", fixed: [:], valueMember: "uri"),
        .init(vcard: "PHOTO", map: "media", prefix: "PHOTO", fixed: ["kind": "photo"], valueMember: "uri"),
        .init(vcard: "LOGO", map: "media", prefix: "LOGO", fixed: ["kind": "logo"], valueMember: "uri"),
        .init(vcard: "SOUND", map: "media", prefix: "SOUND", fixed: ["kind": "sound"], valueMember: "uri"),
        .init(vcard: "SOURCE", map: "directories", prefix: "ENTRY", fixed: ["kind": "entry"], valueMember: "uri"),
        .init(vcard: "ORG-DIRECTORY", map: "directories", prefix: "DIRECTORY", fixed: ["kind": "directory"], valueMember: "uri"),
        .init(vcard: "CONTACT-URI", map: "links", prefix: "CONTACT", fixed: ["kind": "contact"], valueMember: "uri"),
        .init(vcard: "LANG", map: "preferredLanguages", prefix: "LANG", fixed: [:], valueMember: "language"),
        .init(vcard: "EXPERTISE", map: "personalInfo", prefix: "PERSINFO", fixed: ["kind": "expertise"], valueMember: "value", isText: true),
        .init(vcard: "HOBBY", map: "personalInfo", prefix: "PERSINFO", fixed: ["kind": "hobby"], valueMember: "value", isText: true),
        .init(vcard: "INTEREST", map: "personalInfo", prefix: "PERSINFO", fixed: ["kind": "interest"], valueMember: "value", isText: true),
        // Nicknames and notes besides the contact's own (RFC 9555 sections 2.5.6 and 2.11.4).
        .init(vcard: "NICKNAME", map: "nicknames", prefix: "NICK", fixed: [:], valueMember: "name", isText: true),
        .init(vcard: "NOTE", map: "notes", prefix: "NOTE", fixed: [:], valueMember: "note", isText: true),
    ]

    /// Whether the rule's map also holds the contact's own value (its nickname, its note), which
    /// is numbered first.
    var sharesMapWithContact: Bool { vcard == "NICKNAME" || vcard == "NOTE" }

    /// EXPERTISE's levels in JSContact's words (RFC 9555 section 2.10.1).
    static let expertiseLevels = ["beginner": "low", "average": "medium", "expert": "high"]

    /// The entry for an unmapped property, or nil when it has a group or a parameter without a member.
    func entry(_ u: UnmappedProperty) -> [String: JSONValue]? {
        // Embedded photos are the contact's photo; only linked ones are unmapped properties.
        if vcard == "PHOTO", u.value.lowercased().hasPrefix("data:") || u.parameters.contains(where: { $0.name.uppercased() == "ENCODING" }) {
            return nil
        }
        var json = fixed
        json[valueMember] = .string(isText ? VCardText.unescape(u.value) : u.value)
        var rest: [PropertyParameter] = []
        for p in u.parameters {
            let one = p.values.count == 1 ? p.values[0] : nil
            switch p.name.uppercased() {
            case "PREF" where one.flatMap({ Int($0) }) != nil && json["pref"] == nil: json["pref"] = .integer(Int(one!)!)
            case "MEDIATYPE" where one != nil && json["mediaType"] == nil: json["mediaType"] = .string(one!)
            case "INDEX" where one.flatMap({ Int($0) }) != nil && json["listAs"] == nil: json["listAs"] = .integer(Int(one!)!)
            case "LEVEL" where one != nil && json["level"] == nil:
                json["level"] = .string(vcard == "EXPERTISE" ? Self.expertiseLevels[one!.lowercased()] ?? one! : one!.lowercased())
            // The property's default value type says nothing JSContact does not (RFC 9555 section 2.3).
            case "VALUE" where one?.lowercased() == defaultValueType: break
            case "TYPE" where json["contexts"] == nil && p.values.allSatisfy({ ["home", "work"].contains($0.lowercased()) }):
                json["contexts"] = LabelMapping.trueMap(p.values.map { $0.lowercased() == "home" ? "private" : "work" })
            default: rest.append(p)
            }
        }
        let params = VCardNames.object(rest.removing(["PROP-ID"]), group: u.group)
        if !params.isEmpty { json["vCardParams"] = .object(params) }
        return json
    }

    /// The value type the property has without a VALUE parameter (RFC 6350, RFC 9554).
    var defaultValueType: String { isText ? "text" : vcard == "LANG" ? "language-tag" : "uri" }

    /// Whether an entry of the map belongs to this property.
    func matches(_ json: [String: JSONValue]) -> Bool {
        fixed.allSatisfy { json[$0.key] == $0.value } && json[valueMember]?.string != nil
            && !(vcard == "PHOTO" && json[valueMember]?.string?.lowercased().hasPrefix("data:") == true)
            && (fixed["kind"] != nil || json["kind"] == nil)
    }

    /// The unmapped property for an entry.
    func property(_ json: [String: JSONValue], id: String, index: Int) -> UnmappedProperty {
        var parameters: [PropertyParameter] = []
        if let contexts = json["contexts"]?.object {
            parameters.append(PropertyParameter(name: "TYPE", values: contexts.keys.sorted().map { $0 == "private" ? "home" : $0 }))
        }
        if let pref = json["pref"]?.integer { parameters.append(PropertyParameter(name: "PREF", values: [String(pref)])) }
        if let m = json["mediaType"]?.string { parameters.append(PropertyParameter(name: "MEDIATYPE", values: [m])) }
        if let i = json["listAs"]?.integer { parameters.append(PropertyParameter(name: "INDEX", values: [String(i)])) }
        if let level = json["level"]?.string {
            let word = vcard == "EXPERTISE" ? Self.expertiseLevels.first(where: { $0.value == level })?.key ?? level : level
            parameters.append(PropertyParameter(name: "LEVEL", values: [word]))
        }
        var (rest, group) = VCardNames.parameters(json["vCardParams"]?.object ?? [:])
        if json["label"] != nil, group == nil { group = GroupLabels.group(forID: id) }
        parameters += rest
        // PROP-ID first, where the vCard reader keeps it.
        if id != "\(prefix)-\(index)" { parameters.insert(PropertyParameter(name: "PROP-ID", values: [id]), at: 0) }
        let value = json[valueMember]?.string ?? ""
        return UnmappedProperty(group: group, name: vcard, parameters: parameters, value: isText ? VCardText.escape(value) : value)
    }

    /// The members an entry of this property may have.
    var members: Set<String> {
        Set(fixed.keys).union([valueMember, "pref", "mediaType", "listAs", "level", "contexts", "label", "vCardParams"])
    }
}
