import Foundation
import OhanaSampleData
import Testing
@testable import Ohana
@testable import OhanaJSON

/// The streaming JSON encoder writes what Foundation's `JSONEncoder` writes, byte for byte.
@Suite struct JSONBytesEncoderTests {
    /// Foundation's encoder set up like `encoder`.
    static func foundation(like encoder: JSONBytesEncoder) -> JSONEncoder {
        let foundation = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        if encoder.pretty { formatting.insert(.prettyPrinted) }
        if !encoder.escapesSlashes { formatting.insert(.withoutEscapingSlashes) }
        foundation.outputFormatting = formatting
        if encoder.datesAsISO8601 { foundation.dateEncodingStrategy = .iso8601 }
        if let strings = encoder.nonConformingFloatStrings {
            foundation.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
        }
        return foundation
    }

    static let settings: [JSONBytesEncoder] = {
        var compact = JSONBytesEncoder()
        var pretty = JSONBytesEncoder()
        pretty.pretty = true
        pretty.escapesSlashes = false
        pretty.datesAsISO8601 = true
        compact.nonConformingFloatStrings = ("+Infinity", "-Infinity", "NaN")
        return [compact, pretty]
    }()

    /// Contacts with what real books hold and what JSON must escape: control characters, quotes,
    /// backslashes, slashes, every script, custom properties (a dictionary, in hash order), dates,
    /// data, doubles, empty and nested arrays.
    static func awkwardContacts() -> [Contact] {
        var contacts = ContactGenerator(seed: 7, duplicateRate: 0.2).generate(count: 400)
        var odd = Contact(givenName: "Zoë \"Z\" \\ / \u{1}\u{8}\u{c}\n\r\t\u{1f}", familyName: "東京 Ωμέγα 🧑‍🚀")
        odd.note = "line1\nline2 </script> http://example.com/a/b"
        odd.customProperties = [
            "zeta": .double(0.1), "alpha": .integer(-42), "Beta": .bool(true), "ünïcode": .strings([]),
            "date": .date(Date(timeIntervalSinceReferenceDate: 123_456.789)), "data": .data(Data([0, 1, 2, 255])),
            "big": .double(1e300), "small": .double(1e-7), "whole": .double(3.0), "strings": .strings(["a", "", "c/d"]),
            "aa": .string(""), "a": .string("x"), "Zed": .integer(Int.min),
        ]
        odd.tags = []
        odd.created = Date(timeIntervalSince1970: 1_700_000_000)
        contacts.append(odd)
        contacts.append(Contact())
        contacts.append(everyPart())
        return contacts
    }

    /// A contact with every part the model has set, each field and address too, so that the
    /// encoder's member-by-member writing of contacts, fields and addresses is checked member by member.
    static func everyPart() -> Contact {
        let provenance = Provenance(providerID: "vcard", recordID: "a/b.vcf", revision: "2")
        let parameters = [PropertyParameter(name: "X-SERVICE-TYPE", values: ["Skype", "x\"y"])]
        var contact = Contact(
            id: "every/part", namePrefix: "Dr.", givenName: "Ada", middleName: "M", familyName: "Lovelace",
            nameSuffix: "II", nickname: "Countess", phoneticGivenName: "ay-da", phoneticMiddleName: "em",
            phoneticFamilyName: "luv-lace", formattedName: "Dr. Ada M Lovelace II", organization: "Analytical",
            department: "Engines", jobTitle: "Programmer",
            fields: [
                ContactField(
                    type: .phoneNumber, label: "* custom", value: "+44 20 7946 0000", isPreferred: true,
                    phoneNumber: PhoneNumberDetails(
                        isParsed: true, isValid: true, regionCode: "GB", assumedRegion: "US", e164: "+442079460000",
                        international: "+44 20 7946 0000", national: "020 7946 0000", rfc3966: "tel:+44-20-7946-0000",
                        problem: "p", regionSource: .countryCode, status: .resolved),
                    customProperties: ["k": .string("v")], parameters: parameters, group: "item1", provenance: provenance),
                ContactField(type: .emailAddress, value: "ada@example.org"),
                ContactField(type: .phoneNumber, value: "12", phoneNumber: PhoneNumberDetails(isParsed: false, isValid: false, problem: "short")),
                ContactField(
                    type: .phoneNumber, value: "713-660-0344",
                    phoneNumber: PhoneNumberDetails(
                        isParsed: false, isValid: false, problem: "valid in MX and US", status: .ambiguous,
                        candidates: [
                            PhoneRegionCandidate(
                                region: "US", e164: "+17136600344", evidence: [.defaultRegion], writing: .groupingAndSeparators, score: 4),
                            PhoneRegionCandidate(
                                region: "MX", e164: "+527136600344", evidence: [.address, .emailDomain], writing: .none, score: 6),
                        ])),
            ],
            postalAddresses: [
                PostalAddress(
                    label: .home, street: ["12 St James's Sq", "Flat 2"], poBox: "PO 1", extendedAddress: "Rear",
                    city: "London", region: "Greater London", postalCode: "SW1Y 4JH", country: "UK", isoCountryCode: "GB",
                    isPreferred: true, parameters: parameters, group: "item2", provenance: provenance),
                PostalAddress(city: "Ockham"),
            ],
            birthday: Birthday(month: 12, day: 10), note: "n", photo: Photo(data: Data([1, 2]), mediaType: "image/png"),
            tags: ["a", "b/c"], customProperties: ["x": .integer(1)],
            unmappedProperties: [UnmappedProperty(group: "g", name: "X-A", parameters: parameters, value: "v")],
            provenance: [provenance], mergedContactIDs: ["m1", "m2"],
            nameComponents: [NameOrAddressComponent(kind: "given", value: "Ada", phonetic: "ay-da")],
            phoneticSystem: "ipa", phoneticScript: "Latn", pronouns: [Pronouns("she/her", preference: 1)],
            grammaticalGender: "feminine",
            socialProfiles: [SocialProfile(value: "https://example.org/ada")],
            created: Date(timeIntervalSince1970: 1_000_000), language: "en")
        contact.postalAddresses[0].components = [NameOrAddressComponent(kind: "locality", value: "London")]
        return contact
    }

