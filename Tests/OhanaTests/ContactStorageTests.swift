import Foundation
import Testing
@testable import Ohana

/// How a contact is stored (the less common parts boxed, the birthday packed, one provenance record
/// inline) never shows: every value reads back as set, and equality and hashing see values only.
@Suite("Contact storage")
struct ContactStorageTests {
    @Test func lessCommonPartsReadBackAndClearedOnesLeaveTheContactAsNeverSet() {
        var contact = Contact(id: "d", givenName: "Ann")
        contact.namePrefix = "Dr."
        contact.middleName = "B."
        contact.nameSuffix = "Jr."
        contact.nickname = "Annie"
        contact.department = "Sales"
        contact.note = "met at the fair"
        let built = Contact(
            id: "d", namePrefix: "Dr.", givenName: "Ann", middleName: "B.", nameSuffix: "Jr.", nickname: "Annie",
            department: "Sales", note: "met at the fair")
        #expect(contact == built && contact.hashValue == built.hashValue)
        #expect(contact.composedName == "Dr. Ann B. Jr.")
        var copy = contact
        copy.note = "changed"
        #expect(contact.note == "met at the fair" && copy.note == "changed")
        for part in [\Contact.namePrefix, \.middleName, \.nameSuffix, \.nickname, \.department, \.note] {
            copy[keyPath: part] = nil
        }
        #expect(copy == Contact(id: "d", givenName: "Ann"))
        #expect(copy.hashValue == Contact(id: "d", givenName: "Ann").hashValue)
        #expect(contact.nickname == "Annie")
    }

    @Test(arguments: [
        Birthday(year: 1990, month: 4, day: 12), Birthday(month: 2, day: 29), Birthday(year: -44, month: 3, day: 15),
        Birthday(year: 0, month: 1, day: 1), Birthday(year: Int(Int32.max), month: 12, day: 31),
    ])
    func birthdaysReadBackAsSet(_ birthday: Birthday?) throws {
        let birthday = try #require(birthday)
        var contact = Contact(id: "b")
        contact.birthday = birthday
        #expect(contact.birthday == birthday)
        #expect(contact.birthday?.year == birthday.year)
        #expect(contact == Contact(id: "b", birthday: birthday))
        contact.birthday = nil
        #expect(contact == Contact(id: "b"))
    }

    /// A birthday whose parts do not fit one word (the model allows any `Int`) is kept whole.
    @Test func unusualBirthdaysAreKeptWhole() {
        var unusual = Birthday(year: 1990, month: 4, day: 12)!
        unusual.year = Int(Int32.max) + 1
        var odd = unusual
        odd.year = nil
        odd.month = 300
        odd.day = -1
        for value in [unusual, odd] {
            var contact = Contact(id: "u", note: "n")
            contact.birthday = value
            #expect(contact.birthday == value)
            #expect(contact == Contact(id: "u", birthday: value, note: "n"))
            contact.birthday = Birthday(month: 1, day: 2)
            #expect(contact.birthday == Birthday(month: 1, day: 2))
            #expect(contact == Contact(id: "u", birthday: Birthday(month: 1, day: 2), note: "n"))
            contact.note = nil
            contact.birthday = nil
            #expect(contact == Contact(id: "u"))
        }
    }

    @Test func provenanceReadsBackHoweverManyRecordsItHolds() {
        let a = Provenance(providerID: "file", recordID: "1")
        let b = Provenance(providerID: "carddav", recordID: "/c/1.vcf", revision: "e1")
        for records in [[], [a], [a, b], [b, a, b]] {
            var contact = Contact(id: "p")
            contact.provenance = records
            #expect(contact.provenance == records)
            #expect(Array(contact.provenanceRecords) == records)
            #expect(contact == Contact(id: "p", provenance: records))
            #expect(contact.hashValue == Contact(id: "p", provenance: records).hashValue)
        }
        var contact = Contact(id: "p", provenance: [a])
        contact.provenance.append(b)
        #expect(contact.provenance == [a, b])
        contact.provenance.removeAll { $0.providerID == "file" }
        #expect(contact.provenance == [b])
        contact.provenance[0].revision = "e2"
        #expect(contact.provenance.first?.revision == "e2")
        var inline = Contact(id: "p")
        inline.provenanceRecords = .one(Provenance(providerID: "carddav", recordID: "/c/1.vcf", revision: "e2"))
        #expect(inline == contact)
    }

    /// The sizes the storage comments promise (a contact is held once per card read): 216 bytes
    /// with its identifier and its provenance record's identifier held inline when they are UUIDs
    /// (``IdentifierText``), instead of an 80-byte heap block for the text.
    @Test func contactsAndFieldsStayCompact() {
        #expect(MemoryLayout<Contact>.stride <= 216)
        #expect(MemoryLayout<ContactID>.size <= 17)
        #expect(MemoryLayout<ContactField>.stride <= 48)
        #expect(MemoryLayout<PackedBirthday>.stride == 8)
    }
}
