import Ohana
import OhanaPhoneNumbers
import OhanaSampleData
import Testing

/// Resolves the first phone field of `contact` and returns its details.
private func resolve(_ contact: Contact, defaultRegion: String = "US") throws -> PhoneNumberDetails {
    var contact = contact
    var resolver = PhoneNumberResolver()
    resolver.resolve(&contact, defaultRegion: defaultRegion)
    return try #require(contact.fields.first(where: { $0.type == .phoneNumber })?.phoneNumber)
}

@Suite("PhoneNumberResolver: valid or unresolved")
struct PhoneValidOrUnresolvedTests {
    @Test("a number not valid in the region its evidence names gets no E.164, and says where it was tried", arguments: [
        ("056 921 0546", "USA", "not valid in US (address, default region)"),
        ("0161 707 8562", "United Arab Emirates", "not valid in AE (address) nor US (default region)"),
        ("030 62516842", "Australia", "not valid in AU (address) nor US (default region)"),
    ])
    func invalidWithAddress(_ number: String, _ country: String, _ reason: String) throws {
        let details = try resolved(number, country: country)
        #expect(details.e164 == nil)
        #expect(details.status == .unresolved)
        #expect(details.problem == reason)
    }

    @Test("a number written with its own country code is formatted as written and still marked invalid")
    func ownCountryCodeInvalid() throws {
        // A possible length for North America, but no area code starts with 0.
        let details = try resolved("+1 056 921 0546", iso: "US")
        #expect(details.status == .resolved)
        #expect(details.regionSource == .countryCode)
        #expect(details.e164 == "+10569210546")
        #expect(!details.isValid)
        #expect(details.problem != nil)
        // Too short for France: kept as written.
        let short = try resolved("+33 1 42 68 53")
        #expect(short.e164 == nil)
        #expect(short.status == .unresolved)
    }

    @Test("every resolved national number is valid where it was read", arguments: [
        ("056 921 0546", "AE"), ("0161 707 8562", "GB"), ("030 62516842", "DE"), ("(650) 253-0000", "US"),
    ])
    func resolvedAreValid(_ number: String, _ iso: String) throws {
        let details = try resolved(number, iso: iso)
        #expect(details.status == .resolved)
        #expect(details.isValid)
        #expect(details.assumedRegion == iso)
    }
}

@Suite("PhoneNumberResolver: weighed evidence")
struct PhoneWeighingTests {
    @Test("evidence that disagrees and no clear winner: ambiguous, with candidates, no E.164")
    func ambiguousWithEmail() throws {
        // Written the North American way on a card with a Mexican email: valid in both.
        let details = try resolved("713-660-0344", email: "lupita@prodigy.net.mx")
        #expect(details.status == .ambiguous)
        #expect(details.e164 == nil && details.international == nil)
        let candidates = try #require(details.candidates)
        #expect(Set(candidates.map(\.region)) == ["MX", "US"])
        #expect(candidates.first { $0.region == "US" }?.writing == .groupingAndSeparators)
        #expect(candidates.first { $0.region == "MX" }?.evidence == [.emailDomain])
        #expect(details.problem?.contains("MX (email domain") == true)
        #expect(details.problem?.contains("US (default region, written as there)") == true)
        #expect(!details.isResolved)
    }

    @Test("how the number is written decides between two regions the evidence names", arguments: [
        // Mexico City's 55 grouped the Mexican way, on a card with a Mexican email (default US).
        ("(55) 1996-0480", "a@prodigy.net.mx", "+525519960480", PhoneRegionSource.emailDomain),
    ])
    func writingDecides(_ number: String, _ email: String, _ e164: String, _ source: PhoneRegionSource) throws {
        let details = try resolved(number, email: email)
        #expect(details.e164 == e164)
        #expect(details.regionSource == source)
        #expect(details.candidates?.count == 2)
        #expect(details.candidates?.first?.writing == .grouping)
    }

