import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// `GEO` and `TZ` as vCard properties and as `ADR` parameters become the address's `coordinates`
/// and `timeZone` (RFC 9555 sections 2.6.1 to 2.6.3; a property belongs to the `ADR` of its group,
/// as in RFC 9555's authors' converter), and are written back as the `ADR`'s parameters. Ungrouped
/// ones: UngroupedPlaceTests.
@Suite struct AddressPlaceTests {
    let converter = JSContactConverter()

    func address(_ vcard: String) throws -> JSONValue {
        let card = converter.card(from: try contact(vcard))
        return try #require(card["addresses"]?.object?.values.first)
    }

    func vcard(_ card: Card) -> String {
        String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: card)]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "")
    }

    static let grouped = "FN:A\nitem1.ADR;CC=US:;;54321 Oak St;Reston;VA;20190;USA\nitem1.GEO:geo:46.772673,-71.282945\nitem1.TZ:America/New_York"

    @Test func propertiesOfTheAddressGroupAreItsCoordinatesAndTimeZone() throws {
        let a = try address(Self.grouped)
        #expect(a["coordinates"] == "geo:46.772673,-71.282945")
        #expect(a["timeZone"] == "America/New_York")
        let card = converter.card(from: try contact(Self.grouped))
        #expect(card["vCardProps"] == nil, "\(String(describing: card["vCardProps"]))")
        #expect(card.validate().isEmpty)
    }

    @Test func theContactComesBackAsItWas() throws {
        let first = try contact(Self.grouped)
        let back = converter.contact(from: converter.card(from: first))
        #expect(back.hasSameContent(as: first))
        #expect(back.unmappedProperties.contains { $0.name == "GEO" && $0.group == "item1" })
    }

    @Test func aUTCOffsetOfWholeHoursIsAnEtcGMTZone() throws {
        #expect(try address("FN:A\nitem1.ADR:;;1 Main St;Reston;;;\nitem1.TZ:-0500")["timeZone"] == "Etc/GMT+5")
        #expect(try address("FN:A\nADR;TZ=+0200:;;1 Main St;Reston;;;")["timeZone"] == "Etc/GMT-2")
        #expect(try address("FN:A\nitem1.ADR:;;1 Main St;Reston;;;\nitem1.TZ;VALUE=utc-offset:+00:00")["timeZone"] == "Etc/UTC")
        #expect(AddressPlace.timeZone(fromVCard: "-05") == "Etc/GMT+5")
        // RFC 9555 section 2.6.3: hours from -12 to +14.
        #expect(AddressPlace.timeZone(fromVCard: "+1400") == "Etc/GMT-14")
        #expect(AddressPlace.timeZone(fromVCard: "-1200") == "Etc/GMT+12")
        #expect(AddressPlace.timeZone(fromVCard: "-1300") == nil)
    }

    @Test func anOffsetThatIsNoEtcZoneStaysAsWritten() throws {
        // RFC 9553 has no custom time zones: -0530 has no IANA name and is not invented.
        let a = try address("FN:A\nADR;TZ=-0530:;;1 Main St;Reston;;;")
        #expect(a["timeZone"] == nil)
        #expect(a["vCardParams"]?["tz"] == "-0530")
        let card = converter.card(from: try contact("FN:A\nitem1.ADR:;;1 Main St;Reston;;;\nitem1.TZ:-0530"))
        #expect(card["addresses"]?.object?.values.first?["timeZone"] == nil)
        #expect(card["vCardProps"] != nil)
    }

    @Test func aGroupedPropertyWithoutAnAddressOfItsGroupStaysInVCardProps() throws {
        let card = converter.card(from: try contact("FN:A\nADR:;;1 Main St;Reston;;;\nitem2.GEO:geo:46.77,-71.28\nitem2.TZ:Europe/Rome"))
        let a = try #require(card["addresses"]?.object?.values.first)
        #expect(card["addresses"]?.object?.count == 1)
        #expect(a["coordinates"] == nil)
        #expect(a["timeZone"] == nil)
        let props = card["vCardProps"]?.array?.compactMap { $0.array?.first?.string } ?? []
        #expect(props.sorted() == ["geo", "tz"])
    }

    @Test func vCard3GeoIsAGeoURI() throws {
        #expect(AddressPlace.coordinates(fromVCard: "37.386013;-122.082932") == "geo:37.386013,-122.082932")
        #expect(AddressPlace.coordinates(fromVCard: "somewhere") == nil)
    }

    @Test func coordinatesAndTimeZoneAreWrittenAsADRParameters() throws {
        let card = exampleCard(["addresses": ["ADDR-1": [
            "components": [["kind": "locality", "value": "Reston"]],
            "coordinates": "geo:46.772673,-71.282945", "timeZone": "Etc/GMT+5",
        ]]])
        let written = vcard(card)
        let adr = try #require(written.components(separatedBy: "\r\n").first { $0.hasPrefix("ADR") })
        #expect(adr.contains("GEO=\"geo:46.772673,-71.282945\""), "\(adr)")
        #expect(adr.contains("TZ=Etc/GMT+5"), "\(adr)")
        let back = converter.card(from: try contact(written))
        #expect(back["addresses"]?.object?.values.first?["coordinates"] == "geo:46.772673,-71.282945")
        #expect(back["addresses"]?.object?.values.first?["timeZone"] == "Etc/GMT+5")
    }
}
