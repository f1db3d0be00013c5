import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// TYPE values that give a standard label, in any case and spelling, and what is left of them.
@Suite struct TypeLabelTests {
    static func phone(_ property: String) -> ContactField? {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;J;;;\r\nFN:J Doe\r\n\(property):+1 555 0100\r\nEND:VCARD\r\n"
        return VCardReader().read(Data(text.utf8), source: "t.vcf").contacts.first?.fields.first
    }

    @Test(arguments: [
        ("TEL;TYPE=iphone,cell", ContactFieldLabel.iPhone, [String]()),
        ("TEL;TYPE=Cell;TYPE=voice", .mobile, ["voice"]),
        ("TEL;type=work;type=fax", .workFax, []),
        ("TEL;HOME;FAX", .homeFax, []),
        ("TEL;TYPE=fax", .fax, []),
        ("TEL;TYPE=PAGER,WORK", .pager, ["WORK"]),
        ("TEL;TYPE=mobile", .mobile, []),
        ("TEL;TYPE=Main", .main, []),
        ("TEL;TYPE=other", .other, []),
        ("TEL;TYPE=ıphone", .iPhone, []),  // dotless i upper-cases to I
        ("TEL;TYPE=x-car", "car", []),
    ])
    func typesGiveTheirLabel(_ property: String, _ label: ContactFieldLabel, _ left: [String]) throws {
        let field = try #require(Self.phone(property))
        #expect(field.label == label)
        #expect(field.parameters.first { $0.name == "TYPE" }?.values ?? [] == left)
    }

    @Test func longOrUnknownTypesGiveNoStandardLabel() throws {
        let field = try #require(Self.phone("TEL;TYPE=WORKPLACE,HOMES,TEXTPHONE"))
        #expect(field.label == nil)
        #expect(field.parameters.first { $0.name == "TYPE" }?.values == ["WORKPLACE", "HOMES", "TEXTPHONE"])
    }

    @Test(arguments: [
        ("TEL;TYPE=pref,work", ContactFieldLabel.work, [String](), [String]()),
        ("TEL;TYPE=PREF;TYPE=cell,voice", .mobile, ["voice"], []),
        ("TEL;TYPE=work;PREF=1", .work, [], []),
        ("TEL;TYPE=work;PREF=2", .work, [], ["PREF"]),
        ("TEL;PREF=1;TYPE=home;X-SERVICE=a", .home, [], ["X-SERVICE"]),
    ])
    func preferenceIsReadFromTypeAndPrefAlike(_ property: String, _ label: ContactFieldLabel, _ left: [String], _ kept: [String]) throws {
        let field = try #require(Self.phone(property))
        #expect(field.label == label)
        #expect(field.isPreferred)
        #expect(field.parameters.first { $0.name == "TYPE" }?.values ?? [] == left)
        #expect(field.parameters.map(\.name).filter { $0 != "TYPE" } == kept)
    }

    /// N, ORG and ADR read the same whether their value is split straight from the bytes (plain
    /// UTF-8) or decoded first (escapes, quoted-printable, a CHARSET, bytes that are not UTF-8).
    @Test func structuredValuesReadAlikeWhateverTheirEncoding() throws {
        func read(_ lines: [UInt8], version: String = "2.1") throws -> Contact {
            let data = Array("BEGIN:VCARD\r\nVERSION:\(version)\r\n".utf8) + lines + Array("END:VCARD\r\n".utf8)
            return try #require(VCardReader().read(Data(data), source: "t.vcf").contacts.first)
        }
        let plain = try read(Array("N:Müller;Jörg;;;\r\nORG:Bäckerei;Süd\r\nADR;TYPE=home:;;Hauptstraße 5;Köln;;50667;Deutschland\r\n".utf8))
        let latin1 = try read(
            Array("N;CHARSET=ISO-8859-1:M".utf8) + [0xFC] + Array("ller;J".utf8) + [0xF6] + Array("rg;;;\r\nORG;CHARSET=ISO-8859-1:B".utf8)
                + [0xE4] + Array("ckerei;S".utf8) + [0xFC] + Array("d\r\nADR;TYPE=home;CHARSET=ISO-8859-1:;;Hauptstra".utf8) + [0xDF]
                + Array("e 5;K".utf8) + [0xF6] + Array("ln;;50667;Deutschland\r\n".utf8))
        let windows = try read(
            Array("N:M".utf8) + [0xFC] + Array("ller;J".utf8) + [0xF6] + Array("rg;;;\r\nORG:B".utf8) + [0xE4] + Array("ckerei;S".utf8) + [0xFC]
                + Array("d\r\nADR;TYPE=home:;;Hauptstra".utf8) + [0xDF] + Array("e 5;K".utf8) + [0xF6] + Array("ln;;50667;Deutschland\r\n".utf8))
        let quoted = try read(Array(
            "N;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=BCller;J=C3=B6rg;;;\r\nORG:B\u{E4}ckerei;S\u{FC}d\r\nADR;TYPE=home:;;Hauptstra\u{DF}e 5;K\u{F6}ln;;50667;Deutschland\r\n".utf8))
        for contact in [plain, latin1, windows, quoted] {
            #expect(contact.familyName == "Müller")
            #expect(contact.givenName == "Jörg")
            #expect(contact.organization == "Bäckerei")
            #expect(contact.department == "Süd")
            #expect(contact.postalAddresses.first?.street == ["Hauptstraße 5"])
            #expect(contact.postalAddresses.first?.city == "Köln")
            #expect(contact.postalAddresses.first?.country == "Deutschland")
        }
        let escaped = try read(Array("N:O\\;Brien;Seán;;;\r\nADR:;;1\\, Main St\\nFlat 2;Cork;;;Ireland\r\n".utf8), version: "3.0")
        #expect(escaped.familyName == "O;Brien")
        #expect(escaped.givenName == "Seán")
        #expect(escaped.postalAddresses.first?.street == ["1, Main St", "Flat 2"])
    }

