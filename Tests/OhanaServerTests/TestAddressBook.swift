import Foundation
import Ohana
import OhanaAddressBook
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import OhanaSampleData

/// A real store file in a temporary folder, filled with generated contacts and a few crafted
/// ones, and the address book on it.
struct TestAddressBook {
    let folder: URL
    let store: SQLiteContactStore
    let addressBook: AddressBook
    let contacts: [Contact]

    /// A 1×1 PNG.
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0xA0, 0xF8, 0x0F,
        0x00, 0x01, 0x04, 0x01, 0x00, 0x5F, 0x8D, 0xB1, 0x4E, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82,
    ])

    /// The crafted contacts the tests look for by id.
    static let crafted: [Contact] = [
        Contact(
            id: "xss", givenName: "<script>alert(1)</script>", familyName: "Mallory",
            fields: [.email("mallory@example.com", label: .work)],
            provenance: [Provenance(providerID: "test", recordID: "xss")]),
        Contact(
            id: "nobody", givenName: "Quincy", familyName: "Unreachable",
            provenance: [Provenance(providerID: "test", recordID: "nobody")]),
        Contact(
            id: "zoe", namePrefix: "Dr.", givenName: "Zoë", familyName: "Ångström", organization: "Uppsala Instruments",
            jobTitle: "Physicist",
            fields: [
                ContactField(type: .phoneNumber, label: .mobile, value: "+46 70 123 45 67", isPreferred: true),
                .phone("+46 18 471 00 00", label: .work),
                .email("zoe@example.se", label: .home),
                ContactField(type: .phoneNumber, label: "lab", value: "12"),
            ],
            postalAddresses: [PostalAddress(
                label: .work, street: ["Lägerhyddsvägen 1"], city: "Uppsala", postalCode: "752 37", country: "Sweden",
                isoCountryCode: "SE")],
            birthday: Birthday(year: 1980, month: 4, day: 12), note: "Met at the conference",
            photo: Photo(data: png, mediaType: "image/png"), tags: ["science"],
            provenance: [Provenance(providerID: "test", recordID: "zoe")]),
        Contact(
            id: "dup-a", givenName: "Robert", familyName: "Quimby",
            fields: [.phone("+1 415 555 0142", label: .mobile), .email("rquimby@example.com")],
            provenance: [Provenance(providerID: "test", recordID: "dup-a")]),
        Contact(
            id: "dup-b", givenName: "Bob", familyName: "Quimby",
            fields: [.phone("(415) 555-0142", label: .home), .email("RQuimby@example.com", label: .work)],
            provenance: [Provenance(providerID: "test", recordID: "dup-b")]),
        Contact(id: "omega", givenName: "Ωμέγα", familyName: "Παππάς", fields: [.phone("+30 21 0123 4567", label: .mobile)],
                provenance: [Provenance(providerID: "test", recordID: "omega")]),
        Contact(id: "kim", givenName: "민준", familyName: "김", formattedName: "김민준", fields: [.phone("+82 2 312 3456", label: .mobile)],
                provenance: [Provenance(providerID: "test", recordID: "kim")]),
    ]

    /// Makes the store with `generated` generated contacts (seeded) plus the crafted ones.
    static func make(generated: Int = 60, seed: UInt64 = 7) async throws -> TestAddressBook {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteContactStore(fileURL: folder.appendingPathComponent("contacts.sqlite"))
        let contacts = ContactGenerator(seed: seed, duplicateRate: 0).generate(count: generated) + crafted
        _ = try await store.save(contacts, mode: .replace)
        let addressBook = AddressBook(store: SQLiteContactStorage(store))
        try await addressBook.reload()
        return TestAddressBook(folder: folder, store: store, addressBook: addressBook, contacts: contacts)
    }
}
