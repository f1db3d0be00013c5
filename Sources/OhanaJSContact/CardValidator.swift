import Foundation

/// What a member's value must be (RFC 9553 section 1.4: data types).
indirect enum MemberRule {
    case string, boolean, unsignedInt, utcDateTime, pref, trueMap, stringMap, patchMap, any
    case oneOf(Set<String>)
    case object(ObjectRule)
    case list(ObjectRule)
    case idMap(ObjectRule)
    case date
}

/// An object type: its `@type`, section, required members and known members.
struct ObjectRule {
    let type: String
    let section: String
    var required: [String] = []
    var members: [String: MemberRule] = [:]
    /// At least one of these must be present.
    var oneOfRequired: [String] = []
}

/// Rules of RFC 9553 (and RFC 9555's vCard members), by object type.
enum Rules {
    static let common: [String: MemberRule] = [
        "contexts": .trueMap, "pref": .pref, "label": .string,
        "vCardName": .string, "vCardParams": .stringMap, "vCardProps": .any,
    ]
    static func rule(_ type: String, _ section: String, required: [String] = [], oneOf: [String] = [],
                     _ members: [String: MemberRule]) -> ObjectRule {
        ObjectRule(type: type, section: section, required: required, members: common.merging(members) { _, new in new },
                   oneOfRequired: oneOf)
    }
    static let component = rule("NameComponent", "RFC 9553 section 2.2.1.2", required: ["kind", "value"],
                                ["kind": .string, "value": .string, "phonetic": .string])
    static let addressComponent = rule("AddressComponent", "RFC 9553 section 2.5.1.2", required: ["kind", "value"],
                                       ["kind": .string, "value": .string, "phonetic": .string])
    static let name = rule("Name", "RFC 9553 section 2.2.1", [
        "components": .list(component), "isOrdered": .boolean, "defaultSeparator": .string, "full": .string,
        "sortAs": .stringMap, "phoneticScript": .string, "phoneticSystem": .string])
    static let resource: [String: MemberRule] = ["uri": .string, "mediaType": .string, "kind": .string]
    static func resourceRule(_ type: String, _ section: String, kinds: Set<String>? = nil) -> ObjectRule {
        var members = resource
        if let kinds { members["kind"] = .oneOf(kinds) }
        return rule(type, section, required: kinds == nil ? ["uri"] : ["uri", "kind"], members.merging(["listAs": .unsignedInt]) { a, _ in a })
    }
    static let address = rule("Address", "RFC 9553 section 2.5.1", [
        "components": .list(addressComponent), "isOrdered": .boolean, "countryCode": .string, "coordinates": .string,
        "timeZone": .string, "full": .string, "defaultSeparator": .string, "phoneticScript": .string,
        "phoneticSystem": .string])
    static let card = ObjectRule(type: "Card", section: "RFC 9553 section 2", required: ["version"], members: [
        "@type": .string, "version": .string, "created": .utcDateTime, "kind": .string, "language": .string,
        "members": .trueMap, "prodId": .string, "relatedTo": .any, "uid": .string, "updated": .utcDateTime,
        "name": .object(name),
        "nicknames": .idMap(rule("Nickname", "RFC 9553 section 2.2.2", required: ["name"], ["name": .string])),
        "organizations": .idMap(rule("Organization", "RFC 9553 section 2.2.3", oneOf: ["name", "units"], [
            "name": .string, "sortAs": .string,
            "units": .list(rule("OrgUnit", "RFC 9553 section 2.2.3", required: ["name"], ["name": .string, "sortAs": .string]))])),
        "speakToAs": .object(rule("SpeakToAs", "RFC 9553 section 2.2.4", [
            "grammaticalGender": .oneOf(["animate", "common", "feminine", "inanimate", "masculine", "neuter"]),
            "pronouns": .idMap(rule("Pronouns", "RFC 9553 section 2.2.4", required: ["pronouns"], ["pronouns": .string]))])),
        "titles": .idMap(rule("Title", "RFC 9553 section 2.2.5", required: ["name"], [
            "name": .string, "kind": .oneOf(["title", "role"]), "organizationId": .string])),
        "emails": .idMap(rule("EmailAddress", "RFC 9553 section 2.3.1", required: ["address"], ["address": .string])),
        "onlineServices": .idMap(rule("OnlineService", "RFC 9553 section 2.3.2", oneOf: ["uri", "user"], [
            "service": .string, "uri": .string, "user": .string])),
        "phones": .idMap(rule("Phone", "RFC 9553 section 2.3.3", required: ["number"], ["number": .string, "features": .trueMap])),
        "preferredLanguages": .idMap(rule("LanguagePref", "RFC 9553 section 2.3.4", required: ["language"], ["language": .string])),
        "calendars": .idMap(resourceRule("Calendar", "RFC 9553 section 2.4.1", kinds: ["calendar", "freeBusy"])),
        "schedulingAddresses": .idMap(rule("SchedulingAddress", "RFC 9553 section 2.4.2", required: ["uri"], ["uri": .string])),
        "addresses": .idMap(address),
        "cryptoKeys": .idMap(resourceRule("CryptoKey", "RFC 9553 section 2.6.1")),
        "directories": .idMap(resourceRule("Directory", "RFC 9553 section 2.6.2", kinds: ["directory", "entry"])),
        "links": .idMap(resourceRule("Link", "RFC 9553 section 2.6.3")),
        "media": .idMap(resourceRule("Media", "RFC 9553 section 2.6.4", kinds: ["photo", "sound", "logo"])),
        "localizations": .patchMap,
        "anniversaries": .idMap(rule("Anniversary", "RFC 9553 section 2.8.1", required: ["kind", "date"], [
            "kind": .string, "date": .date, "place": .object(address)])),
        "keywords": .trueMap,
        "notes": .idMap(rule("Note", "RFC 9553 section 2.8.3", required: ["note"], [
            "note": .string, "created": .utcDateTime, "author": .any])),
        "personalInfo": .idMap(rule("PersonalInfo", "RFC 9553 section 2.8.4", required: ["kind", "value"], [
            "kind": .string, "value": .string, "level": .oneOf(["high", "medium", "low"]), "listAs": .unsignedInt])),
        "vCardProps": .any,
    ])
}

