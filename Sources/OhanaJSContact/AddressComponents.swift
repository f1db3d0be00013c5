import Foundation
import Ohana

/// RFC 9554's `ADR` components 8 to 18 (room, apartment, floor, street number and name, building,
/// block, subdistrict, district, landmark, direction) as the vCard reader keeps them without
/// `JSCOMPS`: after the country, separated by `;` (`USA;;;;54321;Oak St;;;;;;`). RFC 9555 section
/// 2.6.1 makes them components and leaves out the street and extended address, which only repeat them.
extension AddressCoding {
    /// `ADR` positions 6 (country) to 17, by kind.
    static let tailKinds = ["country", "room", "apartment", "floor", "number", "name", "building", "block", "subdistrict",
                            "district", "landmark", "direction"]
    /// The order components are written in.
    static let componentOrder = ["postOfficeBox", "room", "apartment", "floor", "building", "number", "name", "block",
                                 "subdistrict", "district", "landmark", "direction", "locality", "region", "postcode", "country"]
    /// Kinds only RFC 9554's components give.
    static let rfc9554Kinds: Set<String> = ["room", "floor", "number", "building", "block", "subdistrict", "district", "landmark", "direction"]

    /// The components of an address whose country holds RFC 9554's components; nil when it holds
    /// none or the address would not come back from them as it is.
    static func rfc9554Components(_ a: PostalAddress) -> [NameOrAddressComponent]? {
        guard let country = a.country, country.contains(";") else { return nil }
        let tail = country.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard tail.count == tailKinds.count, tail.dropFirst().contains(where: { !$0.isEmpty }) else { return nil }
        var byKind = Dictionary(uniqueKeysWithValues: zip(tailKinds, tail))
        byKind["postOfficeBox"] = a.poBox
        byKind["locality"] = a.city
        byKind["region"] = a.region
        byKind["postcode"] = a.postalCode
        let components = componentOrder.compactMap { kind in
            byKind[kind].flatMap { $0.isEmpty ? nil : NameOrAddressComponent(kind: kind, value: $0) }
        }
        var back = PostalAddress()
        guard setFields(fromRFC9554: components, of: &back) else { return nil }
        // The street and extended address only repeat components 8 to 18 for older readers (RFC 9554
        // section 2.1), in whatever grouping the writer chose: each of their values must be one of them,
        // or the line is the street number and name joined by a space (RFC 9554's example).
        let values = Set(components.map(\.value))
        let numberAndName = [byKind["number"], byKind["name"]].compactMap { $0.flatMap(nonEmpty) }.joined(separator: " ")
        let repeated = (a.street + [a.extendedAddress].compactMap { $0 }).allSatisfy { line in
            line.split(separator: ",").allSatisfy { values.contains(String($0)) } || line == numberAndName
        }
        return repeated && back.poBox == a.poBox && back.city == a.city
            && back.region == a.region && back.postalCode == a.postalCode && back.country == a.country ? components : nil
    }

    /// The fields for components without an order that use RFC 9554's kinds, as the vCard reader
    /// fills them from such an `ADR`: the components 8 to 18 after the country, the street number
    /// and name as the street an app shows, no extended address (the vCard writer writes both as
    /// the components combined for older readers, as RFC 9554 section 2.1 asks). False (and nothing set) when the
    /// components use no such kind or repeat one.
    @discardableResult
    static func setFields(fromRFC9554 components: [NameOrAddressComponent], of a: inout PostalAddress) -> Bool {
        var byKind: [String: String] = [:]
        for c in components {
            guard componentOrder.contains(c.kind), byKind[c.kind] == nil, !c.value.contains(";") else { return false }
            byKind[c.kind] = c.value
        }
        guard byKind.keys.contains(where: rfc9554Kinds.contains) else { return false }
        a.poBox = byKind["postOfficeBox"]
        a.extendedAddress = nil
        a.street = numberAndName(byKind)
        a.city = byKind["locality"]
        a.region = byKind["region"]
        a.postalCode = byKind["postcode"]
        a.country = tailKinds.map { byKind[$0] ?? "" }.joined(separator: ";")
        a.components = []
        return true
    }
}

/// The street an app shows for RFC 9554's components: the street number and name joined by a space
/// (RFC 9554's example, `123 Main Street`), as the vCard reader gives it; empty without either.
private func numberAndName(_ byKind: [String: String]) -> [String] {
    let line = [byKind["number"], byKind["name"]].compactMap { $0.flatMap(nonEmpty) }.joined(separator: " ")
    return line.isEmpty ? [] : [line]
}

/// The text unless it is empty.
private func nonEmpty(_ s: String) -> String? { s.isEmpty ? nil : s }
