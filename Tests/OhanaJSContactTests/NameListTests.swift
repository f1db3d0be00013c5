import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Names with several values in one component (RFC 9553 section 2.2.1, RFC 9554 section 2.2,
/// RFC 9555 sections 2.5.2 and 3.3.1): each value is a component, both ways, and `N` keeps the
/// copies RFC 9554 writes for readers that do not know its secondary surname and generation.
@Suite struct NameListTests {
    let converter = JSContactConverter()

    func card(_ vcard: String) throws -> Card {
        let loaded = readVCard(vcard)
        return converter.card(from: try #require(loaded.contacts.first, "\(loaded.diagnostics)"))
    }

    func vcard(_ members: [String: JSONValue]) -> String {
        let text = String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: exampleCard(members))]), as: UTF8.self)
        return text.replacingOccurrences(of: "\r\n ", with: "")
    }

    func line(_ name: String, in vcard: String) -> String? {
        vcard.components(separatedBy: "\r\n").first { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }
    }

    static func components(_ pairs: [(String, String)]) -> JSONValue {
        .array(pairs.map { ["kind": .string($0.0), "value": .string($0.1)] })
    }

    /// The `JSCOMPS` example of the issue: two additional names, the generation also among the credentials.
    static let stevenson = "FN:John Philip Paul Stevenson Jr. M.D.\nN;JSCOMPS=\";1;2;2,1;0;6;4\":Stevenson;John;Philip,Paul;;M.D.,Jr.;;Jr."
    static let stevensonComponents = components([
        ("given", "John"), ("given2", "Philip"), ("given2", "Paul"), ("surname", "Stevenson"), ("generation", "Jr."), ("credential", "M.D."),
    ])

    @Test func orderedComponentsTakeOneValueEachAndSkipTheCopies() throws {
        let name = try #require(try card(Self.stevenson)["name"])
        #expect(name["components"] == Self.stevensonComponents)
        #expect(name["isOrdered"] == true)
        #expect(name["full"] == "John Philip Paul Stevenson Jr. M.D.")
    }

    @Test func writingBackKeepsTheGenerationCopyAmongTheCredentials() throws {
        let n = try #require(line("N", in: vcard(["name": ["components": Self.stevensonComponents, "isOrdered": true]])))
        #expect(n == "N;JSCOMPS=\";1;2;2,1;0;6;4\":Stevenson;John;Philip,Paul;;M.D.,Jr.;;Jr.")
    }

    @Test func secondarySurnameIsCopiedIntoTheSurnames() throws {
        let members: [String: JSONValue] = [
            "name": ["components": Self.components([("given", "Diego"), ("surname", "Rivera"), ("surname2", "Barrientos")]), "isOrdered": true],
        ]
        let written = vcard(members)
        #expect(line("N", in: written) == "N;JSCOMPS=\";1;0;5\":Rivera,Barrientos;Diego;;;;Barrientos;")
        #expect(line("FN", in: written) == "FN;DERIVED=TRUE:Diego Rivera Barrientos")
        let back = try card(written)
        #expect(back["name"] == members["name"])
    }

    @Test func unorderedValuesOfOneKindAreAListInN() throws {
        let members: [String: JSONValue] = [
            "name": ["components": Self.components([("surname", "孫"), ("given", "中山"), ("given2", "文"), ("given2", "逸仙")])],
        ]
        let written = vcard(members)
        #expect(line("N", in: written) == "N:孫;中山;文,逸仙;;")
        #expect(try card(written)["name"] == members["name"])
    }

    @Test func theDerivedFNOfOrderedComponentsUsesTheirSeparators() throws {
        let members: [String: JSONValue] = ["name": [
            "components": Self.components([("given", "Jane"), ("surname", "Doe"), ("separator", ", "), ("credential", "PhD")]),
            "isOrdered": true,
        ]]
        let written = vcard(members)
        #expect(line("FN", in: written) == "FN;DERIVED=TRUE:Jane Doe\\, PhD")
        #expect(try card(written)["name"] == members["name"])
        #expect(converter.card(from: converter.contact(from: exampleCard(members))) == exampleCard(members))
    }

    @Test func anFNDerivedFromTheNameIsNotTheFullName() throws {
        #expect(try card("FN;DERIVED=TRUE:Jane Doe\nN:Doe;Jane;;;")["name"]?["full"] == nil)
        #expect(try card("FN:Jane Dough\nN:Doe;Jane;;;")["name"]?["full"] == "Jane Dough")
        // Derived another way than the reader would: still not the full name, and still the FN written back.
        let vcard = "FN;DERIVED=TRUE:Doe\\, Jane\nN:Doe;Jane;;;"
        let contact = try #require(readVCard(vcard).contacts.first)
        let derived = converter.card(from: contact)
        #expect(derived["name"]?["full"] == nil)
        #expect(converter.contact(from: derived).hasSameContent(as: contact))
    }
}
