import Foundation
import Testing
@testable import Ohana
@testable import OhanaJSON

@Suite("JSON provider")
struct JSONProviderTests {
    @Test func codableRoundTripKeepsEverything() throws {
        let contact = Contact(
            id: "x1", namePrefix: "Dr.", givenName: "Jane", middleName: "Q", familyName: "Doe", nameSuffix: "Jr.",
            nickname: "JD", phoneticGivenName: "jein", phoneticMiddleName: "kyu", phoneticFamilyName: "dou",
            formattedName: "Dr. Jane Q. Doe Jr.", organization: "Acme", department: "R&D", jobTitle: "Chief",
            fields: [
                ContactField(type: .phoneNumber, label: .iPhone, value: "+1 555 0100", isPreferred: true,
                             phoneNumber: PhoneNumberDetails(isParsed: true, isValid: true, regionCode: "US", e164: "+15550100"),
                             customProperties: ["k": .integer(3)], parameters: [PropertyParameter(name: "X-FOO", values: ["a", "b"])],
                             group: "item1", provenance: Provenance(providerID: "p", recordID: "r", revision: "e")),
                ContactField(type: .instantMessage, label: "Skype", value: "jane.doe"),
            ],
            postalAddresses: [PostalAddress(label: .work, street: ["1 Main St", "Floor 2"], poBox: "PO 9", extendedAddress: "Suite 5",
                                            city: "Springfield", region: "IL", postalCode: "62701", country: "USA", isoCountryCode: "US")],
            birthday: Birthday(month: 4, day: 12), note: "line1\nline2", photo: Photo(data: Data([1, 2, 3]), mediaType: "image/jpeg"),
            tags: ["Friends"], customProperties: ["when": .date(Date(timeIntervalSince1970: 0)), "list": .strings(["a"]), "ok": .bool(true), "d": .double(1.5), "raw": .data(Data([9]))],
            unmappedProperties: [UnmappedProperty(group: "item2", name: "X-ABLabel", parameters: [], value: "_$!<Anniversary>!$_")],
            provenance: [Provenance(providerID: "vcard:a.vcf", recordID: "uid-1")], mergedContactIDs: ["y", "z"])
        let data = try ContactsJSON.encode([contact])
        let decoded = try ContactsJSON.decode(data, source: "test.json")
        #expect(decoded == [contact])
    }

    @Test func loadsAFileAndMarksProvenance() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("book.json")
        try Data(#"[{"id":"a","givenName":"Ann","fields":[{"type":"phoneNumber","value":"555"}]},{"givenName":"Bo"}]"#.utf8).write(to: file)
        let loaded = try await JSONContactsProvider(fileURL: file).loadContacts()
        #expect(loaded.contacts.map(\.fullName) == ["Ann", "Bo"])
        #expect(loaded.contacts[0].provenance == [Provenance(providerID: "json:book.json", recordID: "a")])
    }

    @Test func aMissingFileNamesTheFile() async {
        do {
            _ = try await JSONContactsProvider(fileURL: URL(fileURLWithPath: "/nonexistent/book.json")).loadContacts()
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/book.json: "))
        }
    }

    @Test func badJSONSaysWhereAndWhy() async throws {
        #expect(throws: ContactsProviderError.self) { try ContactsJSON.decode(Data("{\"contacts\": [".utf8), source: "x.json") }
        do {
            _ = try ContactsJSON.decode(Data(#"[{"fields":[{"value":"1"}]}]"#.utf8), source: "x.json")
        } catch {
            #expect(error.description.contains("x.json"))
            #expect(error.description.contains("missing key 'type'"))
        }
    }

    /// The library's JSON coder writes identifiers in every form as Foundation does (UUIDs from
    /// their bits, without a string) and reads them back exactly.
    @Test func jsonWritesAndReadsIdentifiersAsFoundationDoes() throws {
        // UUIDs as clients write them (lower and upper case, after `urn:uuid:`), then other texts.
        let uuids = (0..<8).map { _ in UUID().uuidString }
        let texts = uuids.enumerated().map { i, text in
            [text.lowercased(), text, "urn:uuid:" + text.lowercased(), "urn:uuid:" + text][i % 4]
        } + ["line 3", "mixed-3F2504E0-4f89", "a\"quote\\and/slash"]
        let contacts = texts.enumerated().map { i, text in
            var contact = Contact(id: ContactID(rawValue: text), givenName: "P\(i)")
            contact.provenance = [Provenance(providerID: "book.vcf", recordID: texts[(i + 1) % texts.count])]
            return contact
        }
        let ours = try ContactsJSON.encode(contacts, pretty: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]  // as ContactsJSON writes
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: try encoder.encode(contacts), as: UTF8.self))
        let read = try ContactsJSON.decode(ours, source: "ids.json")
        #expect(read == contacts)
        #expect(read.map(\.id.rawValue) == texts)
    }
}
