import Foundation
import Ohana
import OhanaTestSupport
import Testing
@testable import OhanaVCard

/// RFC 6350's cardinalities: a written card holds one PRODID (Ohana's), one REV, one BDAY, KIND,
/// GENDER…; reading a card that breaks them says where; and a 3.0 card is written back as 3.0.
@Suite struct CardinalityTests {
    /// The content lines of a card text (folding undone).
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    /// The lines of property `name` (no group) in a card text.
    static func lines(_ text: String, named name: String) -> [String] {
        lines(text).filter { $0.uppercased().hasPrefix(name + ":") || $0.uppercased().hasPrefix(name + ";") }
    }

    /// A contact as a merge of an iPhone card and a DAVx5 card leaves it: both apps' PRODID and REV,
    /// and values of properties allowed once that disagree (KIND, GENDER, ANNIVERSARY, a second BDAY).
    static let merged: Contact = {
        var c = Contact(givenName: "Chidi", familyName: "Okafor", birthday: Birthday(year: 1952, month: 8, day: 21))
        c.unmappedProperties = [
            UnmappedProperty(name: "PRODID", value: "-//Apple Inc.//iPhone OS 17.4//EN"),
            UnmappedProperty(name: "REV", value: "2024-03-01T10:00:00Z"),
            UnmappedProperty(name: "KIND", value: "individual"),
            UnmappedProperty(name: "X-ANDROID-CUSTOM", value: "vnd.android.cursor.item/nickname;Chi;1;;;;;;;;;;;;;"),
            UnmappedProperty(name: "PRODID", value: "+//IDN bitfire.at//DAVx5/4.3.14-ose ez-vcard/0.12.1"),
            UnmappedProperty(name: "REV", value: "20240615T083000Z"),
            UnmappedProperty(name: "REV", value: "20230101T000000Z"),
            UnmappedProperty(name: "GENDER", value: "M"),
            UnmappedProperty(name: "gender", value: "M;he/him"),
            UnmappedProperty(name: "BDAY", parameters: [PropertyParameter(name: "VALUE", values: ["text"])], value: "circa 1950"),
            UnmappedProperty(name: "ANNIVERSARY", value: "19800614"),
            UnmappedProperty(name: "ANNIVERSARY", value: "19810614"),
        ]
        return c
    }()

