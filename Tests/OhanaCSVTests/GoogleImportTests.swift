import Foundation
import Ohana
import Testing
@testable import OhanaCSV

@Suite("Google Contacts CSV import")
struct GoogleImportTests {
    @Test("the legacy Google CSV maps names, phones with labels, emails, addresses, birthday, notes and groups")
    func legacyExport() throws {
        let loaded = try readFixture("google-legacy.csv")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        try #require(loaded.contacts.count == 3)
        let ada = loaded.contacts[0]
        #expect(ada.formattedName == "Ada Lovelace")
        #expect(ada.givenName == "Ada" && ada.familyName == "Lovelace" && ada.namePrefix == "Countess")
        #expect(ada.nickname == "Enchantress")
        #expect(ada.birthday == Birthday(year: 1815, month: 12, day: 10))
        #expect(ada.note == "Wrote the first program,\nfor the Analytical Engine.")
        #expect(ada.tags == ["Friends", "Mathematicians"])
        #expect(ada.customProperties[CSVContactsReader.googleSystemGroupsKey] == .strings(["* myContacts", "* starred"]))
        #expect(ada.organization == "Analytical Engine Ltd" && ada.jobTitle == "Programmer" && ada.department == "Research")

        let phones = ada.phoneNumbers
        #expect(phones.map(\.value) == ["+44 20 7946 0018", "+44 20 7946 0019", "020 7946 0020", "-555-0100"])
        #expect(phones.map(\.label) == [.mobile, .home, .home, "Tardis Line"])
        let emails = ada.emailAddresses
        #expect(emails.map(\.value) == ["ada@example.org", "ada@engine.example", "countess@engine.example"])
        #expect(emails.map(\.label) == [.home, .work, .work])
        #expect(emails.map(\.isPreferred) == [true, false, false])
        #expect(ada.fields(ofType: .url).map(\.value) == ["https://example.org/ada"])
        #expect(ada.fields(ofType: .url).first?.label == "Profile")
        let im = try #require(ada.fields(ofType: .instantMessage).first)
        #expect(im.value == "ada@jabber.example" && im.label == .other)
        #expect(im.parameters == [PropertyParameter(name: "X-SERVICE-TYPE", values: ["Jabber"])])
        let other = try #require(ada.fields(ofType: .other).first)
        #expect(other.label == "Favourite engine" && other.value == "Analytical")

        let home = try #require(ada.postalAddresses.first)
        #expect(ada.postalAddresses.count == 1)
        #expect(home.label == .home)
        #expect(home.street == ["12 St James's Square", "Flat 2"])
        #expect(home.city == "London" && home.postalCode == "SW1Y 4JH" && home.country == "United Kingdom")

        // Columns without a model slot are kept under their header.
        #expect(ada.custom("Gender") == "female")
        #expect(ada.custom("Relation 1 - Type") == "Spouse" && ada.custom("Relation 1 - Value") == "William King")
        #expect(ada.custom("Event 1 - Type") == "Anniversary" && ada.custom("Event 1 - Value") == "1835-07-08")

        let grace = loaded.contacts[1]
        #expect(grace.middleName == "Brewster Murray")
        #expect(grace.birthday == Birthday(month: 12, day: 9))
        #expect(grace.birthday?.year == nil)
        #expect(grace.phoneNumbers.map(\.label) == [.workFax, .pager])
        #expect(grace.tags.isEmpty)
        #expect(grace.custom("Occupation") == "Computer scientist")
        let work = try #require(grace.postalAddresses.first)
        #expect(work.label == .work && work.poBox == "17" && work.extendedAddress == "Building 3" && work.region == "VA")

        let zoe = loaded.contacts[2]
        #expect(zoe.givenName == "Zoë" && zoe.familyName == "Ōkubo")
        #expect(zoe.phoneticGivenName == "ゾエ" && zoe.phoneticFamilyName == "オオクボ")
        #expect(zoe.note == "@mention and 'quoted' \"double\"")
        #expect(zoe.phoneNumbers.first?.label == nil)
    }

