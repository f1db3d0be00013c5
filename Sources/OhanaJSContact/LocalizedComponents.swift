import Foundation
import Ohana

/// `N` in another language (RFC 9555 section 2.3.11): an `N` with `ALTID` and `LANGUAGE` that
/// shares its `ALTID` with the contact's own `N` is the `name/components` of that language's
/// `localizations`, and is written back as a `LANGUAGE`-tagged `N` with the same `ALTID`
/// (addresses: see LocalizedAddresses). With `JSCOMPS`, the localized components are in its order,
/// as the name's are (`isOrdered`), and the parameter is written back; values may hold escaped
/// commas and semicolons (see NameValues). An `N` that does not come back from its components
/// exactly as written (lists in another order, parameters in another order) is localized all the
/// same, and the card's exact copy of the unmapped properties keeps it as written.
enum LocalizedComponents {
    /// A localizing property's `ALTID`, `LANGUAGE` and `JSCOMPS`, when those (and `JSCOMPS` only
    /// for `N`) are its only parameters, each with one value.
    static func parts(_ u: UnmappedProperty) -> (altID: String, language: String, jscomps: String?)? {
        let names = u.parameters.map { $0.name.uppercased() }
        guard u.group == nil, Set(names).count == names.count, u.parameters.allSatisfy({ $0.values.count == 1 }),
            Set(names).isSubset(of: u.name.uppercased() == "N" ? ["ALTID", "LANGUAGE", "JSCOMPS"] : ["ALTID", "LANGUAGE"]),
            let altID = u.parameters.first("ALTID"), let language = u.parameters.first("LANGUAGE")
        else { return nil }
        return (altID, language, u.parameters.first("JSCOMPS"))
    }

    /// The localizing `N` for components: its parameters as the reader writes them, and its value;
    /// nil when a component has a kind with no `N` position.
    static func property(_ components: [NameOrAddressComponent], name: [String: JSONValue], altID: String, language: String) -> UnmappedProperty? {
        var parameters = Localizations.parameters(altID: altID, propID: nil, language: language)
        let fields: [[String]]
        if name["isOrdered"]?.bool == true {
            guard let (f, jscomps) = NameValues.orderedFields(components, defaultSeparator: name["defaultSeparator"]?.string) else { return nil }
            fields = f
            parameters.append(PropertyParameter(name: "JSCOMPS", values: [jscomps]))
        } else {
            guard let f = NameValues.unorderedFields(components) else { return nil }
            fields = f
        }
        return UnmappedProperty(name: "N", parameters: parameters, value: NameValues.value(fields))
    }

    /// Whether the contact already has the property for this language and `ALTID`.
    static func has(_ name: String, altID: String, language: String, in unmapped: [UnmappedProperty]) -> Bool {
        unmapped.contains { u in
            u.name.uppercased() == name && parts(u).map { $0.altID == altID && $0.language == language } == true
        }
    }
}

extension CardBuilder {
    /// Moves `N` localizations into `localizations`; returns those that come back exactly.
    mutating func encodeLocalizedComponents(_ unmapped: inout [UnmappedProperty]) -> [UnmappedProperty] {
        var localizations = members["localizations"]?.object ?? [:]
        var exact: [UnmappedProperty] = []
        var nameAltIDUsed = false
        unmapped.removeAll { u in
            guard u.name.uppercased() == "N", let (altID, language, jscomps) = LocalizedComponents.parts(u),
                Localizations.altID(contact.details("N")) == altID, let name = members["name"]?.object, name["components"] != nil,
                let fields = NameValues.fields(u.value)
            else { return false }
            let components: [NameOrAddressComponent]
            if let jscomps {
                // In the order JSCOMPS gives, as the name's own components are, with the same default separator.
                guard name["isOrdered"]?.bool == true, let (c, separator) = NameValues.orderedComponents(jscomps, fields: fields),
                    separator == name["defaultSeparator"]?.string
                else { return false }
                components = c
            } else {
                guard name["isOrdered"]?.bool != true else { return false }
                components = NameValues.unorderedComponents(fields)
            }
            let path = "name/components"
            var entry = localizations[language]?.object ?? [:]
            guard !components.isEmpty, entry[path] == nil else { return false }
            entry[path] = .array(components.map(NameMapping.component))
            localizations[language] = .object(entry)
            nameAltIDUsed = true
            if LocalizedComponents.property(components, name: name, altID: altID, language: language) == u { exact.append(u) }
            return true
        }
        guard localizations != (members["localizations"]?.object ?? [:]) else { return [] }
        members["localizations"] = .object(localizations)
        // ALTID=1 first is given back by the reader, as for the other localized properties.
        if nameAltIDUsed {
            var details = contact.details("N")
            if details.entries.first == "ALTID=1" {
                details.entries.removeFirst()
                contact.setDetails(details, of: "N")
            }
        }
        return exact
    }
}

extension CardReader {
    /// Unmapped `N` properties for the `name/components` of the card's `localizations`.
    mutating func readLocalizedComponents() {
        guard let localizations = m["localizations"]?.object else { return }
        for language in localizations.keys.sorted() {
            for (path, value) in (localizations[language]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
                // `name` replaced whole by a name of components only is the same as its components.
                let list = path == "name" && value.object?.keys.elementsEqual(["components"]) == true ? value["components"] : value
                let components = (list?.array ?? []).compactMap(NameMapping.component(from:))
                // Components with members an N value has no place for (a phonetic spelling) stay as they are, in a JSPROP.
                guard !components.isEmpty, components.count == list?.array?.count,
                    list?.array?.allSatisfy({ $0.object?.keys.allSatisfy { $0 == "kind" || $0 == "value" } == true }) == true
                else { continue }
                let tokens = path == "name" ? ["name", "components"] : JSONPointer.tokens(path)
                guard tokens == ["name", "components"], let name = m["name"]?.object, name["components"] != nil,
                    // With the name's ALTID, or the 1 it is given below.
                    let property = LocalizedComponents.property(
                        components, name: name, altID: Localizations.altID(contact.details("N")) ?? "1", language: language)
                else { continue }
                var details = contact.details("N")
                if Localizations.altID(details) == nil {
                    details.entries.insert("ALTID=1", at: 0)
                    contact.setDetails(details, of: "N")
                }
                // The card's exact copy of the unmapped properties has it already, as written.
                if !LocalizedComponents.has("N", altID: property.parameters.first("ALTID") ?? "1", language: language, in: contact.unmappedProperties) {
                    insertLocalizing(property)
                }
                used.insert(["localizations", language, path])
            }
        }
    }
}
