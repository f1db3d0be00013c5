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

    /// The folder of the shared real-world vCard corpus (`../shared/corpus/vcards` beside the repository).
    public static func corpusDirectory(from filePath: String = #filePath) -> URL {
        repositoryRoot(from: filePath).deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards")
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
}
