import Foundation
import Ohana

/// `N` in another language (RFC 9555 section 2.3.11): an `N` with `ALTID` and `LANGUAGE` that
/// shares its `ALTID` with the contact's own `N` is the `name/components` of that language's
/// `localizations`, and is written back as a `LANGUAGE`-tagged `N` with the same `ALTID`
/// (addresses: see LocalizedAddresses).
///
/// Only names without an order (no `JSCOMPS`) and values without escapes are localized so; others
/// stay in `vCardProps` as before. An `N` that does not come back from its components exactly as
/// written (lists in another order) is localized all the same, and the card's exact copy of the
/// unmapped properties keeps it as written.
enum LocalizedComponents {
    /// An `N` or `ADR` value's fields, when it has none of the escapes this mapping leaves alone.
    static func fields(_ value: String) -> [String]? {
        guard !value.contains("\\") else { return nil }
        return value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    }

    /// The components of a localized `N` value (without an order), or nil.
    static func nameComponents(_ value: String) -> [NameOrAddressComponent]? {
        guard var f = fields(value), f.count <= 7 else { return nil }
        while f.count < 7 { f.append("") }
        var c = Contact(id: ContactID(rawValue: "l10n"))
        func v(_ s: String) -> String? { s.isEmpty ? nil : s }
        c.familyName = v(f[0]); c.givenName = v(f[1]); c.middleName = v(f[2]); c.namePrefix = v(f[3])
        c.nameSuffix = f[5].isEmpty && f[6].isEmpty ? v(f[4]) : [f[4], f[5], f[6]].joined(separator: ";")
        let components = NameMapping.listComponents(c) ?? NameMapping.flatComponents(c)
        return components.isEmpty ? nil : components
    }

    /// The `N` value components give: RFC 9554's seven fields.
    static func nameValue(_ components: [NameOrAddressComponent]) -> String {
        var c = Contact(id: ContactID(rawValue: "l10n"))
        NameMapping.setFields(fromList: components, of: &c)
        var suffix = (c.nameSuffix ?? "").split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        while suffix.count < 3 { suffix.append("") }
        return ([c.familyName, c.givenName, c.middleName, c.namePrefix].map { $0 ?? "" } + suffix).joined(separator: ";")
    }

    /// A localizing property's `ALTID` and `LANGUAGE`, when those are its only parameters.
    static func altIDAndLanguage(_ u: UnmappedProperty) -> (altID: String, language: String)? {
        guard u.group == nil, u.parameters.count == 2,
            let altID = u.parameters.first(where: { $0.name.uppercased() == "ALTID" })?.values,
            let language = u.parameters.first(where: { $0.name.uppercased() == "LANGUAGE" })?.values,
            altID.count == 1, language.count == 1
        else { return nil }
        return (altID[0], language[0])
    }

    /// Whether the contact already has the property for this language and `ALTID`.
    static func has(_ name: String, altID: String, language: String, in unmapped: [UnmappedProperty]) -> Bool {
        unmapped.contains { u in
            u.name.uppercased() == name && altIDAndLanguage(u).map { $0.altID == altID && $0.language == language } == true
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
            guard let (altID, language) = LocalizedComponents.altIDAndLanguage(u) else { return false }
            var entry = localizations[language]?.object ?? [:]
            let path: String
            let components: [NameOrAddressComponent]
            let back: String?
            switch u.name.uppercased() {
            case "N":
                guard Localizations.altID(contact.details("N")) == altID, let name = members["name"]?.object, name["isOrdered"] == nil,
                    name["components"] != nil, let c = LocalizedComponents.nameComponents(u.value)
                else { return false }
                path = "name/components"
                components = c
                back = LocalizedComponents.nameValue(c)
                nameAltIDUsed = true
            default:
                return false
            }
            guard entry[path] == nil else { return false }
            entry[path] = .array(components.map(NameMapping.component))
            localizations[language] = .object(entry)
            if back == u.value { exact.append(u) }
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
                guard !components.isEmpty, components.count == list?.array?.count else { continue }
                let tokens = path == "name" ? ["name", "components"] : JSONPointer.tokens(path)
                if tokens == ["name", "components"], m["name"]?["isOrdered"] == nil, m["name"]?["components"] != nil {
                    var details = contact.details("N")
                    let altID = Localizations.altID(details) ?? {
                        details.entries.insert("ALTID=1", at: 0)
                        contact.setDetails(details, of: "N")
                        return "1"
                    }()
                    add("N", altID: altID, language: language, value: LocalizedComponents.nameValue(components))
                } else {
                    continue
                }
                used.insert(["localizations", language, path])
            }
        }
    }

    private mutating func add(_ name: String, altID: String, language: String, value: String) {
        // The card's exact copy of the unmapped properties has it already, as written.
        guard !LocalizedComponents.has(name, altID: altID, language: language, in: contact.unmappedProperties) else { return }
        contact.unmappedProperties.append(UnmappedProperty(
            name: name, parameters: Localizations.parameters(altID: altID, propID: nil, language: language), value: value))
    }
}