    @Test("every target writes one PRODID (Ohana's for a merge of two apps' cards), the latest REV, one of each property allowed once",
          arguments: VCardTarget.allCases)
    func writtenCardKeepsCardinalities(_ target: VCardTarget) throws {
        let text = VCardWriter(target: target).string(for: Self.merged)
        #expect(Self.lines(text, named: "PRODID") == ["PRODID:\(VCardCardinality.productID)"])
        #expect(Self.lines(text, named: "REV") == ["REV:20240615T083000Z"])
        for name in VCardCardinality.atMostOnce {
            #expect(Self.lines(text, named: name).count <= 1, "\(name) in \(text)")
        }
        #expect(Self.lines(text, named: "KIND") == ["KIND:individual"])
        // Second values are kept, under a name that says why, not dropped and not made the value.
        #expect(Self.lines(text, named: "X-OHANA-EXTRA-GENDER") == ["X-OHANA-EXTRA-GENDER:M;he/him"])
        #expect(Self.lines(text, named: "X-OHANA-EXTRA-BDAY") == ["X-OHANA-EXTRA-BDAY;VALUE=text:circa 1950"])
        #expect(Self.lines(text, named: "X-OHANA-EXTRA-ANNIVERSARY") == ["X-OHANA-EXTRA-ANNIVERSARY:19810614"])
        #expect(text.contains("X-ANDROID-CUSTOM:"))

        // Read back: no problem reported, and writing again gives the same text.
        let read = VCardReader().read(Data(text.utf8), source: "out.vcf")
        #expect(read.diagnostics.filter { $0.message.contains("RFC 6350 allows one") }.isEmpty, "\(read.diagnostics)")
        let again = VCardWriter(target: target).string(for: try #require(read.contacts.first))
        #expect(again == text)
    }

    @Test("properties sharing an ALTID are one value; Ohana's own PRODID is not kept as data")
    func alternativesAndOwnProductID() throws {
        var c = Contact(givenName: "Ana", familyName: "Ruiz")
        c.unmappedProperties = [
            UnmappedProperty(name: "GENDER", parameters: [PropertyParameter(name: "ALTID", values: ["1"])], value: "F"),
            UnmappedProperty(name: "GENDER", parameters: [PropertyParameter(name: "ALTID", values: ["1"]),
                                                          PropertyParameter(name: "LANGUAGE", values: ["es"])], value: "F;mujer"),
        ]
        let text = VCardWriter(target: .rfc6350).string(for: c)
        #expect(Self.lines(text, named: "GENDER").count == 2)
        let read = VCardReader().read(Data(text.utf8), source: "out.vcf")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let contact = try #require(read.contacts.first)
        #expect(!contact.unmappedProperties.contains { $0.name.uppercased() == "PRODID" })
        #expect(contact.unmappedProperties == c.unmappedProperties)
    }

    @Test("reading a card that repeats a property allowed once reports the file, line and reason")
    func readerFlagsRepeats() {
        let text = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            PRODID:-//Apple Inc.//iPhone OS 17.4//EN\r
            N:Okafor;Chidi;;;\r
            FN:Chidi Okafor\r
            PRODID:+//IDN bitfire.at//DAVx5/4.3.14-ose ez-vcard/0.12.1\r
            BDAY:1952-08-21\r
            REV:2024-03-01T10:00:00Z\r
            BDAY:1953-08-21\r
            REV:20240615T083000Z\r
            TEL:+1 202 555 0147\r
            TEL:+1 202 555 0148\r
            END:VCARD\r

            """
        let read = VCardReader().read(Data(text.utf8), source: "m.vcf")
        let repeats = read.diagnostics.filter { $0.message.contains("RFC 6350 allows one") }
        #expect(repeats.map(\.line) == [6, 9, 10])
        #expect(repeats.map(\.message) == [
            "second PRODID in the card; RFC 6350 allows one",
            "second BDAY in the card; RFC 6350 allows one",
            "second REV in the card; RFC 6350 allows one",
        ])
        #expect(repeats.allSatisfy { $0.source == "m.vcf" && $0.severity == .warning })
    }

    @Test("a 3.0 card from an iPhone, read and written as 3.0, is the same card")
    func threeOhWrittenBackAsItCame() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            PRODID:-//Apple Inc.//iPhone OS 17.4//EN\r
            N:Okafor;Chidi;;;\r
            FN:Chidi Okafor\r
            ORG:Okafor & Sons;Accounts\r
            item1.EMAIL;type=INTERNET;type=pref:chidi@example.org\r
            item1.X-ABLabel:_$!<Other>!$_\r
            item2.TEL:+1 202 555 0199\r
            item2.X-ABLabel:Boat\r
            TEL;type=CELL;type=VOICE;type=pref:+1 202 555 0147\r
            EMAIL;TYPE=INTERNET;TYPE=HOME:chidi.home@example.net\r
            item3.ADR;type=HOME;type=pref:;;12 Marina Road\\nFlat 4;Lagos;;101241;Nigeria\r
            item3.X-ABADR:ng\r
            BDAY:1952-08-21\r
            NOTE:Met at the 1998 conference\\, Abuja\\; likes long walks\r
            X-SOCIALPROFILE;type=twitter:https://twitter.com/chidi\r
            REV:2024-03-01T10:00:00Z\r
            UID:0A4F1C2E-7D3B-4E59-9C61-2B8D4F7A1E30\r
            END:VCARD\r

            """
        let contact = try #require(VCardReader().read(Data(text.utf8), source: "card.vcf").contacts.first)
        let written = VCardWriter(target: try #require(VCardTarget(writingVersion: "3.0"))).string(for: contact)
        // Compared property by property: parameter spellings (`type=a;type=b`, `TYPE=a,b`) and
        // `itemN` numbers aside, which say the same.
        let before = VCardLines.normalized(text).filter { !$0.hasPrefix("PRODID") }
        let after = VCardLines.normalized(written).filter { !$0.hasPrefix("PRODID") }
        let appleOther = "item.EMAIL;TYPE=INTERNET;TYPE=PREF:chidi@example.org"
        #expect(after.filter { !$0.contains("chidi@example.org") && $0 != "item.X-ABLABEL:_$!<Other>!$_" }.sorted()
                == before.filter { $0 != appleOther && $0 != "item.X-ABLABEL:_$!<Other>!$_" }.sorted(), "written:\n\(written)")
        #expect(Self.lines(written, named: "PRODID") == ["PRODID:-//Apple Inc.//iPhone OS 17.4//EN"], "one app's, as it came")
        // An Apple label that a TYPE value could also say (`_$!<Other>!$_`) goes back in its group.
        #expect(after.contains(appleOther) && after.contains("item.X-ABLABEL:_$!<Other>!$_"), "written:\n\(written)")
    }
}
