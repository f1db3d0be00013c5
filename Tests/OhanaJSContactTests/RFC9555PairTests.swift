import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// RFC 9555's vCard/JSContact example pairs (Fixtures/RFC9555, named by section).
@Suite struct RFC9555PairTests {
    /// The vCard to JSContact pairs this converter reproduces. Ids that the RFC makes up
    /// (`p1`, `email1`) where the vCard has no `PROP-ID` are compared by position.
    static let vCardToJSContact = [
        "2.3.9-GROUP-1", "2.3.18-PROP-ID-1", "2.4.2-KIND-1", "2.5.2-FN-1", "2.5.4-GRAMGENDER-and-PRONOUNS-1",
        "2.5.6-NICKNAME-1", "2.7.1-EMAIL-1", "2.7.2-IMPP-1", "2.7.4-LANGUAGE-1", "2.7.5-SOCIALPROFILE-1", "2.7.6-TEL-1",
        "2.11.1-CATEGORIES-1", "2.11.3-CREATED-1", "2.11.5-PRODID-1", "2.11.8-UID-1", "2.11.9-URL-1",
        "2.11.11-X-ABLabel-1", "2.15.1-vCardProps-1", "2.15.2-vCardParams-1",
        "2.4.3-SOURCE-1", "2.7.3-LANG-1", "2.9.1-CONTACT-URI-1", "2.9.2-LOGO-1", "2.9.3-MEMBER-1", "2.10.1-EXPERTISE-1",
        "2.10.2-HOBBY-1", "2.10.3-INTEREST-1", "2.10.4-ORG-DIRECTORY-1", "2.11.6-REV-1", "2.11.7-SOUND-1", "2.12.1-KEY-1",
        "2.13.1-CALADRURI-1", "2.5.7-PHOTO-1", "2.9.5-RELATED-1", "2.13.2-CALURI-1", "2.13.3-FBURL-1",
        "2.11.4-NOTE-1", "2.15.3-vCardName-1", "2.5.5-N-1", "2.9.4-ORG-1", "2.9.6-TITLE-and-ROLE-1",
        "2.5.1-ANNIVERSARY-BDAY-BIRTHPLACE-DEATHDATE-an-1", "2.3.11-LANGUAGE-1", "2.3.11-LANGUAGE-2",
        "2.6.1-ADR-1", "2.3.15-PHONETIC-1",
    ]

    /// Every pair's JSContact side, sections 2 and 3.
    static var allJSContactExamples: [String] {
        Fixtures.files("RFC9555", ext: "json").map { String($0.dropLast(5)) }
    }

    @Test(arguments: vCardToJSContact)
    func vCardConvertsToTheRFCsJSContact(_ name: String) throws {
        let expected = try Fixtures.object(try Fixtures.text("RFC9555", name + ".json"))
        let vcard = try Fixtures.text("RFC9555", name + ".vcf")
        let loaded = readVCard(vcard)
        let contact = try #require(loaded.contacts.first, "\(name): \(loaded.diagnostics)")
        let card = JSContactConverter().card(from: contact)
        #expect(card.validate() == [])
        // An example whose vCard has no UID shows a made-up uid.
        for (member, value) in expected where member != "uid" || vcard.contains("UID:") {
            let actual = card[member] ?? .null
            let value = member == "localizations" ? Self.localizations(value, ofExample: expected, as: card) : value
            #expect(Self.sameIgnoringGeneratedIDs(actual, value), "\(name) \(member): \(actual.jsonText) ≠ \(value.jsonText)")
        }
    }

    /// JSContact to vCard (RFC 9555 section 3.2.1): unknown members become `JSPROP` and come back.
    @Test(arguments: ["3.2.1-JSPROP-1", "3.2.1-JSPROP-2", "3.2.1-JSPROP-3"])
    func jsContactOnlyDataTravelsAsJSPROP(_ name: String) throws {
        let card = exampleCard(try Fixtures.object(try Fixtures.text("RFC9555", name + ".json")))
        let expectedLines = try Fixtures.text("RFC9555", name + ".vcf")
        let converter = JSContactConverter()
        let vcard = String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: card)]), as: UTF8.self)
        let unfolded = vcard.replacingOccurrences(of: "\r\n ", with: "")
        for line in expectedLines.replacingOccurrences(of: "\n ", with: "").split(separator: "\n") where line.hasPrefix("JSPROP") {
            #expect(unfolded.contains(String(line)), "\(name): \(line) not in\n\(vcard)")
        }
        let back = converter.card(from: try #require(VCardReader().read(Data(vcard.utf8), source: name).contacts.first))
        #expect(back == card, "\(differences(card.json, back.json))")
    }

    /// JSContact → vCard → JSContact gives the card back, for the JSContact side of every pair.
    @Test(arguments: allJSContactExamples)
    func jsContactConvertsToVCardAndBack(_ name: String) throws {
        let card = exampleCard(try Fixtures.object(try Fixtures.text("RFC9555", name + ".json")))
        let converter = JSContactConverter()
        let vcard = String(decoding: VCardWriter(target: .rfc6350).write([converter.contact(from: card)]), as: UTF8.self)
        let read = VCardReader().read(Data(vcard.utf8), source: name)
        #expect(read.diagnostics.filter { $0.severity == .error } == [], "\(name): \(read.diagnostics)")
        let back = converter.card(from: try #require(read.contacts.first))
        #expect(back == card, "\(name): \(differences(card.json, back.json))\n\(vcard)")
    }

    /// An example's `localizations` with the ids the RFC made up in their paths (`titles/t1/name`)
    /// replaced by the card's ids of the entries at the same positions.
    static func localizations(_ value: JSONValue, ofExample example: [String: JSONValue], as card: Card) -> JSONValue {
        guard let languages = value.object else { return value }
        return .object(languages.mapValues { entry in
            guard let paths = entry.object else { return entry }
            return .object(Dictionary(uniqueKeysWithValues: paths.map { path, v in
                var tokens = path.split(separator: "/").map(String.init)
                if tokens.count > 2, let theirs = example[tokens[0]]?.object, let ours = card[tokens[0]]?.object, theirs.count == ours.count,
                    let i = theirs.keys.sorted().firstIndex(of: tokens[1])
                {
                    tokens[1] = orderedKeys(ours.filter { !$0.key.hasPrefix("ohana.dev:") }, prefix: "")[i]
                }
                return (tokens.joined(separator: "/"), v)
            }))
        })
    }

    /// Whether two values are equal, where Id maps with different keys are compared entry by entry in
    /// key order, and this library's own vendor members (`ohana.dev:`) are left out.
    static func sameIgnoringGeneratedIDs(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if a == b { return true }
        guard let x = a.object?.filter({ !$0.key.hasPrefix("ohana.dev:") }), let y = b.object else { return false }
        if x != a.object { return sameIgnoringGeneratedIDs(.object(x), b) }
        if Set(x.keys) == Set(y.keys) { return x.keys.allSatisfy { sameIgnoringGeneratedIDs(x[$0]!, y[$0]!) } }
        guard x.count == y.count, x.values.allSatisfy({ $0.object != nil }) else { return false }
        let xs = orderedKeys(x, prefix: ""), ys = y.keys.sorted()
        return zip(xs, ys).allSatisfy { sameIgnoringGeneratedIDs(x[$0.0]!, y[$0.1]!) }
    }
}
