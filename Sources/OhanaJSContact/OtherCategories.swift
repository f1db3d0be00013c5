import Foundation
import Ohana

/// `CATEGORIES` lines the contact keeps as properties of their own (a second one with other
/// parameters): their values are keywords too (RFC 9555 section 2.11.1). The keywords only they
/// give are listed in a vendor member, so that the reader does not make them the contact's tags as
/// well; the card's exact copy of the unmapped properties keeps the lines as written.
enum OtherCategories {
    static let key = Vendor.prefix + "otherCategories"

    /// The keywords of an unmapped `CATEGORIES`, or nil for another property.
    static func keywords(_ u: UnmappedProperty) -> [String]? {
        guard u.name.uppercased() == "CATEGORIES" else { return nil }
        var values: [String] = [], current = "", escaped = false
        for ch in u.value {
            if escaped { current.append(ch == "n" || ch == "N" ? "\n" : ch); escaped = false }
            else if ch == "\\" { escaped = true }
            else if ch == "," { values.append(current); current = "" }
            else { current.append(ch) }
        }
        values.append(current)
        let keywords = values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return keywords.isEmpty ? nil : keywords
    }
}

extension CardBuilder {
    /// Adds an unmapped `CATEGORIES`'s values to `keywords`; false for another property.
    mutating func encodeOtherCategories(_ u: UnmappedProperty) -> Bool {
        guard let keywords = OtherCategories.keywords(u) else { return false }
        var map = members["keywords"]?.object ?? [:]
        var others = members[OtherCategories.key]?.array ?? []
        for k in keywords where map[k] == nil {
            map[k] = true
            others.append(.string(k))
        }
        members["keywords"] = .object(map)
        if !others.isEmpty { members[OtherCategories.key] = .array(others) }
        return true
    }
}
