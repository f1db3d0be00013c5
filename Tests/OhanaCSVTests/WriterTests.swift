import Foundation
import Ohana
import Testing
@testable import OhanaCSV

@Suite("CSV export and round trips")
struct WriterTests {
    static let fixtures: [(String, CSVDialect)] = [
        ("google-legacy.csv", .google), ("google.csv", .google), ("outlook.csv", .outlook), ("outlook-cp1252.csv", .outlook),
    ]

    @Test("read → write → read keeps every contact", arguments: fixtures.map(\.0))
    func roundTrip(name: String) throws {
        let dialect = try #require(Self.fixtures.first { $0.0 == name }?.1)
        let first = try readFixture(name)
        let written = CSVContactsWriter(dialect: dialect).write(first.contacts)
        let second = CSVContactsReader().read(written, source: "written.csv")
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics)")
        try #require(second.contacts.count == first.contacts.count)
        for (a, b) in zip(first.contacts, second.contacts) {
            #expect(a.hasSameContent(as: b), "\(a)\n!=\n\(b)")
        }
        // Writing again gives the same bytes.
        #expect(CSVContactsWriter(dialect: dialect).write(second.contacts) == written)
    }

    @Test("unknown columns are written back under their own header")
    func unknownColumnsWrittenBack() throws {
        let loaded = try readFixture("google-legacy.csv")
        let table = try rows(CSVContactsWriter(dialect: .google).write(loaded.contacts))
        #expect(cell(table, row: 0, column: "Gender") == "female")
        #expect(cell(table, row: 0, column: "Relation 1 - Type") == "Spouse")
        #expect(cell(table, row: 0, column: "Event 1 - Value") == "1835-07-08")
        #expect(cell(table, row: 1, column: "Occupation") == "Computer scientist")
        #expect(cell(table, row: 0, column: "Labels") == "* myContacts ::: * starred ::: Friends ::: Mathematicians")

        let outlook = try readFixture("outlook.csv")
        let outlookTable = try rows(CSVContactsWriter(dialect: .outlook).write(outlook.contacts))
        // Outlook's own columns stay in their place in Microsoft's order.
        #expect(outlookTable[0].prefix(4) == ["Title", "First Name", "Middle Name", "Last Name"])
        #expect(cell(outlookTable, row: 0, column: "Spouse") == "Louise Dreyfus")
        #expect(cell(outlookTable, row: 0, column: "E-mail Display Name") == "Émile Durkheim (emile@u-bordeaux.example)")
        #expect(cell(outlookTable, row: 0, column: "Car Phone") == "'+33 6 98 76 54 32")
    }

    @Test("the header has as many numbered columns as the widest contact needs")
    func numberedColumns() throws {
        let narrow = Contact(givenName: "A", fields: [.phone("1")])
        let wide = Contact(givenName: "B", fields: (1...4).map { .phone("\($0)0", label: .work) } + [.email("b@x.example")])
        let header = try rows(CSVContactsWriter(dialect: .google).write([narrow, wide]))[0]
        #expect(header.contains("Phone 4 - Value"))
        #expect(!header.contains("Phone 5 - Value"))
        #expect(header.contains("E-mail 1 - Value") && !header.contains("E-mail 2 - Value"))
        #expect(!header.contains { $0.hasPrefix("Address ") })
        let table = try rows(CSVContactsWriter(dialect: .google).write([narrow, wide]))
        #expect(cell(table, row: 0, column: "Phone 2 - Value") == "")
        #expect(cell(table, row: 1, column: "Phone 4 - Value") == "40")
        #expect(cell(table, row: 1, column: "Phone 4 - Label") == "Work")
    }

    static func richContact() -> Contact {
        Contact(
            namePrefix: "Dr.", givenName: "Jane", middleName: "Q.", familyName: "Public", nameSuffix: "Jr.",
            nickname: "JQ", phoneticGivenName: "Jein", phoneticFamilyName: "Pablik", formattedName: "Dr. Jane Public",
            organization: "Acme, Inc.", department: "R&D", jobTitle: "Chief \"Tinkerer\"",
            fields: [
                ContactField(type: .phoneNumber, label: .mobile, value: "+1 555 0100", isPreferred: true),
                .phone("(555) 0101", label: "Boat"),
                .phone("555 0102"),
                .email("jane@acme.example", label: .work),
                .email("=cmd|' /C calc'!A0", label: .home),
                .url("https://jane.example", label: "Blog"),
                ContactField(type: .instantMessage, label: .home, value: "jane@im.example",
                             parameters: [PropertyParameter(name: "X-SERVICE-TYPE", values: ["Skype"])]),
                ContactField(type: .other, label: "Shoe size", value: "38"),
            ],
            postalAddresses: [
                PostalAddress(label: .home, street: ["1 Main St", "Apt 4"], poBox: "9", extendedAddress: "Rear",
                              city: "Springfield", region: "IL", postalCode: "62701", country: "USA", isPreferred: true),
                PostalAddress(label: "Cabin", city: "Lakeside"),
            ],
            birthday: Birthday(month: 2, day: 29),
            note: "Line one\nLine two, with comma; and \"quotes\"\r\n-- signed",
            tags: ["Friends", "Book club"],
            customProperties: [
                "Anniversary": .string("2001-06-01"),
                CSVContactsReader.googleSystemGroupsKey: .strings(["* myContacts"]),
            ]
        )
    }

    @Test("a contact with every Google slot filled comes back the same")
    func googleModelRoundTrip() throws {
        let contact = Self.richContact()
        let data = CSVContactsWriter(dialect: .google).write([contact])
        let back = CSVContactsReader().read(data, source: "rich.csv")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        let read = try #require(back.contacts.first)
        var expected = contact
        // Field order is by type (phones, emails, URLs, handles, others), as Google's columns are.
        expected.fields = ColumnPlan.fieldTypeOrder.flatMap { contact.fields(ofType: $0) }
        #expect(read.hasSameContent(as: expected), "\(read)")
    }

    @Test("Outlook keeps phone labels, addresses and names of a model contact")
    func outlookModelRoundTrip() throws {
        let contact = Self.richContact()
        let read = try #require(CSVContactsReader().read(CSVContactsWriter(dialect: .outlook).write([contact]), source: "o.csv").contacts.first)
        #expect(read.givenName == "Jane" && read.formattedName == "Dr. Jane Public" && read.nickname == "JQ")
        #expect(read.phoneticGivenName == "Jein" && read.phoneticFamilyName == "Pablik")
        #expect(Set(read.phoneNumbers.map { "\($0.label?.rawValue ?? "-")=\($0.value)" })
            == ["mobile=+1 555 0100", "Boat=(555) 0101", "other=555 0102"])
        #expect(read.values(.emailAddress) == ["jane@acme.example", "=cmd|' /C calc'!A0"])
        #expect(read.postalAddresses.count == 2)
        #expect(read.postalAddresses.first { $0.label == .home }?.street == ["1 Main St", "Apt 4"])
        #expect(read.postalAddresses.first { $0.label == .home }?.extendedAddress == "Rear")
        #expect(read.postalAddresses.first { $0.label == "Cabin" }?.city == "Lakeside")
        #expect(read.birthday == Birthday(month: 2, day: 29))
        #expect(read.tags == ["Friends", "Book club"])
        #expect(read.note == contact.note)
        #expect(read.custom("Anniversary") == "2001-06-01")
    }

    /// Fields with quotes, commas, CR, LF, CRLF, empty ones and other scripts come back exactly through
    /// an independent parser (CSV.swift's reader), and only fields that need quotes get them.
    @Test func bytesWriterQuotesOnlyWhatNeedsIt() throws {
        let table = [
            ["plain", "with, comma", "say \"hi\"", "", "line\nbreak", "cr\rhere", "crlf\r\nend"],
            ["東京", "Zoë", "'=1+1", " spaced ", "\"", ",", "x"],
        ]
        var writer = CSVBytesWriter()
        table.forEach { writer.write(row: $0) }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.hasPrefix("plain,\"with, comma\",\"say \"\"hi\"\"\",,\"line\nbreak\""))
        #expect(text.contains("\r\n東京,Zoë,'=1+1, spaced ,\"\"\"\",\",\",x"))
        #expect(try rows(Data(writer.bytes)) == table)
    }
}
