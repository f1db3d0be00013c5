import Ohana
import OhanaPhoneNumbers
import OhanaSampleData
import Testing

/// A card with one number, an address that names no country (`city`, `postalCode`), the given
/// emails and, optionally, a second address with a country.
private func card(
    _ number: String, city: String? = nil, region: String? = nil, postalCode: String? = nil, emails: [String] = [],
    country: String? = nil
) -> Contact {
    var addresses = [PostalAddress(city: city, region: region, postalCode: postalCode)]
    if let country { addresses.append(PostalAddress(country: country)) }
    return Contact(fields: [.phone(number)] + emails.map { .email($0) }, postalAddresses: addresses)
}

/// Resolves the card's number with `defaultRegion`.
private func resolve(_ contact: Contact, defaultRegion: String = "US") throws -> PhoneNumberDetails {
    var contact = contact
    var resolver = PhoneNumberResolver()
    resolver.resolve(&contact, defaultRegion: defaultRegion)
    return try #require(contact.fields[0].phoneNumber)
}

/// The locality regions the resolver's evidence finds on the card.
private func localityRegions(_ contact: Contact, defaultRegion: String = "US") -> [String] {
    var resolver = PhoneNumberResolver()
    return resolver.evidence(for: contact, defaultRegion: defaultRegion).localityRegions
}

@Suite("PhoneNumberResolver: a city or postal code that fits one country")
struct PhoneLocalityTests {
    @Test("a city of one country names it when the address has no country: Munich's number is German")
    func uniqueCity() throws {
        let contact = card("089 2992940", city: "München", postalCode: "80331")
        #expect(localityRegions(contact) == ["DE"])
        let details = try resolve(contact)
        #expect(details.e164 == "+49892992940")
        #expect(details.regionSource == .addressLocality)
    }

    @Test("a city that exists in several countries is no evidence", arguments: [
        // Paris, Texas; London, Ontario; Berlin, New Hampshire; Sydney, Nova Scotia.
        ("Paris", "TX", "75460"), ("London", "ON", "N6A 3K7"), ("Berlin", "NH", "03570"), ("Sydney", "NS", "B1P 1A1"),
    ])
    func sharedCity(_ city: String, _ region: String, _ postalCode: String) {
        // The card's email names France, the default region the US: neither the city nor a postal code
        // that both write the same way decides between them.
        let contact = card("06 12 34 56 78", city: city, region: region, postalCode: postalCode, emails: ["claire@orange.fr"])
        let found = localityRegions(contact)
        #expect(!found.contains("FR") && !found.contains("GB") && !found.contains("DE") && !found.contains("AU"))
    }

    @Test("Paris, Texas: the French number stays where the card's other evidence puts it, not in France by the city")
    func parisTexas() throws {
        // A French mobile on a card with only a Texan address and the US as default: not valid in the
        // US, and the city's name does not make it French.
        let details = try resolve(card("06 12 34 56 78", city: "Paris", region: "TX", postalCode: "75460"))
        #expect(details.e164 == nil)
        #expect(details.status == .unresolved)
    }

    @Test("a 5-digit postal code fits Germany, the US, France, Mexico... and decides nothing alone", arguments: [
        ["claire@orange.fr"], ["max@web.de"], ["lupita@prodigy.net.mx"], ["max@web.de", "claire@orange.fr"],
    ])
    func fiveDigits(_ emails: [String]) {
        #expect(localityRegions(card("06 12 34 56 78", postalCode: "75008", emails: emails)).isEmpty)
        #expect(localityRegions(card("06 12 34 56 78", postalCode: "80331", emails: emails)).isEmpty)
    }

