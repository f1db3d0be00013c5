import Foundation
import Ohana
import OhanaVCard

/// Localizations of the `titles`, `nicknames` and `notes` entries besides the contact's own (RFC
/// 9555 section 2.3.11 with RFC 6350 section 5.4's `ALTID`; the contact's own title, nickname and
/// note: see Localizations). Such an entry is a `TITLE`, `ROLE`, `NICKNAME` or `NOTE` line the
/// contact keeps as an unmapped property; a line of the same name with its `ALTID`, its `PROP-ID`
/// if it has one, and a `LANGUAGE` is the entry's text in that language, and is written back after
/// it. The `ALTID` is given back by the reader: 1, 2… in the order the lines are written, by
/// property name, where the entry has none of its own in `vCardParams`.
enum EntryLocalizations {
    /// The vCard properties whose lines other lines may localize.
    static let properties: Set<String> = ["TITLE", "ROLE", "NICKNAME", "NOTE"]

    /// An entry written as an unmapped property: the property's index, its name, the entry's map and key.
    struct Written {
        let index: Int
        let property: String
        let map: String
        let key: String
    }

    /// A line that localizes another unmapped property: the line, the index of the other, its language.
    struct Localizing {
        let property: UnmappedProperty
        let base: Int
        let language: String
    }

    /// The member of an entry that its localizations patch.
    static func member(_ map: String) -> String { map == "notes" ? "note" : "name" }

    /// An entry's texts in other languages, in language order.
    static func texts(_ m: [String: JSONValue], map: String, key: String) -> [(language: String, text: String)] {
        let path = "\(map)/\(key)/\(member(map))"
        guard let localizations = m["localizations"]?.object else { return [] }
        return localizations.keys.sorted().compactMap { l in localizations[l]?[path]?.string.map { (l, $0) } }
    }

    /// Whether the contact's own title, nickname or note (which the reader gives `ALTID=1`) is localized.
    static func ownIsLocalized(_ property: String, _ m: [String: JSONValue]) -> Bool {
        let own: (map: String, key: String?) = switch property {
        case "TITLE": ("titles", CardReader.ownTitle(m))
        case "NICKNAME": ("nicknames", CardReader.ownEntry(m, map: "nicknames"))
        case "NOTE": ("notes", CardReader.ownEntry(m, map: "notes"))
        default: ("", nil)
        }
        return own.key.map { !texts(m, map: own.map, key: $0).isEmpty } ?? false
    }

    /// The single value of the only parameter of that name, if any.
    static func single(_ parameters: [PropertyParameter], _ name: String) -> String? {
        let matches = parameters.filter { $0.name.uppercased() == name }
        return matches.count == 1 && matches[0].values.count == 1 ? matches[0].values[0] : nil
    }

    /// Gives the written entries that are localized an `ALTID` when they have none, and puts the
    /// lines localizing them after them; the paths used, and each localized entry's `ALTID` by `map/key`.
    static func localize(_ properties: inout [UnmappedProperty], written: [Written], m: [String: JSONValue])
        -> (used: Set<[String]>, altIDs: [String: String])
    {
        let localized = written.filter { w in
            properties[w.index].parameters.first("LANGUAGE") == nil && !texts(m, map: w.map, key: w.key).isEmpty
        }
        guard !localized.isEmpty else { return ([], [:]) }
        // Per property name: 1, 2… in the order written, skipping the own property's 1 and the entries' own.
        var generated: [Int: String] = [:]
        for property in Set(localized.map(\.property)) {
            let all = written.filter { $0.property == property }
            var taken = Set(all.compactMap { properties[$0.index].parameters.first("ALTID") })
            if ownIsLocalized(property, m) { taken.insert("1") }
            var n = 1
            for w in localized where w.property == property && properties[w.index].parameters.first("ALTID") == nil {
                while taken.contains(String(n)) { n += 1 }
                generated[w.index] = String(n)
                taken.insert(String(n))
            }
        }
        var used = Set<[String]>()
        var altIDs: [String: String] = [:]
        let byIndex = Dictionary(uniqueKeysWithValues: localized.map { ($0.index, $0) })
        var result: [UnmappedProperty] = []
        for (i, p) in properties.enumerated() {
            var base = p
            if let altID = generated[i] { base.parameters.insert(PropertyParameter(name: "ALTID", values: [altID]), at: 0) }
            result.append(base)
            guard let w = byIndex[i], let altID = single(base.parameters, "ALTID") else { continue }
            altIDs["\(w.map)/\(w.key)"] = altID
            for (language, text) in texts(m, map: w.map, key: w.key) {
                let parameters = Localizations.parameters(altID: altID, propID: base.parameters.first("PROP-ID"), language: language)
                result.append(UnmappedProperty(name: w.property, parameters: parameters, value: VCardText.escape(text)))
                used.insert(["localizations", language, "\(w.map)/\(w.key)/\(member(w.map))"])
            }
        }
        properties = result
        return (used, altIDs)
    }

