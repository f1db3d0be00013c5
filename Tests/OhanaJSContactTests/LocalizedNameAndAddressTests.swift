import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// `N` and `ADR` in other languages (RFC 9555 section 2.3.11, RFC 6350 section 5.4's `ALTID`):
/// `localizations` with JSON pointer patches, written back as `LANGUAGE`-tagged properties sharing
/// the `ALTID`; and names of lists (RFC 9554's credential copies, unordered `given2` lists).
@Suite struct LocalizedNameAndAddressTests {
    let converter = JSContactConverter()

    static let names = "N;ALTID=1:Vasiliev;Ivan;Petrovich;Mr.;;;\nN;LANGUAGE=uk-Cyrl;ALTID=1:Васильев;Иван;Петрович;г-н;;;"

    @Test func anNInAnotherLanguageIsALocalizationOfTheComponents() throws {
        let first = try contact(Self.names)
        let card = converter.card(from: first)
        let patch = try #require(card["localizations"]?["uk-Cyrl"]?["name/components"]?.array)
        #expect(patch.contains(["kind": "surname", "value": "Васильев"]))
        #expect(patch.contains(["kind": "title", "value": "г-н"]))
        #expect(card["vCardProps"] == nil)
        #expect(card.validate().isEmpty)
        #expect(converter.contact(from: card).hasSameContent(as: first))
    }

    @Test func aNameLocalizationIsWrittenAsAnNWithTheSameALTID() throws {
        let card = exampleCard([
            "name": ["components": [["kind": "given", "value": "Ivan"], ["kind": "surname", "value": "Vasiliev"]]],
            "localizations": ["uk-Cyrl": ["name": ["components": [["kind": "given", "value": "Иван"], ["kind": "surname", "value": "Васильев"]]]]],
        ])
        let written = lines(card)
        #expect(written.contains("N;ALTID=1:Vasiliev;Ivan;;;;;"), "\(written)")
        #expect(written.contains("N;ALTID=1;LANGUAGE=uk-Cyrl:Васильев;Иван;;;;;"), "\(written)")
    }

    static let addresses = "FN:A\nADR;ALTID=1:;;Main St 1;Springfield;;;USA\nADR;ALTID=1;LANGUAGE=de:;;Hauptstr 1;Springfeld;;;USA"

    @Test func anADRInAnotherLanguageIsALocalizationOfItsAddress() throws {
        let first = try contact(Self.addresses)
        let card = converter.card(from: first)
        let addresses = try #require(card["addresses"]?.object)
        #expect(addresses.count == 1)
        let (id, base) = try #require(addresses.first)
        #expect(base["vCardParams"] == nil)
        let localized = try #require(card["localizations"]?["de"]?["addresses/\(id)"])
        #expect(localized["components"]?.array?.contains(["kind": "locality", "value": "Springfeld"]) == true)
        #expect(card.validate().isEmpty)
        #expect(converter.contact(from: card).hasSameContent(as: first))
        let written = lines(card)
        let adr = written.filter { $0.hasPrefix("ADR") }
        #expect(adr == ["ADR;ALTID=1:;;Main St 1;Springfield;;;USA", "ADR;ALTID=1;LANGUAGE=de:;;Hauptstr 1;Springfeld;;;USA"], "\(written)")
    }

    /// RFC 6350 section 5.4: the ALTID ties the two, wherever they are; their order comes back.
    @Test func anADRInAnotherLanguageAnywhereIsALocalizationOfItsAddress() throws {
        for vcard in ["FN:A\nADR;ALTID=1;LANGUAGE=de:;;Hauptstr 1;;;;\nADR;ALTID=1:;;Main St 1;;;;",
                      "FN:A\nADR;ALTID=1:;;Main St 1;;;;\nEMAIL:a@example.com\nADR:;;Other 2;;;;\nADR;ALTID=1;LANGUAGE=de:;;Hauptstr 1;;;;"] {
            let first = try contact(vcard)
            let card = converter.card(from: first)
            let main = try #require(card["addresses"]?.object?.first { $0.value["components"]?.array?.contains(["kind": "name", "value": "Main St 1"]) == true })
            #expect(card["localizations"]?["de"]?["addresses/\(main.key)"]?["components"] == [["kind": "name", "value": "Hauptstr 1"]], "\(vcard)")
            #expect(card.validate().isEmpty)
            let second = converter.contact(from: card)
            #expect(second.hasSameContent(as: first), "\(vcard)")
            #expect(second.postalAddresses.map(\.street) == first.postalAddresses.map(\.street))
        }
    }

    @Test func theGenerationsCopyMayComeFirstOrLastAmongTheCredentials() throws {
        // RFC 9555 section 2.5.5's example lists it first, RFC 9554 section 2.2's last.
        for n in ["N:Stevenson;John;;;Jr.,M.D.;;Jr.", "N:Stevenson;John;;;M.D.,Jr.;;Jr."] {
            let first = try contact(n)
            let card = converter.card(from: first)
            let components = try #require(card["name"]?["components"]?.array)
            #expect(components.filter { $0["kind"] == "credential" } == [["kind": "credential", "value": "M.D."]], "\(n)")
            #expect(components.filter { $0["kind"] == "generation" } == [["kind": "generation", "value": "Jr."]], "\(n)")
            #expect(converter.contact(from: card).hasSameContent(as: first), "\(n)")
        }
    }

    @Test func aNameOfListsSpellsEachValueInItsFN() throws {
        let card = exampleCard(["name": ["components": [
            ["kind": "surname", "value": "孫"], ["kind": "given", "value": "中山"],
            ["kind": "given2", "value": "文"], ["kind": "given2", "value": "逸仙"],
        ]]])
        let written = lines(card)
        #expect(written.contains("N:孫;中山;文,逸仙;;"), "\(written)")
        #expect(written.contains("FN;DERIVED=TRUE:中山 文 逸仙 孫"), "\(written)")
        let back = converter.card(from: try contact(written.joined(separator: "\r\n")))
        #expect(back["name"] == card["name"])
    }
}