    @Test("a German and a Japanese address with X-ABADR:de: Munich's number written the German way is German")
    func twoAddresses() throws {
        let contact = Contact(
            fields: [.phone("089/2992940")],
            postalAddresses: [PostalAddress(city: "München", country: "Deutschland"), PostalAddress(city: "Tokyo", country: "Japan")],
            unmappedProperties: [UnmappedProperty(group: "item1", name: "X-ABADR", value: "de")])
        let details = try resolve(contact)
        #expect(details.e164 == "+49892992940")
        #expect(details.regionSource == .address)
        #expect(details.candidates?.map(\.region) == ["DE", "JP"])
    }

    @Test("Apple's X-ABADR names the address's country when the address has none")
    func appleCountryCode() throws {
        let contact = Contact(
            fields: [.phone("0151 62794932")], postalAddresses: [PostalAddress(city: "Berlin")],
            unmappedProperties: [UnmappedProperty(group: "item1", name: "X-ABADR", value: "de")])
        let details = try resolve(contact)
        #expect(details.e164 == "+4915162794932")
        #expect(details.regionSource == .address)
        #expect(PhoneRegionEvidence.addressRegions(of: contact) == ["DE"])
    }

    @Test("a number valid in India and in the US on a card with an Indian address: the writing tells", arguments: [
        ("70123 45678", "+917012345678" as String?, PhoneNumberStatus.resolved),
        ("(701) 234-5678", nil, PhoneNumberStatus.ambiguous),
    ])
    func indiaOrUS(_ number: String, _ e164: String?, _ status: PhoneNumberStatus) throws {
        let details = try resolved(number, iso: "IN")
        #expect(details.e164 == e164)
        #expect(details.status == status)
    }

    @Test("a Japanese way of writing on a card with a Dutch address and a Japanese email is no clear winner")
    func japaneseWriting() throws {
        let details = try resolved("06-2326-4385", iso: "NL", email: "k.sato@docomo.ne.jp")
        #expect(details.status == .ambiguous)
        #expect(details.candidates?.first?.region == "JP")
        #expect(details.candidates?.first?.writing == .groupingAndSeparators)
    }

    @Test("a number only the default region places, written as another region writes its numbers, gets no E.164", arguments: [
        // North American numbers on cards with nothing else, read with Germany as the default region:
        // valid there too (+49 7182 851598), but no German writes them so.
        ("(718) 285-1598", "US"), ("415.555.0134", "US"), ("206.270.0259", "US"),
        // Mexico City's 55 grouped the Mexican way.
        ("55 9162 2142", "MX"),
    ])
    func contestedByWriting(_ number: String, _ writer: String) throws {
        let details = try resolved(number, defaultRegion: "DE")
        #expect(details.status == .ambiguous)
        #expect(details.e164 == nil && details.international == nil)
        let candidates = try #require(details.candidates)
        #expect(candidates.contains { $0.region == "DE" && $0.evidence == [.defaultRegion] })
        #expect(candidates.contains { $0.region == writer && $0.evidence.isEmpty && $0.writing != .none })
        #expect(details.problem?.contains("DE (default region)") == true)
        // Where the default region is the one it is written as, it is resolved there.
        let home = try resolved(number, defaultRegion: writer)
        #expect(home.status == .resolved && home.assumedRegion == writer)
    }

    @Test("written as the default region writes it, or as bare digits, a number the default region places stays resolved", arguments: [
        ("030 90182000", "DE", "+493090182000"), ("7182851598", "DE", "+497182851598"), ("(718) 285-1598", "US", "+17182851598"),
    ])
    func notContested(_ number: String, _ region: String, _ e164: String) throws {
        let details = try resolved(number, defaultRegion: region)
        #expect(details.e164 == e164)
        #expect(details.regionSource == .defaultRegion)
    }

    @Test("a number split only where another region splits it, and elsewhere than the default region does, gets no E.164")
    func contestedBySplits() throws {
        // Shanghai's 021 and eight digits, as Chinese people write it: valid in Germany as 02180 601432.
        let details = try resolved("021-80601432", defaultRegion: "DE")
        #expect(details.status == .ambiguous)
        #expect(details.e164 == nil)
        let china = try #require(details.candidates?.first { $0.region == "CN" })
        #expect(china.writing == .splitAsThere && china.evidence.isEmpty)
        #expect(details.problem?.contains("CN (split as there)") == true)
        // Split where Germany splits it (after the area code), it stays German.
        #expect(try resolved("02180-601432", defaultRegion: "DE").e164 == "+492180601432")
        #expect(PhoneNumberResolver.writingMatch(of: "021-80601432", in: "CN") == .splitAsThere)
        #expect(PhoneNumberResolver.writingMatch(of: "021-80601432", in: "DE") == .none)
    }

