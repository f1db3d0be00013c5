import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Every JSON example of RFC 9553 (Fixtures/RFC9553, named by section): decodes, validates,
/// encodes back to equal JSON, and survives the trip through the model and through vCard.
@Suite struct RFC9553ExampleTests {
    static let examples = Fixtures.files("RFC9553", ext: "json")
    /// Ordered name and address components and name phonetics are not written to vCard yet
    /// (`JSCOMPS`, `PHONETIC`): these examples lose their order on the way through vCard.
    static let needsJSCOMPS: Set<String> = [
        "1.5.4-phonetic-1.json", "2-Card-1.json", "2.2.1.1-Name-Object-1.json", "2.2.1.1-Name-Object-2.json",
        "2.2.1.1-Name-Object-4.json", "2.5.1.1-Address-Object-1.json", "2.5.1.3-Additional-Address-Examples-1.json",
        "2.5.1.3-Additional-Address-Examples-2.json",
    ]
    /// Address components of kinds the model folds together (block, number, district into street)
    /// lose their order when the address is rebuilt.
    static let foldsComponents: Set<String> = ["2.5.1.3-Additional-Address-Examples-2.json"]

    @Test func everySectionWithExamplesIsThere() {
        #expect(Self.examples.count >= 37)
    }

    @Test(arguments: examples)
    func decodesValidatesAndEncodesBack(_ name: String) throws {
        let card = exampleCard(try Fixtures.object(try Fixtures.text("RFC9553", name)))
        let data = try JSONEncoder().encode(card)
        let decoded = try JSONDecoder().decode(Card.self, from: data)
        #expect(decoded == card)
        #expect(card.validate() == [], "\(name): \(card.validate())")
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == card.json)
    }

    @Test(arguments: examples.filter { !foldsComponents.contains($0) })
    func survivesTheModel(_ name: String) throws {
        let card = exampleCard(try Fixtures.object(try Fixtures.text("RFC9553", name)))
        let converter = JSContactConverter()
        let back = converter.card(from: converter.contact(from: card))
        #expect(back == card, "\(name): \(differences(card.json, back.json))")
    }

    @Test(arguments: examples)
    func survivesVCard(_ name: String) throws {
        let card = exampleCard(try Fixtures.object(try Fixtures.text("RFC9553", name)))
        let converter = JSContactConverter()
        let vcard = VCardWriter(target: .rfc6350).write([converter.contact(from: card)])
        let read = VCardReader().read(vcard, source: name)
        #expect(read.contacts.count == 1)
        #expect(!read.diagnostics.contains { $0.severity == .error })
        guard let contact = read.contacts.first else { return }
        let back = converter.card(from: contact)
        #expect(back == card, "\(name): \(differences(card.json, back.json))\n\(String(decoding: vcard, as: UTF8.self))")
    }
}
