import Foundation
import Ohana
import OhanaStore
import OhanaStoreSQLite
import OhanaTestSupport
import OhanaVCard

/// The shared temporary folder of the test-support target.
typealias TemporaryDirectory = OhanaTestSupport.TemporaryDirectory

/// The two ways a store is opened: a real SQLite file, and SQLite's in-memory mode.
enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case file
    case memory

    var description: String { rawValue }

    /// Opens an empty store of this kind; `directory` keeps the file alive for the test.
    func open(in directory: TemporaryDirectory) throws -> SQLiteContactStore {
        switch self {
        case .file: try SQLiteContactStore(fileURL: directory.file("contacts.sqlite"))
        case .memory: try SQLiteContactStore.inMemory()
        }
    }
}

/// A contact that uses every part of the model.
func richContact(id: ContactID = "rich-1") -> Contact {
    Contact(
        id: id,
        namePrefix: "Dr.", givenName: "Zoë", middleName: "Ann", familyName: "Ångström", nameSuffix: "Jr.",
        nickname: "Zo", phoneticGivenName: "Zo-ee", phoneticMiddleName: "An", phoneticFamilyName: "Ong-strom",
        formattedName: "Dr. Zoë Ann Ångström Jr.",
        organization: "Acme Ünited", department: "R&D", jobTitle: "Chief \"Quoted\" Engineer",
        fields: [
            ContactField(type: .phoneNumber, label: .mobile, value: "+1 (555) 123-4567", isPreferred: true,
                         phoneNumber: PhoneNumberDetails(isParsed: true, isValid: true, regionCode: "US",
                                                         assumedRegion: "US", e164: "+15551234567",
                                                         international: "+1 555-123-4567", national: "(555) 123-4567",
                                                         rfc3966: "tel:+1-555-123-4567"),
                         customProperties: ["score": .double(0.25)],
                         parameters: [PropertyParameter(name: "TYPE", values: ["CELL", "VOICE"])],
                         group: "item1", provenance: Provenance(providerID: "vcard:a.vcf", recordID: "uid-1", revision: "3")),
            ContactField(type: .emailAddress, label: "private ✉︎", value: "zoe@example.org"),
            ContactField(type: .url, value: "https://example.org/zoe"),
            ContactField(type: .instantMessage, label: "skype", value: "zoe.a",
                         parameters: [PropertyParameter(name: "X-SERVICE-TYPE", values: ["Skype"])]),
            ContactField(type: .other, value: "line\nbreak; semi, comma"),
        ],
        postalAddresses: [
            PostalAddress(label: .home, street: ["1 Main St", "Apt 2"], poBox: "PO 9", extendedAddress: "Suite 5",
                          city: "Malmö", region: "Skåne", postalCode: "211 22", country: "Sweden", isoCountryCode: "SE",
                          isPreferred: true, parameters: [PropertyParameter(name: "LABEL", values: ["1 Main St\nMalmö"])],
                          group: "item2", provenance: Provenance(providerID: "vcard:a.vcf", recordID: "uid-1")),
        ],
        birthday: Birthday(year: nil, month: 2, day: 29),
        note: "Met at the conference.\nLikes 🍣.",
        photo: Photo(data: Data((0..<2048).map { UInt8($0 % 251) }), mediaType: "image/jpeg"),
        tags: ["Friends", "Café Crew"],
        customProperties: [
            "count": .integer(-42), "flag": .bool(true), "when": .date(Date(timeIntervalSinceReferenceDate: 12345.678)),
            "blob": .data(Data([0, 1, 2, 255])), "list": .strings(["a", "b"]), "text": .string("ü"),
            "ratio": .double(1.0 / 3.0),
        ],
        unmappedProperties: [
            UnmappedProperty(group: "item1", name: "X-ABLabel", value: "_$!<Mobile>!$_"),
            UnmappedProperty(name: "X-ANDROID-CUSTOM", parameters: [PropertyParameter(name: "CHARSET", values: ["UTF-8"])],
                             value: "vnd.android.cursor.item/nickname;Zo;1;;;;;;;;;;;;;"),
        ],
        provenance: [Provenance(providerID: "vcard:a.vcf", recordID: "uid-1", revision: "3"),
                     Provenance(providerID: "csv:b.csv", recordID: "row-7")],
        mergedContactIDs: ["old-1", "old-2"])
}

/// A small named contact.
func person(_ id: ContactID, _ given: String, _ family: String, tags: [String] = [],
            fields: [ContactField] = [], provenance: [Provenance] = []) -> Contact {
    Contact(id: id, givenName: given, familyName: family, fields: fields, tags: tags, provenance: provenance)
}

/// An error thrown by test blocks to force a rollback.
struct Abort: Error {}

/// Loads every vCard file of the shared corpus (`../shared/corpus/vcards`) with the vCard reader.
enum CorpusLoader {
    static func loadAll(filePath: String = #filePath) throws -> [Contact] {
        let root = Fixtures.corpusDirectory(from: filePath)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
        }
        let files = enumerator.compactMap { $0 as? URL }
            .filter { ["vcf", "vcard"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
        var contacts: [Contact] = []
        for file in files { contacts += try VCardReader().read(contentsOf: file).contacts }
        return contacts
    }
}
