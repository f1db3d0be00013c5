import Foundation
import Ohana

/// Addresses in another language (RFC 9555 section 2.3.11): an `ADR` with `LANGUAGE` that shares
/// its `ALTID` with the `ADR` just before it (the vCard reader keeps both as addresses) is the
/// `addresses/<id>` entry of that language's `localizations`, the whole address as it is in that
/// language; written back as an `ADR` with that `LANGUAGE` and the same `ALTID`, after the address
/// it localizes. The shared `ALTID=1` is given back by the reader, as for the other localizations;
/// where an address would not come back as it was, its exact copy goes with it (vendor member).
enum LocalizedAddresses {
    /// A localized address: the index of the address it localizes among the others, its language.
    struct Localized {
        let base: Int
        let language: String
        let address: PostalAddress
    }

    /// The contact's addresses without the localized ones, and the localized ones. An address is
    /// localized when it follows its base (or the base's other localizations, in language order).
    static func split(_ addresses: [PostalAddress]) -> (bases: [PostalAddress], localized: [Localized]) {
        var bases: [PostalAddress] = []
        var localized: [Localized] = []
        var run: (base: Int, altID: String, language: String)?
        for a in addresses {
            let altID = single(a.parameters, "ALTID"), language = single(a.parameters, "LANGUAGE")
            if let r = run, let altID, let language, altID == r.altID, language > r.language {
                localized.append(Localized(base: r.base, language: language, address: a))
                run = (r.base, altID, language)
                continue
            }
            run = altID != nil && language == nil ? (bases.count, altID!, "") : nil
            bases.append(a)
        }
        return (bases, localized)
    }

    static func single(_ parameters: [PropertyParameter], _ name: String) -> String? {
        let matches = parameters.filter { $0.name.uppercased() == name }
        guard matches.count == 1, matches[0].values.count == 1 else { return nil }
        return matches[0].values[0]
    }

    static func removing(_ names: Set<String>, from a: PostalAddress) -> PostalAddress {
        var copy = a
        copy.parameters = a.parameters.removing(names)
        return copy
    }

    /// A localized address as the reader makes it from its entry: the address of the entry, with
    /// the base's `ALTID` and the language.
    static func address(_ json: [String: JSONValue], id: String, index: Int, altID: String, language: String) -> PostalAddress {
        if let exact = Vendor.decode(PostalAddress.self, from: json[Vendor.exact]) { return exact }
        var a = AddressCoding.decode(json, id: id, index: index)
        insert([PropertyParameter(name: "ALTID", values: [altID]), PropertyParameter(name: "LANGUAGE", values: [language])], into: &a)
        return a
    }

    /// A base address's member without its `ALTID=1` (given back by the reader).
    static func droppingAltID(_ json: inout [String: JSONValue]) {
        guard var params = json["vCardParams"]?.object, params["altid"] == "1" else { return }
        params["altid"] = nil
        json["vCardParams"] = params.isEmpty ? nil : .object(params)
    }

    /// The base address the reader makes: `ALTID=1` put back when its member has none.
    static func withAltID(_ a: PostalAddress) -> PostalAddress {
        var copy = a
        if copy.parameters.first("ALTID") == nil { insert([PropertyParameter(name: "ALTID", values: ["1"])], into: &copy) }
        return copy
    }

    /// Adds parameters where the vCard writer puts them: last, before a `JSCOMPS` (which goes last).
    static func insert(_ parameters: [PropertyParameter], into a: inout PostalAddress) {
        let end = a.parameters.last?.name.uppercased() == "JSCOMPS" ? a.parameters.count - 1 : a.parameters.count
        a.parameters.insert(contentsOf: parameters, at: max(end, 0))
    }
}

extension CardBuilder {
    /// The localized addresses' entries in `localizations`, under their base's id.
    mutating func encodeLocalizedAddresses(_ localized: [LocalizedAddresses.Localized], ids: [String]) {
        guard !localized.isEmpty else { return }
        var localizations = members["localizations"]?.object ?? [:]
        for l in localized {
            guard ids.indices.contains(l.base), let altID = LocalizedAddresses.single(l.address.parameters, "ALTID") else { continue }
            let id = ids[l.base]
            var json = AddressCoding.encode(LocalizedAddresses.removing(["ALTID", "LANGUAGE"], from: l.address))
            var plain = l.address
            plain.provenance = nil
            if LocalizedAddresses.address(json, id: id, index: l.base + 1, altID: altID, language: l.language) != plain {
                json[Vendor.exact] = Vendor.encode(plain)
            }
            var entry = localizations[l.language]?.object ?? [:]
            entry["addresses/\(id)"] = .object(json)
            localizations[l.language] = .object(entry)
        }
        members["localizations"] = .object(localizations)
    }
}

extension CardReader {
    /// The addresses of `addresses/<id>` entries of the card's `localizations`, each after the
    /// address it localizes.
    mutating func readLocalizedAddresses() {
        guard let localizations = m["localizations"]?.object, let map = m["addresses"]?.object else { return }
        let keys = orderedKeys(map, prefix: "ADDR").filter { map[$0]?.object != nil }
        guard keys.count == contact.postalAddresses.count else { return }
        var result: [PostalAddress] = []
        for (i, key) in keys.enumerated() {
            var base = contact.postalAddresses[i]
            var added: [PostalAddress] = []
            for language in localizations.keys.sorted() {
                let path = "addresses/\(key)"
                guard let json = localizations[language]?[path]?.object else { continue }
                if map[key]?[Vendor.exact] == nil { base = LocalizedAddresses.withAltID(base) }
                let altID = base.parameters.first("ALTID") ?? "1"
                added.append(LocalizedAddresses.address(json, id: key, index: i + 1, altID: altID, language: language))
                used.insert(["localizations", language, path])
            }
            result.append(base)
            result += added
        }
        contact.postalAddresses = result
    }
}
