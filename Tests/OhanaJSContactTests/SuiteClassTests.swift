import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// The failure classes jmapio/jscontact-tests showed, each from the RFCs' text.
@Suite struct SuiteClassTests {
    let converter = JSContactConverter()

    func card(_ vcard: String) throws -> Card {
        let loaded = readVCard(vcard)
        return converter.card(from: try #require(loaded.contacts.first, "\(loaded.diagnostics)"))
    }

    func vcard(_ members: [String: JSONValue], target: VCardTarget = .rfc6350) -> String {
        String(decoding: VCardWriter(target: target).write([converter.contact(from: exampleCard(members))]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "")
    }

    func lines(_ name: String, in vcard: String) -> [String] {
        vcard.components(separatedBy: "\r\n").filter { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }
    }

    /// RFC 6350 section 6.2.2: N is optional in 4.0 (cardinality `*1`), required in 3.0 (RFC 2426).
    @Test func aCardWithoutNameComponentsWritesNoEmptyN() {
        #expect(lines("N", in: vcard(["organizations": ["o1": ["name": "ABC"]]])) == [])
        #expect(lines("N", in: vcard(["name": ["full": "Jane Doe"]])) == [])
        #expect(lines("N", in: vcard(["name": ["components": [["kind": "given", "value": "Jane"]]]])) == ["N:;Jane;;;"])
        let v3 = String(decoding: VCardWriter(target: .rfc2426).write([Contact(formattedName: "ABC")]), as: UTF8.self)
        #expect(lines("N", in: v3) == ["N:;;;;"])
    }

    /// RFC 9555 section 2.5.2: FN converts to `name/full`; a card without FN has no full name to
    /// give, and its FN written back is the derived one (RFC 9554 section 4.3).
    @Test func aFullNameIsNotInventedWhenTheCardHasNoFN() throws {
        let without = try card("N:Doe;Jane;;;")
        #expect(without["name"]?["full"] == nil)
        #expect(without["name"]?["components"]?.array?.count == 2)
        let back = String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: without)]), as: UTF8.self)
        #expect(lines("FN", in: back) == ["FN;DERIVED=TRUE:Jane Doe"])
        #expect(try card("FN:Jane Doe\nN:Doe;Jane;;;")["name"]?["full"] == "Jane Doe")
        #expect(try card("FN:Dr. J. Doe\nN:Doe;Jane;;;")["name"]?["full"] == "Dr. J. Doe")
    }

    /// RFC 9555 section 2.3: VALUE is implied by the JSContact member; the property's default type
    /// is not kept in `vCardParams`, and the card still comes back as it was.
    @Test func aDefaultValueTypeIsNotAVCardParameter() throws {
        let c = try card("FN:A\nKEY;PROP-ID=k1;VALUE=URI:https://example.com/k.cer\nHOBBY;PROP-ID=h1;VALUE=text:reading")
        #expect(c["cryptoKeys"] == ["k1": ["uri": "https://example.com/k.cer"]])
        #expect(c["personalInfo"] == ["h1": ["kind": "hobby", "value": "reading"]])
        #expect(try card("FN:A\nKEY;VALUE=text:ABCDEF")["cryptoKeys"]?["KEY-1"]?["vCardParams"] == ["value": "text"])
        let contact = try #require(readVCard("FN:A\nKEY;PROP-ID=k1;VALUE=URI:https://example.com/k.cer").contacts.first)
        #expect(converter.contact(from: converter.card(from: contact)).unmappedProperties == contact.unmappedProperties)
    }

    /// RFC 9555 section 2.5.4: GRAMGENDER and PRONOUNS are `speakToAs`, a PRONOUNS `PROP-ID` the
    /// pronouns' id, both ways; the vCard's contact comes back as it was.
    @Test func speakToAsKeepsItsIdsBothWays() throws {
        let text = "FN:A\nGRAMGENDER:neuter\nPRONOUNS;PROP-ID=k19;PREF=2:they/them\nPRONOUNS;PROP-ID=k32;PREF=1:xe/xir"
        let c = try card(text)
        #expect(c["speakToAs"] == ["grammaticalGender": "neuter", "pronouns": ["k19": ["pronouns": "they/them", "pref": 2], "k32": ["pronouns": "xe/xir", "pref": 1]]])
        let contact = try #require(readVCard(text).contacts.first)
        #expect(converter.contact(from: c).hasSameContent(as: contact))
        let written = vcard(["speakToAs": ["pronouns": ["k19": ["pronouns": "they/them", "pref": 2], "PRONOUNS-1": ["pronouns": "xe/xir"]]]])
        #expect(Set(lines("PRONOUNS", in: written)) == ["PRONOUNS;PROP-ID=k19;PREF=2:they/them", "PRONOUNS:xe/xir"])
        #expect(!written.contains("JSPROP"))
    }

    /// RFC 9555 section 2.11.11: a `label` is the `X-ABLabel` of the property's group, also for
    /// social profiles and scheduling addresses, both ways.
    @Test func labelsAreGroupXABLabels() throws {
        let text = "FN:A\nitem1.SOCIALPROFILE;SERVICE-TYPE=Mastodon:https://e.example/@a\nitem1.X-ABLabel:foo\n"
            + "item2.CALADRURI:mailto:a@example.com\nitem2.X-ABLabel:bar"
        let c = try card(text)
        #expect(c["onlineServices"]?.object?.values.first?["label"] == "foo")
        #expect(c["schedulingAddresses"]?.object?.values.first?["label"] == "bar")
        #expect(c["vCardProps"] == nil)
        #expect(converter.contact(from: c).hasSameContent(as: try #require(readVCard(text).contacts.first)))
        let written = vcard([
            "onlineServices": ["x2": ["service": "Mastodon", "uri": "https://e.example/@a", "label": "foo"]],
            "schedulingAddresses": ["s1": ["uri": "mailto:a@example.com", "label": "bar"]],
        ])
        for (name, label) in [("SOCIALPROFILE", "foo"), ("CALADRURI", "bar")] {
            let line = try #require(written.components(separatedBy: "\r\n").first { $0.contains("." + name) })
            let group = String(line.prefix { $0 != "." })
            #expect(written.contains("\r\n\(group).X-ABLABEL:\(label)\r\n"), "\(written)")
            #expect(!line.contains("LABEL="))
        }
    }

    /// RFC 9555 sections 2.3.18 and 2.9.4: ORG's PROP-ID is the organization's id and SORT-AS its
    /// `sortAs`, wherever the PROP-ID is written among the parameters.
    @Test func anOrganizationKeepsItsIdAndSortAsInAnyParameterOrder() throws {
        let text = "FN:A\nORG;SORT-AS=ABC;PROP-ID=o1:ABC\\, Inc.;North American Division"
        let c = try card(text)
        #expect(c["organizations"] == ["o1": ["name": "ABC, Inc.", "sortAs": "ABC", "units": [["name": "North American Division"]]]])
        #expect(converter.contact(from: c).hasSameContent(as: try #require(readVCard(text).contacts.first)))
    }

    /// RFC 9555 section 3.3.1: JSCOMPS's first entry is the name's `defaultSeparator`, and RFC 9553
    /// section 2.2.1 spells the full name with it; both ways.
    @Test func aNamesDefaultSeparatorTravelsInJSCOMPS() throws {
        let text = "N;JSCOMPS=\"s,X;1;0\":Doe;Jane;;;"
        let c = try card(text)
        #expect(c["name"]?["defaultSeparator"] == "X")
        #expect(c["name"]?["isOrdered"] == true)
        #expect(converter.contact(from: c).hasSameContent(as: try #require(readVCard(text).contacts.first)))
        let written = vcard(["name": ["components": [["kind": "given", "value": "Jane"], ["kind": "surname", "value": "Doe"]],
                                      "defaultSeparator": "X", "isOrdered": true]])
        #expect(lines("N", in: written) == ["N;JSCOMPS=\"s,X;1;0\":Doe;Jane;;;"])
        #expect(lines("FN", in: written) == ["FN;DERIVED=TRUE:JaneXDoe"])
        #expect(!written.contains("JSPROP"))
    }

    /// RFC 9554 section 4.6 and RFC 9555 section 2.3.15: phonetics are a second N of seven
    /// components with the same ALTID and PHONETIC; in 4.0 no X-PHONETIC-* beside it; an ordered
    /// name keeps its order and gets the spellings also when the phonetic N has no JSCOMPS.
    @Test func phoneticsAreASecondSevenComponentN() throws {
        let name: JSONValue = ["components": [["kind": "given", "value": "John", "phonetic": "/d͡ʒɑn/"],
                                              ["kind": "surname", "value": "Smith", "phonetic": "/smɪθ/"]], "phoneticSystem": "ipa"]
        let written = vcard(["name": name])
        #expect(Set(lines("N", in: written)) == ["N;ALTID=1:Smith;John;;;;;", "N;ALTID=1;PHONETIC=ipa:/smɪθ/;/d͡ʒɑn/;;;;;"])
        #expect(!written.contains("X-PHONETIC"))
        let ordered = try card("N;JSCOMPS=\";1;0\";ALTID=1:Smith;John;;;;;\nN;PHONETIC=ipa;ALTID=1:/smɪθ/;/d͡ʒɑn/;;;;;")
        #expect(ordered["name"]?["isOrdered"] == true)
        #expect(ordered["name"]?["components"] == [["kind": "given", "value": "John", "phonetic": "/d͡ʒɑn/"],
                                                   ["kind": "surname", "value": "Smith", "phonetic": "/smɪθ/"]])
    }

    /// RFC 9555 section 2.3.11: a TITLE with the title's ALTID and a LANGUAGE is its localization,
    /// with the entry's PROP-ID on both lines (section 2.3.18); both ways, the contact unchanged.
    @Test func aLocalizedTitleKeepsItsPropID() throws {
        let text = "FN:G\nTITLE;PROP-ID=t1;ALTID=1:novelist\nTITLE;PROP-ID=t1;LANGUAGE=es;ALTID=1:autor"
        let c = try card(text)
        #expect(c["titles"] == ["t1": ["name": "novelist"]])
        #expect(c["localizations"] == ["es": ["titles/t1/name": "autor"]])
        #expect(converter.contact(from: c).hasSameContent(as: try #require(readVCard(text).contacts.first)))
        let written = vcard(["name": ["full": "G"], "titles": ["t1": ["kind": "title", "name": "novelist"]],
                             "localizations": ["es": ["titles/t1/name": "autor"]]])
        #expect(Set(lines("TITLE", in: written)) == ["TITLE;ALTID=1;PROP-ID=t1:novelist", "TITLE;ALTID=1;PROP-ID=t1;LANGUAGE=es:autor"])
    }

    /// RFC 9555 section 3.3.1: an address's JSCOMPS starts with its `defaultSeparator`; both ways.
    @Test func anAddressDefaultSeparatorTravelsInJSCOMPS() throws {
        let text = "FN:A\nADR;PROP-ID=a1;JSCOMPS=\"s,\\, ;11;4\":;;Oak St;;VA;;;;;;;Oak St;;;;;;"
        let c = try card(text)
        #expect(c["addresses"]?["a1"]?["defaultSeparator"] == ", ")
        #expect(c["addresses"]?["a1"]?["vCardParams"] == nil)
        let original = try #require(readVCard(text).contacts.first)
        #expect(converter.contact(from: c).hasSameContent(as: original))
        let written = vcard(["addresses": ["a1": ["components": [["kind": "name", "value": "Oak St"], ["kind": "region", "value": "VA"]],
                                                  "defaultSeparator": "-", "isOrdered": true]]])
        #expect(lines("ADR", in: written).first?.contains("JSCOMPS=\"s,-;11;4\"") == true, "\(written)")
    }

    /// RFC 9555 section 2.6.1: ADR's components 8 to 18 are the address's components; the street
    /// and extended address, which repeat them for older readers in any grouping, are left out.
    @Test func rfc9554AddressComponentsWinOverTheirCopies() throws {
        let text = "FN:A\nADR;PROP-ID=a1:;Apt 3,Fl 2;54321,Oak St;Reston;VA;20190;USA;;Apt 3;Fl 2;54321;Oak St;;;;;;"
        let c = try card(text)
        let components = Set(c["addresses"]?["a1"]?["components"]?.array ?? [])
        #expect(components == [["kind": "apartment", "value": "Apt 3"], ["kind": "floor", "value": "Fl 2"], ["kind": "number", "value": "54321"],
                               ["kind": "name", "value": "Oak St"], ["kind": "locality", "value": "Reston"], ["kind": "region", "value": "VA"],
                               ["kind": "postcode", "value": "20190"], ["kind": "country", "value": "USA"]])
        #expect(converter.contact(from: c).hasSameContent(as: try #require(readVCard(text).contacts.first)))
    }
}
