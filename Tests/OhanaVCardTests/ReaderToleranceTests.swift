import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// What real clients write, one tolerance at a time.
@Suite struct ReaderToleranceTests {
    static let card = ["BEGIN:VCARD", "VERSION:3.0", "N:Doe;John;;;", "FN:Johnny D", "TEL;TYPE=CELL:+1 555 0100",
                       "NOTE:a long note that is folded", "END:VCARD"]

    @Test(arguments: ["\r\n", "\n", "\r", "\r\r\n"])
    func everyLineEnding(_ end: String) {
        // A fold in the NOTE with the same line ending.
        var lines = Self.card
        lines[5] = "NOTE:a long note th" + end + " at is folded"
        let loaded = readCards(lines.joined(separator: end) + end)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.contacts.count == 1)
        let c = loaded.contacts[0]
        #expect(c.familyName == "Doe" && c.givenName == "John")
        #expect(c.phoneNumbers.first?.value == "+1 555 0100")
        #expect(c.phoneNumbers.first?.label == .mobile)
        #expect(c.note == "a long note that is folded")
    }

    /// Empty components after `N`'s suffix or `ADR`'s country (KContacts' own test card has
    /// `N:Holmes;Sherlock;;Mr;;`; exporters add a `;` after the country) are not part of the value;
    /// RFC 9554's extra components with text still are, so they are written back.
    @Test func emptyExtraComponentsAreNotPartOfTheValue() throws {
        let text = """
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sherlock Holmes\r\nN:Holmes;Sherlock;;Mr;;\r\n\
            ADR;TYPE=home:;;Hauptstr. 1;Berlin;;10115;Germany;\r\nEND:VCARD\r\n\
            BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana Pérez\r\nN:Pérez;Ana;;;;García;\r\n\
            ADR:;;;Springfield;;;USA;;;;54321;Oak St;;;;;;\r\nEND:VCARD\r\n
            """
        let contacts = readCards(text).contacts
        try #require(contacts.count == 2)
        #expect(contacts[0].namePrefix == "Mr" && contacts[0].nameSuffix == nil)
        #expect(contacts[0].postalAddresses.first?.country == "Germany")
        #expect(contacts[1].nameSuffix == ";García;")
        #expect(contacts[1].postalAddresses.first?.country == "USA;;;;54321;Oak St;;;;;;")
        let holmes = try Corpus.read("kcontacts/testfullvcard.vcf").contacts.first { $0.familyName == "Holmes" }
        #expect(holmes?.nameSuffix == nil && holmes?.namePrefix == "Mr")
    }

    @Test func mixedLineEndingsInOneFile() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\nN:Doe;John;;;\rFN:Johnny D\r\r\nEMAIL:j@example.com\r\nEND:VCARD\n"
        let c = readCards(text).contacts
        #expect(c.count == 1)
        #expect(c.first?.emailAddresses.first?.value == "j@example.com")
        #expect(c.first?.formattedName == "Johnny D")
    }

    @Test func foldInsideAMultiByteCharacter() {
        // "José Müller": the fold splits é (C3 A9) and ü (C3 BC) between their bytes.
        var bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:Jos".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
        bytes += Array(" M".utf8) + [0xC3, 0x0D, 0x0A, 0x09, 0xBC] + Array("ller\r\nEND:VCARD\r\n".utf8)
        let loaded = readCards(bytes: bytes)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.contacts.first?.fullName == "José Müller")
    }

    @Test func quotedPrintableWithSoftBreaksAndCharset() {
        let text = """
            BEGIN:VCARD
            VERSION:2.1
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=
            =C3=BCrgen;;;
            NOTE;ENCODING=QUOTED-PRINTABLE:line one=0D=0A=
            line two, with a space at the start of the next physical line=
             and more
            END:VCARD

            """
        let loaded = readCards(text)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let c = loaded.contacts[0]
        #expect(c.familyName == "Müller")
        #expect(c.givenName == "Jürgen")
        #expect(c.note == "line one\nline two, with a space at the start of the next physical line and more")
    }

    @Test(arguments: [
        ("ISO-8859-1", [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72] as [UInt8], "Müller"),
        ("ISO-8859-15", [0x31, 0x30, 0xA4], "10€"),
        ("ISO-8859-2", [0x50, 0xB3, 0x6F, 0x63, 0x6B], "Płock"),
        ("Windows-1252", [0x93, 0x51, 0x94, 0x20, 0x80], "“Q” €"),
        ("windows-1251", [0xCF, 0xF0, 0xE8], "При"),
        ("Windows-1250", [0x8A, 0x74, 0x65, 0x66, 0x61, 0x6E], "Štefan"),
        ("SHIFT_JIS", [0x88, 0xC0, 0x93, 0xA1, 0x83, 0x8D, 0x83, 0x43, 0x83, 0x68], "安藤ロイド"),
        ("UTF-8", Array("Zoë".utf8), "Zoë"),
    ])
    func charsets(_ charset: String, _ bytes: [UInt8], _ expected: String) {
        let data = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=\(charset):".utf8) + bytes
            + Array(";;;;\r\nEND:VCARD\r\n".utf8)
        let loaded = readCards(bytes: data)
        #expect(loaded.diagnostics.isEmpty, "\(charset): \(loaded.diagnostics)")
        #expect(loaded.contacts.first?.familyName == expected, "\(charset)")
    }

    @Test func legacyBytesWithoutCharsetFallBackWithAWarning() {
        let data = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]
            + Array(";J;;;\r\nNOTE:caf".utf8) + [0xE9] + Array("\r\nEND:VCARD\r\n".utf8)
        let loaded = readCards(bytes: data)
        #expect(loaded.contacts.first?.familyName == "Müller")
        #expect(loaded.contacts.first?.note == "café")
        let warnings = loaded.diagnostics.filter { $0.severity == .warning && $0.message.contains("not valid UTF-8") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 3)
    }

    @Test func unknownCharsetIsReportedAndReadAsUTF8() {
        let loaded = readCards("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=X-BOGUS:Doe;J;;;\r\nEND:VCARD\r\n")
        #expect(loaded.contacts.first?.familyName == "Doe")
        #expect(loaded.diagnostics.contains { $0.line == 3 && $0.message.contains("unknown CHARSET") })
    }

    @Test func bareTypesOf21() throws {
        let c = try #require(readCards("BEGIN:VCARD\r\nVERSION:2.1\r\nN:D;J;;;\r\nTEL;HOME;VOICE;PREF:1\r\nTEL;WORK;FAX:2\r\nEMAIL;INTERNET:a@b.c\r\nEND:VCARD\r\n").contacts.first)
        #expect(c.phoneNumbers[0].label == .home)
        #expect(c.phoneNumbers[0].isPreferred)
        #expect(c.phoneNumbers[0].parameters == [PropertyParameter(name: "TYPE", values: ["VOICE"])])
        #expect(c.phoneNumbers[1].label == .workFax)
        #expect(c.emailAddresses[0].parameters == [PropertyParameter(name: "TYPE", values: ["INTERNET"])])
    }

    @Test func quotedAndCommaSeparatedParameters() throws {
        let text = """
            BEGIN:VCARD
            VERSION:4.0
            FN:A
            TEL;TYPE="work,voice";PREF=1:1
            TEL;TYPE=home,cell:2
            ADR;LABEL="1 Main St, Springfield: USA";TYPE=home:;;1 Main St;Springfield;;;USA
            EMAIL;X-NOTE="caret ^^ and ^'quote^' and^nnewline":x@y.z
            END:VCARD

            """
        let c = try #require(readCards(text).contacts.first)
        #expect(c.phoneNumbers[0].label == .work)
        #expect(c.phoneNumbers[0].isPreferred)
        #expect(c.phoneNumbers[0].parameters == [PropertyParameter(name: "TYPE", values: ["voice"])])
        #expect(c.phoneNumbers[1].label == .mobile)
        #expect(c.phoneNumbers[1].parameters == [PropertyParameter(name: "TYPE", values: ["home"])])
        #expect(c.postalAddresses[0].parameters == [PropertyParameter(name: "LABEL", values: ["1 Main St, Springfield: USA"])])
        #expect(c.emailAddresses[0].parameters == [PropertyParameter(name: "X-NOTE", values: ["caret ^ and \"quote\" and\nnewline"])])
    }

    @Test func escapesOf30AndApplesColon() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:O\\;Brien;Pat\\, Jr;;;\r\nFN:x\r\nNOTE:a\\nb\\Nc\\\\d\\,e\\;f\r\nURL:http\\://example.com\r\nEND:VCARD\r\n"
        let c = try #require(readCards(text).contacts.first)
        #expect(c.familyName == "O;Brien")
        #expect(c.givenName == "Pat, Jr")
        #expect(c.note == "a\nb\nc\\d,e;f")
        #expect(c.fields(ofType: .url).first?.value == "http://example.com")
    }

    @Test func escapesOf21KeepUnknownBackslashes() throws {
        // Android's v21_backslash: only \; and \\ are escapes in 2.1.
        let c = try #require(try Corpus.read("android-vcard/v21_backslash.vcf").contacts.first)
        #expect(c.givenName == "A;B\\")
        #expect(c.middleName == "C\\;")
        #expect(c.namePrefix == "D")
    }

    @Test func byteOrderMarkBlankAndCommentLinesAndJunk() {
        let data = [0xEF, 0xBB, 0xBF] + Array("""
            BEGIN:VCARD
            VERSION:2.1

            # a comment
            N:Doe;J;;;
            END:VCARD
            trailing junk
            more junk
            BEGIN:VCARD
            VERSION:3.0
            N:Roe;R;;;
            FN:R Roe
            END:VCARD
            """.utf8)
        let loaded = readCards(bytes: data)
        #expect(loaded.contacts.map(\.familyName) == ["Doe", "Roe"])
        #expect(loaded.diagnostics.contains { $0.line == 4 && $0.message.contains("comment") })
        #expect(loaded.diagnostics.contains { $0.line == 7 && $0.message.contains("outside") })
        #expect(!loaded.diagnostics.contains { $0.severity == .error })
    }

    @Test func agentCardOf21IsKeptAsAValue() throws {
        let text = """
            BEGIN:VCARD
            VERSION:2.1
            N:Boss;B;;;
            AGENT:
            BEGIN:VCARD
            VERSION:2.1
            N:Helper;H;;;
            TEL:123
            END:VCARD
            TEL:999
            END:VCARD

            """
        let loaded = readCards(text)
        #expect(loaded.contacts.count == 1)
        let c = try #require(loaded.contacts.first)
        #expect(c.phoneNumbers.map(\.value) == ["999"])
        let agent = try #require(c.unmappedProperties.first { $0.name == "AGENT" })
        #expect(agent.value == "BEGIN:VCARD\\nVERSION:2.1\\nN:Helper\\;H\\;\\;\\;\\nTEL:123\\nEND:VCARD")
        // Written back and read again, the AGENT is unchanged.
        let again = readCards(VCardWriter(target: .ios).string(for: c)).contacts.first
        #expect(again?.unmappedProperties.first { $0.name == "AGENT" }?.value == agent.value)
    }

    @Test func agentOf30InlineIsKept() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Boss\r\nAGENT:BEGIN:VCARD\\nFN:Helper\\nEND:VCARD\r\nEND:VCARD\r\n"
        let c = try #require(readCards(text).contacts.first)
        #expect(c.unmappedProperties == [UnmappedProperty(name: "AGENT", value: "BEGIN:VCARD\\nFN:Helper\\nEND:VCARD")])
    }

    @Test func nestedCardsWithoutAgentAreCardsOfTheirOwn() throws {
        let loaded = try Corpus.read("android-vcard/v21_nest.vcf")
        #expect(Set(loaded.contacts.compactMap(\.familyName)) == ["parent", "nest1", "nest2"])
        #expect(loaded.contacts.first { $0.familyName == "parent" }?.phoneNumbers.first?.value == "1")
    }

    @Test func missingEndStillLoadsWithAWarning() {
        let loaded = readCards("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;J;;;\r\nFN:J Doe\r\n")
        #expect(loaded.contacts.first?.familyName == "Doe")
        #expect(loaded.diagnostics.contains { $0.line == 1 && $0.message.contains("no END:VCARD") })
    }

    @Test func appleLabelGroups() throws {
        let text = """
            BEGIN:VCARD
            VERSION:3.0
            FN:A
            item1.TEL:555
            item1.X-ABLabel:_$!<AssistantPhone>!$_
            item2.EMAIL;type=INTERNET:a@b.c
            item2.X-ABLabel:Summer house
            item3.URL:http://x
            item3.X-ABLabel:_$!<HomePage>!$_
            item4.TEL;type=HOME:666
            item4.X-ABLabel:_$!<Home>!$_
            item5.X-ABRELATEDNAMES:Jane
            item5.X-ABLabel:_$!<Sister>!$_
            END:VCARD

            """
        let c = try #require(readCards(text).contacts.first)
        #expect(c.phoneNumbers.map(\.label) == ["AssistantPhone", .home])
        #expect(c.emailAddresses.first?.label == "Summer house")
        #expect(c.fields(ofType: .url).first?.label == "HomePage")
        // A group with no field keeps its label as an unmapped property.
        #expect(c.unmappedProperties.map(\.name) == ["X-ABRELATEDNAMES", "X-ABLabel"])
        let written = VCardWriter(target: .ios).string(for: c)
        #expect(written.contains(".X-ABLabel:_$!<AssistantPhone>!$_\r\n"))
        #expect(written.contains(".X-ABLabel:Summer house\r\n"))
        #expect(written.contains("item5.X-ABLabel:_$!<Sister>!$_\r\n"))
    }

    @Test(arguments: [
        ("BDAY:1990-04-12", Birthday(year: 1990, month: 4, day: 12)),
        ("BDAY:19900412", Birthday(year: 1990, month: 4, day: 12)),
        ("BDAY;VALUE=date:1990-04-12T00:00:00Z", Birthday(year: 1990, month: 4, day: 12)),
        ("BDAY:--0412", Birthday(month: 4, day: 12)),
        ("BDAY:--04-12", Birthday(month: 4, day: 12)),
        ("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12", Birthday(month: 4, day: 12)),
    ])
    func birthdays(_ line: String, _ expected: Birthday?) throws {
        let c = try #require(readCards("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\n\(line)\r\nEND:VCARD\r\n").contacts.first)
        #expect(c.birthday == expected)
        #expect(c.unmappedProperties.isEmpty)
    }

    @Test func textBirthdayIsKeptUnmapped() throws {
        let c = try #require(readCards("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nBDAY;VALUE=text:circa 1800\r\nEND:VCARD\r\n").contacts.first)
        #expect(c.birthday == nil)
        #expect(c.unmappedProperties == [UnmappedProperty(name: "BDAY", parameters: [PropertyParameter(name: "VALUE", values: ["text"])], value: "circa 1800")])
    }

    @Test func photosInEveryForm() throws {
        let bytes = Data((0..<200).map { UInt8($0) })
        let b64 = bytes.base64EncodedString()
        let folded = stride(from: 0, to: b64.count, by: 60).map { i -> String in
            let s = b64.index(b64.startIndex, offsetBy: i)
            return String(b64[s..<(b64.index(s, offsetBy: 60, limitedBy: b64.endIndex) ?? b64.endIndex)])
        }
        let forms = [
            "VERSION:2.1\r\nPHOTO;JPEG;ENCODING=BASE64:\r\n" + folded.map { "  " + $0 }.joined(separator: "\r\n") + "\r\n\r\n",
            "VERSION:2.1\r\nPHOTO;ENCODING=BASE64;TYPE=JPEG:" + folded.joined(separator: "\r\n") + "\r\n\r\n",
            "VERSION:3.0\r\nPHOTO;ENCODING=b;TYPE=JPEG:" + folded.joined(separator: "\r\n ") + "\r\n",
            "VERSION:4.0\r\nPHOTO:data:image/jpeg;base64," + folded.joined(separator: "\r\n ") + "\r\n",
            "VERSION:3.0\r\nPHOTO;ENCODING=b:data:image/jpeg;base64," + b64 + "\r\n",
        ]
        for form in forms {
            let loaded = readCards("BEGIN:VCARD\r\n\(form)FN:A\r\nEND:VCARD\r\n")
            #expect(loaded.contacts.first?.photo == Photo(data: bytes, mediaType: "image/jpeg"), "\(form.prefix(40))")
            #expect(loaded.contacts.first?.unmappedProperties.isEmpty == true, "\(form.prefix(40))")
        }
    }

    @Test func brokenBase64PhotoIsKeptAndReported() throws {
        let loaded = readCards("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nPHOTO;ENCODING=b;TYPE=JPEG:QUJD=RE\r\nEND:VCARD\r\n")
        let c = try #require(loaded.contacts.first)
        #expect(c.photo == nil)
        #expect(c.unmappedProperties.first?.name == "PHOTO")
        #expect(loaded.diagnostics.contains { $0.line == 4 && $0.message.contains("base64") })
    }

    @Test func categoriesUIDAndUnknownProperties() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nUID:urn:uuid:1234\r\nCATEGORIES:Friends,Work\\, old\r\nX-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Bob;1;;;;;;;;;;;;;\r\nX-MS-OL-DESIGN;CHARSET=utf-8:<card/>\r\nEND:VCARD\r\n"
        let loaded = VCardReader(options: .init(providerID: "book")).read(Data(text.utf8), source: "t.vcf")
        let c = try #require(loaded.contacts.first)
        #expect(c.tags == ["Friends", "Work, old"])
        #expect(c.id == "urn:uuid:1234")
        #expect(c.provenance == [Provenance(providerID: "book", recordID: "urn:uuid:1234")])
        #expect(c.unmappedProperties.map(\.name) == ["X-ANDROID-CUSTOM", "X-MS-OL-DESIGN"])
        #expect(c.unmappedProperties[0].value == "vnd.android.cursor.item/nickname;Bob;1;;;;;;;;;;;;;")
        for target in VCardTarget.allCases {
            let written = VCardWriter(target: target).string(for: c)
            #expect(written.contains("X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Bob;1;;;;;;;;;;;;;\r\n"), "\(target)")
            #expect(readCards(written).contacts.first?.hasSameContent(as: c) == true, "\(target)")
        }
    }

    @Test func repeatedUIDGetsANewIdentity() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nUID:same\r\nEND:VCARD\r\n"
        let loaded = readCards(card + card)
        #expect(loaded.contacts.count == 2)
        #expect(loaded.contacts[0].id == "same")
        #expect(loaded.contacts[1].id != "same")
        #expect(loaded.contacts[1].provenance.first?.recordID == "same")
        #expect(loaded.diagnostics.contains { $0.line == 6 && $0.message.contains("repeats") })
    }

    @Test func badLinesAreErrorsWithTheirLineAndTheRestLoads() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nthis line has no colon\r\nEMAIL:a@b.c\r\nEND:VCARD\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nEND:VCARD\r\n"
        let loaded = readCards(text)
        #expect(loaded.contacts.map(\.fullName) == ["A", "B"])
        #expect(loaded.contacts[0].emailAddresses.first?.value == "a@b.c")
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line == 4 })
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line == 7 && $0.message.contains("without BEGIN") })
        #expect(loaded.diagnostics.allSatisfy { $0.description.hasPrefix("test.vcf:") })
    }

    @Test func backslashContinuedValueOfOldAndroid() throws {
        let loaded = try Corpus.read("android-vcard/v21_adr_multiple_line.vcf")
        let address = try #require(loaded.contacts.first?.postalAddresses.last)
        #expect(address.street == ["Hermann v. Brevern", "9999999", "Packstation 999"])
        #expect(address.city == "Hamburg")
        #expect(!loaded.diagnostics.contains { $0.severity == .error })
    }
}
