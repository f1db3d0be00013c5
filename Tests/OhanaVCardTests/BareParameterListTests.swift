import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// vCard 2.1 and 3.0 parameters written without `TYPE=` and as comma lists (Lotus Notes and
/// Evolution exports): `TEL;FAX,WORK` is the types FAX and WORK, as `TEL;TYPE=FAX,WORK` is.
@Suite struct BareParameterListTests {
    /// A Lotus Notes export's card (vCard 2.1 style parameters inside a 3.0 card).
    static let lotus = """
        BEGIN:VCARD
        VERSION:3.0
        N:Lang;Anna;;;
        FN:Anna Lang
        TEL;TYPE=VOICE;MSG,WORK:+49 30 1234567
        TEL;FAX,WORK:+49 30 1234568
        TEL;CELL;VOICE:+49 170 1234567
        ADR;WORK,POSTAL:;;Hauptstr. 1;Berlin;;10115;Germany
        END:VCARD

        """

    @Test func aBareListIsSeveralTypes() throws {
        let contact = try #require(readCards(Self.lotus).contacts.first)
        let phones = contact.fields.filter { $0.type == .phoneNumber }
        #expect(phones.map(\.label) == [.work, .workFax, .mobile])
        let kept = phones[0].parameters.first { $0.name == "TYPE" }?.values.map { $0.uppercased() }
        #expect(kept == ["VOICE", "MSG"])
        #expect(contact.postalAddresses.first?.label == .work)
    }

    @Test func aBareListReadsAsTheTypeParameterDoes() throws {
        let bare = try #require(readCards(Self.lotus).contacts.first)
        let spelled = try #require(readCards(Self.lotus.replacingOccurrences(of: "TEL;TYPE=VOICE;MSG,WORK", with: "TEL;TYPE=VOICE,MSG,WORK")
            .replacingOccurrences(of: "TEL;FAX,WORK", with: "TEL;TYPE=FAX,WORK")).contacts.first)
        #expect(bare.fields.map(\.label) == spelled.fields.map(\.label))
        #expect(bare.fields.map(\.parameters) == spelled.fields.map(\.parameters))
    }

    @Test(arguments: VCardTarget.allCases)
    func readingWritingAndReadingBackKeepsTheCard(_ target: VCardTarget) throws {
        let first = try #require(readCards(Self.lotus).contacts.first)
        let written = VCardWriter(target: target).string(for: first)
        let back = try #require(readCards(written).contacts.first)
        #expect(back.hasSameContent(as: first), "\(target)\n\(describeDifference(first, back))\n\(written)")
        // Written again, the card is the same text: the second trip changes nothing.
        #expect(VCardWriter(target: target).string(for: back) == written)
    }
}
