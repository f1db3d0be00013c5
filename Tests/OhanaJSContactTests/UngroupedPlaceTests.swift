import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Ungrouped `GEO` and `TZ` properties convert to an address's `coordinates` and `timeZone`
/// (RFC 9555 sections 2.6.2 and 2.6.3; which address is the implementation's choice, section 2.6.4):
/// the card's one ungrouped `ADR`, else an address of their own, which is written back as plain
/// `GEO` and `TZ` lines.
@Suite struct UngroupedPlaceTests {
    let converter = JSContactConverter()

    func card(_ vcard: String) throws -> Card { converter.card(from: try contact(vcard)) }

    func addresses(_ card: Card) -> [String: JSONValue] { card["addresses"]?.object ?? [:] }

    func vCardProps(_ card: Card) -> [String] {
        (card["vCardProps"]?.array ?? []).compactMap { $0.array?.first?.string }.sorted()
    }

    /// The card without this library's vendor members, as another implementation would have it.
    func plain(_ card: Card) -> Card {
        Card(members: card.members.filter { !$0.key.hasPrefix(Vendor.prefix) }.mapValues(Self.withoutVendor))
    }

    static func withoutVendor(_ v: JSONValue) -> JSONValue {
        guard let o = v.object else { return v }
        return .object(o.filter { !$0.key.hasPrefix(Vendor.prefix) }.mapValues(withoutVendor))
    }

    /// The written lines of these properties, in order.
    func placeLines(_ lines: [String]) -> [String] {
        lines.filter { line in ["GEO", "TZ", "ADR"].contains { line.hasPrefix($0 + ":") || line.hasPrefix($0 + ";") } }
    }

    @Test func anUngroupedGeoGoesToTheOneAddress() throws {
        let c = try card("FN:A\nADR:;;1 Main St;Reston;VA;20190;USA\nGEO:geo:37.386013,-122.082932")
        #expect(addresses(c).count == 1)
        #expect(addresses(c)["ADDR-1"]?["coordinates"] == "geo:37.386013,-122.082932")
        #expect(addresses(c)["ADDR-1"]?["components"] != nil)
        #expect(c["vCardProps"] == nil)
        #expect(c.validate().isEmpty)
        // The model keeps the one postal address the vCard has, and the GEO among its unmapped properties.
        let back = converter.contact(from: c)
        #expect(back.postalAddresses.count == 1)
        #expect(back.unmappedProperties.contains { $0.name == "GEO" })
    }

    @Test func anUngroupedGeoWithoutAnAddressIsAnAddressOfItsOwn() throws {
        let c = try card("FN:A\nGEO:geo:37.386013,-122.082932")
        #expect(addresses(c) == ["ADDR-1": ["coordinates": "geo:37.386013,-122.082932"]])
        #expect(c["vCardProps"] == nil)
        #expect(c.validate().isEmpty)
        // No postal address that the vCard did not have, in either direction.
        #expect(converter.contact(from: c).postalAddresses.isEmpty)
        #expect(converter.contact(from: plain(c)).postalAddresses.isEmpty)
    }

    @Test func anUngroupedTimeZoneNameOrWholeHourOffsetIsATimeZone() throws {
        #expect(addresses(try card("FN:A\nTZ:America/New_York")) == ["ADDR-1": ["timeZone": "America/New_York"]])
        #expect(addresses(try card("FN:A\nTZ;VALUE=utc-offset:-0500")) == ["ADDR-1": ["timeZone": "Etc/GMT+5"]])
        #expect(addresses(try card("FN:A\nTZ:-05:00")) == ["ADDR-1": ["timeZone": "Etc/GMT+5"]])
        #expect(addresses(try card("FN:A\nTZ;VALUE=utc-offset:+0000")) == ["ADDR-1": ["timeZone": "Etc/UTC"]])
    }

