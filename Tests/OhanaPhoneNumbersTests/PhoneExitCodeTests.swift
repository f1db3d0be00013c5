import Ohana
import OhanaPhoneNumbers
import Testing

@Suite("PhoneNumberResolver: international prefixes by region")
struct PhoneExitCodeTests {
    @Test("00 is an international prefix whatever the default region and the evidence", arguments: [
        ("00966 59 255 4721", "US", "+966592554721"), ("0049 (0)151 62794932", "US", "+4915162794932"),
        ("00 33 1 42 68 53 00", "JP", "+33142685300"), ("0044 20 7946 0018", "AU", "+442079460018"),
        ("00351 919 109 619", "BR", "+351919109619"), ("001 212 736 5000", "DE", "+12127365000"),
    ])
    func doubleZero(_ number: String, _ region: String, _ e164: String) throws {
        let details = try resolved(number, defaultRegion: region)
        #expect(details.e164 == e164)
        #expect(details.regionSource == .countryCode)
        #expect(details.assumedRegion == nil)
    }

    @Test("the default region's own international prefix, as libphonenumber's metadata has it, is one", arguments: [
        ("011 49 30 9018 2000", "US", "+493090182000"), ("011-44-7911-123456", "CA", "+447911123456"),
        ("0011 44 20 7946 0018", "AU", "+442079460018"), ("0011 64 9 309 1234", "AU", "+6493091234"),
        ("010 33 1 42 68 53 00", "JP", "+33142685300"), ("010-82-2-312-3456", "JP", "+8223123456"),
        ("8~10 49 151 62794932", "RU", "+4915162794932"), ("8 10 33 6 12 34 56 78", "RU", "+33612345678"),
        ("810 44 20 7946 0018", "RU", "+442079460018"),
    ])
    func defaultRegionPrefix(_ number: String, _ region: String, _ e164: String) throws {
        let details = try resolved(number, defaultRegion: region)
        #expect(details.e164 == e164)
        #expect(details.regionSource == .countryCode)
    }

    @Test("another region's international prefix, with nothing putting the caller there, is not one", arguments: [
        ("011 49 30 9018 2000", "DE"), ("011 44 20 7946 0018", "GB"), ("0011 44 20 7946 0018", "US"),
        ("010 33 1 42 68 53 00", "US"), ("010-82-2-312-3456", "DE"), ("8~10 49 151 62794932", "US"),
        ("810 44 20 7946 0018", "FR"), ("01049439744", "US"), ("0011 64 9 309 1234", "US"), ("0011 1 212 736 5000", "DE"),
    ])
    func foreignPrefix(_ number: String, _ region: String) throws {
        let details = try resolved(number, defaultRegion: region)
        #expect(details.e164 == nil, "\(details)")
        #expect(details.status == .unresolved)
    }

    @Test("another region's international prefix is one where the contact's address puts the caller", arguments: [
        ("010 33 1 42 68 53 00", "JP", "+33142685300"), ("0011 44 20 7946 0018", "AU", "+442079460018"),
        ("8~10 49 151 62794932", "RU", "+4915162794932"), ("810 44 20 7946 0018", "RU", "+442079460018"),
        ("011 49 30 9018 2000", "CA", "+493090182000"), ("011 44 20 7946 0018", "US", "+442079460018"),
    ])
    func evidencePrefix(_ number: String, _ iso: String, _ e164: String) throws {
        let details = try resolved(number, iso: iso, defaultRegion: "DE")
        #expect(details.e164 == e164)
        #expect(details.regionSource == .countryCode)
    }

    @Test("a number read through an uncertain prefix is no evidence for another number")
    func uncertainPrefixIsNoEvidence() throws {
        // The card: a Beijing number whose 010 is Japan's exit code, a Shanghai number,
        // and a number written with +86.
        let beijing = try resolved("01049439744", others: ["021 2388 5168", "+86 138 0013 8000"])
        #expect(beijing.e164 == "+861049439744")
        #expect(beijing.regionSource == .otherNumbers)
        let shanghai = try resolved("021 2388 5168", others: ["01049439744", "+86 138 0013 8000"])
        #expect(shanghai.e164 == "+862123885168")
        // Without the +86 number nothing places either; 010 read as Japan's exit code is no evidence.
        #expect(try resolved("021 2388 5168", others: ["010 49 30 9018 2000"]).e164 == nil)
        var resolver = PhoneNumberResolver()
        #expect(resolver.ownCountryCodeRegion(of: "010 49 30 9018 2000", defaultRegion: "US") == nil)
        #expect(resolver.ownCountryCodeRegion(of: "010 49 30 9018 2000", defaultRegion: "JP") == "DE")
        #expect(resolver.ownCountryCodeRegion(of: "011 49 30 9018 2000", defaultRegion: "US") == "DE")
        #expect(resolver.ownCountryCodeRegion(of: "011 49 30 9018 2000", defaultRegion: "DE") == nil)
    }

    @Test("the own country code region of a number, nil for a national one")
    func ownCountryCodeRegion() {
        var resolver = PhoneNumberResolver()
        #expect(resolver.ownCountryCodeRegion(of: "+49 30 9018 2000", defaultRegion: "US") == "DE")
        #expect(resolver.ownCountryCodeRegion(of: "0044 20 7946 0018", defaultRegion: "US") == "GB")
        #expect(resolver.ownCountryCodeRegion(of: "+1 416-979-1234", defaultRegion: "US") == "CA")
        #expect(resolver.ownCountryCodeRegion(of: "030 9018 2000", defaultRegion: "DE") == nil)
        #expect(resolver.ownCountryCodeRegion(of: "+", defaultRegion: "US") == nil)
    }
}
