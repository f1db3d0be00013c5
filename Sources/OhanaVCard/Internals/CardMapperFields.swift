import Foundation
import Ohana

/// Fields (`TEL`, `EMAIL`, `URL`, `IMPP`...) and addresses (`ADR`) of one card, with their labels.
extension CardMapper {
    mutating func labelAndParameters(
        _ p: RawProperty, isPhone: Bool
    ) -> (ContactFieldLabel?, Bool, [PropertyParameter]) {
        if p.parameters.isEmpty {
            // No TYPE, PREF or other parameter: only an Apple group label can name it.
            guard let apple = groupLabels.label(ofGroup: p.group) else { return (nil, false, []) }
            return (VCardLabels.label(fromAppleLabel: apple), false, [])
        }
        // Most properties carry only TYPE parameters (`TEL;TYPE=work`): their values are taken as
        // they are, without gathering or cleaning the parameters into new arrays.
        let onlyTypes = p.parameters.allSatisfy { $0.name == "TYPE" }
        var types = onlyTypes && p.parameters.count == 1 ? p.parameters[0].values : p.values(of: "TYPE")
        var preferred = false
        if types.contains(where: { VCardLabels.equalsUpper($0, "PREF") }) {
            preferred = true
            types.removeAll { VCardLabels.equalsUpper($0, "PREF") }
        }
        var label: ContactFieldLabel?
        if let apple = groupLabels.label(ofGroup: p.group) {
            let l = VCardLabels.label(fromAppleLabel: apple)
            label = l
            if let consumed = VCardLabels.types(for: l, isPhone: isPhone) {
                types = types.filter { t in !consumed.contains { VCardLabels.equalsUpper(t, $0) } }
            }
        } else if let (l, consumed) = VCardLabels.label(fromTypes: types, isPhone: isPhone) {
            label = l
            types = types.filter { t in !consumed.contains { VCardLabels.equalsUpper(t, $0) } }
        } else if let i = types.firstIndex(where: { $0.count > 2 && $0.uppercased().hasPrefix("X-") }) {
            label = ContactFieldLabel(rawValue: String(types[i].dropFirst(2)))
            types.remove(at: i)
        }
        // TYPE first, then the rest in their order (the writer's order).
        var parameters: [PropertyParameter] = types.isEmpty ? [] : [PropertyParameter(name: "TYPE", values: types)]
        if onlyTypes { return (label, preferred, parameters) }
        for param in cleaned(p.parameters) {
            if param.name == "TYPE" {
                continue
            } else if param.name == "PREF" {
                preferred = true
                if param.values != ["1"] { parameters.append(param) }
            } else {
                parameters.append(param)
            }
        }
        return (label, preferred, parameters)
    }

    mutating func keptGroup(_ group: String?) -> String? {
        guard let group, !groupLabels.isLabelOnly(group) else { return nil }
        return group
    }

    mutating func addField(_ p: RawProperty, type: ContactFieldType) {
        var value = unescapedText(of: p)
        let (label, preferred, parameters) = labelAndParameters(p, isPhone: type == .phoneNumber)
        if type == .phoneNumber, p.first("VALUE")?.lowercased() == "uri", value.lowercased().hasPrefix("tel:") {
            value = String(value.dropFirst(4))
        }
        if value.isEmpty {
            keepUnmapped(p)
            return
        }
        var field = ContactField(
            type: type, label: label, value: value, isPreferred: preferred, parameters: parameters, group: keptGroup(p.group))
        let canonical: String? = switch type {
        case .phoneNumber: "TEL"
        case .emailAddress: "EMAIL"
        case .url: "URL"
        case .instantMessage: "IMPP"
        case .other: VCardKeys.otherFieldProperty
        }
        if p.key != canonical { field.customProperties[VCardKeys.property] = .string(p.name) }
        if let label, p.group != nil, let apple = groupLabels.label(ofGroup: p.group),
           VCardLabels.types(for: label, isPhone: type == .phoneNumber) != nil {
            field.customProperties[VCardKeys.appleLabel] = .string(apple)
        }
        contact.fields.append(consume field)  // moved: a copy retained and released its parts once more
    }

    mutating func addAddress(_ p: RawProperty) {
        // The locality, region, postal code and country: texts many cards repeat.
        let parts = plainComponents(of: p, separator: 0x3B, sharedFrom: 3) ?? components(text(of: p), separator: 0x3B)
        let (label, preferred, found) = labelAndParameters(p, isPhone: false)
        var parameters = found
        // Street lines: split by bytes, and only when there is a line break or a 4.0 list (Character
        // splitting was 2% of reading).
        var street = streetLines(p, plain: part(parts, 2))
        var extended = part(parts, 1)
        // The street and extended address that only combine RFC 9554's components for older readers.
        if version == .v4_0, parts.count == 18 {
            if street.isEmpty || street == AddressCompatibility.combined(AddressCompatibility.streetPositions, of: parts) {
                street = AddressCompatibility.displayStreet(of: parts)
            }
            let combined = AddressCompatibility.combined(AddressCompatibility.extendedPositions, of: parts)
            if !combined.isEmpty, extended == combined.joined(separator: ",") { extended = nil }
        }
        // RFC 9554's CC parameter: the ISO 3166 country code. Taken out before the address is made:
        // changed afterwards, the address's parameters were copied (a second reference to them).
        var isoCountryCode: String?
        if let i = parameters.firstIndex(where: { $0.name == "CC" && $0.values.count == 1 && !$0.values[0].isEmpty }) {
            isoCountryCode = parameters.remove(at: i).values[0]
        }
        let address: PostalAddress
        if var ordered = addressFromJSComps(p) {
            ordered.label = label
            ordered.isoCountryCode = isoCountryCode
            ordered.isPreferred = preferred
            // JSCOMPS's default separator has no field in the model's address: only that entry stays.
            ordered.parameters = parameters.compactMap { q in
                guard q.name == "JSCOMPS" else { return q }
                guard let first = q.values.first, let separator = JSComps.defaultSeparator(first) else { return nil }
                return PropertyParameter(name: "JSCOMPS", values: ["s," + JSComps.escapeSeparator(separator)])
            }
            ordered.group = keptGroup(p.group)
            address = ordered
        } else {
            address = PostalAddress(
                label: label, street: street, poBox: part(parts, 0), extendedAddress: extended, city: part(parts, 3),
                region: part(parts, 4), postalCode: part(parts, 5),
                country: partWithExtras(parts, 6), isoCountryCode: isoCountryCode,
                isPreferred: preferred, parameters: parameters, group: keptGroup(p.group))
        }
        contact.postalAddresses.append(consume address)
    }
}
