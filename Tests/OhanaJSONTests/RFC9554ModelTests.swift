import Foundation
import Testing
@testable import Ohana
@testable import OhanaJSON

/// RFC 9554's additions to the model: they encode and decode, and JSON written before them still reads.
@Suite struct RFC9554ModelTests {
    @Test func newPartsRoundTripThroughJSON() throws {
        var contact = Contact(id: "c1", givenName: "Jane", familyName: "Doe")
        contact.setName(fromComponents: [.init(kind: "surname", value: "Doe"), .init(kind: "given", value: "Jane", phonetic: "dʒeɪn")])
        contact.phoneticSystem = "ipa"
        contact.pronouns = [Pronouns("she/her", preference: 1)]
        contact.grammaticalGender = .feminine
        contact.socialProfiles = [SocialProfile(value: "https://example.com/@jane", service: "Mastodon")]
        contact.created = Date(timeIntervalSince1970: 1_700_000_000)
        contact.language = "en"
        var address = PostalAddress()
        address.setFields(fromComponents: [.init(kind: "number", value: "12"), .init(kind: "name", value: "Main St"), .init(kind: "locality", value: "Springfield")])
        contact.postalAddresses = [address]
        let data = try ContactsJSON.encode([contact])
        let back = try ContactsJSON.decode(data, source: "test.json")
        #expect(back == [contact])
        #expect(back[0].phoneticGivenName == "dʒeɪn")
        #expect(back[0].postalAddresses[0].street == ["12", "Main St"])
        #expect(back[0].nameComponentsAgree && back[0].postalAddresses[0].componentsAgree)
    }

    @Test func jsonWrittenBeforeTheAdditionsStillReads() throws {
        let old = #"[{"id":"x","givenName":"Ann","postalAddresses":[{"city":"Oslo"}]}]"#
        let contacts = try ContactsJSON.decode(Data(old.utf8), source: "old.json")
        #expect(contacts.count == 1)
        #expect(contacts[0].pronouns.isEmpty && contacts[0].nameComponents.isEmpty && contacts[0].postalAddresses[0].components.isEmpty)
    }

    @Test func componentsThatNoLongerMatchTheFieldsDoNotAgree() {
        var contact = Contact(givenName: "Jane", familyName: "Doe")
        contact.setName(fromComponents: [.init(kind: "given", value: "Jane"), .init(kind: "surname", value: "Doe")])
        contact.givenName = "Janet"
        #expect(!contact.nameComponentsAgree)
    }
}
