import Ohana

/// What a contact says about where its numbers written without a country code belong, in order of
/// strength: its addresses' countries, its other numbers' country codes, its email domains'
/// country-code top-level domains, then the caller's default region.
public struct PhoneRegionEvidence: Hashable, Sendable {
    /// Regions of the contact's postal addresses (preferred first), by ISO code or country name.
    public var addressRegions: [String]
    /// Regions of the contact's numbers written with a country code (`+49 …`, `0049 …`).
    public var numberRegions: [String]
    /// Regions of the country-code top-level domains of the contact's email addresses.
    public var emailRegions: [String]
    /// The caller's default region.
    public var defaultRegion: String

    /// Creates evidence from known regions (ISO 3166 codes).
    public init(addressRegions: [String] = [], numberRegions: [String] = [], emailRegions: [String] = [], defaultRegion: String) {
        self.addressRegions = addressRegions
        self.numberRegions = numberRegions
        self.emailRegions = emailRegions
        self.defaultRegion = defaultRegion.uppercased()
    }

    /// The candidate regions in order of evidence, each once, with the evidence that names it.
    public var candidates: [(region: String, source: PhoneRegionSource)] {
        var result: [(region: String, source: PhoneRegionSource)] = []
        func add(_ regions: [String], _ source: PhoneRegionSource) {
            for region in regions where !result.contains(where: { $0.region == region }) { result.append((region, source)) }
        }
        add(addressRegions, .address)
        add(numberRegions, .otherNumbers)
        add(emailRegions, .emailDomain)
        add([defaultRegion], .defaultRegion)
        return result
    }

    /// The regions of a contact's postal addresses, preferred addresses first, each once.
    public static func addressRegions(of contact: Contact) -> [String] {
        var regions: [String] = []
        for preferred in [true, false] {
            for address in contact.postalAddresses where address.isPreferred == preferred {
                let region = address.isoCountryCode.flatMap(RegionCodes.region(forCountry:))
                    ?? address.country.flatMap(RegionCodes.region(forCountry:))
                if let region, !regions.contains(region) { regions.append(region) }
            }
        }
        return regions
    }

    /// The regions named by the country-code top-level domains of a contact's email addresses
    /// (`web.de` → DE, `yahoo.co.jp` → JP, `.uk` → GB), each once; generic domains (`.com`) and
    /// country domains sold as generic ones (`.io`, `.co`, `.tv`, `.me`...) name none.
    public static func emailRegions(of contact: Contact) -> [String] {
        var regions: [String] = []
        for field in contact.fields where field.type == .emailAddress {
            if let region = emailRegion(of: field.value), !regions.contains(region) { regions.append(region) }
        }
        return regions
    }

    /// The region of one email address's top-level domain, if it is a country's.
    public static func emailRegion(of address: String) -> String? {
        guard let at = address.lastIndex(of: "@") else { return nil }
        var domain = address[address.index(after: at)...]
        while let last = domain.last, last == "." || last == " " || last == ">" { domain = domain.dropLast() }
        guard let dot = domain.lastIndex(of: ".") else { return nil }
        let tld = domain[domain.index(after: dot)...].lowercased()
        guard tld.utf8.count == 2, tld.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }),
              !genericCountryDomains.contains(tld) else { return nil }
        let region = tld == "uk" ? "GB" : tld.uppercased()
        return PhoneNumberUtility.shared.isSupportedRegion(region) ? region : nil
    }

    /// Country-code domains mostly registered as generic ones, which say nothing about a country.
    private static let genericCountryDomains: Set<String> = [
        "io", "co", "tv", "me", "ai", "fm", "ly", "cc", "ws", "to", "gg", "sh", "ac", "am", "gs", "la", "nu", "tk", "ml", "ga",
        "cf", "gq", "vc", "mu", "so", "st", "su", "eu", "re",
    ]
}