    @Test func anOffsetWithMinutesOrAURIStaysInVCardProps() throws {
        for vcard in ["FN:A\nTZ;VALUE=utc-offset:-0530", "FN:A\nTZ;VALUE=uri:https://example.com/tz/NYC", "FN:A\nTZ;VALUE=utc-offset:-1300"] {
            let c = try card(vcard)
            #expect(c["addresses"] == nil, "\(vcard)")
            #expect(vCardProps(c) == ["tz"], "\(vcard)")
        }
    }

    @Test func geoAndTimeZoneBesideTwoAddressesAreAThirdAddress() throws {
        let c = try card("FN:A\nADR;TYPE=home:;;1 Main St;Reston;;;\nADR;TYPE=work:;;2 Oak St;Reston;;;\nGEO:geo:46.77,-71.28\nTZ:Europe/Rome")
        #expect(addresses(c).count == 3)
        #expect(addresses(c)["ADDR-3"] == ["coordinates": "geo:46.77,-71.28", "timeZone": "Europe/Rome"])
        for id in ["ADDR-1", "ADDR-2"] {
            #expect(addresses(c)[id]?["coordinates"] == nil)
            #expect(addresses(c)[id]?["timeZone"] == nil)
        }
        #expect(c["vCardProps"] == nil)
        #expect(converter.contact(from: plain(c)).postalAddresses.count == 2)
    }

    @Test func anAddressWithCoordinatesOfItsOwnLeavesTheGeoToAnotherAddress() throws {
        let c = try card("FN:A\nADR;GEO=\"geo:1,2\":;;1 Main St;Reston;;;\nGEO:geo:46.77,-71.28\nTZ:Europe/Rome")
        #expect(addresses(c)["ADDR-1"]?["coordinates"] == "geo:1,2")
        #expect(addresses(c)["ADDR-1"]?["timeZone"] == "Europe/Rome")
        #expect(addresses(c)["ADDR-2"] == ["coordinates": "geo:46.77,-71.28"])
    }

    @Test func severalUngroupedGeosStayInVCardProps() throws {
        let c = try card("FN:A\nADR:;;1 Main St;Reston;;;\nGEO:geo:46.77,-71.28\nGEO:geo:1,2\nTZ:Europe/Rome")
        #expect(vCardProps(c) == ["geo", "geo"])
        #expect(addresses(c).count == 1)
        #expect(addresses(c)["ADDR-1"]?["timeZone"] == "Europe/Rome")
        #expect(addresses(c)["ADDR-1"]?["coordinates"] == nil)
    }

    @Test func anAddressWithOnlyCoordinatesIsAGeoLine() throws {
        let written = lines(exampleCard(["addresses": ["ADDR-1": ["coordinates": "geo:46.772673,-71.282945", "timeZone": "Etc/GMT+5"]]]))
        #expect(placeLines(written) == ["GEO:geo:46.772673,-71.282945", "TZ:Etc/GMT+5"])
        #expect(!written.contains { $0.hasPrefix("ADR") })
    }

    @Test func anAddressWithComponentsAndCoordinatesIsStillAnADR() throws {
        let written = lines(exampleCard(["addresses": ["ADDR-1": [
            "components": [["kind": "locality", "value": "Reston"]], "coordinates": "geo:46.77,-71.28",
        ]]]))
        #expect(placeLines(written) == ["ADR;GEO=\"geo:46.77,-71.28\":;;;Reston;;;"])
    }

    @Test func aLocalizedAddressBesideAPlaceIsStillLocalized() throws {
        let first = exampleCard([
            "addresses": ["ADDR-1": ["components": [["kind": "locality", "value": "Tokyo"]]], "ADDR-2": ["coordinates": "geo:35.68,139.76"]],
            "localizations": ["ja": ["addresses/ADDR-1": ["components": [["kind": "locality", "value": "東京"]]]]],
        ])
        let back = converter.contact(from: first)
        #expect(back.postalAddresses.map(\.city) == ["Tokyo", "東京"])
        #expect(back.unmappedProperties.contains { $0.name == "GEO" })
        #expect(!back.unmappedProperties.contains { $0.name == "JSPROP" })
    }

