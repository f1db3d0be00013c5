import Foundation
import Ohana
import Testing
@testable import OhanaJSContact

/// Invalid cards get errors naming the member path, the rule and the RFC section; the rest loads.
@Suite struct ValidationTests {
    func errors(_ json: String) throws -> [JSContactValidationError] {
        try JSONDecoder().decode(Card.self, from: Data(json.utf8)).validate()
    }

    @Test func aPhoneWithoutNumberNamesItsPath() throws {
        let e = try errors(#"{"@type":"Card","version":"1.0","uid":"u1","phones":{"p1":{"features":{"voice":true}}}}"#)
        #expect(e.map(\.description) == ["phones/p1/number: Phone requires number (RFC 9553 section 2.3.3)"])
    }

    @Test func typesIdsPrefsAndBooleanMapsAreChecked() throws {
        let e = try errors(#"""
            {"@type":"Card","version":"1.0","uid":"u1","emails":{"bad id":{"address":"a@b.c","pref":0}},
             "keywords":{"x":false},"created":"2024-01-01 10:00","name":{"components":[{"kind":"given"}]}}
            """#)
        let paths = Set(e.map(\.path))
        #expect(paths == ["emails/bad id", "emails/bad id/pref", "keywords/x", "created", "name/components/0/value"])
    }

    @Test func wrongTypeAndVersionAreErrors() throws {
        let e = try errors(#"{"@type":"Contact","version":"3.0","uid":"u1"}"#)
        #expect(e.map(\.path) == ["@type", "version"])
    }

    @Test func uidIsOptionalFromVersionTwo() throws {
        #expect(try errors(#"{"@type":"Card","version":"2.0"}"#) == [])
        #expect(try errors(#"{"@type":"Card","version":"1.0"}"#).map(\.path) == ["uid"])
    }

    @Test func vendorAndUnknownMembersAreKept() throws {
        let json = #"{"@type":"Card","version":"1.0","uid":"u1","example.com:foo":{"bar":1234},"someUnknownProperty":true}"#
        let card = try JSONDecoder().decode(Card.self, from: Data(json.utf8))
        #expect(card.validate() == [])
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(card)) == JSONValue(jsonText: json))
    }

    @Test func anInvalidCardIsSkippedWithItsLineAndTheRestLoads() throws {
        let json = """
            [
              {"@type": "Card", "version": "1.0", "uid": "a", "name": {"full": "Ann"}},
              {"@type": "Card", "version": "1.0", "uid": "b",
               "emails": {"e1": {"contexts": {"work": true}}}},
              {"@type": "Card", "version": "1.0", "uid": "c", "name": {"full": "Cy"}}
            ]
            """
        let loaded = try JSContactDocument.read(Data(json.utf8), source: "book.json")
        #expect(loaded.contacts.map(\.fullName) == ["Ann", "Cy"])
        #expect(loaded.diagnostics.map(\.description) == [
            "book.json:3: error: card 2 skipped: emails/e1/address: EmailAddress requires address (RFC 9553 section 2.3.1)",
        ])
    }

    @Test func jsContactIsDetectedByItsType() {
        #expect(JSContactDocument.isJSContact(Data(#"[ { "@type" : "Card", "version": "1.0" } ]"#.utf8)))
        #expect(JSContactDocument.isJSContact(Data(#"{"@type":"CardGroup","cards":[]}"#.utf8)))
        #expect(!JSContactDocument.isJSContact(Data(#"[{"id":"x","givenName":"Ann"}]"#.utf8)))
    }

    /// A group is an RFC 9553 card of kind `group` whose `members` name the cards (section 2.1.6),
    /// written first in the array; reading the file back gives the cards, not the group.
    @Test func aGroupIsACardOfKindGroupAndReadsBackAsItsCards() throws {
        let contacts = [Contact(givenName: "Ann"), Contact(givenName: "Bo")]
        let data = try JSContactDocument.write(contacts, groupName: "Friends")
        let cards = try #require(try JSONDecoder().decode(JSONValue.self, from: data).array)
        #expect(cards.count == 3)
        let group = Card(members: try #require(cards.first?.object))
        #expect(group["@type"] == "Card" && group.kind == "group")
        #expect(group["name"]?["full"] == "Friends")
        #expect(group.validate() == [])
        #expect(Set(group["members"]?.object?.keys ?? [:].keys) == Set(contacts.map(\.id.rawValue)))
        #expect(try JSContactDocument.write(contacts, groupName: "Friends") == data)
        let loaded = try JSContactDocument.read(data, source: "group.json")
        #expect(loaded.diagnostics == [])
        #expect(loaded.contacts.map(\.givenName) == ["Ann", "Bo"])
    }

    /// A group card naming cards that are not in the file is a contact of its own (a CardDAV group).
    @Test func aGroupOfCardsElsewhereIsAContact() throws {
        let json = #"[{"@type":"Card","version":"1.0","uid":"g","kind":"group","name":{"full":"Team"},"members":{"x":true}}]"#
        let loaded = try JSContactDocument.read(Data(json.utf8), source: "team.json")
        #expect(loaded.contacts.map(\.formattedName) == ["Team"])
    }

    /// The draft's `CardGroup` object is still read.
    @Test func theDraftsCardGroupIsRead() throws {
        let data = try JSONEncoder().encode(CardGroup(cards: [JSContactConverter().card(from: Contact(givenName: "Ann"))]))
        let loaded = try JSContactDocument.read(data, source: "draft.json")
        #expect(loaded.contacts.map(\.givenName) == ["Ann"])
    }

    @Test func aWronglyCasedOrReservedNameIsReportedWithItsReason() throws {
        let e = try errors(#"{"@type":"Card","version":"1.0","uid":"u1","nickNames":{"n1":{"name":"Jo"}},"name":{"full":"Jo","Full":"Jo"}}"#)
        #expect(e.map(\.path) == ["name/Full", "nickNames"])
        #expect(e.last?.rule.contains("differs only in case from the property \"nicknames\"") == true)
        let reserved = try errors(#"{"@type":"Card","version":"1.0","uid":"u1","extra":"x","name":{"extra":"y"}}"#)
        #expect(reserved.map(\.path) == ["extra", "name/extra"])
        #expect(reserved.allSatisfy { $0.rule.contains("reserved") })
        // RFC 9553 section 1.7.1 (Case-Sensitivity) and 1.7.3 (Reserved Properties) say so.
        #expect(e.map(\.section) == ["RFC 9553 section 1.7.1", "RFC 9553 section 1.7.1"])
        #expect(reserved.map(\.section) == ["RFC 9553 section 1.7.3", "RFC 9553 section 1.7.3"])
        // Vendor-specific and not yet registered names are allowed (and kept).
        #expect(try errors(#"{"@type":"Card","version":"1.0","uid":"u1","name":{"example.com:x":1},"foo":"bar"}"#) == [])
    }

    /// Each rule cites the section that states it: UnsignedInt 1.4.2, UTCDateTime 1.4.5,
    /// PatchObject 1.4.3, and a set's `true` values the section of the member (keywords 2.8.2).
    @Test func eachRuleCitesTheSectionThatStatesIt() throws {
        let e = try errors(#"""
            {"@type":"Card","version":"1.0","uid":"u1","created":"2024-05-01","keywords":{"a":false},"localizations":{"de":7},
             "phones":{"p1":{"number":"1","features":{"voice":false}}},"personalInfo":{"i1":{"kind":"hobby","value":"x","listAs":-1}}}
            """#)
        let sections = Dictionary(e.map { ($0.path, $0.section) }, uniquingKeysWith: { a, _ in a })
        #expect(sections["created"] == "RFC 9553 section 1.4.5", "\(e)")
        #expect(sections["keywords/a"] == "RFC 9553 section 2.8.2", "\(e)")
        #expect(sections["phones/p1/features/voice"] == "RFC 9553 section 2.3.3", "\(e)")
        #expect(sections["localizations/de"] == "RFC 9553 section 1.4.3", "\(e)")
        #expect(sections["personalInfo/i1/listAs"] == "RFC 9553 section 1.4.2", "\(e)")
    }

    @Test func localizationPatchesAreCheckedAgainstTheMembersTheyPatch() throws {
        let e = try errors(#"""
            {"@type":"Card","version":"1.0","uid":"u1","name":{"full":"Jane"},
             "localizations":{"de":{"name/extra":"x","name/Full":"J","name/full":"Johanna","titles/t1/name":7,"addresses/a1":{"full":"Hier"}}}}
            """#)
        #expect(e.map(\.path) == ["localizations/de/name~1Full", "localizations/de/name~1extra", "localizations/de/titles~1t1~1name"])
    }
}
