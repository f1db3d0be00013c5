import Ohana

/// The properties a card holds at most once (RFC 6350 section 6, cardinality `*1` or `1`; RFC 6474's
/// places and date of birth and death), and how a written card keeps to that.
///
/// Several properties of one name count as one when they share an `ALTID` (alternative
/// representations of one value, RFC 6350 section 5.4). Servers refuse a card that breaks this
/// (Radicale answers `PUT` with 400: "VCARD components cannot contain more than 1 PRODID").
enum VCardCardinality {
    /// The upper-case names of the properties a card holds at most once.
    static let atMostOnce: Set<String> = [
        "N", "UID", "BDAY", "ANNIVERSARY", "GENDER", "KIND", "PRODID", "REV",
        "BIRTHPLACE", "DEATHPLACE", "DEATHDATE",
    ]

    /// The `PRODID` of every card Ohana writes (RFC 6350 section 6.7.3: an ISO 9070 formal public identifier).
    static let productID = "-//Ohana//Ohana for Swift//EN"

    /// The index of the one `PRODID` a contact carries (all its PRODIDs say the same app), written
    /// back as it came; `nil` when it has none or several apps' (Ohana's own is written then).
    static func keptProductID(_ properties: [UnmappedProperty]) -> Int? {
        var kept: Int?
        for (index, p) in properties.enumerated() where p.name.uppercased() == "PRODID" {
            guard let first = kept else { kept = index; continue }
            if properties[first].value != p.value { return nil }
        }
        return kept
    }

    /// The name a second value of a property allowed once is written under: an extension property,
    /// so the value is kept (and read back) without making the card invalid.
    static func extraName(_ name: String) -> String { "X-OHANA-EXTRA-" + name.uppercased() }

    /// The `REV` kept when a card has several (a merge of cards from several apps): the latest, by
    /// its digits (`2024-03-01T10:00:00Z` and `20240301T100000Z` compare as the same instant);
    /// the first of equal ones. `nil` when there is none.
    static func latestRevision(_ properties: [UnmappedProperty]) -> Int? {
        var best: (index: Int, key: String)?
        for (index, p) in properties.enumerated() where p.name.uppercased() == "REV" {
            var digits = String(p.value.unicodeScalars.filter { $0.properties.numericType != nil && $0.isASCII })
            if digits.count < 14 { digits += String(repeating: "0", count: 14 - digits.count) }
            if best == nil || digits > best!.key { best = (index, digits) }
        }
        return best?.index
    }
}

/// Which properties allowed once a card has written (or read) so far, with their `ALTID`.
struct OnceSeen {
    /// The `ALTID` of each name seen ("" for none).
    private var seen: [String: String] = [:]

    /// Records a property allowed once; returns the `ALTID` ("" for none) of the earlier one it
    /// repeats, `nil` when it is the first of its name or an alternative of the first (a shared `ALTID`).
    mutating func repeats(_ key: String, altID: String?) -> String? {
        if let first = seen[key] {
            if let altID, first == altID { return nil }
            return first
        }
        seen[key] = altID ?? ""
        return nil
    }
}

extension CardOutput {
    /// The `ALTID` a property written from the model has: kept with its details, or the phonetic name's.
    func keptAltID(_ name: String) -> String? {
        if name == "N", contact.phoneticSystem != nil || contact.phoneticScript != nil { return "1" }
        return details(name).parameters.first { $0.name == "ALTID" }?.values.first
    }

    /// The properties kept as read, within RFC 6350's cardinalities: one app's `PRODID` only (none when
    /// Ohana's is written), the latest `REV` only, and a second value of another property allowed once under
    /// ``VCardCardinality/extraName(_:)``.
    mutating func writeUnmapped(to out: inout [UInt8]) {
        let properties = contact.unmappedProperties
        guard !properties.isEmpty else { return }
        let latestRevision = VCardCardinality.latestRevision(properties)
        let productID = VCardCardinality.keptProductID(properties)
        for (index, u) in properties.enumerated() {
            let key = u.name.uppercased()
            guard VCardCardinality.atMostOnce.contains(key) else {
                write(u, to: &out)
                continue
            }
            if (key == "PRODID" && index != productID) || (key == "REV" && index != latestRevision) { continue }
            var kept = u
            if once.repeats(key, altID: u.parameters.first { $0.name == "ALTID" }?.values.first) != nil {
                kept.name = VCardCardinality.extraName(key)
            }
            write(kept, to: &out)
        }
    }
}
