import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// Target profiles and round trips of written contacts (escaping and folding: `TextEscapingTests`).
@Suite struct WriterTests {
    /// A contact using every slot the model has.
    static let full: Contact = {
        var c = Contact(
            namePrefix: "Dr.", givenName: "Zoë", middleName: "Ann", familyName: "O'Brien; Smith", nameSuffix: "Jr.",
            nickname: "Zo, the great", phoneticGivenName: "Zo-ee", phoneticFamilyName: "Oh-Brian",
            formattedName: "Dr. Zoë O'Brien", organization: "Acme, Inc.", department: "R&D", jobTitle: "Chief \\ Tester",
            fields: [
                ContactField(type: .phoneNumber, label: .mobile, value: "+1 555 0100", isPreferred: true),
                ContactField(type: .phoneNumber, label: .homeFax, value: "+1 555 0101"),
                ContactField(type: .phoneNumber, label: "Summer house", value: "+1 555 0102"),
                ContactField(type: .emailAddress, label: .work, value: "zoe@example.com"),
                ContactField(type: .url, label: "blog", value: "https://example.com/a,b;c"),
                ContactField(type: .instantMessage, label: .home, value: "xmpp:zoe@example.com"),
                ContactField(type: .other, label: "locker", value: "42"),
            ],
            postalAddresses: [
                PostalAddress(label: .home, street: ["1 Main St", "Apt 2"], city: "Springfield", region: "IL",
                              postalCode: "62701", country: "USA", isPreferred: true),
                PostalAddress(label: "cabin", street: ["Lakeside 3"], city: "Tromsø", country: "Norway"),
            ],
            birthday: Birthday(month: 2, day: 29),
            note: "Line one\nLine two, with ; and \\ and a very long tail that will certainly need folding because it is long: 日本語のテキスト",
            photo: Photo(data: Data((0..<3000).map { UInt8($0 % 256) }), mediaType: "image/jpeg"),
            tags: ["Friends", "Book club, Tuesdays"],
            unmappedProperties: [UnmappedProperty(name: "X-CUSTOM", parameters: [PropertyParameter(name: "X-P", values: ["a b"])], value: "kept\\, as written")])
        return c
    }()

    @Test(arguments: VCardTarget.allCases)
    func fullContactRoundTrips(_ target: VCardTarget) throws {
        let written = VCardWriter(target: target).string(for: Self.full)
        let loaded = readCards(written)
        #expect(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        let back = try #require(loaded.contacts.first)
        #expect(back.hasSameContent(as: Self.full), "\(target)\n\(describeDifference(Self.full, back))\n\(written)")
    }

    @Test(arguments: VCardTarget.allCases)
    func linesAreFoldedAt75OctetsWithoutSplittingUTF8(_ target: VCardTarget) {
        let data = VCardWriter(target: target).write([Self.full])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        for line in lines {
            #expect(line.utf8.count <= 76, "\(target): \(line.utf8.count) octets: \(line.prefix(40))")
            // Each physical line is valid UTF-8 by itself: no sequence was split.
            #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
        }
        let withoutCRLF = text.replacingOccurrences(of: "\r\n", with: "")
        #expect(!withoutCRLF.contains("\n") && !withoutCRLF.contains("\r"))
    }

    @Test func outlookUsesVersion21QuotedPrintableAndCharset() {
        var c = Contact(givenName: "Jürgen", familyName: "Müller", note: "one\ntwo")
        c.fields = [.phone("1", label: .work)]
        let text = VCardWriter(target: .outlook).string(for: c)
        #expect(text.contains("VERSION:2.1\r\n"))
        #expect(text.contains("N;CHARSET=UTF-8:Müller;Jürgen;;;\r\n"))
        #expect(text.contains("NOTE;ENCODING=QUOTED-PRINTABLE:one=0Atwo\r\n"))
        #expect(text.contains("TEL;WORK:1\r\n"))
    }

