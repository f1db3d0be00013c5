import Foundation
import Ohana

/// The `JSCOMPS` parameter (RFC 9555 section 3.3.1, registered by RFC 9982): the order of a name's
/// or address's components and its separators, by position in the structured `N` or `ADR` value.
enum JSComps {
    /// `N` positions by JSContact component kind (RFC 9554 section 2.2).
    static let namePositions: [String: Int] = [
        "surname": 0, "given": 1, "given2": 2, "title": 3, "credential": 4, "surname2": 5, "generation": 6,
    ]
    /// `ADR` positions by JSContact component kind (RFC 9554 section 2.1).
    static let addressPositions: [String: Int] = [
        "postOfficeBox": 0, "locality": 3, "region": 4, "postcode": 5, "country": 6, "room": 7, "apartment": 8,
        "floor": 9, "number": 10, "name": 11, "building": 12, "block": 13, "subdistrict": 14, "district": 15,
        "landmark": 16, "direction": 17,
    ]
    /// The contact's custom property holding the default separator of `N`'s JSCOMPS.
    static let nameDefaultSeparatorKey = "vcard.N.defaultSeparator"
    static let nameKinds = Dictionary(uniqueKeysWithValues: namePositions.map { ($1, $0) })
    /// `N` positions that also hold another position's values for readers without RFC 9554's
    /// components (RFC 9554 section 2.2): the surnames repeat the secondary surnames, the
    /// credentials (honorific suffixes) the generation.
    static let nameCopies: [Int: Int] = [0: 5, 4: 6]
    static let addressKinds = Dictionary(uniqueKeysWithValues: addressPositions.map { ($1, $0) })

    /// The structured value's components (each a list of values) and the parameter's value; nil
    /// when a component has a kind with no position.
    static func encode(
        _ components: [NameOrAddressComponent], positions: [String: Int], minimumCount: Int, copies: [Int: Int] = [:],
        defaultSeparator: String? = nil
    ) -> (values: [[String]], parameter: String)? {
        var values: [[String]] = []
        var entries: [String] = [defaultSeparator.map { "s," + escapeSeparator($0) } ?? ""]
        for c in components {
            if c.kind == "separator" {
                entries.append("s," + escapeSeparator(c.value))
                continue
            }
            guard let position = positions[c.kind] else { return nil }
            while values.count <= position { values.append([]) }
            values[position].append(c.value)
            let index = values[position].count - 1
            entries.append(index == 0 ? "\(position)" : "\(position),\(index)")
        }
        // RFC 9554's components past the standard ones: all of them, as that RFC writes them.
        let count = values.count > minimumCount ? max(minimumCount, positions.values.max().map { $0 + 1 } ?? 0) : minimumCount
        while values.count < count { values.append([]) }
        // The copies for older readers go after the values the parameter names (RFC 9554 section 2.2).
        for (position, source) in copies.sorted(by: { $0.key < $1.key }) where source < values.count {
            for v in values[source] where !values[position].contains(v) { values[position].append(v) }
        }
        return (values, entries.joined(separator: ";"))
    }

