import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// TYPE values that give a standard label, in any case and spelling, and what is left of them.
@Suite struct TypeLabelTests {
    static func phone(_ property: String) -> ContactField? {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;J;;;\r\nFN:J Doe\r\n\(property):+1 555 0100\r\nEND:VCARD\r\n"
        return VCardReader().read(Data(text.utf8), source: "t.vcf").contacts.first?.fields.first
    }

    @Test(arguments: [
        ("TEL;TYPE=iphone,cell", ContactFieldLabel.iPhone, [String]()),
        ("TEL;TYPE=Cell;TYPE=voice", .mobile, ["voice"]),
        ("TEL;type=work;type=fax", .workFax, []),
        ("TEL;HOME;FAX", .homeFax, []),
        ("TEL;TYPE=fax", .fax, []),
        ("TEL;TYPE=PAGER,WORK", .pager, ["WORK"]),
        ("TEL;TYPE=mobile", .mobile, []),
        ("TEL;TYPE=Main", .main, []),
        ("TEL;TYPE=other", .other, []),
        ("TEL;TYPE=ıphone", .iPhone, []),  // dotless i upper-cases to I
        ("TEL;TYPE=x-car", "car", []),
    ])
    func typesGiveTheirLabel(_ property: String, _ label: ContactFieldLabel, _ left: [String]) throws {
        let field = try #require(Self.phone(property))
        #expect(field.label == label)
        #expect(field.parameters.first { $0.name == "TYPE" }?.values ?? [] == left)
    }

    @Test func longOrUnknownTypesGiveNoStandardLabel() throws {
        let field = try #require(Self.phone("TEL;TYPE=WORKPLACE,HOMES,TEXTPHONE"))
        #expect(field.label == nil)
        #expect(field.parameters.first { $0.name == "TYPE" }?.values == ["WORKPLACE", "HOMES", "TEXTPHONE"])
    }
}
