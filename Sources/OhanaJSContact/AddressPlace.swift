import Foundation
import Ohana
import OhanaVCard

/// Where an address is: vCard's `GEO` and `TZ`, as `ADR` parameters and as properties, and the
/// address's `coordinates` and `timeZone` (RFC 9555 sections 2.6.1 to 2.6.3).
///
/// As `ADR` parameters they are the address's own. As properties they belong to the address of the
/// same property group (`item1.ADR` and `item1.GEO`), as RFC 9555's authors' converter
/// (jscontact-tools) reads them; a grouped `GEO` or `TZ` without such an address stays in
/// `vCardProps`. Ungrouped ones (RFC 9555 sections 2.6.2 and 2.6.3 convert them to an address,
/// leaving which one to the implementation) go to the card's one ungrouped `ADR` when it has no
/// such member of its own, else to an address of their own (see `CardBuilder.encodeUngroupedPlaces`).
/// Written back, they are the `ADR`'s `GEO` and `TZ` parameters (RFC 9555 section 2.6.1), or plain
/// `GEO` and `TZ` properties for an address that has nothing else (``lines(for:id:in:)``).
enum AddressPlace {
    /// The `timeZone` for a vCard `TZ` value: a time zone name as it is, a UTC offset of whole hours
    /// from -12 to +14 as `Etc/UTC` (zero) or the `Etc/GMT` zone of that offset (whose sign is the
    /// other way round: `-0500` is `Etc/GMT+5`), as RFC 9555 section 2.6.3 says. Nil for other
    /// offsets (RFC 9553 has no custom time zones) and URIs.
    static func timeZone(fromVCard value: String) -> String? {
        let v = value.trimmingCharacters(in: .whitespaces)
        guard let first = v.first else { return nil }
        if first == "+" || first == "-" {
            let digits = v.dropFirst().filter { $0 != ":" }
            guard [2, 4].contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                let hours = Int(digits.prefix(2)), digits.dropFirst(2).allSatisfy({ $0 == "0" }), hours <= (first == "-" ? 12 : 14)
            else { return nil }
            if hours == 0 { return "Etc/UTC" }
            return "Etc/GMT" + (first == "-" ? "+" : "-") + String(hours)
        }
        // A name (`America/New_York`), not a URI or free text with spaces.
        guard !v.contains(":"), !v.contains(" ") else { return nil }
        return v
    }