    @Test func iosProfile() {
        var c = Contact(givenName: "A", birthday: Birthday(month: 4, day: 12))
        c.fields = [ContactField(type: .phoneNumber, label: "Summer house", value: "1", isPreferred: true)]
        c.photo = Photo(data: Data([1, 2, 3]), mediaType: "image/png")
        let text = VCardWriter(target: .ios).string(for: c)
        #expect(text.contains("VERSION:3.0\r\n"))
        #expect(text.contains("item1.TEL;type=pref:1\r\nitem1.X-ABLabel:Summer house\r\n"))
        #expect(text.contains("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12\r\n"))
        #expect(text.contains("PHOTO;ENCODING=b;type=PNG:AQID\r\n"))
    }

    @Test func androidProfile() {
        var c = Contact(givenName: "A")
        c.fields = [ContactField(type: .phoneNumber, label: "Assistant", value: "1"), .phone("2", label: .mobile)]
        let text = VCardWriter(target: .android).string(for: c)
        #expect(text.contains("TEL;TYPE=X-Assistant:1\r\n"))
        #expect(text.contains("TEL;TYPE=CELL:2\r\n"))
        #expect(readCards(text).contacts.first?.phoneNumbers.map(\.label) == ["Assistant", .mobile])
    }

    @Test func rfc6350Profile() {
        var c = Contact(givenName: "A", birthday: Birthday(year: 1990, month: 4, day: 12))
        c.fields = [ContactField(type: .emailAddress, label: .home, value: "a@b.c", isPreferred: true)]
        c.photo = Photo(data: Data([1, 2, 3]), mediaType: "image/png")
        let text = VCardWriter(target: .rfc6350).string(for: c)
        #expect(text.contains("VERSION:4.0\r\n"))
        #expect(text.contains("EMAIL;TYPE=home;PREF=1:a@b.c\r\n"))
        #expect(text.contains("BDAY:19900412\r\n"))
        #expect(text.contains("PHOTO:data:image/png;base64,AQID\r\n"))
        #expect(text.contains("FN:A\r\n"))
    }

    @Test func writeProducesOneCardPerContact() {
        let contacts = (0..<5).map { Contact(givenName: "P\($0)") }
        let data = VCardWriter().write(contacts)
        let loaded = VCardReader().read(data, source: "w.vcf")
        #expect(loaded.contacts.map(\.givenName) == contacts.map(\.givenName))
        #expect(loaded.contacts.map(\.id) == contacts.map(\.id))
    }

    @Test func aTelURIIsWrittenAsAURINotAsText() throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nTEL;VALUE=uri;TYPE=home:tel:+1-555-555-5555;ext=5555\r\nEND:VCARD\r\n"
        let contact = try #require(readCards(text).contacts.first)
        let written = String(decoding: VCardWriter(target: .rfc6350).write([contact]), as: UTF8.self)
        #expect(written.contains(":tel:+1-555-555-5555;ext=5555\r\n"), "\(written)")
        #expect(readCards(written).contacts.first?.phoneNumbers.map(\.value) == ["+1-555-555-5555;ext=5555"])
    }

    @Test func componentsTheReaderJoinsAreWrittenAsComponents() throws {
        let lines = [
            "N:Stevenson;John;Philip;Dr.;Jr.,M.D.;;Jr.", "ORG:ABC\\, Inc.;North American Division;Marketing",
            "ADR;TYPE=work:;;54321 Oak St;Reston;VA;20190;USA;;;;54321;Oak St;;;;;;",
        ]
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:John\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VCARD\r\n"
        let contact = try #require(readCards(text).contacts.first)
        let written = String(decoding: VCardWriter(target: .rfc6350).write([contact]), as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        // N's components are lists (RFC 6350 section 6.2.2): the commas are the lists' separators.
        #expect(written.contains("N:Stevenson;John;Philip;Dr.;Jr.,M.D.;;Jr.\r\n"), "\(written)")
        #expect(written.contains("ORG:ABC\\, Inc.;North American Division;Marketing\r\n"), "\(written)")
        #expect(written.contains(";USA;;;;54321;Oak St;;;;;;\r\n"), "\(written)")
        #expect(readCards(written).contacts.first?.hasSameContent(as: contact) == true)
    }
}
