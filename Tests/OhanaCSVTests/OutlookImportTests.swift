import Foundation
import Ohana
import Testing
@testable import OhanaCSV

@Suite("Outlook CSV import")
struct OutlookImportTests {
    @Test("Outlook's export maps names, phone columns to labels, emails, addresses, birthday, notes and categories")
    func outlookExport() throws {
        let loaded = try readFixture("outlook.csv")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        try #require(loaded.contacts.count == 2)
        let emile = loaded.contacts[0]
        #expect(emile.namePrefix == "Dr." && emile.givenName == "Émile" && emile.familyName == "Durkheim")
        #expect(emile.organization == "Université de Bordeaux" && emile.department == "Sociologie" && emile.jobTitle == "Professeur")
        #expect(emile.birthday == Birthday(year: 1858, month: 4, day: 15))
        #expect(emile.note == "Prix: 100 € — “Le Suicide”")
        #expect(emile.tags == ["Académie", "VIP"])
        let phones = Dictionary(uniqueKeysWithValues: emile.phoneNumbers.map { ($0.label?.rawValue ?? "", $0.value) })
        #expect(phones == [
            "work fax": "+33 5 56 00 00 09", "work": "+33 5 56 00 00 01", "car": "+33 6 98 76 54 32",
            "home": "05 56 00 00 02", "mobile": "+33 6 12 34 56 78",
        ])
        #expect(emile.values(.emailAddress) == ["emile@u-bordeaux.example", "durkheim@home.example"])
        #expect(emile.values(.url) == ["https://durkheim.example"])
        #expect(emile.values(.other) == ["Sociology"])
        #expect(emile.postalAddresses.map(\.label) == [.work, .home])
        let business = try #require(emile.postalAddresses.first)
        #expect(business.street == ["3 Place de la Victoire", "Bâtiment A"])
        #expect(business.city == "Bordeaux" && business.postalCode == "33000" && business.country == "France")
        #expect(emile.custom("Spouse") == "Louise Dreyfus")
        #expect(emile.custom("E-mail Type") == "SMTP")
        #expect(emile.custom("Gender") == "Unspecified")

        let marie = loaded.contacts[1]
        #expect(marie.values(.phoneNumber) == ["+33 1 55 55 01 00", "+33 1 55 55 01 01", "+48 22 555 0100"])
        #expect(marie.phoneNumbers.map(\.label) == [.home, .home, .mobile])
        #expect(marie.birthday == Birthday(year: 1867, month: 11, day: 7))
    }

    @Test("a Windows-1252 file reads the same as its UTF-8 twin, with a warning")
    func legacyEncoding() throws {
        let utf8 = try readFixture("outlook.csv")
        let ansi = try readFixture("outlook-cp1252.csv")
        #expect(ansi.contacts.count == utf8.contacts.count)
        for (a, b) in zip(ansi.contacts, utf8.contacts) { #expect(a.hasSameContent(as: b)) }
        #expect(ansi.contacts.first?.note == "Prix: 100 € — “Le Suicide”")
        let warning = try #require(ansi.diagnostics.first)
        #expect(ansi.diagnostics.count == 1)
        #expect(warning.severity == .warning && warning.line == 2)
        #expect(warning.description.hasPrefix("outlook-cp1252.csv:2: warning:"))
        #expect(warning.message.contains("Windows-1252"))
    }

    @Test("'0/0/00' is no birthday; an unreadable birthday is kept as text with a warning")
    func birthdays() throws {
        let csv = "First Name,Birthday,E-mail Address\r\nA,0/0/00,a@x.example\r\nB,next spring,b@x.example\r\nC,1990-02-03,c@x.example\r\n"
        let loaded = CSVContactsReader().read(Data(csv.utf8), source: "b.csv")
        #expect(loaded.contacts.map(\.birthday) == [nil, nil, Birthday(year: 1990, month: 2, day: 3)])
        #expect(loaded.contacts[1].custom("Birthday") == "next spring")
        #expect(loaded.diagnostics.map(\.line) == [3])
        let written = CSVContactsWriter(dialect: .outlook).write(loaded.contacts)
        let table = try rows(written)
        #expect(cell(table, row: 1, column: "Birthday") == "next spring")
        #expect(cell(table, row: 2, column: "Birthday") == "2/3/1990")
    }
}
