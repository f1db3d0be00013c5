import Ohana
import OhanaPhoneNumbers
import Testing

/// The person's choices for numbers the evidence leaves undecided: they decide those, and only those.
@Suite struct PhoneRegionChoicesTests {
    static func resolved(_ contact: Contact, _ choices: PhoneRegionChoices) -> [PhoneNumberDetails] {
        var contact = contact
        var resolver = PhoneNumberResolver(formats: [.e164, .international])
        resolver.resolve(&contact, defaultRegion: "US", choices: choices)
        return contact.phoneNumbers.map { $0.phoneNumber! }
    }

    /// A UK mobile written nationally, on a card that names no country, read with US as the default region.
    static let charlotte = Contact(id: "charlotte", givenName: "Charlotte", fields: [.phone("07950660690")])

    @Test func aChoiceForOneNumberResolvesIt() {
        #expect(Self.resolved(Self.charlotte, PhoneRegionChoices()).first?.status == .unresolved)
        let choices = PhoneRegionChoices(numbers: [.init(contactID: "charlotte", number: "07950660690", region: "gb")])
        let details = Self.resolved(Self.charlotte, choices)[0]
        #expect(details.status == .resolved)
        #expect(details.regionSource == .user)
        #expect(details.e164 == "+447950660690")
        #expect(details.international == "+44 7950 660690")
        // Another contact's same number is not chosen for.
        let other = Contact(id: "other", fields: [.phone("07950660690")])
        #expect(Self.resolved(other, choices)[0].status == .unresolved)
    }

    @Test func aRuleDecidesNumbersWrittenAlikeOnCardsThatSayTheSame() {
        let rule = PhoneRegionChoices.Rule(pattern: "0##########", evidence: "default US", region: "GB")
        let choices = PhoneRegionChoices(rules: [rule])
        let alike = Contact(id: "tom", givenName: "Tom", fields: [.phone("07950660690")])
        #expect(Self.resolved(alike, choices)[0].e164 == "+447950660690")
        #expect(Self.resolved(alike, choices)[0].regionSource == .user)
        // Written differently: the rule does not apply.
        let grouped = Contact(id: "tim", fields: [.phone("07950 660690")])
        #expect(Self.resolved(grouped, choices)[0].status == .unresolved)
        // Written alike on a card whose email names Mexico: other evidence, so not this rule.
        let mexican = Contact(id: "ana", fields: [.phone("07950660690"), .email("ana@prodigy.net.mx")])
        #expect(Self.resolved(mexican, choices)[0].status != .resolved)
        // A choice for the number itself wins over the rule.
        let own = PhoneRegionChoices(numbers: [.init(contactID: "tom", number: "07950660690", region: "US")], rules: [rule])
        let kept = Self.resolved(alike, own)[0]
        #expect(kept.status == .unresolved)
        #expect(kept.problem?.hasSuffix("not valid in US either (your choice)") == true, "\(kept.problem ?? "")")
    }

    @Test func choicesNeverOverrideEvidence() {
        let contact = Contact(id: "lea", fields: [.phone("+49 30 1234567"), .phone("(415) 555-0100")])
        let choices = PhoneRegionChoices(numbers: [
            .init(contactID: "lea", number: "+49 30 1234567", region: "FR"),
        ])
        let details = Self.resolved(contact, choices)
        #expect(details[0].e164 == "+49301234567")
        #expect(details[0].regionSource == .countryCode)
    }

    @Test func aChoiceThatDoesNotFitKeepsTheNumberAsWritten() {
        // Eleven digits after France's trunk 0: no French number.
        let choices = PhoneRegionChoices(numbers: [.init(contactID: "charlotte", number: "07950660690", region: "FR")])
        let details = Self.resolved(Self.charlotte, choices)[0]
        #expect(details.status == .unresolved)
        #expect(details.e164 == nil)
        #expect(details.problem?.contains("not valid in FR either (your choice)") == true, "\(details.problem ?? "")")
    }

    @Test func aChoiceDecidesAnAmbiguousNumberAmongItsCandidates() throws {
        let contact = Contact(id: "rosa", fields: [.phone("713-660-0344"), .email("rosa@prodigy.net.mx")])
        let before = Self.resolved(contact, PhoneRegionChoices())[0]
        try #require(before.status == .ambiguous)
        let chosen = Self.resolved(contact, PhoneRegionChoices(numbers: [.init(contactID: "rosa", number: "713-660-0344", region: "MX")]))[0]
        #expect(chosen.status == .resolved)
        #expect(chosen.regionCode == "MX")
        #expect(chosen.e164 == before.candidates?.first { $0.region == "MX" }?.e164)
    }

    @Test func theEvidenceSignatureNamesKindsAndRegions() {
        let evidence = PhoneRegionEvidence(addressRegions: ["DE", "AT"], emailRegions: ["MX"], defaultRegion: "us")
        #expect(evidence.signature == "address AT,DE; email MX; default US")
        #expect(PhoneRegionEvidence(defaultRegion: "US").signature == "default US")
    }
}
