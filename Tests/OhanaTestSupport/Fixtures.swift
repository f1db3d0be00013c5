import Foundation
import Ohana

/// Small builders for contacts in tests: `Fixtures.contact("Robert", "Smith", phones: ["(415) 555-0100"])`.
public enum Fixtures {
    /// A contact with a name and optional phones, emails, organization and address country.
    public static func contact(
        _ givenName: String? = nil,
        _ familyName: String? = nil,
        id: ContactID? = nil,
        phones: [String] = [],
        emails: [String] = [],
        organization: String? = nil,
        country isoCountryCode: String? = nil,
        provider: String = "fixture"
    ) -> Contact {
        let contactID = id ?? ContactID(rawValue: [givenName, familyName, organization].compactMap { $0 }.joined(separator: "-")
            + "-\(phones.first ?? emails.first ?? "")")
        return Contact(
            id: contactID,
            givenName: givenName,
            familyName: familyName,
            organization: organization,
            fields: phones.map { .phone($0, label: .mobile) } + emails.map { .email($0, label: .home) },
            postalAddresses: isoCountryCode.map { [PostalAddress(label: .home, isoCountryCode: $0)] } ?? [],
            provenance: [Provenance(providerID: provider, recordID: contactID.rawValue)]
        )
    }

    /// An organization-only card (no person name).
    public static func organization(
        _ name: String, id: ContactID? = nil, phones: [String] = [], emails: [String] = [], country isoCountryCode: String? = nil
    ) -> Contact {
        contact(nil, nil, id: id, phones: phones, emails: emails, organization: name, country: isoCountryCode)
    }

    /// The folder of the real-world vCard corpus: `$OHANA_VCARD_CORPUS` when set, else
    /// `../shared/corpus/vcards` beside the repository (the corpus is not part of the repository).
    public static func corpusDirectory(from filePath: String = #filePath) -> URL {
        if let folder = ProcessInfo.processInfo.environment["OHANA_VCARD_CORPUS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return repositoryRoot(from: filePath).deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards")
    }

    /// The repository root, found by walking up from a source file until `Package.swift` appears.
    public static func repositoryRoot(from filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent()
    }

    /// A small vCard 3.0 address book for merge-review tests: two Quimbys and two Ann Lees with
    /// UIDs (duplicates), optionally two Carla Díaz cards without UIDs (`unkeyedTwins`), and one
    /// other contact. Bob Quimby's organization (and work email, when given) vary between imports.
    public static func mergeReviewVCards(bobOrganization: String, bobEmail: String? = nil, unkeyedTwins: Bool = false) -> String {
        var cards = [
            "UID:q1\nFN:Robert Quimby\nN:Quimby;Robert;;;\nTEL;TYPE=CELL:+1 415 555 0142\nEMAIL:rquimby@example.com",
            "UID:q2\nFN:Bob Quimby\nN:Quimby;Bob;;;\nTEL;TYPE=HOME:(415) 555-0142\n"
                + (bobEmail.map { "EMAIL;TYPE=WORK:\($0)\n" } ?? "") + "ORG:\(bobOrganization)",
            "UID:a1\nFN:Ann Lee\nN:Lee;Ann;;;\nEMAIL:ann.lee@example.com",
            "UID:a2\nFN:Ann Lee\nN:Lee;Ann;;;\nEMAIL:ann.lee@example.com\nTEL:+1 212 555 0199",
        ]
        if unkeyedTwins {
            cards.append("FN:Carla Diaz\nN:Diaz;Carla;;;\nTEL:+34 612 345 678")
            cards.append("FN:Carla Díaz\nN:Díaz;Carla;;;\nTEL:+34 612 345 678\nEMAIL:carla@example.es")
        }
        cards.append("UID:z1\nFN:Zed Alone\nN:Alone;Zed;;;\nTEL:+44 20 7946 0000")
        return cards.map { "BEGIN:VCARD\nVERSION:3.0\n\($0)\nEND:VCARD\n" }.joined() + "\n"
    }
}
