import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Issue 35's smaller classes: `TYPE=work` beside a label (a work cell phone) and on `ORG` as
/// contexts, `ANNIVERSARY` with a UTC offset as a `Timestamp`, a vendor's name component kept, a
/// second `CATEGORIES` line with parameters as keywords.
@Suite struct SmallerClassTests {
    let converter = JSContactConverter()

    @Test func aWorkCellPhoneHasTheWorkContextAndTheMobileFeature() throws {
        let first = try contact("FN:A\nTEL;TYPE=work,cell:+1 555 1234")
        let card = converter.card(from: first)
        let phone = try #require(card["phones"]?.object?.values.first)
        #expect(phone["contexts"] == ["work": true])
        #expect(phone["features"] == ["mobile": true])
        #expect(phone["vCardParams"] == nil)
        #expect(converter.contact(from: card).hasSameContent(as: first))
        let tel = lines(card).first { $0.hasPrefix("TEL") }
        #expect(tel?.contains("work") == true && tel?.contains("cell") == true, "\(String(describing: tel))")
    }

    @Test func aWorkOrganizationHasTheWorkContext() throws {
        let first = try contact("FN:A\nORG;TYPE=work:Acme")
        let card = converter.card(from: first)
        #expect(card["organizations"]?.object?.values.first == ["name": "Acme", "contexts": ["work": true]])
        #expect(converter.contact(from: card).hasSameContent(as: first))
        let written = lines(exampleCard(["organizations": ["o1": ["name": "Acme", "contexts": ["work": true]]]]))
        #expect(written.contains { $0.hasPrefix("ORG") && $0.contains("TYPE=work") && $0.hasSuffix(":Acme") }, "\(written)")
    }

    @Test func anAnniversaryWithAUTCOffsetIsATimestamp() throws {
        let first = try contact("FN:A\nANNIVERSARY:20010203T040506-0500")
        let card = converter.card(from: first)
        let entry = try #require(card["anniversaries"]?.object?.values.first)
        #expect(entry["kind"] == "wedding")
        #expect(entry["date"] == ["@type": "Timestamp", "utc": "2001-02-03T09:05:06Z"])
        #expect(card["vCardProps"] == nil)
        #expect(converter.contact(from: card).hasSameContent(as: first))
        #expect(AnniversaryCoding.utcFromOffset("20010203T230000+0130") == "2001-02-03T21:30:00Z")
        #expect(AnniversaryCoding.utcFromOffset("20010203T230000") == nil)
    }

    @Test func aVendorsNameComponentIsKept() throws {
        let card = exampleCard(["name": ["components": [
            ["kind": "given", "value": "Jane"], ["kind": "surname", "value": "Doe"], ["kind": "example.com:clan", "value": "MacLeod"],
        ]]])
        let written = lines(card)
        #expect(written.contains("N:Doe;Jane;;;"), "\(written)")
        let back = converter.card(from: try contact(written.joined(separator: "\r\n")))
        #expect(back["name"] == card["name"])
    }

    /// An ordered name with such a component keeps its order and default separator (RFC 9553
    /// section 2.2.1), which N's JSCOMPS (RFC 9555 section 3.3.1) cannot give for that kind.
    @Test func anOrderedNameWithAVendorsComponentKeepsItsOrder() throws {
        let card = exampleCard(["name": ["isOrdered": true, "defaultSeparator": "-", "components": [
            ["kind": "given", "value": "A"], ["kind": "surname", "value": "B"], ["kind": "example.com:clan", "value": "C"],
        ]]])
        let written = lines(card)
        #expect(written.contains("FN;DERIVED=TRUE:A-B-C"), "\(written)")
        let back = converter.card(from: try contact(written.joined(separator: "\r\n")))
        #expect(back["name"] == card["name"])
    }

    @Test func aSecondCategoriesLineWithParametersGivesKeywordsToo() throws {
        let first = try contact("FN:A\nCATEGORIES:a,b\nCATEGORIES;TYPE=work:c")
        let card = converter.card(from: first)
        #expect(card["keywords"] == ["a": true, "b": true, "c": true])
        #expect(card["vCardProps"] == nil)
        let back = converter.contact(from: card)
        #expect(back.tags == ["a", "b"])
        #expect(back.hasSameContent(as: first))
    }
}