    @Test(arguments: settings.indices)
    func contactsEncodeAsFoundationDoes(_ setting: Int) throws {
        let encoder = Self.settings[setting]
        let foundation = Self.foundation(like: encoder)
        let contacts = Self.awkwardContacts()
        for contact in contacts {
            let ours = try encoder.encode(contact)
            let theirs = [UInt8](try foundation.encode(contact))
            #expect(ours == theirs, "\(String(decoding: ours, as: UTF8.self))\n≠\n\(String(decoding: theirs, as: UTF8.self))")
        }
        #expect(try encoder.encode(contacts) == [UInt8](try foundation.encode(contacts)))
    }

    @Test(arguments: settings.indices)
    func plainValuesEncodeAsFoundationDoes(_ setting: Int) throws {
        let encoder = Self.settings[setting]
        let foundation = Self.foundation(like: encoder)
        func check<T: Encodable>(_ value: T) throws {
            #expect(try encoder.encode(value) == [UInt8](try foundation.encode(value)), "\(value)")
        }
        try check([[Int]]())
        try check([[1, 2], [], [3]])
        try check([String: [String: Int]]())
        try check(["b": ["y": 1, "x": 2], "a": [:], "": ["": 0]])
        try check([Double.pi, -0.0, 1e21, Double.leastNonzeroMagnitude, 100])
        try check([Float(1.5), Float(0.1)])
        try check([Int8.min, Int8.max])
        try check([UInt64.max])
        try check(["k": Optional<Int>.none, "j": 1])
        try check(URL(string: "https://example.com/a?b=c")!)
        try check([true, false])
        try check("plain")
    }

    /// Strings read eight bytes at a time: every character that needs an escape is found wherever it
    /// falls in or across the words, and none that does not is escaped.
    @Test(arguments: settings.indices)
    func stringsWithEscapesAnywhereEncodeAsFoundationDoes(_ setting: Int) throws {
        let encoder = Self.settings[setting]
        let foundation = Self.foundation(like: encoder)
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "漢", "😀", "~", "!", "0"]
        var generator = SystemRandomNumberGenerator()
        var strings: [String] = []
        for length in 0..<40 {
            for _ in 0..<8 {
                strings.append(String((0..<length).map { _ in Character(pieces.randomElement(using: &generator)!) }))
            }
        }
        for string in strings {
            #expect(try encoder.encode(string) == [UInt8](try foundation.encode(string)), "\(string.debugDescription)")
        }
    }

    /// Keys sort by their UTF-8 bytes, as Foundation sorts them on Linux; a key written twice keeps its last value.
    @Test func membersSortByUTF8AndTheLastOfEqualKeysWins() throws {
        struct Twice: Encodable {
            enum Key: String, CodingKey { case b, a, Z, é }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(1, forKey: .é)
                try c.encode(2, forKey: .b)
                try c.encode(3, forKey: .a)
                try c.encode(4, forKey: .Z)
                try c.encode(5, forKey: .b)
            }
        }
        let json = String(decoding: try JSONBytesEncoder().encode(Twice()), as: UTF8.self)
        #expect(json == #"{"Z":4,"a":3,"b":5,"é":1}"#)
    }

    /// Nested containers stream; writing into a container after a later sibling opened cannot, and throws.
    @Test func nestedContainersStreamAndInterleavingThrows() throws {
        struct Nested: Encodable {
            enum Key: String, CodingKey { case inner, list, after }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                var inner = c.nestedContainer(keyedBy: Key.self, forKey: .inner)
                try inner.encode("x", forKey: .list)
                var list = c.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                try list.encode(2)
                try c.encode(true, forKey: .after)
            }
        }
        let encoder = JSONBytesEncoder()
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Nested()) == [UInt8](try foundation.encode(Nested())))

        struct Interleaved: Encodable {
            enum Key: String, CodingKey { case first, second }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                var first = c.nestedUnkeyedContainer(forKey: .first)
                var second = c.nestedUnkeyedContainer(forKey: .second)
                try second.encode(2)
                try first.encode(1)
            }
        }
        #expect(throws: JSONBytesEncoder.Unsupported.self) { try encoder.encode(Interleaved()) }
        var bytes: [UInt8] = Array("kept".utf8)
        #expect(throws: JSONBytesEncoder.Unsupported.self) { try encoder.append(Interleaved(), to: &bytes) }
        #expect(bytes == Array("kept".utf8), "a failed append leaves the bytes as they were")
    }

    @Test func nonFiniteNumbersThrowUnlessGivenStrings() throws {
        #expect(throws: EncodingError.self) { try JSONBytesEncoder().encode([Double.nan]) }
        var encoder = JSONBytesEncoder()
        encoder.nonConformingFloatStrings = ("+Infinity", "-Infinity", "NaN")
        #expect(String(decoding: try encoder.encode([Double.infinity, -.infinity, .nan]), as: UTF8.self)
                == #"["+Infinity","-Infinity","NaN"]"#)
    }
}