    /// Takes out the unmapped properties that localize another of the same name; the indices of
    /// the others are those in what is left.
    static func take(_ unmapped: inout [UnmappedProperty]) -> [Localizing] {
        // The lines others may localize: with one ALTID and no LANGUAGE, the only such line of its name and ALTID.
        var bases: [String: Int] = [:]
        var shared = Set<String>()
        for (i, u) in unmapped.enumerated() where properties.contains(u.name.uppercased()) && u.parameters.first("LANGUAGE") == nil {
            guard let altID = single(u.parameters, "ALTID") else { continue }
            let key = u.name.uppercased() + "\u{0}" + altID
            if bases.updateValue(i, forKey: key) != nil { shared.insert(key) }
        }
        var found: [(index: Int, base: Int, language: String)] = []
        var languages = Set<String>()
        for (i, u) in unmapped.enumerated() where u.group == nil && properties.contains(u.name.uppercased()) {
            guard let altID = single(u.parameters, "ALTID"), let language = single(u.parameters, "LANGUAGE") else { continue }
            let key = u.name.uppercased() + "\u{0}" + altID
            guard !shared.contains(key), let b = bases[key], unmapped[b].name == u.name,
                u.parameters == Localizations.parameters(altID: altID, propID: unmapped[b].parameters.first("PROP-ID"), language: language),
                VCardText.escape(VCardText.unescape(u.value)) == u.value,
                languages.insert("\(b) \(language)").inserted
            else { continue }
            found.append((i, b, language))
        }
        guard !found.isEmpty else { return [] }
        let removed = Set(found.map(\.index))
        var newIndex: [Int: Int] = [:]
        var rest: [UnmappedProperty] = []
        for (i, u) in unmapped.enumerated() where !removed.contains(i) {
            newIndex[i] = rest.count
            rest.append(u)
        }
        let result = found.map { Localizing(property: unmapped[$0.index], base: newIndex[$0.base]!, language: $0.language) }
        unmapped = rest
        return result
    }
}

extension CardBuilder {
    /// Puts the lines localizing unmapped properties that became entries (`entries`: `map/id` by
    /// the property's index) into `localizations`, and leaves out the entries' `ALTID` where the
    /// reader gives it back; returns the lines whose property became no entry.
    mutating func encodeEntryLocalizations(_ localizing: [EntryLocalizations.Localizing], entries: [Int: String]) -> [UnmappedProperty] {
        var left: [UnmappedProperty] = []
        var localizations = members["localizations"]?.object ?? [:]
        var bases: [String] = []
        for l in localizing {
            guard let entry = entries[l.base] else {
                left.append(l.property)
                continue
            }
            let map = String(entry.prefix { $0 != "/" })
            let path = "\(entry)/\(EntryLocalizations.member(map))"
            var patch = localizations[l.language]?.object ?? [:]
            guard patch[path] == nil else {
                left.append(l.property)
                continue
            }
            patch[path] = .string(VCardText.unescape(l.property.value))
            localizations[l.language] = .object(patch)
            if !bases.contains(entry) { bases.append(entry) }
        }
        guard !bases.isEmpty else { return left }
        members["localizations"] = .object(localizations)
        // The ALTIDs, left out where the reader gives the same back.
        var original: [String: JSONValue] = [:]
        for entry in bases {
            let tokens = JSONPointer.tokens(entry)
            guard var json = members[tokens[0]]?[tokens[1]]?.object, var params = json["vCardParams"]?.object,
                let altID = params.removeValue(forKey: "altid")
            else { continue }
            original[entry] = altID
            json["vCardParams"] = params.isEmpty ? nil : .object(params)
            setEntry(json, at: tokens)
        }
        let given = CardReader.unmapped(from: members).entryAltIDs
        for (entry, altID) in original where given[entry].map(JSONValue.string) != altID {
            let tokens = JSONPointer.tokens(entry)
            guard var json = members[tokens[0]]?[tokens[1]]?.object else { continue }
            var params = json["vCardParams"]?.object ?? [:]
            params["altid"] = altID
            json["vCardParams"] = .object(params)
            setEntry(json, at: tokens)
        }
        return left
    }

    private mutating func setEntry(_ json: [String: JSONValue], at tokens: [String]) {
        var map = members[tokens[0]]?.object ?? [:]
        map[tokens[1]] = .object(json)
        members[tokens[0]] = .object(map)
    }
}
