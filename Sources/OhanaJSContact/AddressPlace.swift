import Foundation
import Ohana
import OhanaVCard

/// Where an address is: vCard's `GEO` and `TZ`, as `ADR` parameters and as properties, and the
/// address's `coordinates` and `timeZone` (RFC 9555 sections 2.6.1 to 2.6.3).
///
/// As `ADR` parameters they are the address's own. As properties they belong to the address of the
/// same property group (`item1.ADR` and `item1.GEO`), as RFC 9555's authors' converter
/// (jscontact-tools) reads them; a `GEO` or `TZ` without such an address stays in `vCardProps`, since
/// nothing says which address it would be. Written back, they are the `ADR`'s `GEO` and `TZ`
/// parameters (RFC 9555 section 2.6.1).
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
    /// parameter of its own. One of each at most: a second is left where it is.
    static func properties(for address: PostalAddress, in unmapped: [UnmappedProperty])
        -> [(property: UnmappedProperty, member: String, value: String)]
    {
        guard let group = address.group?.lowercased() else { return [] }
        var result: [(UnmappedProperty, String, String)] = []
        for (name, member, values) in [("GEO", "coordinates", ["uri"]), ("TZ", "timeZone", ["text", "utc-offset"])] {
            guard address.parameters.first(name) == nil else { continue }
            let candidates = unmapped.filter { u in
                u.group?.lowercased() == group && u.name.uppercased() == name
                    && u.parameters.allSatisfy { $0.name.uppercased() == "VALUE" && $0.values.count == 1 && values.contains($0.values[0].lowercased()) }
            }
            guard candidates.count == 1, let u = candidates.first else { continue }
            let text = VCardText.unescape(u.value)
            guard let value = name == "GEO" ? coordinates(fromVCard: text) : timeZone(fromVCard: text) else { continue }
            result.append((u, member, value))
        }
        return result
    }
}
