import Foundation
import Testing
@testable import Ohana

/// The worked example from the original Ohana article (seeds/000): from eight contacts keep those
/// with a first name, a last name and an image, sort by last name then first name, and merge first
/// and last name into `full_name` with a custom step.
@Suite("Ohana article example")
struct WorkedExampleTests {
    @Test func theArticlesPipelineEndToEnd() async throws {
        let data: [(String?, String?, Bool)] = [
            ("Marge", "Simpson", true), ("Mom", nil, true), ("Wednesday", "Addams", true), ("Homer", "Simpson", true),
            ("Maggie", "Simpson", false), ("Morticia", "Addams", true), ("Gomez", "Addams", true), ("bae", nil, false),
        ]
        let contacts = data.map { person($0.0, $0.1, photo: $0.2) }
        let complete = ContactFilter(name: "HasFirstLastAndImage") { $0.givenName != nil && $0.familyName != nil && $0.photo != nil }
        let fullName = ContactTransform(name: "FullName") { contact in
            contact.customProperties["full_name"] = .string([contact.givenName, contact.familyName].compactMap { $0 }.joined(separator: " "))
        }
        let source = ContactsDataSource(
            providers: [InMemoryContactsProvider(contacts: contacts)],
            postProcessors: [complete, AlphabeticalSort(.lastName, locale: Locale(identifier: "en_US")), fullName])
        let report = try await source.load()
        let names = source.contacts.compactMap { $0.customProperties["full_name"]?.stringValue }
        #expect(names == ["Gomez Addams", "Morticia Addams", "Wednesday Addams", "Homer Simpson", "Marge Simpson"])
        #expect(source.contacts.allSatisfy { $0.photo != nil })
        #expect(report.postProcessors.map(\.contactsOut) == [5, 5, 5])
    }
}
