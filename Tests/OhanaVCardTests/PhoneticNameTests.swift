import Foundation
import Ohana
import OhanaVCard
import Testing

/// A phonetic `N` (RFC 9554 `PHONETIC`, `SCRIPT`, with the written name's `ALTID`) read into the
/// model and written back without losing its spellings or its `LANGUAGE`.
@Suite struct PhoneticNameTests {
    static let card = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        N;ALTID=1;LANGUAGE=zh-Hant:孫;中山;文,逸仙;;\r
        N;ALTID=1;PHONETIC=jyut;SCRIPT=Latn;LANGUAGE=yue:syun1;zung1saan1;man4,jat6sin1;;\r
        FN:孫中山\r
        END:VCARD\r

        """

    @Test func spellingsWithoutJSCOMPSAreTheContactsPhoneticNames() throws {
        let loaded = readCards(Self.card)
        #expect(loaded.diagnostics == [])
        let contact = try #require(loaded.contacts.first)
        #expect(contact.phoneticSystem == "jyut")
        #expect(contact.phoneticScript == "Latn")
        #expect(contact.phoneticFamilyName == "syun1")
        #expect(contact.phoneticGivenName == "zung1saan1")
        #expect(contact.phoneticMiddleName == "man4,jat6sin1")
        #expect(contact.unmappedProperties == [])
    }

    @Test func writingAndReadingBackKeepsSpellingsAndLanguage() throws {
        let first = try #require(readCards(Self.card).contacts.first)
        let written = String(decoding: VCardWriter(target: .rfc6350).write([first]), as: UTF8.self)
        #expect(written.contains("N;ALTID=1;PHONETIC=jyut;SCRIPT=Latn;LANGUAGE=yue:"), "\(written)")
        let again = try #require(readCards(written).contacts.first)
        #expect(again.hasSameContent(as: first), "\(written)")
    }

    @Test func aPhoneticNameTheModelCannotHoldIsKeptAsWritten() throws {
        // A spelling of the honorific prefix has no slot in the model.
        let text = Self.card.replacingOccurrences(of: "man4,jat6sin1;;", with: "man4,jat6sin1;dr;")
        let contact = try #require(readCards(text).contacts.first)
        #expect(contact.phoneticSystem == nil)
        #expect(contact.unmappedProperties.map(\.value) == ["syun1;zung1saan1;man4,jat6sin1;dr;"])
    }
}
