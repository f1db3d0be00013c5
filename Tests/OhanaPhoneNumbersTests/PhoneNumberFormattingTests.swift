import Foundation
import Ohana
import OhanaPhoneNumbers
import Testing

@Suite("PhoneNumberFormatting")
struct PhoneNumberFormattingTests {
    // Ported from Ohana's OHPhoneNumberFormattingPostProcessorTests (testFormatting).
    @Test("formats a number in all four formats")
    func formatting() async throws {
        let contact = Contact(fields: [ContactField(type: .phoneNumber, label: "test", value: "650-2530000")])
        let processed = try await PhoneNumberFormatting(formats: .all, defaultRegion: "US").process([contact])
        let details = try #require(processed.first?.fields.first?.phoneNumber)
        #expect(details.e164 == "+16502530000")
        #expect(details.international == "+1 650-253-0000")
        #expect(details.national == "(650) 253-0000")
        #expect(details.rfc3966 == "tel:+1-650-253-0000")
        #expect(details.isParsed)
        #expect(details.isValid)
        #expect(details.regionSource == .defaultRegion)
        #expect(processed.first?.fields.first?.value == "650-2530000")
    }

    @Test("a number valid in no candidate region gets no formatted form (the original formatted 555 numbers)")
    func fictionalUnresolved() async throws {
        let contact = Contact(fields: [ContactField(type: .phoneNumber, label: "test", value: "555-5555555")])
        let processed = try await PhoneNumberFormatting(formats: .all, defaultRegion: "US").process([contact])
        let details = try #require(processed.first?.fields.first?.phoneNumber)
        #expect(details.status == .unresolved)
        #expect(details.e164 == nil && details.international == nil && details.national == nil && details.rfc3966 == nil)
        #expect(processed.first?.fields.first?.value == "555-5555555")
    }

    // Ported from Ohana's OHPhoneNumberFormattingPostProcessorTests (testFormattingLimited).
    @Test("computes only the requested formats")
    func formattingLimited() async throws {
        let contact = Contact(fields: [ContactField(type: .phoneNumber, label: "test", value: "650-2530000")])
        let processed = try await PhoneNumberFormatting(formats: [.e164, .national], defaultRegion: "US")
            .process([contact])
        let details = try #require(processed.first?.fields.first?.phoneNumber)
        #expect(details.e164 != nil)
        #expect(details.international == nil)
        #expect(details.national != nil)
        #expect(details.rfc3966 == nil)
    }