/// Walks a card and collects every rule it breaks.
struct CardValidator {
    private(set) var errors: [JSContactValidationError] = []

    mutating func fail(_ path: [String], _ rule: String, _ section: String) {
        errors.append(JSContactValidationError(path: JSONPointer.path(path), rule: rule, section: section))
    }

    mutating func validateCard(_ value: JSONValue, path: String) {
        let base = path.isEmpty ? [] : JSONPointer.tokens(path)
        guard let members = value.object else {
            fail(base, "a card must be a JSON object, not \(value.typeName)", "RFC 9553 section 2")
            return
        }
        if members["@type"]?.string != "Card" {
            fail(base + ["@type"], "@type must be \"Card\"", "RFC 9553 section 2.1.1")
        }
        if let version = members["version"]?.string, !Card.knownVersions.contains(version) {
            fail(base + ["version"], "version must be \"1.0\" or \"2.0\", not \"\(version)\"", "RFC 9553 section 2.1.2")
        }
        if members["uid"] == nil, members["version"]?.string != "2.0" {
            fail(base + ["uid"], "uid is required in JSContact version 1.0 (optional from 2.0)", "RFC 9553 section 2.1.9, RFC 9982")
        }
        check(object: members, rule: Rules.card, path: base)
    }

    mutating func check(object members: [String: JSONValue], rule: ObjectRule, path: [String]) {
        if let type = members["@type"], type.string != rule.type, rule.type != "Card" {
            fail(path + ["@type"], "@type must be \"\(rule.type)\"", rule.section)
        }
        for name in rule.required where members[name] == nil {
            fail(path + [name], "\(rule.type) requires \(name)", rule.section)
        }
        if !rule.oneOfRequired.isEmpty, !rule.oneOfRequired.contains(where: { members[$0] != nil }) {
            fail(path, "\(rule.type) requires one of \(rule.oneOfRequired.joined(separator: ", "))", rule.section)
        }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            // Unknown members are kept by the reader; only names neither registered nor vendor-specific are errors.
            guard let memberRule = rule.members[name] else { checkUnknown(name, in: rule, path: path); continue }
            check(value, memberRule, path: path + [name], section: rule.section)
        }
    }

    mutating func check(_ value: JSONValue, _ rule: MemberRule, path: [String], section: String) {
        switch rule {
        case .any: return
        case .string:
            if value.string == nil { fail(path, "must be a String, not \(value.typeName)", section) }
        case .boolean:
            if value.bool == nil { fail(path, "must be a Boolean, not \(value.typeName)", section) }
        case .unsignedInt:
            if (value.integer ?? -1) < 0 { fail(path, "must be an UnsignedInt", "RFC 9553 section 1.4.2") }
        case .pref:
            if !(1...100).contains(value.integer ?? 0) { fail(path, "pref must be a number from 1 to 100", "RFC 9553 section 1.5.3") }
        case .utcDateTime:
            if !Self.isUTCDateTime(value.string) {
                fail(path, "must be a UTCDateTime such as 2024-05-01T12:00:00Z", "RFC 9553 section 1.4.5")
            }
        case .oneOf(let allowed):
            if let s = value.string {
                if !allowed.contains(s), !s.contains(":") {
                    fail(path, "must be one of \(allowed.sorted().joined(separator: ", ")), not \"\(s)\"", section)
                }
            } else { fail(path, "must be a String, not \(value.typeName)", section) }
        case .trueMap, .stringMap, .patchMap:
            guard let map = value.object else { return fail(path, "must be an object, not \(value.typeName)", section) }
            for (key, v) in map.sorted(by: { $0.key < $1.key }) {
                switch rule {
                case .trueMap where v != .bool(true): fail(path + [key], "the value must be true", Self.trueMapSections[path.last ?? ""] ?? section)
                case .stringMap where v.string == nil && v.array == nil: fail(path + [key], "must be a String", section)
                case .patchMap where v.object == nil: fail(path + [key], "must be a PatchObject", "RFC 9553 section 1.4.3")
                case .patchMap: checkPatches(v.object ?? [:], path: path + [key])
                default: break
                }
            }
        case .object(let objectRule):
            guard let members = value.object else { return fail(path, "must be a \(objectRule.type) object, not \(value.typeName)", objectRule.section) }
            check(object: members, rule: objectRule, path: path)
        case .list(let objectRule):
            guard let elements = value.array else { return fail(path, "must be an array of \(objectRule.type), not \(value.typeName)", objectRule.section) }
            for (i, element) in elements.enumerated() { check(element, .object(objectRule), path: path + [String(i)], section: section) }
        case .idMap(let objectRule):
            guard let map = value.object else { return fail(path, "must be an object of Id to \(objectRule.type), not \(value.typeName)", objectRule.section) }
            for (key, element) in map.sorted(by: { $0.key < $1.key }) {
                if !Self.isID(key) { fail(path + [key], "an Id must be 1 to 255 letters, digits, '-' or '_'", "RFC 9553 section 1.4.1") }
                check(element, .object(objectRule), path: path + [key], section: section)
            }
        case .date:
            guard let members = value.object else { return fail(path, "must be a PartialDate or Timestamp object", "RFC 9553 section 2.8.1") }
            if members["@type"]?.string == "Timestamp" {
                if !Self.isUTCDateTime(members["utc"]?.string) { fail(path + ["utc"], "must be a UTCDateTime", "RFC 9553 section 2.8.1") }
            } else {
                for key in ["year", "month", "day"] where members[key] != nil && (members[key]?.integer ?? 0) < 1 {
                    fail(path + [key], "must be a positive number", "RFC 9553 section 2.8.1")
                }
                if let m = members["month"]?.integer, m > 12 { fail(path + ["month"], "must be 1 to 12", "RFC 9553 section 2.8.1") }
                if let d = members["day"]?.integer, d > 31 { fail(path + ["day"], "must be 1 to 31", "RFC 9553 section 2.8.1") }
            }
        }
    }

    /// The sections that say a set's values must be `true`, by member.
    static let trueMapSections = [
        "members": "RFC 9553 section 2.1.6", "relation": "RFC 9553 section 2.1.8", "features": "RFC 9553 section 2.3.3",
        "keywords": "RFC 9553 section 2.8.2",
    ]

    /// `Id`: 1 to 255 characters of the base64url alphabet (RFC 9553 section 1.4.1).
    static func isID(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 255 && s.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
        }
    }

    /// `UTCDateTime`: `YYYY-MM-DDThh:mm:ss[.fff]Z` with upper-case T and Z.
    static func isUTCDateTime(_ s: String?) -> Bool {
        guard let s, s.hasSuffix("Z") else { return false }
        let chars = Array(s.utf8)
        guard chars.count >= 20 else { return false }
        let digitsAt = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digitsAt.allSatisfy({ (0x30...0x39).contains(chars[$0]) }),
            chars[4] == 0x2D, chars[7] == 0x2D, chars[10] == 0x54, chars[13] == 0x3A, chars[16] == 0x3A
        else { return false }
        if chars.count == 20 { return true }
        return chars[19] == 0x2E && chars.count > 21 && chars[20..<(chars.count - 1)].allSatisfy { (0x30...0x39).contains($0) }
    }
}