    @Test("a number labeled mobile that the default region reads as a landline and another region as a mobile gets no E.164",
          arguments: ["07950660690", "07950 660690", "07951-123456"])
    func contestedByMobileLabel(_ number: String) throws {
        let details = try resolved(number, defaultRegion: "DE", label: .mobile)
        #expect(details.status == .ambiguous)
        #expect(details.e164 == nil)
        let britain = try #require(details.candidates?.first { $0.region == "GB" })
        #expect(britain.evidence == [.mobileLabel])
        #expect(details.problem?.contains("GB (mobile there") == true)
        // Without the label, or labeled home, the default region still places it.
        #expect(try resolved(number, defaultRegion: "DE").status == .resolved)
        #expect(try resolved(number, defaultRegion: "DE", label: .home).e164?.hasPrefix("+49") == true)
    }

    @Test("a mobile label does not contest a number that is a mobile at home, nor where mobiles look like landlines, nor one no other region makes a mobile", arguments: [
        ("0151 62794932", "DE", "+4915162794932"), ("030 90182000", "DE", "+493090182000"), ("(718) 285-1598", "US", "+17182851598"),
        // Looks British, but libphonenumber says 07700 2… is no valid number there: German, as written.
        ("07700 281790", "DE", "+497700281790"),
    ])
    func mobileLabelNotContested(_ number: String, _ region: String, _ e164: String) throws {
        #expect(try resolved(number, defaultRegion: region, label: .mobile).e164 == e164)
    }

    @Test("the same number read in two regions of one country code is one candidate, not a conflict")
    func sameNumberTwoRegions() throws {
        let details = try resolved("(416) 979-1234", country: "Canada")
        #expect(details.e164 == "+14169791234")
        #expect(details.candidates == nil)
    }

    @Test("the writing of a number compared with a region's forms", arguments: [
        ("713-660-0344", "US", PhoneWritingMatch.groupingAndSeparators), ("713-660-0344", "MX", .grouping),
        ("(55) 1996-0480", "MX", .grouping), ("(55) 1996-0480", "US", .none), ("089/2992940", "DE", .grouping),
        ("089/2992940", "JP", .none), ("06-2326-4385", "JP", .groupingAndSeparators), ("06-2326-4385", "NL", .none),
        ("1-212-736-5000", "US", .groupingAndSeparators), ("2127365000", "US", .none), ("70123 45678", "IN", .groupingAndSeparators),
        // Beyond ASCII: full-width digits and dashes, no-break spaces.
        ("０６－２３２６－４３８５", "JP", .groupingAndSeparators), ("713\u{00A0}660\u{00A0}0344", "US", .grouping),
        // Split where the region splits it, or elsewhere.
        ("021-80601432", "CN", .splitAsThere), ("0218-0601432", "CN", .none),
    ])
    func writing(_ number: String, _ region: String, _ match: PhoneWritingMatch) throws {
        #expect(PhoneNumberResolver.writingMatch(of: number, in: region) == match)
    }

    @Test("the resolution is the same whichever formats are asked for (lighter regions are skipped only when they cannot change it)")
    func sameWithEveryFormat() async throws {
        let contacts = PhoneNumberTestSet.contacts + ContactGenerator(seed: 11).generate(count: 1_500)
        let all = try await PhoneNumberFormatting(formats: .all, defaultRegion: "US").process(contacts)
        let e164 = try await PhoneNumberFormatting(formats: .e164, defaultRegion: "US").process(contacts)
        var compared = 0
        for (a, b) in zip(all, e164) {
            for (x, y) in zip(a.phoneNumbers, b.phoneNumbers) {
                let first = try #require(x.phoneNumber), second = try #require(y.phoneNumber)
                #expect(first.status == second.status, "\(x.value)")
                #expect(first.e164 == second.e164, "\(x.value)")
                #expect(first.regionSource == second.regionSource, "\(x.value)")
                compared += 1
            }
        }
        #expect(compared > 2_000)
    }
}