    /// A separator's text with `\`, `,` and `;` escaped as `JSCOMPS` writes them.
    static func escapeSeparator(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: ";", with: "\\;")
    }

    /// The default separator a parameter value starts with (`s,\, ;…`), if any.
    static func defaultSeparator(_ parameter: String) -> String? {
        guard let first = split(parameter).first, first.hasPrefix("s,") else { return nil }
        return String(first.dropFirst(2))
    }

    /// The components a parameter value orders, or nil when it is not valid for the value.
    static func decode(
        _ parameter: String, values: [[String]], kinds: [Int: String], ignoring ignored: Set<Int> = [], copies: [Int: Int] = [:],
        allowingEmpty: Bool = false
    ) -> [NameOrAddressComponent]? {
        let entries = split(parameter)
        guard let first = entries.first, first.isEmpty || first.hasPrefix("s,") else { return nil }
        var components: [NameOrAddressComponent] = []
        var referenced = Set<String>()
        for entry in entries.dropFirst() {
            if entry.hasPrefix("s,") {
                components.append(NameOrAddressComponent(kind: "separator", value: String(entry.dropFirst(2))))
                continue
            }
            let numbers = entry.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(numbers.count), let position = numbers[0], let kind = kinds[position] else { return nil }
            let index = numbers.count == 2 ? numbers[1] : 0
            guard let index, referenced.insert("\(position),\(index)").inserted else { return nil }
            let list = position < values.count ? values[position] : []
            guard list.indices.contains(index) || allowingEmpty else { return nil }
            components.append(NameOrAddressComponent(kind: kind, value: list.indices.contains(index) ? list[index] : ""))
        }
        // Every value of a position with a kind is referenced.
        for (position, list) in values.enumerated() where kinds[position] != nil && !ignored.contains(position) {
            // A value not referenced may be the copy of another position's for older readers.
            let copied = copies[position].map { $0 < values.count ? values[$0] : [] } ?? []
            for (index, value) in list.enumerated() where !value.isEmpty && !referenced.contains("\(position),\(index)") {
                guard copied.contains(value) else { return nil }
            }
        }
        return components
    }

    /// Entries split at unescaped semicolons, with `\,` `\;` `\\` unescaped in separators.
    static func split(_ text: String) -> [String] {
        var entries: [String] = []
        var current = ""
        var escaped = false
        for c in text {
            if escaped {
                current.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == ";" {
                entries.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        entries.append(current)
        return entries
    }
}

extension CardMapper {
    /// The components of a structured value (`N`, `ADR`), each split into its values.
    mutating func structuredValues(_ p: RawProperty) -> [[String]] {
        VCardText.splitEscaped(text(of: p), at: ";").map { component in
            VCardText.splitEscaped(String(component), at: ",").map { unescape(String($0)) }.map { $0 }
        }.map { $0 == [""] ? [] : $0 }
    }

    /// Applies a valid `JSCOMPS` on `N`; returns whether it did.
    mutating func applyNameJSComps(_ p: RawProperty) -> Bool {
        guard let parameter = p.first("JSCOMPS"),
            let components = JSComps.decode(parameter, values: structuredValues(p), kinds: JSComps.nameKinds, copies: JSComps.nameCopies)
        else { return false }
        contact.setName(fromComponents: components)
        // The default separator has no field in the model's name: it stays beside it, as JSContact's converter reads it.
        if let separator = JSComps.defaultSeparator(parameter) { contact.customProperties[JSComps.nameDefaultSeparatorKey] = .string(separator) }
        return true
    }

    /// The address a valid `JSCOMPS` on `ADR` gives, or nil.
    mutating func addressFromJSComps(_ p: RawProperty) -> PostalAddress? {
        guard let parameter = p.first("JSCOMPS") else { return nil }
        let values = structuredValues(p)
        // The street component is a copy for older readers when the RFC 9554 components are used.
        guard let components = JSComps.decode(parameter, values: values, kinds: JSComps.addressKinds, ignoring: [1, 2]) else { return nil }
        var address = PostalAddress()
        address.setFields(fromComponents: components)
        return address
    }
}

extension CardOutput {
    /// A name field as one `N` component: its comma-separated values each escaped, the commas
    /// kept as the list's separators (RFC 6350 section 6.2.2; the reader joins a list with commas).
    /// vCard 2.1 has no lists there; its text is escaped whole.
    func nameList(_ s: String) -> String {
        guard version != .v2_1, s.contains(",") else { return text(s) }
        return s.split(separator: ",", omittingEmptySubsequences: false).map { text(String($0)) }.joined(separator: ",")
    }

    /// The name suffix as the components the reader joined with `;` (RFC 9554's secondary surname
    /// and generation after the credentials), each a list.
    func nameLists(_ s: String) -> String {
        s.split(separator: ";", omittingEmptySubsequences: false).map { nameList(String($0)) }.joined(separator: ";")
    }

    /// `N` with `JSCOMPS`, when the contact's ordered components agree with its name fields.
    func orderedName(minimumCount: Int = 5) -> (value: String, plain: String, parameter: PropertyParameter)? {
        guard contact.nameComponentsAgree,
            let (values, parameter) = JSComps.encode(
                contact.nameComponents, positions: JSComps.namePositions, minimumCount: minimumCount, copies: JSComps.nameCopies,
                defaultSeparator: contact.customProperties[JSComps.nameDefaultSeparatorKey]?.stringValue)
        else { return nil }
        let value = values.map { $0.map { text($0) }.joined(separator: ",") }.joined(separator: ";")
        return (value, values.flatMap { $0 }.joined(), PropertyParameter(name: "JSCOMPS", values: [parameter]))
    }

    /// `ADR` with `JSCOMPS` (and the street for older readers), when the address's ordered components agree with its fields.
    func orderedAddress(_ a: PostalAddress, defaultSeparator: String? = nil) -> (value: String, plain: String, parameter: PropertyParameter)? {
        guard a.componentsAgree,
            let (encoded, parameter) = JSComps.encode(
                a.components, positions: JSComps.addressPositions, minimumCount: 18, defaultSeparator: defaultSeparator)
        else { return nil }
        var values = encoded
        values[1] = a.extendedAddress.map { [$0] } ?? []
        values[2] = a.street  // one value per line, as RFC 9554 section 2.1 lists a street's parts
        let value = values.map { $0.map { text($0) }.joined(separator: ",") }.joined(separator: ";")
        return (value, values.flatMap { $0 }.joined(), PropertyParameter(name: "JSCOMPS", values: [parameter]))
    }
}

/// The phonetic system and script of a name: a second `N` with the same `ALTID` and the
/// `PHONETIC` and `SCRIPT` parameters (RFC 9554 sections 4.6 and 4.9, RFC 9555 section 2.3.15).
extension CardMapper {
    mutating func mapPhoneticName(_ p: RawProperty) {
        // Without JSCOMPS, the spellings of the family, given and additional names are the model's
        // phonetic names (as lists, like N's); anything else it cannot hold keeps the line as written.
        let known: Set<String> = ["ALTID", "PHONETIC", "SCRIPT", "JSCOMPS", "LANGUAGE"]
        let values = structuredValues(p)
        let withoutJSComps = contact.nameComponents.isEmpty || p.first("JSCOMPS") == nil
        if withoutJSComps {
            let spelled = values.prefix(3).map { $0.isEmpty ? nil : $0.joined(separator: ",") }
            let current = [contact.phoneticFamilyName, contact.phoneticGivenName, contact.phoneticMiddleName]
            let fits = values.dropFirst(3).allSatisfy(\.isEmpty) && zip(spelled, current).allSatisfy { $1 == nil || $0 == nil || $0 == $1 }
            guard fits, p.group == nil, cleaned(p.parameters).allSatisfy({ known.contains($0.name) }) else { return keepUnmapped(p) }
            for (i, spelling) in spelled.enumerated() where spelling != nil {
                switch i {
                case 0: contact.phoneticFamilyName = spelling
                case 1: contact.phoneticGivenName = spelling
                default: contact.phoneticMiddleName = spelling
                }
            }
            phoneticNameSpellings = spelled
            // Ordered components (N's JSCOMPS) get the spellings of their kind, when the kind is there once.
            let byKind = ["surname": spelled[0], "given": spelled[1], "given2": spelled[2]]
            let kinds = contact.nameComponents.map(\.kind)
            contact.nameComponents = contact.nameComponents.map { component in
                var c = component
                if let spelling = byKind[c.kind] ?? nil, kinds.filter({ $0 == c.kind }).count == 1 { c.phonetic = spelling }
                return c
            }
        } else if cleaned(p.parameters).contains(where: { !known.contains($0.name) }) || p.group != nil {
            return keepUnmapped(p)
        }
        keepDetails(p, name: "PHONETIC-N", dropping: known.subtracting(["LANGUAGE"]))
        let system = p.first("PHONETIC")
        contact.phoneticSystem = system?.lowercased() == "script" ? nil : system
        contact.phoneticScript = p.first("SCRIPT")
        if contact.phoneticSystem == nil && contact.phoneticScript == nil { contact.phoneticScript = "" }
        // Phonetics of ordered components, by the same positions.
        if !contact.nameComponents.isEmpty, let parameter = p.first("JSCOMPS"),
            let phonetic = JSComps.decode(
                parameter, values: structuredValues(p), kinds: JSComps.nameKinds, copies: JSComps.nameCopies, allowingEmpty: true)
        {
            var spoken = phonetic.makeIterator()
            contact.nameComponents = contact.nameComponents.map { component in
                var c = component
                if let s = spoken.next(), s.kind == c.kind, !s.value.isEmpty, c.kind != "separator" { c.phonetic = s.value }
                return c
            }
            // The phonetic names the components spell, where no other property gave them.
            var scratch = Contact(id: contact.id)
            scratch.setName(fromComponents: contact.nameComponents)
            if contact.phoneticGivenName == nil { contact.phoneticGivenName = scratch.phoneticGivenName }
            if contact.phoneticMiddleName == nil { contact.phoneticMiddleName = scratch.phoneticMiddleName }
            if contact.phoneticFamilyName == nil { contact.phoneticFamilyName = scratch.phoneticFamilyName }
        }
        // The written name's ALTID only ties it to this one.
        if case .strings(var details)? = contact.customProperties["vcard.N"], let i = details.firstIndex(of: "ALTID=1") {
            details.remove(at: i)
            contact.customProperties["vcard.N"] = details.count == 1 && details[0].isEmpty ? nil : .strings(details)
        }
    }
}

extension CardOutput {
    /// Writes the phonetic `N` when the contact names a phonetic system or script.
    func writePhoneticName(to out: inout [UInt8]) {
        let c = contact
        guard c.phoneticSystem != nil || c.phoneticScript != nil else { return }
        var parameters = [PropertyParameter(name: "ALTID", values: ["1"]), PropertyParameter(name: "PHONETIC", values: [c.phoneticSystem ?? "script"])]
        if let script = c.phoneticScript, !script.isEmpty { parameters.append(PropertyParameter(name: "SCRIPT", values: [script])) }
        parameters += details("PHONETIC-N").parameters
        var value: String
        if c.nameComponentsAgree {
            let spoken = c.nameComponents.map { NameOrAddressComponent(kind: $0.kind, value: $0.kind == "separator" ? $0.value : ($0.phonetic ?? "")) }
            guard let (values, jscomps) = JSComps.encode(spoken, positions: JSComps.namePositions, minimumCount: 7, copies: JSComps.nameCopies)
            else { return }
            value = values.map { $0.map { text($0) }.joined(separator: ",") }.joined(separator: ";")
            parameters.append(PropertyParameter(name: "JSCOMPS", values: [jscomps]))
        } else {
            value = [c.phoneticFamilyName, c.phoneticGivenName, c.phoneticMiddleName, nil, nil, nil, nil].map { text($0 ?? "") }.joined(separator: ";")
        }
        emit(group: nil, name: "N", parameters: parameters, value: value, plain: value, to: &out)
    }
}
