import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// `ADR`'s street as a list in vCard 4.0 (RFC 6350 section 6.3.1) and the street and extended address
/// combining RFC 9554's components for older readers (RFC 9554 section 2.1), read and written alike.
@Suite struct AddressCompatibilityTests {
    static func card(_ version: String, _ adr: String) -> String {
        "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:A\r\n\(adr)\r\nEND:VCARD\r\n"
    }

    static func adrLine(_ written: String) -> String? {
        written.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").first { $0.hasPrefix("ADR") }
    }

    static func address(_ text: String) throws -> PostalAddress {
        try #require(readCards(text).contacts.first?.postalAddresses.first)
    }

    @Test func aStreetListIsLinesIn4() throws {
        let a = try Self.address(Self.card("4.0", "ADR:;;54321,Oak St\\, Suite 5;Springfield;;;USA"))
        #expect(a.street == ["54321", "Oak St, Suite 5"])
        let written = VCardWriter(target: .rfc6350).string(for: Contact(formattedName: "A", postalAddresses: [a]))
        #expect(Self.adrLine(written) == "ADR:;;54321,Oak St\\, Suite 5;Springfield;;;USA")
    }

    @Test func aCommaIsTheStreetsTextBefore4() throws {
        let a = try Self.address(Self.card("3.0", "ADR:;;4700 42nd Ave. SW, Suite 440;Seattle;WA;;USA"))
        #expect(a.street == ["4700 42nd Ave. SW, Suite 440"])
    }

    @Test(arguments: VCardTarget.allCases)
    func streetLinesRoundTrip(_ target: VCardTarget) throws {
        let a = PostalAddress(street: ["1 Main St", "Apt 2, rear", ""], city: "Springfield")
        let written = VCardWriter(target: target).string(for: Contact(formattedName: "A", postalAddresses: [a]))
        let back = try Self.address(written)
        #expect(back.street == a.street, "\(written)")
        if target.version == .v4_0 { #expect(Self.adrLine(written)?.contains(";;1 Main St,Apt 2\\, rear,;") == true, "\(written)") }
    }

    /// RFC 9554 section 2.1's example: a street of its own is kept as written.
    @Test func rfc9554ExampleKeepsItsStreet() throws {
        let adr = "ADR:;;123 Main Street;Any Town;CA;91921-1234;U.S.A;;;;123;Main Street;;;;;;"
        let a = try Self.address(Self.card("4.0", adr))
        #expect(a.street == ["123 Main Street"])
        let written = VCardWriter(target: .rfc6350).string(for: Contact(formattedName: "A", postalAddresses: [a]))
        #expect(Self.adrLine(written) == adr)
    }

    /// Only RFC 9554's components: the writer combines them in the street and extended address, the
    /// reader leaves those combinations out again.
    @Test func componentsAreCombinedForOlderReaders() throws {
        let a = try Self.address(Self.card("4.0", "ADR:;;;Any Town;;;USA;12;;3;123;Main Street;Tower B;;;;;north"))
        // An app still shows a street: the number and name.
        #expect(a.street == ["123 Main Street"] && a.extendedAddress == nil)
        let written = VCardWriter(target: .rfc6350).string(for: Contact(formattedName: "A", postalAddresses: [a]))
        let line = "ADR:;12,3,Tower B;123,Main Street,north;Any Town;;;USA;12;;3;123;Main Street;Tower B;;;;;north"
        #expect(Self.adrLine(written) == line)
        let back = try Self.address(Self.card("4.0", line))
        #expect(back == a)
    }
}
