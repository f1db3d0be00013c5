import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// RFC 6350 section 5.4's titles: `Patron` (fr) and `Boss` (en) share `ALTID=1`, `Chief vCard
/// Evangelist` (en) has `ALTID=2`. The card's titles are Boss and Chief vCard Evangelist, in `en`,
/// and Patron is Boss's `fr` localization (RFC 9555 section 2.3.11).
@Suite struct TitleLanguageTests {
    let converter = JSContactConverter()
    static let vcard = "FN:A\nTITLE;ALTID=1;LANGUAGE=fr:Patron\nTITLE;ALTID=1;LANGUAGE=en:Boss\nTITLE;ALTID=2;LANGUAGE=en:Chief vCard Evangelist"

    @Test func theLanguageMostTitlesAreInIsTheCards() throws {
        let contact = try #require(readVCard(Self.vcard).contacts.first)
        let card = converter.card(from: contact)
        let titles = try #require(card["titles"]?.object)
        #expect(Set(titles.values.compactMap { $0["name"]?.string }) == ["Boss", "Chief vCard Evangelist"])
        let boss = try #require(titles.first { $0.value["name"] == "Boss" }?.key)
        #expect(card["localizations"] == ["fr": .object(["titles/\(boss)/name": "Patron"])])
        #expect(card["language"] == "en")
        #expect(card["vCardProps"] == nil)
        #expect(card.validate().isEmpty)
        #expect(converter.contact(from: card).hasSameContent(as: contact))
    }

    @Test func aCardWhoseOwnTitleIsInTheMostUsedLanguageStaysAsItIs() throws {
        let contact = try #require(readVCard("FN:A\nTITLE;ALTID=1;LANGUAGE=en:Boss\nTITLE;ALTID=1;LANGUAGE=fr:Patron").contacts.first)
        let card = converter.card(from: contact)
        #expect(card["titles"]?.object?.values.first?["name"] == "Boss")
        #expect(card[DefaultLanguage.key] == nil)
    }

    @Test func aLanguagePropertyDecidesTheCardsLanguage() throws {
        let vcard = "FN:A\nLANGUAGE:de\nTITLE;ALTID=1:Chef\nTITLE;ALTID=1;LANGUAGE=en:Boss\nTITLE;ALTID=2;LANGUAGE=en:Evangelist"
        let card = converter.card(from: try #require(readVCard(vcard).contacts.first))
        #expect(card["language"] == "de")
        #expect(card["titles"]?.object?.values.contains { $0["name"] == "Chef" } == true)
    }
}
