import Foundation
import Testing
@testable import Ohana

@Suite("Contact")
struct ContactTests {
    @Test func aCopyIsEqualAndSharesTheIdentity() {
        let a = person("Homer", "Simpson", phones: ["555"])
        let b = a
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func twoPeopleWithTheSameDataAreTwoContacts() {
        let a = person("Homer", "Simpson", phones: ["555"])
        let b = person("Homer", "Simpson", phones: ["555"])
        #expect(a != b)
        #expect(a.hasSameContent(as: b))
        #expect(Set([a, b]).count == 2)
    }

    @Test func changingContentKeepsTheIdentity() {
        var a = person("Homer", "Simpson")
        let id = a.id
        a.givenName = "Max"
        a.fields.append(.email("max@x.org"))
        #expect(a.id == id)
    }

    @Test func differentContentIsNotEqual() {
        let a = person("Homer", "Simpson", id: "h")
        var b = a
        b.fields = [.phone("1")]
        #expect(a != b)
        #expect(!a.hasSameContent(as: b))
    }

    /// Custom properties are held as a list sorted by key: the order they were set in does not
    /// matter to equality, hashing or the JSON form, and they live beside the other rare parts.
    @Test func customPropertiesAreEqualWhateverTheOrderTheyWereSetIn() throws {
        var first = Contact(id: "c", givenName: "Ann")
        first.customProperties["b"] = .string("two")
        first.customProperties["a"] = .integer(1)
        var second = Contact(id: "c", givenName: "Ann", customProperties: ["a": .integer(1)])
        second.customProperties["b"] = .string("two")
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first.customProperties == ["a": .integer(1), "b": .string("two")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(first) == encoder.encode(second))
        #expect(try JSONDecoder().decode(Contact.self, from: encoder.encode(first)) == first)
        first.photo = Photo(data: Data([1, 2]), mediaType: "image/png")
        first.customProperties["a"] = nil
        #expect(first.customProperties == ["b": .string("two")] && first.photo?.data == Data([1, 2]))
        first.photo = nil
        first.customProperties = [:]
        #expect(first == Contact(id: "c", givenName: "Ann"))
    }

    /// Rarely set parts live in a shared box (copy on write): changing them on one copy never
    /// shows in another, and a part set then cleared leaves the value equal to one never set.
    @Test func rarePartsAreCopiedOnWriteAndClearedPartsAreAsNeverSet() {
        var original = Contact(id: "r", givenName: "Ann")
        original.customProperties["a"] = .integer(1)
        original.unmappedProperties.append(UnmappedProperty(name: "X-A", value: "1"))
        var copy = original
        copy.customProperties["b"] = .integer(2)
        copy.unmappedProperties.append(UnmappedProperty(name: "X-B", value: "2"))
        copy.language = "fr"
        #expect(original.customProperties == ["a": .integer(1)])
        #expect(original.unmappedProperties.map(\.name) == ["X-A"])
        #expect(original.language == nil)
        #expect(copy.customProperties.count == 2 && copy.unmappedProperties.count == 2 && copy.language == "fr")
        copy.customProperties = [:]
        copy.unmappedProperties.removeAll()
        copy.language = nil
        original.customProperties.removeAll()
        original.unmappedProperties = []
        #expect(copy == Contact(id: "r", givenName: "Ann") && original == copy)
        #expect(Set([copy, original, Contact(id: "r", givenName: "Ann")]).count == 1)

        var field = ContactField.phone("+1 555 0100")
        field.parameters.append(PropertyParameter(name: "TYPE", values: ["cell"]))
        var other = field
        other.parameters[0].values.append("voice")
        other.group = "item1"
        #expect(field.parameters == [PropertyParameter(name: "TYPE", values: ["cell"])] && field.group == nil)
        #expect(other.parameters[0].values == ["cell", "voice"] && other.group == "item1")
        other.parameters = []
        other.group = nil
        field.parameters.removeAll()
        #expect(other == ContactField.phone("+1 555 0100") && field == other)

        var address = PostalAddress(street: ["1 Main St"], poBox: "PO 7", city: "Springfield")
        var moved = address
        moved.poBox = nil
        moved.components.append(NameOrAddressComponent(kind: "locality", value: "Springfield"))
        moved.provenance = Provenance(providerID: "p")
        #expect(address.poBox == "PO 7" && address.components.isEmpty && address.provenance == nil)
        #expect(moved.poBox == nil && moved.components.count == 1 && moved.provenance?.providerID == "p")
        moved.components.removeAll()
        moved.provenance = nil
        address.poBox = nil
        let plain = PostalAddress(street: ["1 Main St"], city: "Springfield")
        #expect(moved == plain && address == plain && Set([moved, address, plain]).count == 1)
        #expect(PostalAddress(city: "X", parameters: [], group: nil) == PostalAddress(city: "X"))
    }

    @Test func aBlankContactIsTheEmptyContactWithItsIdentifier() {
        let blank = Contact(blankWithID: "x")
        #expect(blank == Contact(id: "x"))
        #expect(blank.hashValue == Contact(id: "x").hashValue)
        #expect(blank.fields.isEmpty && blank.customProperties.isEmpty && blank.fullName.isEmpty)
    }

    @Test func fullNameIsTheSourcesOwnElseComposedElseTheOrganization() {
        var c = Contact(namePrefix: "Dr.", givenName: "Jane", middleName: " ", familyName: "Doe", nameSuffix: "PhD")
        #expect(c.fullName == "Dr. Jane Doe PhD")
        c.formattedName = "Jane Doe, PhD"
        #expect(c.fullName == "Jane Doe, PhD")
        let org = Contact(organization: "Acme Corp")
        #expect(org.fullName == "Acme Corp")
        #expect(Contact().fullName.isEmpty)
    }

    @Test func birthdaysMayLackAYearAndRejectImpossibleDates() {
        #expect(Birthday(month: 4, day: 12)?.description == "--04-12")
        #expect(Birthday(year: 1990, month: 4, day: 12)?.description == "1990-04-12")
        #expect(Birthday(month: 13, day: 1) == nil)
        #expect(Birthday(month: 1, day: 0) == nil)
    }

    @Test func labelsKnowTheStandardOnesAndKeepFreeText() {
        #expect(ContactFieldLabel.mobile.isStandard)
        #expect(ContactFieldLabel("Cell").isMobile)
        let custom: ContactFieldLabel = "Grandma's"
        #expect(!custom.isStandard)
        #expect(custom.rawValue == "Grandma's")
    }
}

@Suite("Contact identifiers")
struct ContactIdentifierTests {
    /// A UUID made from two words reads as Foundation's text for the same 16 bytes (big-endian, with
    /// the version and variant bits set).
    @Test func uuidTextIsFoundationsTextForTheSameBits() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let high = random.next() as UInt64, low = random.next() as UInt64, version = UInt64.random(in: 1...8, using: &random)
            let h = (high & ~0xF000) | (version << 12), l = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
            let bytes = (0..<8).map { UInt8(truncatingIfNeeded: h >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: l >> (56 - 8 * $0)) }
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            #expect(uuidIdentifier(high: high, low: low, version: version).string == uuid.uuidString.lowercased())
        }
    }

    /// A new identifier is a lower-case version 4 UUID, and new ones do not repeat.
    @Test func newIdentifiersAreRandomVersion4UUIDs() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let text = ContactID().rawValue
            #expect(UUID(uuidString: text) != nil, "\(text)")
            #expect(text == text.lowercased() && text.count == 36)
            let characters = Array(text)
            #expect(characters[14] == "4", "version nibble: \(text)")
            #expect("89ab".contains(characters[19]), "variant nibble: \(text)")
            seen.insert(text)
        }
        #expect(seen.count == 10_000)
    }
}
