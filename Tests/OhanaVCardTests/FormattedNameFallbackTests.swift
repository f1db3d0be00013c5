import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// FN for a contact with no name and no organization (RFC 6350 section 6.2.1 requires FN): the
/// nickname, else the first email, else the first phone, marked `DERIVED=TRUE` in 4.0 (RFC 9554
/// section 4.3); read back, it is not the contact's formatted name.
@Suite struct FormattedNameFallbackTests {
    static func fn(_ written: String) -> [String] {
        written.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { $0.hasPrefix("FN") }
    }

    static let emailOnly = Contact(fields: [
        ContactField(type: .phoneNumber, label: .mobile, value: "+1 555 0100"),
        ContactField(type: .emailAddress, label: .work, value: "zoe@example.com"),
    ])

    @Test(arguments: VCardTarget.allCases)
    func anEmailOnlyContactGetsItsEmailAsFNAndReadsBackUnchanged(_ target: VCardTarget) throws {
        let written = VCardWriter(target: target).string(for: Self.emailOnly)
        let expected = target.version == .v4_0 ? "FN;DERIVED=TRUE:zoe@example.com" : "FN:zoe@example.com"
        #expect(Self.fn(written) == [expected], "\(written)")
        let back = try #require(readCards(written).contacts.first)
        #expect(back.formattedName == nil)
        #expect(back.customProperties.isEmpty, "\(back.customProperties)")
        #expect(VCardWriter(target: target).string(for: back) == written)
    }

    @Test func theNicknameComesFirstThenThePhone() {
        var c = Self.emailOnly
        c.nickname = "Zo"
        #expect(Self.fn(VCardWriter(target: .rfc2426).string(for: c)) == ["FN:Zo"])
        let phoneOnly = Contact(fields: [ContactField(type: .phoneNumber, label: .mobile, value: "+1 555 0100")])
        #expect(Self.fn(VCardWriter(target: .rfc2426).string(for: phoneOnly)) == ["FN:+1 555 0100"])
    }

    @Test func aNameOrOrganizationIsStillTheFN() {
        var c = Self.emailOnly
        c.organization = "Acme"
        #expect(Self.fn(VCardWriter(target: .rfc6350).string(for: c)) == ["FN:Acme"])
        #expect(Self.fn(VCardWriter(target: .rfc6350).string(for: Contact())) == ["FN:"])
    }

    /// A card whose own FN is its email, with a name beside it, keeps that FN as written.
    @Test func anFNBesideANameIsKept() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:zoe@example.com\r\nEMAIL:zoe@example.com\r\nEND:VCARD\r\n"
        #expect(try #require(readCards(text).contacts.first).formattedName == "zoe@example.com")
    }
}
