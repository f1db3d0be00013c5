import Foundation
import Ohana

/// Addresses in another language (RFC 9555 section 2.3.11): an `ADR` with `LANGUAGE` that shares
/// its `ALTID` with an `ADR` without `LANGUAGE` (the vCard reader keeps both as addresses), wherever
/// the two are in the card, is the `addresses/<id>` entry of that language's `localizations`, the
/// whole address as it is in that language; written back as an `ADR` with that `LANGUAGE` and the
/// same `ALTID`, after the address it localizes. The shared `ALTID=1` is given back by the reader,
/// as for the other localizations; where an address would not come back as it was, its exact copy
/// goes with it (vendor member), and where the addresses would not come back in their order, the
/// order goes with them.
enum LocalizedAddresses {
    /// A localized address: the index of the address it localizes among the others, its language.
    struct Localized {
        let base: Int
        let language: String
        let address: PostalAddress
    }

    /// Vendor member: where each address the reader gives (bases, each followed by its localizations
    /// in language order) was among the contact's, when that is not the same order.
    static let orderKey = Vendor.prefix + "addressOrder"

    /// The contact's addresses without the localized ones, the localized ones, and the order member's
    /// positions when the reader would not give the addresses back in their order. An address with an
    /// `ALTID` and a `LANGUAGE` localizes the one address with that `ALTID` and no `LANGUAGE`, once
    /// per language.
    static func split(_ addresses: [PostalAddress]) -> (bases: [PostalAddress], localized: [Localized], order: [Int]?) {
        var baseByAltID: [String: Int] = [:]
        var shared = Set<String>()
        for (i, a) in addresses.enumerated() where a.parameters.first("LANGUAGE") == nil {
            guard let altID = single(a.parameters, "ALTID") else { continue }
            if baseByAltID.updateValue(i, forKey: altID) != nil { shared.insert(altID) }
        }
        var localizes: [Int: (base: Int, language: String)] = [:]
        var taken = Set<String>()
        for (i, a) in addresses.enumerated() {
            guard let altID = single(a.parameters, "ALTID"), let language = single(a.parameters, "LANGUAGE"), !shared.contains(altID),
                let base = baseByAltID[altID], taken.insert("\(base) \(language)").inserted
            else { continue }
            localizes[i] = (base, language)
        }
        var bases: [PostalAddress] = []
        var baseIndex: [Int: Int] = [:]
        for (i, a) in addresses.enumerated() where localizes[i] == nil {
            baseIndex[i] = bases.count
            bases.append(a)
        }
        let localized = addresses.indices.compactMap { i in
            localizes[i].map { Localized(base: baseIndex[$0.base]!, language: $0.language, address: addresses[i]) }
        }
        // The order the reader gives them in, by position among the contact's.
        var order: [Int] = []
        for (i, _) in addresses.enumerated() where localizes[i] == nil {
            order.append(i)
            order += localizes.filter { $0.value.base == i }.sorted { $0.value.language < $1.value.language }.map(\.key)
        }
        return (bases, localized, order == Array(addresses.indices) ? nil : order)
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
    mutating func encodeLocalizedAddresses(_ localized: [LocalizedAddresses.Localized], ids: [String], order: [Int]?) {
        guard !localized.isEmpty else { return }
        if let order { members[LocalizedAddresses.orderKey] = .array(order.map(JSONValue.integer)) }
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
        let places = placeLines()
        let keys = orderedKeys(map, prefix: "ADDR").filter { map[$0]?.object != nil && places[$0] == nil }
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
        // The order they had, when it was not this one.
        if let order = m[LocalizedAddresses.orderKey]?.array?.compactMap(\.integer), order.sorted() == Array(result.indices) {
            for (k, i) in order.enumerated() { contact.postalAddresses[i] = result[k] }
            take(LocalizedAddresses.orderKey)
        }
    }
}
