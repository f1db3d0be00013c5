import Foundation
import Ohana

/// A contact's name as a JSContact `Name` (RFC 9553 section 2.2.1, RFC 9555 section 2.5.5), and back.
enum NameMapping {
    static func component(_ c: NameOrAddressComponent) -> JSONValue {
        var json: [String: JSONValue] = ["kind": .string(c.kind), "value": .string(c.value)]
        if let p = c.phonetic { json["phonetic"] = .string(p) }
        return .object(json)
    }

    static func component(from json: JSONValue) -> NameOrAddressComponent? {
        guard let kind = json["kind"]?.string, let value = json["value"]?.string else { return nil }
        return NameOrAddressComponent(kind: kind, value: value, phonetic: json["phonetic"]?.string)
    }

    /// The name fields as components in vCard N order, phonetics attached.
    static func flatComponents(_ c: Contact) -> [NameOrAddressComponent] {
        var parts: [NameOrAddressComponent] = []
        if let v = c.namePrefix { parts.append(.init(kind: "title", value: v)) }
        if let v = c.givenName { parts.append(.init(kind: "given", value: v, phonetic: c.phoneticGivenName)) }
        if let v = c.middleName { parts.append(.init(kind: "given2", value: v, phonetic: c.phoneticMiddleName)) }
        if let v = c.familyName { parts.append(.init(kind: "surname", value: v, phonetic: c.phoneticFamilyName)) }
        if let v = c.nameSuffix { parts.append(.init(kind: "credential", value: v)) }
        return parts
    }

    static func encode(_ c: Contact) -> JSONValue? {
        var json: [String: JSONValue] = [:]
        let flat = flatComponents(c)
        let ordered = !c.nameComponents.isEmpty && agrees(c.nameComponents, with: c)
        let components = ordered ? c.nameComponents : flat
        if !components.isEmpty { json["components"] = .array(components.map(component)) }
        if ordered { json["isOrdered"] = true }
        if let full = c.formattedName { json["full"] = .string(full) }
        if let s = c.phoneticSystem { json["phoneticSystem"] = .string(s) }
        if let s = c.phoneticScript { json["phoneticScript"] = .string(s) }
        // A phonetic spelling without the part it spells has no JSContact place; it goes as a vendor member.
        var orphans: [String: JSONValue] = [:]
        if c.givenName == nil, let p = c.phoneticGivenName { orphans["given"] = .string(p) }
        if c.middleName == nil, let p = c.phoneticMiddleName { orphans["given2"] = .string(p) }
        if c.familyName == nil, let p = c.phoneticFamilyName { orphans["surname"] = .string(p) }
        if !orphans.isEmpty { json[Vendor.prefix + "phonetic"] = .object(orphans) }
        return json.isEmpty ? nil : .object(json)
    }

    /// Whether ordered components give exactly the contact's name fields.
    static func agrees(_ components: [NameOrAddressComponent], with c: Contact) -> Bool {
        var copy = c
        copy.nameComponents = components
        return copy.nameComponentsAgree
    }

    /// Fills the contact's name fields from a `Name`; the parts that have no field are returned.
    static func decode(_ json: JSONValue, into c: inout Contact) {
        let components = (json["components"]?.array ?? []).compactMap(component(from:))
        c.setName(fromComponents: components)
        if json["isOrdered"]?.bool != true { c.nameComponents = [] }
        c.formattedName = json["full"]?.string
        c.phoneticSystem = json["phoneticSystem"]?.string
        c.phoneticScript = json["phoneticScript"]?.string
        if let orphans = json[Vendor.prefix + "phonetic"] {
            if let p = orphans["given"]?.string { c.phoneticGivenName = p }
            if let p = orphans["given2"]?.string { c.phoneticMiddleName = p }
            if let p = orphans["surname"]?.string { c.phoneticFamilyName = p }
        }
        // Without components, the full name is all there is; it stays the formatted name.
    }
}
