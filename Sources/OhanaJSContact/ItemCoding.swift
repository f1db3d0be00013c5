import Foundation
import Ohana

/// One contact field as a JSContact `Phone`, `EmailAddress`, `Link` or `OnlineService`, and back.
enum FieldCoding {
    static func encode(_ field: ContactField, kind: FieldKind) -> [String: JSONValue] {
        var json: [String: JSONValue] = [:]
        let vcardName = field.customProperties[VCardKeysMirror.property]?.stringValue
        var member = kind.valueMember
        if kind == .onlineServices, vcardName != nil { member = "user" }
        var parameters = field.parameters.removing(["PROP-ID", "PREF"])
        if kind == .phones, let i = parameters.firstIndex(where: { $0.name == "VALUE" && $0.values.map { $0.lowercased() } == ["uri"] }) {
            json[member] = .string("tel:" + field.value)  // RFC 9555 section 2.7.6: the number as a tel URI
            parameters.remove(at: i)
        } else {
            json[member] = .string(field.value)
        }
        if let vcardName { json["vCardName"] = .string(VCardNames.json(vcardName)) }
        else if kind == .onlineServices { json["vCardName"] = "impp" }
        var (contexts, features, label) = LabelMapping.encode(field.label, isPhone: kind == .phones)
        if kind == .phones, let i = parameters.firstIndex(where: { $0.name == "TYPE" }) {
            let (known, rest) = parameters[i].values.partitioned { LabelMapping.phoneFeatures.contains($0.lowercased()) }
            features += known.map { $0.lowercased() }  // TYPE values are case-insensitive (RFC 6350 section 5.6)
            if rest.isEmpty { parameters.remove(at: i) } else { parameters[i].values = rest }
        }
        // TYPE=work or home beside a label that says something else (a work cell phone): contexts.
        if let i = parameters.firstIndex(where: { $0.name.uppercased() == "TYPE" }) {
            let (known, rest) = parameters[i].values.partitioned { LabelMapping.typeContexts[$0.lowercased()] != nil }
            contexts += known.compactMap { LabelMapping.typeContexts[$0.lowercased()] }.filter { !contexts.contains($0) }
            if rest.isEmpty { parameters.remove(at: i) } else { parameters[i].values = rest }
        }
        if let c = LabelMapping.trueMap(contexts) { json["contexts"] = c }
        if let f = LabelMapping.trueMap(features) { json["features"] = f }
        if let label { json["label"] = .string(label) }
        if field.isPreferred { json["pref"] = .integer(Int(field.parameters.first("PREF") ?? "1") ?? 1) }
        let params = VCardNames.object(parameters, group: field.group)
        if !params.isEmpty { json["vCardParams"] = .object(params) }
        var custom = field.customProperties
        custom[VCardKeysMirror.property] = nil
        if !custom.isEmpty { json[Vendor.customProperties] = Vendor.encode(custom) }
        if let details = field.phoneNumber { json[Vendor.prefix + "phoneNumber"] = Vendor.encode(details) }
        return json
    }

    static func decode(_ json: [String: JSONValue], kind: FieldKind, id: String, index: Int) -> ContactField {
        if let exact = Vendor.decode(ContactField.self, from: json[Vendor.exact]) { return exact }
        var value = json[kind.valueMember]?.string ?? json["user"]?.string ?? json["uri"]?.string ?? ""
        let contexts = Set(json["contexts"]?.object?.keys ?? [:].keys)
        let features = Set(json["features"]?.object?.keys ?? [:].keys)
        let (label, restFeatures) = LabelMapping.decode(contexts: contexts, features: features, label: json["label"]?.string)
        var (parameters, group) = VCardNames.parameters(json["vCardParams"]?.object ?? [:])
        // Contexts the label does not say are TYPE values (first, as vCards write them).
        let said = Set(LabelMapping.encode(label, isPhone: kind == .phones).contexts)
        let types = LabelMapping.typeContexts.filter { contexts.contains($0.value) && !said.contains($0.value) }.map(\.key).sorted()
        if !types.isEmpty {
            if let i = parameters.firstIndex(where: { $0.name == "TYPE" }) { parameters[i].values = types + parameters[i].values }
            else { parameters.insert(PropertyParameter(name: "TYPE", values: types), at: 0) }
        }
        if !restFeatures.isEmpty {
            let extra = restFeatures.sorted()
            if let i = parameters.firstIndex(where: { $0.name == "TYPE" }) { parameters[i].values = extra + parameters[i].values }
            else { parameters.insert(PropertyParameter(name: "TYPE", values: extra), at: 0) }
        }
        if kind == .phones, value.lowercased().hasPrefix("tel:") {
            value = String(value.dropFirst(4))
            parameters.append(PropertyParameter(name: "VALUE", values: ["uri"]))
        }
        let pref = json["pref"]?.integer
        if let pref, pref != 1 { parameters.append(PropertyParameter(name: "PREF", values: [String(pref)])) }
        if id != "\(kind.idPrefix)-\(index)" {
            // After TYPE, where vCards usually have it.
            let at = parameters.first?.name == "TYPE" ? 1 : 0
            parameters.insert(PropertyParameter(name: "PROP-ID", values: [id]), at: at)
        }
        var field = ContactField(type: kind.type, label: label, value: value, isPreferred: pref != nil, parameters: parameters, group: group)
        field.customProperties = Vendor.decode([String: CustomValue].self, from: json[Vendor.customProperties]) ?? [:]
        if let name = json["vCardName"]?.string, !(kind == .onlineServices && name == "impp") {
            field.customProperties[VCardKeysMirror.property] = .string(VCardNames.vcard(name))
        }
        field.phoneNumber = Vendor.decode(PhoneNumberDetails.self, from: json[Vendor.prefix + "phoneNumber"])
        return field
    }
}