    /// TYPE words match without case; text that is not ASCII is compared in upper case as Unicode
    /// cases it (ligatures and dotless i included), whether or not its length matches the word's.
    @Test(arguments: [
        ("pref", "PREF", true), ("PREF", "PREF", true), ("Pref", "PREF", true), ("prefs", "PREF", false),
        ("pre", "PREF", false), ("prex", "PREF", false), ("", "PREF", false), ("préf", "PREF", false),
        ("ﬀ", "FF", true), ("ﬀx", "FF", false), ("ıd", "ID", true), ("hoMe", "HOME", true), ("höme", "HOME", false),
    ])
    func typeWordsMatchWithoutCase(_ text: String, _ word: String, _ equal: Bool) {
        #expect(VCardLabels.equalsUpper(text, word) == equal)
        #expect(VCardLabels.equalsUpper(text, word) == (text.uppercased() == word))
    }

    /// Apple's group labels (`itemN.X-ABLabel`): groups compare in any case, a group's first label
    /// names its field, a group that only ties a field to its label is dropped, other groups are
    /// kept, and labels that label no field stay as they were written.
    @Test func groupLabelsNameTheirGroupsFields() {
        let card = [
            "BEGIN:VCARD", "VERSION:3.0", "FN:A", "N:A;;;;",
            "item2.TEL:222", "ITEM2.X-ABLabel:second",
            "item1.EMAIL:a@b.c", "item1.X-ABLabel:_$!<Work>!$_", "item1.X-ABLabel:ignored second label",
            "item3.X-ABLabel:orphan label",
            "item4.TEL:444", "item4.X-ABLabel:four", "item4.X-CUSTOM:keeps the group",
            "item10.TEL:1010", "END:VCARD", "",
        ].joined(separator: "\r\n")
        guard let contact = VCardReader().read(Data(card.utf8), source: "groups.vcf").contacts.first else {
            Issue.record("no contact")
            return
        }
        #expect(contact.fields.map(\.value) == ["222", "a@b.c", "444", "1010"])
        #expect(contact.fields.map(\.label) == ["second", .work, "four", nil])
        #expect(contact.fields.map(\.group) == [nil, "item1", "item4", "item10"])
        #expect(contact.unmappedProperties.map(\.value) == ["ignored second label", "orphan label", "keeps the group"])
        #expect(contact.unmappedProperties.map(\.group) == ["item1", "item3", "item4"])
    }

    /// A card with thousands of groups reads each group's label (the groups are sorted once, not
    /// compared pairwise).
    @Test func manyGroupsEachKeepTheirLabel() {
        let count = 3_000  // 6,003 properties: under the reader's limit of properties a card
        var lines = ["BEGIN:VCARD", "VERSION:4.0", "FN:Many"]
        for i in (0..<count).reversed() { lines += ["item\(i).TEL:\(i)", "item\(i).X-ABLabel:label \(i)"] }
        lines += ["END:VCARD", ""]
        let contacts = VCardReader().read(Data(lines.joined(separator: "\r\n").utf8), source: "many.vcf").contacts
        let fields = contacts.first?.fields ?? []
        #expect(fields.count == count)
        #expect(fields.allSatisfy { $0.label?.rawValue == "label \($0.value)" && $0.group == nil })
    }
}