    /// The `coordinates` for a vCard `GEO` value: a `geo:` URI as it is, vCard 3's `lat;lon` as the
    /// `geo:` URI of the same point (RFC 5870). Nil for anything else.
    static func coordinates(fromVCard value: String) -> String? {
        let v = value.trimmingCharacters(in: .whitespaces)
        if v.lowercased().hasPrefix("geo:") { return v }
        let parts = v.replacingOccurrences(of: "\\;", with: ";").split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ Double($0) != nil }) else { return nil }
        return "geo:\(parts[0]),\(parts[1])"
    }

    /// The `GEO` and `TZ` properties that belong to an address: same group, no parameter other than
    /// a `VALUE` of the property's own types, a value JSContact can hold, and the address without that
    /// parameter of its own. One of each at most: a second is left where it is. With `takesUngrouped`
    /// (the card's one ungrouped address), the ungrouped ones without a `PROP-ID`.
    static func properties(for address: PostalAddress, in unmapped: [UnmappedProperty], takesUngrouped: Bool = false)
        -> [(property: UnmappedProperty, member: String, value: String)]
    {
        guard let group = address.group?.lowercased() else {
            guard takesUngrouped else { return [] }
            return ungrouped(in: unmapped).filter { $0.id == nil && address.parameters.first(Self.property(of: $0.member)) == nil }
                .map { ($0.property, $0.member, $0.value) }
        }
        var result: [(UnmappedProperty, String, String)] = []
        for (name, member, values) in kinds {
            guard address.parameters.first(name) == nil else { continue }
            let candidates = unmapped.filter { u in
                u.group?.lowercased() == group && u.name.uppercased() == name
                    && u.parameters.allSatisfy { $0.name.uppercased() == "VALUE" && $0.values.count == 1 && values.contains($0.values[0].lowercased()) }
            }
            guard candidates.count == 1, let u = candidates.first, let value = value(of: u) else { continue }
            result.append((u, member, value))
        }
        return result
    }

    /// The two properties, their `Address` members and their `VALUE` types.
    static let kinds = [("GEO", "coordinates", ["uri"]), ("TZ", "timeZone", ["text", "utc-offset"])]

    /// The vCard property of an `Address` member (`coordinates`, `timeZone`).
    static func property(of member: String) -> String { member == "coordinates" ? "GEO" : "TZ" }

    /// The member value of a `GEO` or `TZ` property, nil when JSContact cannot hold it.
    static func value(of u: UnmappedProperty) -> String? {
        let text = VCardText.unescape(u.value)
        return u.name.uppercased() == "GEO" ? coordinates(fromVCard: text) : timeZone(fromVCard: text)
    }

    /// The ungrouped `GEO` and `TZ` properties that become address members: no parameter other than
    /// a `VALUE` of the property's own types and a `PROP-ID` (the id of the address they are, RFC 9555
    /// section 3.3.1), and a value JSContact can hold. Of each property for one id (or none) there is
    /// one at most: when there are several, none is taken, since nothing says which place is which.
    static func ungrouped(in unmapped: [UnmappedProperty])
        -> [(property: UnmappedProperty, member: String, value: String, id: String?)]
    {
        var found: [(property: UnmappedProperty, member: String, value: String, id: String?)] = []
        for u in unmapped where u.group == nil {
            guard let (_, member, values) = kinds.first(where: { $0.0 == u.name.uppercased() }) else { continue }
            let fits = u.parameters.allSatisfy { p in
                p.values.count == 1
                    && (p.name.uppercased() == "VALUE" ? values.contains(p.values[0].lowercased()) : p.name.uppercased() == "PROP-ID" && CardValidator.isID(p.values[0]))
            }
            guard fits, let value = value(of: u) else { continue }
            found.append((u, member, value, u.parameters.first("PROP-ID")))
        }
        return found.filter { f in found.filter { $0.member == f.member && $0.id == f.id }.count == 1 }
    }

    /// The plain `GEO` and `TZ` properties for an address that has nothing but `coordinates` and
    /// `timeZone` (and values that read back as the same members), nil for any other address. They
    /// carry the address's id as `PROP-ID` unless reading them back gives that id without it: the
    /// card's only such address, with the id the reader gives it, and no ungrouped address lacking
    /// those members that they would join (``properties(for:in:takesUngrouped:)``).
    static func lines(for json: [String: JSONValue], id: String, in addresses: [String: JSONValue]) -> [UnmappedProperty]? {
        guard !json.isEmpty, json.keys.allSatisfy(["coordinates", "timeZone"].contains) else { return nil }
        var lines: [UnmappedProperty] = []
        if let c = json["coordinates"] {
            guard let c = c.string, coordinates(fromVCard: c) == c else { return nil }
            lines.append(UnmappedProperty(name: "GEO", value: c))
        }
        if let tz = json["timeZone"] {
            guard let tz = tz.string, timeZone(fromVCard: tz) == tz else { return nil }
            lines.append(UnmappedProperty(name: "TZ", value: VCardText.escape(tz)))
        }
        let others = addresses.filter { $0.key != id }
        let placeOnly = others.values.contains { $0.object.map { !$0.isEmpty && $0.keys.allSatisfy(["coordinates", "timeZone"].contains) } ?? false }
        var n = others.count + 1
        while others["ADDR-\(n)"] != nil { n += 1 }
        let joins = others.values.contains { a in
            a["vCardParams"]?["group"] == nil && json.keys.contains { a[$0] == nil }
        }
        if placeOnly || id != "ADDR-\(n)" || joins {
            for i in lines.indices { lines[i].parameters = [PropertyParameter(name: "PROP-ID", values: [id])] }
        }
        return lines
    }
}
