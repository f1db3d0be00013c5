import Foundation
import Ohana
import OhanaVCard

extension CardBuilder {
    /// Whether the address is the card's one ungrouped `ADR`, which takes the ungrouped `GEO` and `TZ`.
    func takesUngroupedPlaces(_ address: PostalAddress, among bases: [PostalAddress]) -> Bool {
        address.group == nil && bases.filter { $0.group == nil }.count == 1
    }

    /// The ungrouped `GEO` and `TZ` properties that no `ADR` took, as addresses of their own
    /// (RFC 9555 sections 2.6.2 and 2.6.3): those with a `PROP-ID` as the address of that id (kept in
    /// `vCardProps` when another address has it), the others together as one more address. The
    /// contact's model has no such address (`Contact.postalAddresses` stays as the vCard had it):
    /// the properties stay among its unmapped ones, and this library's copy of them makes the round
    /// trip exact.
    mutating func encodeUngroupedPlaces() {
        let places = AddressPlace.ungrouped(in: contact.unmappedProperties).filter { !placeProperties.contains($0.property) }
        guard !places.isEmpty else { return }
        var map = members["addresses"]?.object ?? [:]
        var ids: [String?] = []
        for p in places where p.id != nil && !ids.contains(p.id) { ids.append(p.id) }
        if places.contains(where: { $0.id == nil }) { ids.append(nil) }
        for id in ids {
            var key = id ?? ""
            if let id {
                guard map[id] == nil else { continue }
            } else {
                var n = map.count + 1
                while map["ADDR-\(n)"] != nil { n += 1 }
                key = "ADDR-\(n)"
            }
            var json: [String: JSONValue] = [:]
            for p in places where p.id == id {
                json[p.member] = .string(p.value)
                placeProperties.append(p.property)
            }
            map[key] = .object(json)
        }
        members["addresses"] = .object(map)
    }
}

extension CardReader {
    /// The addresses that have only `coordinates` and `timeZone`, as the plain `GEO` and `TZ`
    /// properties they came from (``AddressPlace/lines(for:id:in:)``), by address id; not those
    /// that a localization patches, which stay addresses.
    func placeLines() -> [String: [UnmappedProperty]] {
        let map = m["addresses"]?.object ?? [:]
        let patched = (m["localizations"]?.object ?? [:]).values.flatMap { $0.object?.keys.map { $0 } ?? [] }
        var result: [String: [UnmappedProperty]] = [:]
        for (id, json) in map where !patched.contains(where: { $0 == "addresses/\(id)" || $0.hasPrefix("addresses/\(id)/") }) {
            guard let object = json.object, let lines = AddressPlace.lines(for: object, id: id, in: map) else { continue }
            result[id] = lines
        }
        return result
    }
}
