import Ohana

/// The street and extended address of an `ADR` with RFC 9554's components 8 to 18, for readers that
/// know only the first seven. RFC 9554 section 2.1: implementations "SHOULD write a combined value of
/// these components in the street address component for backwards compatibility, but they SHOULD
/// ignore the street component during reads if the ADR property value contains any of the new
/// components". The writer combines them as lists (`ADR-component-street = list-component`): the
/// street gets the street number and name, block, subdistrict, district, landmark and direction, in
/// the order RFC 9554 lists them; the extended address, which RFC 6350 section 6.3.1 describes as
/// "e.g., apartment or suite number", gets the room, apartment, floor and building. The reader
/// leaves out a street or extended address that is exactly that combination (it repeats the
/// components; the street then reads as ``displayStreet(of:)``, so that an app still shows one);
/// anything else written there is kept as written.
enum AddressCompatibility {
    /// Positions of the components the extended address combines (room, apartment, floor, building).
    static let extendedPositions = [7, 8, 9, 12]
    /// Positions of the components the street combines (number, name, block, subdistrict, district,
    /// landmark, direction).
    static let streetPositions = [10, 11, 13, 14, 15, 16, 17]

    /// The non-empty values at `positions` of a structured value of 18 components; empty when it
    /// has fewer components or none of RFC 9554's has text.
    static func combined(_ positions: [Int], of parts: [String]) -> [String] {
        guard parts.count == 18, parts[7...].contains(where: { !$0.isEmpty }) else { return [] }
        return positions.map { parts[$0] }.filter { !$0.isEmpty }
    }

    /// The street an app shows for such an address: the street number and name joined by a space
    /// (RFC 9554's own example, `123 Main Street`), one line; empty without either. The reader puts
    /// it where the combined street stood, and the writer writes the combination again in its place.
    static func displayStreet(of parts: [String]) -> [String] {
        guard parts.count == 18 else { return [] }
        let line = [parts[10], parts[11]].filter { !$0.isEmpty }.joined(separator: " ")
        return line.isEmpty ? [] : [line]
    }

    /// The address's components as the reader keeps them: the first seven fields, then the country
    /// with the components after it joined on by `;` (``partWithExtras(_:_:)``).
    static func parts(of a: PostalAddress) -> [String] {
        let country = a.country ?? ""
        let tail = country.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        return [a.poBox ?? "", a.extendedAddress ?? "", "", a.city ?? "", a.region ?? "", a.postalCode ?? ""] + tail
    }
}

extension CardMapper {
    /// The street lines of an `ADR` component as written: in vCard 4.0 a list (RFC 6350 section
    /// 6.3.1, `list-component`), one line a value, split at the commas that are not escaped; in
    /// every version, a value with line breaks is one line each (Apple's and Google's spelling).
    /// Before 4.0 a comma is the street's own text (`4700 42nd Ave. SW, Suite 440` in 3.0 cards).
    mutating func streetLines(_ p: RawProperty, plain: String?) -> [String] {
        var values: [String]
        if version == .v4_0, p.value.contains(0x2C) {
            let raw = VCardText.splitEscaped(text(of: p), at: 0x3B)
            guard raw.count > 2, !raw[2].isEmpty else { return [] }
            values = VCardText.splitEscaped(String(raw[2]), at: 0x2C).map { unescape(String($0)) }
        } else {
            guard let plain else { return [] }
            values = [plain]
        }
        return values.flatMap { text in
            text.containsUTF8(0x0A) ? text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) } : [text]
        }
    }
}
