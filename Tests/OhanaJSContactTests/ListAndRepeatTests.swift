import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Lists and repeated properties (RFC 6350 sections 6.2.3 and 6.7.2, RFC 9555 sections 2.5.6,
/// 2.11.4 and 3.1): a NICKNAME list is several nicknames, every NICKNAME and NOTE line is an
/// entry, and each entry's `PROP-ID` is its id, both ways.
@Suite struct ListAndRepeatTests {
    let converter = JSContactConverter()

    func card(_ vcard: String) throws -> Card {
        let loaded = readVCard(vcard)
        return converter.card(from: try #require(loaded.contacts.first, "\(loaded.diagnostics)"))
    }

    func vcard(_ members: [String: JSONValue]) -> String {
        String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: exampleCard(members))]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "")
    }

    func lines(_ name: String, in vcard: String) -> [String] {
        vcard.components(separatedBy: "\r\n").filter { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }
    }

    @Test func aNicknameListIsSeveralNicknames() throws {
        let nicknames = try #require(try card("FN:Jim\nNICKNAME:Jim,Jimmie")["nicknames"]?.object)
        #expect(Set(nicknames.values.compactMap { $0["name"]?.string }) == ["Jim", "Jimmie"])
        let escaped = try #require(try card("FN:Zo\nNICKNAME:Zo\\, the great")["nicknames"]?.object)
        #expect(escaped.values.compactMap { $0["name"]?.string } == ["Zo, the great"])
    }

    @Test func everyNicknameLineIsANicknameWithItsIdAndContext() throws {
        let c = try card("FN:John\nNICKNAME;PROP-ID=n1:Johnny\nNICKNAME;PROP-ID=n2;TYPE=work:The John")
        #expect(c["nicknames"] == ["n1": ["name": "Johnny"], "n2": ["name": "The John", "contexts": ["work": true]]])
        #expect(c["vCardProps"] == nil)
    }

    @Test func nicknamesAreWrittenAsNicknameLinesAndReadBack() throws {
        let members: [String: JSONValue] = ["nicknames": ["n1": ["name": "Johnny"], "n2": ["name": "The John", "contexts": ["work": true]]]]
        let written = vcard(members)
        #expect(Set(lines("NICKNAME", in: written)) == ["NICKNAME;PROP-ID=n1:Johnny", "NICKNAME;PROP-ID=n2;TYPE=work:The John"])
        #expect(lines("JSPROP", in: written) == [])
        #expect(try card(written)["nicknames"] == members["nicknames"])
    }

    @Test func everyNoteLineIsANote() throws {
        let c = try card("FN:A\nNOTE:first\nNOTE:second")
        #expect(Set(c["notes"]?.object?.values.compactMap { $0["note"]?.string } ?? []) == ["first", "second"])
        #expect(c["vCardProps"] == nil)
        let written = vcard(c.members)
        #expect(lines("NOTE", in: written).count == 2)
        #expect(try card(written)["notes"] == c["notes"])
    }

    @Test func aSinglePropertysPropIDIsItsEntrysId() throws {
        let c = try card("FN:A\nORG;PROP-ID=o1:ABC\\, Inc.;Marketing\nNOTE;PROP-ID=n1;CREATED=20221123T150132Z:Hours\nTITLE;PROP-ID=t1:Boss")
        #expect(c["organizations"]?.object?.keys.sorted() == ["o1"])
        #expect(c["notes"] == ["n1": ["note": "Hours", "created": "2022-11-23T15:01:32Z"]])
        #expect(c["titles"]?.object?.keys.sorted() == ["t1"])
        let written = vcard(c.members)
        #expect(lines("ORG", in: written) == ["ORG;PROP-ID=o1:ABC\\, Inc.;Marketing"])
        #expect(lines("TITLE", in: written) == ["TITLE;PROP-ID=t1:Boss"])
        #expect(lines("JSPROP", in: written) == [])
        #expect(try card(written) == c)
    }
}

/// A photo's and a death place's `PROP-ID` (RFC 9555 sections 2.5.1 and 2.5.7).
@Suite struct MediaAndPlaceIDTests {
    @Test func anEmbeddedPhotosAndADeathPlacesPropIDAreKept() throws {
        let converter = JSContactConverter()
        let vcard = "FN:A\nPHOTO;PROP-ID=p1:data:image/jpeg;base64,AQID\nDEATHDATE;PROP-ID=k9:20191015T231000Z\nDEATHPLACE;PROP-ID=k9:Tree Street"
        let c = converter.card(from: try #require(readVCard(vcard).contacts.first))
        #expect(c["media"]?.object?.keys.sorted() == ["p1"])
        #expect(c["anniversaries"]?["k9"]?["place"] == ["full": "Tree Street"])
        let written = String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: c)]), as: UTF8.self)
        #expect(written.contains("PHOTO;PROP-ID=p1:data:image/jpeg;base64,AQID\r\n"), "\(written)")
        #expect(written.contains("DEATHPLACE;PROP-ID=k9:Tree Street\r\n"), "\(written)")
        #expect(!written.contains("JSPROP"), "\(written)")
    }
}

/// A title whose default kind is spelled out (RFC 9553 section 2.2.5) is the contact's title.
@Suite struct TitleKindTests {
    @Test func aTitleOfKindTitleIsWrittenAsTITLE() throws {
        let card = exampleCard(["titles": ["t1": ["kind": "title", "name": "novelist"]]])
        let contact = JSContactConverter().contact(from: card)
        #expect(contact.jobTitle == "novelist")
        let written = String(decoding: VCardWriter(target: .rfc6350).write([contact]), as: UTF8.self)
        #expect(written.contains("TITLE;PROP-ID=t1:novelist\r\n"), "\(written)")
        #expect(!written.contains("JSPROP"), "\(written)")
    }
}