/// A social profile as a JSContact `OnlineService` without `vCardName` (RFC 9555 section 2.7.5), and back.
enum SocialCoding {
    static func decode(_ json: [String: JSONValue], id: String, index: Int) -> SocialProfile {
        if let exact = Vendor.decode(SocialProfile.self, from: json[Vendor.exact]) { return exact }
        let uri = json["uri"]?.string
        var (parameters, group) = VCardNames.parameters(json["vCardParams"]?.object ?? [:])
        if id != "OS-\(index)" { parameters.append(PropertyParameter(name: "PROP-ID", values: [id])) }
        // The label is the group's X-ABLabel (RFC 9555 section 2.11.11), which CardReader.unmapped writes.
        if json["label"] != nil, group == nil { group = GroupLabels.group(forID: id) }
        return SocialProfile(
            value: uri ?? json["user"]?.string ?? "", isUsername: uri == nil, service: json["service"]?.string,
            username: uri == nil ? nil : json["user"]?.string, label: nil, preference: json["pref"]?.integer,
            parameters: parameters, group: group)
    }
}

/// A postal address as a JSContact `Address` with components (RFC 9555 section 2.6.1), and back.
enum AddressCoding {
    /// The model's address fields and their component kinds, in vCard ADR order.
    static func flatComponents(_ a: PostalAddress) -> [NameOrAddressComponent] {
        var parts: [NameOrAddressComponent] = []
        if let v = a.poBox { parts.append(.init(kind: "postOfficeBox", value: v)) }
        if let v = a.extendedAddress { parts.append(.init(kind: "apartment", value: v)) }
        for line in a.street { parts.append(.init(kind: "name", value: line)) }
        if let v = a.city { parts.append(.init(kind: "locality", value: v)) }
        if let v = a.region { parts.append(.init(kind: "region", value: v)) }
        if let v = a.postalCode { parts.append(.init(kind: "postcode", value: v)) }
        if let v = a.country { parts.append(.init(kind: "country", value: v)) }
        return parts
    }

    static func encode(_ a: PostalAddress) -> [String: JSONValue] {
        var json: [String: JSONValue] = [:]
        let flat = flatComponents(a)
        let ordered = !a.components.isEmpty && agrees(a.components, with: a)
        let components = ordered ? a.components : rfc9554Components(a) ?? flat
        if !components.isEmpty { json["components"] = .array(components.map(NameMapping.component)) }
        if ordered { json["isOrdered"] = true }
        if let cc = a.isoCountryCode ?? a.parameters.first("CC") { json["countryCode"] = .string(cc) }
        var (contexts, _, label) = LabelMapping.encode(a.label, isPhone: false)
        var rest = a.parameters.removing(["PROP-ID", "PREF", "CC"])
        // JSCOMPS's default separator, which the vCard reader keeps as a parameter of its own (`s,…`).
        if ordered, let i = rest.firstIndex(where: { $0.name == "JSCOMPS" && $0.values.count == 1 }),
            let separator = DefaultSeparator.decode(rest[i].values[0])
        {
            json["defaultSeparator"] = .string(separator)
            rest.remove(at: i)
        }
        // ADR's LABEL, GEO and TZ parameters and its billing and delivery types (RFC 9555 sections 2.6.1 to 2.6.3).
        // A TZ that is not a time zone name nor an offset of whole hours stays a parameter.
        for (parameter, member) in Self.parameterMembers {
            guard let i = rest.firstIndex(where: { $0.name.uppercased() == parameter && $0.values.count == 1 }) else { continue }
            let value = rest[i].values[0]
            let converted = parameter == "TZ" ? AddressPlace.timeZone(fromVCard: value) : parameter == "GEO" ? AddressPlace.coordinates(fromVCard: value) : value
            guard let converted else { continue }
            json[member] = .string(converted)
            rest.remove(at: i)
        }
        if let i = rest.firstIndex(where: { $0.name.uppercased() == "TYPE" }) {
            let (known, others) = rest[i].values.partitioned { Self.typeContexts.contains($0.lowercased()) }
            contexts += known.map { $0.lowercased() }
            if others.isEmpty { rest.remove(at: i) } else { rest[i].values = others }
        }
        if let c = LabelMapping.trueMap(contexts) { json["contexts"] = c }
        if let label { json["label"] = .string(label) }
        if a.isPreferred { json["pref"] = .integer(Int(a.parameters.first("PREF") ?? "1") ?? 1) }
        let params = VCardNames.object(rest, group: a.group)
        if !params.isEmpty { json["vCardParams"] = .object(params) }
        return json
    }