    @Test("a postal code written as exactly one candidate region writes them names it", arguments: [
        ("1015 CJ", ["jan@ziggo.nl", "pierre@free.fr"], "NL" as String?),
        ("SW1A 1AA", ["tom@btinternet.co.uk"], "GB"),
        ("K1A 0B1", ["marie@videotron.ca"], "CA"),
        ("100-0005", ["k.sato@docomo.ne.jp"], "JP"),
        ("〒100-0005", ["k.sato@docomo.ne.jp"], "JP"),
        ("1000-001", ["joao@sapo.pt"], "PT"),
        // Four digits: Australia and Switzerland both write them so.
        ("8001", ["bruce@bigpond.com.au", "hans@bluewin.ch"], nil),
        // Not the shape of any candidate's codes.
        ("ABC", ["claire@orange.fr"], nil),
    ])
    func postalCode(_ code: String, _ emails: [String], _ region: String?) {
        #expect(localityRegions(card("030 90182000", postalCode: code, emails: emails)) == (region.map { [$0] } ?? []))
    }

    @Test("a city whose postal code is not written as its country writes them: the card disagrees with itself")
    func cityAgainstPostalCode() {
        #expect(localityRegions(card("089 2992940", city: "München", postalCode: "SW1A 1AA")).isEmpty)
        #expect(localityRegions(card("089 2992940", city: "München")) == ["DE"])
    }

    @Test("an address with a country, or with X-ABADR in its group, gives no locality evidence")
    func addressWithCountry() {
        let withCountry = Contact(
            fields: [.phone("089 2992940")], postalAddresses: [PostalAddress(city: "München", country: "USA")])
        #expect(localityRegions(withCountry).isEmpty)
        let withApple = Contact(
            fields: [.phone("089 2992940")], postalAddresses: [PostalAddress(city: "München", group: "item1")],
            unmappedProperties: [UnmappedProperty(group: "item1", name: "X-ABADR", value: "us")])
        #expect(localityRegions(withApple).isEmpty)
    }

    @Test("the postal code breaks a tie between two emails: a Dutch mobile on a card with a Dutch postal code")
    func breaksTie() throws {
        // 06 1234 5678 is a Dutch mobile and a French one; the card's emails are Dutch and French.
        let tied = try resolve(card("06 1234 5678", emails: ["jan@ziggo.nl", "pierre@free.fr"]))
        #expect(tied.status == .ambiguous)
        let details = try resolve(card("06 1234 5678", city: "Amsterdam", postalCode: "1015 CJ", emails: ["jan@ziggo.nl", "pierre@free.fr"]))
        #expect(details.e164 == "+31612345678")
        #expect(details.candidates?.first?.evidence == [.emailDomain, .addressLocality])
    }

    @Test("a city never overturns an address's country on its own", arguments: [
        // Valid in Germany and in Japan; a German address, and a second one in Tokyo.
        ("0623 264385", "+49623264385" as String?, PhoneNumberStatus.resolved),
        // The same digits written the Japanese way: the writing and the city together come close, no more.
        ("06-2326-4385", nil, PhoneNumberStatus.ambiguous),
    ])
    func neverOverturns(_ number: String, _ e164: String?, _ status: PhoneNumberStatus) throws {
        let details = try resolve(card(number, city: "東京", country: "Deutschland"))
        #expect(details.status == status)
        #expect(details.e164 == e164)
        #expect(details.candidates?.contains { $0.region == "JP" && $0.evidence == [.addressLocality] } == true)
    }
}

@Suite("PhoneNumberTestSet: cards whose address names only a city or postal code")
struct PhoneLocalityTestSetTests {
    @Test("every number on them comes out as its truth says: decided ones right, the others none or right")
    func localityCards() throws {
        var checked = 0
        for entry in PhoneNumberTestSet.entries
        where entry.contact.postalAddresses.contains(where: { $0.country == nil && $0.isoCountryCode == nil }) {
            var contact = entry.contact
            var resolver = PhoneNumberResolver()
            resolver.resolve(&contact, defaultRegion: PhoneNumberTestSet.defaultRegion)
            for (truth, field) in zip(entry.truths, contact.phoneNumbers) {
                let found = field.phoneNumber?.e164
                switch truth {
                case .decided(let e164, let source):
                    #expect(found == e164, "\(field.value)")
                    #expect(field.phoneNumber?.regionSource == source, "\(field.value)")
                case .undecided(let e164): #expect(found == nil || found == e164, "\(field.value)")
                case .junk: #expect(found == nil, "\(field.value)")
                }
                checked += 1
            }
        }
        #expect(checked >= 8)
    }
}