    static let vcards = [
        "FN:A\nGEO:geo:37.386013,-122.082932",
        "FN:A\nTZ:America/New_York",
        "FN:A\nTZ;VALUE=utc-offset:-0500",
        "FN:A\nADR:;;1 Main St;Reston;VA;20190;USA\nGEO:geo:37.386013,-122.082932\nTZ:-05:00",
        "FN:A\nADR;TYPE=home:;;1 Main St;Reston;;;\nADR;TYPE=work:;;2 Oak St;Reston;;;\nGEO:geo:46.77,-71.28\nTZ:Europe/Rome",
        "FN:A\nADR;GEO=\"geo:1,2\":;;1 Main St;Reston;;;\nGEO:geo:46.77,-71.28",
        "FN:A\nGEO:geo:46.77,-71.28\nitem1.ADR:;;1 Main St;Reston;;;\nitem1.TZ:Europe/Rome\nTZ;PROP-ID=k9:Asia/Tokyo",
    ]

    @Test(arguments: vcards) func vCardToJSContactAndBackKeepsTheLines(_ vcard: String) throws {
        let first = try contact(vcard)
        let c = converter.card(from: first)
        #expect(c.validate().isEmpty)
        let back = converter.contact(from: c)
        #expect(back.hasSameContent(as: first))
        let written = String(decoding: VCardWriter(target: .rfc6350).write([back]), as: UTF8.self).components(separatedBy: "\r\n")
        let original = String(decoding: VCardWriter(target: .rfc6350).write([first]), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(placeLines(written) == placeLines(original))
    }

    @Test func withoutVendorMembersTheLinesComeBackToo() throws {
        for vcard in ["FN:A\nGEO:geo:37.386013,-122.082932\nTZ:America/New_York", "FN:A\nADR:;;1 Main St;Reston;;;\nGEO:geo:46.77,-71.28"] {
            let c = plain(try card(vcard))
            let written = placeLines(lines(c))
            let want = placeLines(vcard.components(separatedBy: "\n"))
            if vcard.contains("ADR") {
                // The ADR takes the GEO: written back as its parameter (RFC 9555 section 2.6.1).
                #expect(written == ["ADR;GEO=\"geo:46.77,-71.28\":;;1 Main St;Reston;;;"])
            } else {
                #expect(written == want, "\(written)")
            }
        }
    }

    static let cards: [[String: JSONValue]] = [
        ["ADDR-1": ["coordinates": "geo:46.77,-71.28"]],
        ["ADDR-1": ["timeZone": "Etc/GMT+5"]],
        ["ADDR-1": ["components": [["kind": "locality", "value": "Reston"]]], "ADDR-2": ["coordinates": "geo:46.77,-71.28", "timeZone": "Europe/Rome"]],
        ["ADDR-1": ["coordinates": "geo:46.77,-71.28"], "ADDR-2": ["components": [["kind": "locality", "value": "Reston"]]]],
        ["home": ["coordinates": "geo:46.77,-71.28"], "work": ["timeZone": "Europe/Rome"]],
        ["ADDR-1": ["components": [["kind": "locality", "value": "Reston"]], "coordinates": "geo:1,2"], "ADDR-2": ["coordinates": "geo:46.77,-71.28"]],
    ]

    @Test(arguments: cards) func jsContactToVCardAndBackKeepsTheAddresses(_ addresses: [String: JSONValue]) throws {
        let first = exampleCard(["addresses": .object(addresses)])
        let written = lines(first).joined(separator: "\r\n")
        let back = converter.card(from: try contact(written))
        #expect(plain(back)["addresses"] == .object(addresses), "\(written)")
        #expect(back["vCardProps"] == nil, "\(written)")
        #expect(!lines(first).contains { $0.hasPrefix("ADR") && $0.hasSuffix(":;;;;;;") }, "\(written)")
    }
}
