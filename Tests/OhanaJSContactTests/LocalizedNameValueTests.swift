import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// `N` localizations with an order or with escapes (RFC 9555 sections 2.3.11 and 3.3.1, RFC 6350
/// section 3.4): the localized `N` with `JSCOMPS` is the localization of an ordered name's
/// components, in that order; a value's escaped comma is part of the value. Both ways, no `vCardProps`.
@Suite struct LocalizedNameValueTests {
    let converter = JSContactConverter()

    func card(_ vcard: String) throws -> (Contact, Card) {
        let first = try contact(vcard)
        return (first, converter.card(from: first))
    }

    /// Both ways: the card's contact writes the vCard the first contact writes.
    func comesBack(_ first: Contact, _ card: Card) -> Bool {
        let second = converter.contact(from: card)
        return second.hasSameContent(as: first) && VCardWriter(target: .rfc6350).write([second]) == VCardWriter(target: .rfc6350).write([first])
    }

    /// RFC 9555 section 3.3.1's ordered name in another language, in that language's order.
    @Test func anOrderedNInAnotherLanguageIsALocalizationInItsOrder() throws {
        let (first, card) = try card("FN:Ivan Vasiliev\nN;ALTID=1;JSCOMPS=\";1;0\":Vasiliev;Ivan;;;;;\nN;ALTID=1;LANGUAGE=uk;JSCOMPS=\";0;1\":Васильев;Иван;;;;;")
        #expect(card["localizations"] == ["uk": ["name/components": [["kind": "surname", "value": "Васильев"], ["kind": "given", "value": "Иван"]]]])
        #expect(card["vCardProps"] == nil)
        #expect(card.validate().isEmpty)
        #expect(comesBack(first, card))
    }

    @Test func anOrderedNamesLocalizationIsWrittenWithJSCOMPS() throws {
        let members: [String: JSONValue] = [
            "name": ["isOrdered": true, "defaultSeparator": ", ", "components": [["kind": "given", "value": "Ivan"], ["kind": "surname", "value": "Vasiliev"]]],
            "localizations": ["uk": ["name/components": [
                ["kind": "surname", "value": "Васильев"], ["kind": "separator", "value": " "], ["kind": "given", "value": "Иван"],
            ]]],
        ]
        let written = lines(exampleCard(members))
        #expect(written.contains("N;ALTID=1;LANGUAGE=uk;JSCOMPS=\"s,\\, ;0;s, ;1\":Васильев;Иван;;;;;"), "\(written)")
        #expect(!written.contains { $0.hasPrefix("JSPROP") }, "\(written)")
        let back = converter.card(from: try contact(written.joined(separator: "\r\n")))
        #expect(back["localizations"] == members["localizations"])
        #expect(back["name"]?["components"] == members["name"]?["components"])
    }

    /// jmapio/jscontact-tests' `name_localizations` values, ordered: RFC 9554's copies (the secondary
    /// surname among the surnames, the generation among the credentials) are not components.
    @Test func theCopiesForOlderReadersAreNotComponents() throws {
        let vcard = "FN:A\nN;ALTID=1;JSCOMPS=\";1;0\":surname;given;;;;;\n"
            + "N;ALTID=1;LANGUAGE=de;JSCOMPS=\";3;1;2;0;5;4;6\":nachname,nachname2;vorname;vorname2;anrede;titel,generation;nachname2;generation"
        let (first, card) = try card(vcard)
        let patch = try #require(card["localizations"]?["de"]?["name/components"]?.array)
        #expect(patch.map { $0["kind"]?.string ?? "" } == ["title", "given", "given2", "surname", "surname2", "credential", "generation"])
        #expect(patch.map { $0["value"]?.string ?? "" } == ["anrede", "vorname", "vorname2", "nachname", "nachname2", "titel", "generation"])
        #expect(comesBack(first, card))
    }

    /// RFC 6350 section 3.4: `\,` in a component's value is a comma, not a second value.
    @Test func anEscapedCommaIsPartOfTheLocalizedValue() throws {
        let (first, card) = try card("FN:Ivan Vasiliev\nN;ALTID=1:Vasiliev;Ivan;;;;;\nN;ALTID=1;LANGUAGE=uk:Васильев\\, мл;Иван;;;;;")
        let patch = try #require(card["localizations"]?["uk"]?["name/components"]?.array)
        #expect(patch.contains(["kind": "surname", "value": "Васильев, мл"]))
        #expect(card["vCardProps"] == nil)
        #expect(comesBack(first, card))
        // And written back escaped, not as two surnames.
        let members: [String: JSONValue] = ["name": ["components": [["kind": "given", "value": "Ivan"], ["kind": "surname", "value": "Vasiliev"]]],
                                            "localizations": ["uk": ["name/components": [["kind": "surname", "value": "Васильев; мл"], ["kind": "given", "value": "Иван"]]]]]
        let written = lines(exampleCard(members))
        #expect(written.contains("N;ALTID=1;LANGUAGE=uk:Васильев\\; мл;Иван;;;;;"), "\(written)")
        #expect(converter.card(from: try contact(written.joined(separator: "\r\n")))["localizations"] == members["localizations"])
    }

    /// A localized component with a member an N value has no place for is kept whole, in a JSPROP.
    @Test func aLocalizedComponentWithAPhoneticSpellingTravelsWhole() throws {
        let members: [String: JSONValue] = ["name": ["components": [["kind": "surname", "value": "Smith"]]],
                                            "localizations": ["ja": ["name/components": [["kind": "surname", "value": "スミス", "phonetic": "sumisu"]]]]]
        let written = lines(exampleCard(members))
        #expect(written.contains { $0.hasPrefix("JSPROP") }, "\(written)")
        #expect(converter.card(from: try contact(written.joined(separator: "\r\n")))["localizations"] == members["localizations"])
    }
}