    /// ADR parameters with an `Address` member of their own: the label as the full address, the
    /// coordinates, the time zone.
    static let parameterMembers = [("LABEL", "full"), ("GEO", "coordinates"), ("TZ", "timeZone")]
    /// TYPE values that are `Address` contexts besides home and work.
    static let typeContexts: Set<String> = ["billing", "delivery"]

    /// Whether ordered components give exactly the address's fields.
    static func agrees(_ components: [NameOrAddressComponent], with a: PostalAddress) -> Bool {
        var copy = a
        copy.components = components
        return copy.componentsAgree
    }

    static func decode(_ json: [String: JSONValue], id: String, index: Int) -> PostalAddress {
        if let exact = Vendor.decode(PostalAddress.self, from: json[Vendor.exact]) { return exact }
        let components = (json["components"]?.array ?? []).compactMap(NameMapping.component(from:))
        var a = PostalAddress()
        if json["isOrdered"]?.bool == true || !setFields(fromRFC9554: components, of: &a) {
            a.setFields(fromComponents: components)
            if json["isOrdered"]?.bool != true { a.components = [] }
        }
        if components.isEmpty, let full = json["full"]?.string { a.street = full.components(separatedBy: "\n") }
        a.isoCountryCode = json["countryCode"]?.string
        let contexts = Set(json["contexts"]?.object?.keys ?? [:].keys)
        a.label = LabelMapping.decode(contexts: contexts, features: [], label: json["label"]?.string).0
        var (parameters, group) = VCardNames.parameters(json["vCardParams"]?.object ?? [:])
        let typeContexts = contexts.filter(typeContexts.contains).sorted()
        if !typeContexts.isEmpty {
            if let i = parameters.firstIndex(where: { $0.name == "TYPE" }) { parameters[i].values += typeContexts }
            else { parameters.insert(PropertyParameter(name: "TYPE", values: typeContexts), at: 0) }
        }
        for (parameter, member) in parameterMembers where member != "full" || !components.isEmpty {
            if let value = json[member]?.string { parameters.append(PropertyParameter(name: parameter, values: [value])) }
        }
        if let pref = json["pref"]?.integer {
            a.isPreferred = true
            if pref != 1 { parameters.append(PropertyParameter(name: "PREF", values: [String(pref)])) }
        }
        if id != "ADDR-\(index)" { parameters.append(PropertyParameter(name: "PROP-ID", values: [id])) }
        if json["isOrdered"]?.bool == true, let separator = json["defaultSeparator"]?.string {
            // Last, where the vCard writer puts JSCOMPS and the reader keeps it.
            parameters.append(PropertyParameter(name: "JSCOMPS", values: [DefaultSeparator.encode(separator)]))
        }
        a.parameters = parameters
        a.group = group
        return a
    }
}

/// The key under which the vCard reader keeps a field's own property name (`X-AIM`...); mirrors
/// OhanaVCard's, which is internal to that module.
enum VCardKeysMirror {
    static let property = "vcard.property"
}

extension Array {
    /// The elements that satisfy a predicate, and the rest, each in order.
    func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = [], no: [Element] = []
        for e in self { if belongs(e) { yes.append(e) } else { no.append(e) } }
        return (yes, no)
    }
}

/// An address's `defaultSeparator` as the vCard reader keeps it: a `JSCOMPS` parameter holding only
/// JSCOMPS's first entry, `s,` and the separator with `\`, `,` and `;` escaped (RFC 9555 section 3.3.1).
enum DefaultSeparator {
    static func encode(_ separator: String) -> String {
        "s," + separator.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: ";", with: "\\;")
    }

    /// The separator, or nil when the value is not one such entry.
    static func decode(_ value: String) -> String? {
        guard value.hasPrefix("s,") else { return nil }
        var result = "", escaped = false
        for c in value.dropFirst(2) {
            if escaped { result.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == ";" { return nil } else { result.append(c) }
        }
        return escaped ? nil : result
    }
}
