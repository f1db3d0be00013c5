import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// A second `CATEGORIES` line joins the tags only when it has the first one's group and
/// parameters; otherwise its parameters would be written for every tag, so it stays a line of its own.
@Suite struct RepeatedCategoriesTests {
    @Test func aSecondLineWithOtherParametersStaysALineOfItsOwn() throws {
        let c = try #require(readCards("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nCATEGORIES:a,b\r\nCATEGORIES;TYPE=work:c\r\nEND:VCARD\r\n").contacts.first)
        #expect(c.tags == ["a", "b"])
        #expect(c.unmappedProperties == [UnmappedProperty(name: "CATEGORIES", parameters: [PropertyParameter(name: "TYPE", values: ["work"])], value: "c")])
        let written = VCardWriter(target: .rfc6350).string(for: c)
        #expect(written.contains("CATEGORIES:a,b\r\n"), "\(written)")
        #expect(written.contains("CATEGORIES;TYPE=work:c\r\n"), "\(written)")
        #expect(readCards(written).contacts.first?.hasSameContent(as: c) == true)
    }

    @Test func aSecondLineWithTheSameParametersJoinsTheTags() throws {
        let c = try #require(readCards("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nCATEGORIES:a\r\nCATEGORIES:b\r\nEND:VCARD\r\n").contacts.first)
        #expect(c.tags == ["a", "b"])
        #expect(c.unmappedProperties.isEmpty)
    }
}