    @Test("a contact living in Germany has its national numbers read as German")
    func addressRegionByCode() async throws {
        let contact = Contact(
            fields: [.phone("030 1234567")],
            postalAddresses: [PostalAddress(city: "Berlin", isoCountryCode: "DE")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        let details = try #require(processed[0].fields[0].phoneNumber)
        #expect(details.e164 == "+49301234567")
        #expect(details.isValid)
        #expect(details.regionCode == "DE")
        #expect(details.assumedRegion == "DE")
    }

    @Test("the address's country name chooses the region when it has no ISO code",
          arguments: ["Germany", "Deutschland", "DEUTSCHLAND", "Allemagne"])
    func addressRegionByName(_ country: String) async throws {
        let contact = Contact(fields: [.phone("030 1234567")], postalAddresses: [PostalAddress(country: country)])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        #expect(processed[0].fields[0].phoneNumber?.e164 == "+49301234567")
    }

    @Test("without an address, or with an unknown country, the default region is used")
    func defaultRegionFallback() async throws {
        let noAddress = Contact(fields: [.phone("(650) 253-0000")])
        let unknownCountry = Contact(fields: [.phone("(650) 253-0000")], postalAddresses: [PostalAddress(country: "Atlantis")])
        let processor = PhoneNumberFormatting(defaultRegion: "US")
        let processed = try await processor.process([noAddress, unknownCountry])
        for contact in processed {
            #expect(contact.fields[0].phoneNumber?.e164 == "+16502530000")
            #expect(contact.fields[0].phoneNumber?.assumedRegion == "US")
        }
        #expect(processor.region(for: unknownCountry) == "US")
    }

    @Test("the same number reads differently by region, and the address can be ignored")
    func addressRegionCanBeTurnedOff() async throws {
        let contact = Contact(fields: [.phone("030 1234567")], postalAddresses: [PostalAddress(isoCountryCode: "DE")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US", usesAddressRegion: false).process([contact])
        let details = try #require(processed[0].fields[0].phoneNumber)
        #expect(details.e164 != "+49301234567")
        #expect(!details.isValid)
        #expect(details.status == .unresolved)
        #expect(details.e164 == nil)
    }

    @Test("a national number invalid in the assumed region is read in the region of the contact's international numbers")
    func regionFromOwnNumbers() async throws {
        let contact = Contact(fields: [.phone("+49 30 1234567", label: .work), .phone("0151 23456789", label: .mobile)])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        let mobile = try #require(processed[0].fields[1].phoneNumber)
        #expect(mobile.e164 == "+4915123456789")
        #expect(mobile.isValid)
        #expect(mobile.assumedRegion == "DE")
        #expect(mobile.regionCode == "DE")

        let off = try await PhoneNumberFormatting(defaultRegion: "US", infersRegionFromNumbers: false).process([contact])
        #expect(off[0].fields[1].phoneNumber?.isValid == false)
        #expect(off[0].fields[1].phoneNumber?.status == .unresolved)
        #expect(off[0].fields[1].phoneNumber?.e164 == nil)
    }

    @Test("a national number invalid in the other numbers' region is read in the default region, or left unresolved")
    func validNumbersStay() async throws {
        let contact = Contact(fields: [.phone("+33 1 42 68 53 00"), .phone("(650) 253-0000"), .phone("030 12")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        // Invalid in France (the other number's country), valid in the default region.
        #expect(processed[0].fields[1].phoneNumber?.e164 == "+16502530000")
        #expect(processed[0].fields[1].phoneNumber?.regionSource == .defaultRegion)
        // Invalid in France and in the US: unresolved, no E.164.
        #expect(processed[0].fields[2].phoneNumber?.e164 == nil)
        #expect(processed[0].fields[2].phoneNumber?.status == .unresolved)
        #expect(processed[0].fields[2].phoneNumber?.isValid == false)
    }

    @Test("a preferred address wins over the first one")
    func preferredAddress() {
        let contact = Contact(postalAddresses: [
            PostalAddress(isoCountryCode: "FR"), PostalAddress(country: "Japan", isPreferred: true),
        ])
        #expect(PhoneNumberFormatting(defaultRegion: "US").region(for: contact) == "JP")
    }

    @Test("an address without a country is skipped for the next one")
    func skipsAddressWithoutCountry() {
        let contact = Contact(postalAddresses: [PostalAddress(city: "Somewhere"), PostalAddress(country: "Brasil")])
        #expect(PhoneNumberFormatting(defaultRegion: "US").region(for: contact) == "BR")
    }

    @Test("numbers with a country code ignore the address")
    func countryCodeWins() async throws {
        let contact = Contact(fields: [.phone("+44 20 7031 3000")], postalAddresses: [PostalAddress(isoCountryCode: "DE")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        let details = try #require(processed[0].fields[0].phoneNumber)
        #expect(details.e164 == "+442070313000")
        #expect(details.regionCode == "GB")
        #expect(details.assumedRegion == nil)
    }

    @Test("garbage is kept exactly as written and marked, never dropped")
    func garbageKept() async throws {
        let values = ["call me maybe", "", "+999 123456", "🙂", "0000000000000000000000"]
        let contact = Contact(fields: values.map { ContactField.phone($0, label: .home) } + [.email("a@example.com")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        #expect(processed.count == 1)
        #expect(processed[0].fields.count == values.count + 1)
        for (field, value) in zip(processed[0].fields, values) {
            #expect(field.value == value)
            #expect(field.label == .home)
            let details = try #require(field.phoneNumber)
            #expect(!details.isParsed)
            #expect(!details.isValid)
            #expect(details.problem != nil)
            #expect(details.e164 == nil && details.international == nil && details.national == nil && details.rfc3966 == nil)
        }
        #expect(processed[0].fields.last?.phoneNumber == nil)
        #expect(processed[0].fields.last?.value == "a@example.com")
    }

    @Test("a number possible but not valid in the address's country is not formatted: kept as written, with why")
    func invalidMarked() async throws {
        let contact = Contact(fields: [.phone("030 12")], postalAddresses: [PostalAddress(isoCountryCode: "DE")])
        let processed = try await PhoneNumberFormatting(formats: .e164, defaultRegion: "US").process([contact])
        let details = try #require(processed[0].fields[0].phoneNumber)
        #expect(!details.isParsed)
        #expect(details.status == .unresolved)
        #expect(details.e164 == nil)
        #expect(details.problem == "not valid in DE (address) nor US (default region)")
    }

    @Test("extensions survive formatting")
    func extensions() async throws {
        let contact = Contact(fields: [.phone("(650) 253-0000 x 42")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        let details = try #require(processed[0].fields[0].phoneNumber)
        #expect(details.international == "+1 650-253-0000 ext. 42")
        #expect(details.rfc3966 == "tel:+1-650-253-0000;ext=42")
    }

    @Test("contacts keep their order and everything but phone details")
    func keepsEverythingElse() async throws {
        let contacts = (0..<50).map { index in
            Contact(
                id: ContactID(rawValue: "c\(index)"), givenName: "Person \(index)",
                fields: [.email("p\(index)@example.com"), .phone("+1 650 253 \(String(format: "%04d", index))")])
        }
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process(contacts)
        #expect(processed.map(\.id) == contacts.map(\.id))
        for (before, after) in zip(contacts, processed) {
            var stripped = after
            stripped.fields = stripped.fields.map { var field = $0; field.phoneNumber = nil; return field }
            #expect(stripped == before)
            #expect(after.fields[1].phoneNumber?.isParsed == true)
        }
    }

    @Test("details set earlier are replaced, not kept stale")
    func recomputes() async throws {
        var field = ContactField.phone("030 1234567")
        field.phoneNumber = PhoneNumberDetails(isParsed: false, isValid: false, problem: "stale")
        let contact = Contact(fields: [field], postalAddresses: [PostalAddress(isoCountryCode: "DE")])
        let processed = try await PhoneNumberFormatting(defaultRegion: "US").process([contact])
        #expect(processed[0].fields[0].phoneNumber?.problem == nil)
        #expect(processed[0].fields[0].phoneNumber?.isParsed == true)
    }

    @Test("the default region defaults to the current one")
    func defaultRegionDefault() {
        #expect(PhoneNumberFormatting().defaultRegion == RegionCodes.current)
        #expect(PhoneNumberFormatting(defaultRegion: "de").defaultRegion == "DE")
    }

    @Test("post processors run from many tasks at once agree")
    func concurrentProcessing() async throws {
        let contacts = goldenNumbers.map { Contact(fields: [.phone($0.input)], postalAddresses: [PostalAddress(isoCountryCode: $0.region)]) }
        let processor = PhoneNumberFormatting(defaultRegion: "US")
        let expected = goldenNumbers.map(\.rfc3966)
        try await withThrowingTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 {
                group.addTask { try await processor.process(contacts).map { $0.fields[0].phoneNumber?.rfc3966 } }
            }
            for try await result in group { #expect(result == expected) }
        }
    }
}
