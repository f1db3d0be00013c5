import Foundation
import Ohana
import Testing

/// ``ContactEdit`` applied to contacts as people have them: only what an edit names changes.
@Suite("Contact edits")
struct ContactEditTests {
    static var card: Contact {
        var phone = ContactField.phone("030 1234567", label: .work)
        phone.group = "item1"
        phone.parameters = [PropertyParameter(name: "X-ABLABEL", values: ["Büro"])]
        phone.phoneNumber = PhoneNumberDetails(isParsed: true, isValid: true, regionCode: "DE", e164: "+49301234567")
        return Contact(
            id: "k", givenName: "Jörg", familyName: "Müller", formattedName: "Jörg Müller",
            fields: [phone, .phone("0171 2345678", label: .mobile), .email("joerg@example.de"), .url("https://example.de")],
            postalAddresses: [PostalAddress(street: ["Hauptstr. 1"], city: "Berlin", postalCode: "10115", country: "Germany")],
            note: "met at FOSDEM", tags: ["Work"],
            unmappedProperties: [UnmappedProperty(name: "X-SOCIALPROFILE", value: "x:joerg")],
            provenance: [Provenance(providerID: "carddav:x", recordID: "/ab/k.vcf")])
    }

    @Test("adding an email keeps every other part as it was, labels, groups and unknown properties included")
    func addEmail() throws {
        let edited = try Self.card.applying(ContactEdit(additions: [.email("j@work.example", label: .work)]))
        var expected = Self.card
        expected.fields.insert(.email("j@work.example", label: .work), at: 3)
        #expect(edited == expected)
    }

    @Test("a name part changed recomposes a full name that was composed, and keeps one written otherwise")
    func names() throws {
        let renamed = try Self.card.applying(ContactEdit(parts: [.familyName: "Mueller"]))
        #expect(renamed.familyName == "Mueller" && renamed.formattedName == "Jörg Mueller")
        var titled = Self.card
        titled.formattedName = "Dr. J. Müller"
        #expect(try titled.applying(ContactEdit(parts: [.givenName: "Georg"])).formattedName == "Dr. J. Müller")
        let cleared = try Self.card.applying(ContactEdit(parts: [.note: "  ", .organization: "ACME"]))
        #expect(cleared.note == nil && cleared.organization == "ACME")
    }

    @Test("a phone number is removed by its text, its digits or its international form")
    func removePhones() throws {
        #expect(try Self.card.applying(ContactEdit(removals: [.init(type: .phoneNumber, value: "030 1234567")]))
            .phoneNumbers.map(\.value) == ["0171 2345678"])
        #expect(try Self.card.applying(ContactEdit(removals: [.init(type: .phoneNumber, value: "017-12345678")]))
            .phoneNumbers.map(\.value) == ["030 1234567"])
        #expect(try Self.card.applying(ContactEdit(removals: [.init(type: .phoneNumber, value: "+49 30 1234567")]))
            .phoneNumbers.map(\.value) == ["0171 2345678"])
        #expect(throws: ContactEditError.noSuchValue(.phoneNumber, "0800 000")) {
            try Self.card.applying(ContactEdit(removals: [.init(type: .phoneNumber, value: "0800 000")]))
        }
    }

    @Test("two numbers with the same digits written differently are ambiguous, and nothing changes")
    func ambiguous() throws {
        var card = Self.card
        card.fields.append(.phone("(030) 1234567"))
        #expect(throws: ContactEditError.self) {
            try card.applying(ContactEdit(removals: [.init(type: .phoneNumber, value: "0301234567")]))
        }
        // Written exactly as one of them, it is that one.
        #expect(try card.applying(ContactEdit(removals: [.init(type: .phoneNumber, value: "(030) 1234567")]))
            .phoneNumbers.count == 2)
    }

    @Test("a replaced value keeps its place, group and parameters, and drops its stale phone details")
    func replace() throws {
        let edited = try Self.card.applying(ContactEdit(replacements: [
            .init(type: .phoneNumber, old: "030 1234567", new: "030 7654321"),
        ]))
        #expect(edited.fields[0].value == "030 7654321" && edited.fields[0].group == "item1")
        #expect(edited.fields[0].parameters == Self.card.fields[0].parameters && edited.fields[0].phoneNumber == nil)
        #expect(edited.fields[0].label == .work)
    }

    @Test("addresses are removed by their one-line text; tags ignore case")
    func addressesAndTags() throws {
        let edited = try Self.card.applying(ContactEdit(
            removedAddresses: ["hauptstr. 1,  berlin, 10115, germany"], addedTags: ["work", "Family"], removedTags: []))
        #expect(edited.postalAddresses.isEmpty && edited.tags == ["Work", "Family"])
        #expect(throws: ContactEditError.noSuchAddress("Nowhere 1")) {
            try Self.card.applying(ContactEdit(removedAddresses: ["Nowhere 1"]))
        }
    }

    @Test("an edit decodes from JSON with every key optional")
    func decoding() throws {
        let json = #"{"parts": {"givenName": "Ada", "note": ""}, "removals": [{"type": "emailAddress", "value": "x@y"}]}"#
        let edit = try JSONDecoder().decode(ContactEdit.self, from: Data(json.utf8))
        #expect(edit.parts == [.givenName: "Ada", .note: ""] && edit.removals.count == 1 && edit.additions.isEmpty)
    }
}
