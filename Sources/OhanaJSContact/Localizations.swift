import Foundation
import Ohana
import OhanaVCard

/// Alternative representations in other languages (RFC 9555 section 2.3.11): a `TITLE`, `FN`,
/// `NOTE` or `NICKNAME` with `ALTID` and `LANGUAGE` that shares its `ALTID` with the contact's own
/// property is a `localizations` entry for that property's member, and back. The contact keeps
/// them as unmapped properties; the `ALTID` stays in the kept details of the contact's property.
enum Localizations {
    /// The vCard properties and the Id map (or member) and member they localize.
    static let properties: [(vcard: String, map: String, member: String)] = [
        ("FN", "name", "full"), ("TITLE", "titles", "name"), ("NOTE", "notes", "note"), ("NICKNAME", "nicknames", "name"),
    ]

    /// Vendor member: the card's `language` was read from `LANGUAGE` parameters, not a `LANGUAGE` property.
    static let languageFromParameters = Vendor.prefix + "languageFromParameters"

    /// The `ALTID` kept with the contact's own property, if any.
    static func altID(_ details: DetailParameters) -> String? {
        details.entries.compactMap(DetailParameters.decode).first { $0.0.uppercased() == "ALTID" && $0.1.count == 1 }?.1[0]
    }

    /// A localizing property's parameters, as the reader writes them: ALTID, the PROP-ID of the
    /// entry when its id is not a generated one (RFC 9555 section 2.3.18), LANGUAGE.
    static func parameters(altID: String, propID: String?, language: String) -> [PropertyParameter] {
        [PropertyParameter(name: "ALTID", values: [altID])] + (propID.map { [PropertyParameter(name: "PROP-ID", values: [$0])] } ?? [])
            + [PropertyParameter(name: "LANGUAGE", values: [language])]
    }

    /// The path of the member a property localizes, given the id its entry has in the card.
    static func path(_ p: (vcard: String, map: String, member: String), id: String?) -> String {
        p.map == "name" ? "name/full" : "\(p.map)/\(id ?? "")/\(p.member)"
    }
}

extension CardBuilder {
    /// Moves the unmapped properties that localize the contact's own into `localizations`; returns them.
    mutating func encodeLocalizations(_ unmapped: inout [UnmappedProperty]) -> [UnmappedProperty] {
        var localizations = members["localizations"]?.object ?? [:]
        var moved: [UnmappedProperty] = []
        var takenAltIDs = Set<String>()
        unmapped.removeAll { u in
            guard u.group == nil, let p = Localizations.properties.first(where: { $0.vcard == u.name }), let id = localizedID(p),
                let altID = Localizations.altID(contact.details(p.vcard)),
                let language = u.parameters.last?.values.first,
                u.parameters == Localizations.parameters(altID: altID, propID: CardReader.generatedIDs(p.map, id), language: language),
                VCardText.escape(VCardText.unescape(u.value)) == u.value
            else { return false }
            let path = Localizations.path(p, id: id)
            var entry = localizations[language]?.object ?? [:]
            guard entry[path] == nil else { return false }
            entry[path] = .string(VCardText.unescape(u.value))
            localizations[language] = .object(entry)
            moved.append(u)
            takenAltIDs.insert(p.vcard)
            return true
        }
        guard !moved.isEmpty else { return [] }
        members["localizations"] = .object(localizations)
        // ALTID=1 (first, as it is put back) is given back by the reader.
        for property in takenAltIDs {
            var details = contact.details(property)
            if details.entries.first == "ALTID=1" {
                details.entries.removeFirst()
                contact.setDetails(details, of: property)
            }
        }
        return moved
    }

    /// The id of the entry of the contact's own property in its Id map (nil for `name`), or nil
    /// when the card has no such member.
    private func localizedID(_ p: (vcard: String, map: String, member: String)) -> String?? {
        if p.map == "name" { return members["name"]?["full"] == nil ? nil : .some(nil) }
        let own: String? = switch p.vcard {
        case "TITLE": contact.jobTitle
        case "NOTE": contact.note
        default: contact.nickname
        }
        guard let own, let map = members[p.map]?.object,
            let id = map.first(where: { $0.value[p.member]?.string == own && $0.value["kind"]?.string ?? "title" == "title" })?.key
        else { return nil }
        return .some(id)
    }

    /// The card's `language` from the `LANGUAGE` parameters of the contact's own properties, when
    /// they agree and the contact has no language of its own.
    mutating func encodeLanguageFromParameters() {
        guard contact.language == nil, members["language"] == nil else { return }
        let names = Localizations.properties.map(\.vcard) + ["N", "ORG"]
        let languages = names.compactMap { name in
            contact.details(name).entries.compactMap(DetailParameters.decode).first { $0.0.uppercased() == "LANGUAGE" }?.1.first?.lowercased()
        }
        guard let first = languages.first, languages.allSatisfy({ $0 == first }) else { return }
        members["language"] = .string(first)
        members[Localizations.languageFromParameters] = true
    }
}