    @Test("the current Google export (First Name, Labels, E-mail 1 - Label) with a byte order mark")
    func currentExport() throws {
        let data = try fixture("google.csv")
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]))
        let loaded = CSVContactsReader().read(data, source: "google.csv")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        try #require(loaded.contacts.count == 2)
        let alan = loaded.contacts[0]
        #expect(alan.givenName == "Alan" && alan.middleName == "Mathison" && alan.familyName == "Turing")
        #expect(alan.nameSuffix == "OBE" && alan.organization == "University of Manchester" && alan.jobTitle == "Reader")
        #expect(alan.formattedName == nil)
        #expect(alan.tags == ["Colleagues"])
        #expect(alan.phoneNumbers.map(\.value) == ["+44 161 555 0101", "+44 161 555 0102", "+44 161 555 0199"])
        #expect(alan.phoneNumbers.map(\.label) == [.mobile, .mobile, .homeFax])
        #expect(alan.emailAddresses.first?.isPreferred == true)
        #expect(alan.custom("File As") == "Turing, Alan")
        #expect(alan.custom("Photo") == "https://lh3.googleusercontent.com/contacts/abc")
        #expect(alan.custom("Relation 1 - Label") == "Mother")
        #expect(alan.postalAddresses.first?.street == ["43 Adlington Road"])

        // An address given only as formatted text keeps its lines as street lines.
        let katherine = loaded.contacts[1]
        #expect(katherine.postalAddresses.first?.street == ["NASA Langley Research Center", "Hampton, VA"])
        #expect(katherine.postalAddresses.first?.label == .work)
        #expect(katherine.emailAddresses.first?.label == .other)
    }

    @Test("' ::: ' holds several values; the preferred mark goes to the first only")
    func multipleValues() throws {
        let csv = "Given Name,Phone 1 - Type,Phone 1 - Value,E-mail 1 - Type,E-mail 1 - Value,Address 1 - Type,Address 1 - City\n"
            + "Ann,* Mobile,+1 555 0100 ::: +1 555 0101 ::: +1 555 0102,Home ::: Work,a@home.example ::: a@work.example,Home ::: Work,Oslo ::: Bergen\n"
        let loaded = CSVContactsReader().read(Data(csv.utf8), source: "multi.csv")
        let ann = try #require(loaded.contacts.first)
        #expect(ann.phoneNumbers.map(\.value) == ["+1 555 0100", "+1 555 0101", "+1 555 0102"])
        #expect(ann.phoneNumbers.map(\.isPreferred) == [true, false, false])
        #expect(ann.phoneNumbers.allSatisfy { $0.label == .mobile })
        #expect(ann.emailAddresses.map(\.label) == [.home, .work])
        #expect(ann.postalAddresses.map(\.city) == ["Oslo", "Bergen"])
        #expect(ann.postalAddresses.map(\.label) == [.home, .work])
    }

    @Test("the dialect is detected from the header row")
    func detection() {
        #expect(CSVDialect.detect(header: ["Name", "Given Name", "Family Name", "E-mail 1 - Value"]) == .google)
        #expect(CSVDialect.detect(header: ["First Name", "Last Name", "Labels", "Phone 1 - Label", "Phone 1 - Value"]) == .google)
        #expect(CSVDialect.detect(header: ["First Name", "Last Name", "E-mail Address", "Mobile Phone", "Categories"]) == .outlook)
        #expect(CSVDialect.detect(header: ["id", "price"]) == nil)
    }

    /// Reading the same file twice gives the same ids (a row has none of its own); another file's
    /// rows get other ids.
    @Test func theSameFileGivesTheSameIDs() throws {
        let data = try fixture("google.csv")
        let first = CSVContactsReader().read(data, source: "/books/google.csv").contacts
        let second = CSVContactsReader().read(data, source: "/books/google.csv").contacts
        let elsewhere = CSVContactsReader().read(data, source: "/books/other.csv").contacts
        #expect(!first.isEmpty)
        #expect(first.map(\.id) == second.map(\.id))
        #expect(Set(first.map(\.id)).count == first.count)
        #expect(Set(first.map(\.id)).isDisjoint(with: elsewhere.map(\.id)))
    }
}
