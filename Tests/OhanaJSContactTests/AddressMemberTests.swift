import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// ADR parameters with `Address` members of their own (RFC 9555 sections 2.6.1 to 2.6.3): `LABEL`
/// is the full address, `GEO` the coordinates, `TZ` the time zone, TYPE `billing` and `delivery`
/// contexts; and the street component for older readers lists the street's parts.
@Suite struct AddressMemberTests {
    let converter = JSContactConverter()

    func card(_ vcard: String) throws -> Card {
        let loaded = readVCard(vcard)
        return converter.card(from: try #require(loaded.contacts.first, "\(loaded.diagnostics)"))
    }

    func vcard(_ card: Card) -> String {
        String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: card)]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "")
    }

    static let adr = "FN:A\nADR;TYPE=billing;LABEL=\"54321 Oak St^nReston\";GEO=\"geo:38.95,-77.34\";TZ=America/New_York:;;54321 Oak St;Reston;VA;20190;USA"

    @Test func labelGeoTimeZoneAndContextsAreMembers() throws {
        let address = try #require(try card(Self.adr)["addresses"]?.object?.values.first)
        #expect(address["full"] == "54321 Oak St\nReston")
        #expect(address["coordinates"] == "geo:38.95,-77.34")
        #expect(address["timeZone"] == "America/New_York")
        #expect(address["contexts"] == ["billing": true])
        #expect(address["vCardParams"] == nil)
    }

    @Test func theyAreWrittenBackAsParameters() throws {
        let first = try card(Self.adr)
        let written = vcard(first)
        let adr = try #require(written.components(separatedBy: "\r\n").first { $0.hasPrefix("ADR") })
        for part in ["TYPE=billing", "LABEL=\"54321 Oak St^nReston\"", "GEO=\"geo:38.95,-77.34\"", "TZ=America/New_York"] {
            #expect(adr.contains(part), "\(adr)")
        }
        #expect(try card(written) == first)
    }

    @Test func anOrderedAddressListsTheStreetsPartsForOlderReaders() throws {
        let members: [String: JSONValue] = ["addresses": ["a1": [
            "components": .array([["kind": "number", "value": "54321"], ["kind": "separator", "value": " "], ["kind": "name", "value": "Oak St"],
                                  ["kind": "locality", "value": "Reston"]]),
            "isOrdered": true,
        ]]]
        let written = vcard(exampleCard(members))
        let adr = try #require(written.components(separatedBy: "\r\n").first { $0.hasPrefix("ADR") })
        #expect(adr.hasSuffix(":;;54321,Oak St;Reston;;;;;;;54321;Oak St;;;;;;"), "\(adr)")
        #expect(try card(written)["addresses"] == members["addresses"])
    }

    /// Issue 35 item 2 (RFC 9555 section 3.3.1): the default separator and a separator between the
    /// street number and name stay in JSCOMPS both ways, the number and name separate components.
    @Test func separatorsInJSCOMPSTravelBothWays() throws {
        let adr = "ADR;PROP-ID=a1;JSCOMPS=\"s,\\, ;10;s, ;11;3\":;;54321,Oak St;Reston;;;;;;;54321;Oak St;;;;;;"
        let read = try card("FN:A\n" + adr)
        let address = try #require(read["addresses"]?["a1"])
        #expect(address["defaultSeparator"] == ", ")
        #expect(address["isOrdered"] == true)
        #expect(address["components"] == .array([["kind": "number", "value": "54321"], ["kind": "separator", "value": " "],
                                                 ["kind": "name", "value": "Oak St"], ["kind": "locality", "value": "Reston"]]))
        let written = vcard(read)
        #expect(written.components(separatedBy: "\r\n").contains(adr), "\(written)")
        #expect(try card(written) == read)
    }
}