extension CardReader {
    /// Unmapped properties for the `localizations` of members the contact has a property for.
    mutating func readLocalizations() {
        guard let localizations = m["localizations"]?.object else { return }
        for language in localizations.keys.sorted() {
            guard let entry = localizations[language]?.object else { continue }
            for path in entry.keys.sorted() {
                guard let value = entry[path]?.string,
                    let p = Localizations.properties.first(where: { p in
                        p.map == "name" ? path == "name/full" && used.contains(["name", "full"])
                            : singleIDs[p.map].map { Localizations.path(p, id: $0) == path } ?? false
                    })
                else { continue }
                var details = contact.details(p.vcard)
                let altID = Localizations.altID(details) ?? {
                    details.entries.insert("ALTID=1", at: 0)
                    contact.setDetails(details, of: p.vcard)
                    return "1"
                }()
                let id = p.map == "name" ? nil : singleIDs[p.map]
                let property = UnmappedProperty(
                    name: p.vcard, parameters: Localizations.parameters(altID: altID, propID: Self.generatedIDs(p.map, id), language: language),
                    value: VCardText.escape(value))
                // The card's exact copy of the unmapped properties may have it already, where it was.
                if !contact.unmappedProperties.contains(property) { insertLocalizing(property) }
                used.insert(["localizations", language, path])
            }
        }
    }
}

/// The spellings of a name in another language (a phonetic `N` with `LANGUAGE`, RFC 9555 section
/// 2.3.15): `phoneticSystem`, `phoneticScript` and the components' `phonetic` as that language's
/// `localizations`, and back.
extension CardBuilder {
    mutating func encodePhoneticLocalization() {
        let details = contact.details("PHONETIC-N")
        guard details.group.isEmpty, details.entries.count == 1, let (n, v) = DetailParameters.decode(details.entries[0]),
            n == "LANGUAGE", v.count == 1, DetailParameters.encode(n, v) == details.entries[0], var name = members["name"]?.object
        else { return }
        var paths: [String: JSONValue] = [:]
        for key in ["phoneticSystem", "phoneticScript"] { if let x = name.removeValue(forKey: key) { paths["name/\(key)"] = x } }
        if var components = name["components"]?.array {
            for i in components.indices {
                guard var c = components[i].object, let spelling = c.removeValue(forKey: "phonetic") else { continue }
                paths["name/components/\(i)/phonetic"] = spelling
                components[i] = .object(c)
            }
            name["components"] = .array(components)
        }
        var localizations = members["localizations"]?.object ?? [:]
        guard !paths.isEmpty, localizations[v[0]] == nil else { return }
        localizations[v[0]] = .object(paths)
        members["localizations"] = .object(localizations)
        members["name"] = .object(name)
        contact.setDetails(DetailParameters(), of: "PHONETIC-N")
    }
}

extension CardReader {
    /// The card's name with the spellings of the one language whose `localizations` hold them put
    /// back in, and that language (for the phonetic `N`'s `LANGUAGE`).
    mutating func nameWithPhoneticLocalization() -> JSONValue? {
        guard var name = m["name"]?.object else { return nil }
        let languages = (m["localizations"]?.object ?? [:]).filter { $0.value.object?.keys.contains(where: Self.isPhoneticPath) == true }
        guard languages.count == 1, let (language, entry) = languages.first, let paths = entry.object,
            name["phoneticSystem"] == nil, name["phoneticScript"] == nil,
            !(name["components"]?.array ?? []).contains(where: { $0["phonetic"] != nil })
        else { return .object(name) }
        var components = name["components"]?.array ?? []
        for (path, value) in paths where Self.isPhoneticPath(path) {
            let tokens = path.split(separator: "/").map(String.init)
            if tokens.count == 2 {
                name[tokens[1]] = value
            } else if let i = Int(tokens[2]), components.indices.contains(i), var c = components[i].object {
                c["phonetic"] = value
                components[i] = .object(c)
            } else {
                continue
            }
            used.insert(["localizations", language, path])
        }
        if !components.isEmpty { name["components"] = .array(components) }
        pendingDetails.append(("PHONETIC-N", [("LANGUAGE", [language])]))
        return .object(name)
    }

    static func isPhoneticPath(_ path: String) -> Bool {
        if path == "name/phoneticSystem" || path == "name/phoneticScript" { return true }
        let tokens = path.split(separator: "/", omittingEmptySubsequences: false)
        return tokens.count == 4 && tokens[0] == "name" && tokens[1] == "components" && Int(tokens[2]) != nil && tokens[3] == "phonetic"
    }
}
