import Ohana

/// What a contact says about where its numbers written without a country code belong: its
/// addresses' countries (named in any language, by ISO code or by Apple's `X-ABADR`), its other
/// numbers' country codes, its email domains' country-code top-level domains, the city or postal
/// code of an address that names no country (when it fits one country only), and the caller's
/// default region. Each kind weighs as much as ``weight(of:)`` says; a region named by several
/// kinds weighs their sum.
public struct PhoneRegionEvidence: Hashable, Sendable {
    /// Regions of the contact's postal addresses (preferred first), by ISO code, `X-ABADR` or country name.
    public var addressRegions: [String]
    /// Regions of the contact's numbers written with a country code behind a certain prefix (`+49 …`, `0049 …`).
    public var numberRegions: [String]
    /// Regions of the country-code top-level domains of the contact's email addresses.
    public var emailRegions: [String]
    /// Regions that the city or postal code of an address naming no country fits, and no other (``localityRegions(of:candidates:)``).
    public var localityRegions: [String]
    /// The caller's default region.
    public var defaultRegion: String

    /// Creates evidence from known regions (ISO 3166 codes).
    public init(
        addressRegions: [String] = [], numberRegions: [String] = [], emailRegions: [String] = [], localityRegions: [String] = [],
        defaultRegion: String
    ) {
        self.addressRegions = addressRegions
        self.numberRegions = numberRegions
        self.emailRegions = emailRegions
        self.localityRegions = localityRegions
        self.defaultRegion = defaultRegion.uppercased()
    }

    /// How much one kind of evidence weighs: an address 4, another number's country code 3, an email
    /// domain 2, an address's city or postal code 2, the default region 1, a mobile label 0 (the country code a number
    /// is written with is no weight: it decides). A city or postal code alone stays within the
    /// winning margin of any other region named: it breaks a tie, it overturns nothing.
    public static func weight(of source: PhoneRegionSource) -> Int {
        switch source {
        case .countryCode: 0
        case .user: 0
        case .address: 4
        case .otherNumbers: 3
        case .emailDomain: 2
        case .addressLocality: 2
        case .defaultRegion: 1
        case .mobileLabel: 0
        }
    }

    /// The evidence in one line, the same for every contact whose evidence names the same regions
    /// by the same kinds (`address DE; email MX; default US`): the key of a ``PhoneRegionChoices``
    /// rule, so that a choice made for one number applies to the numbers written alike on cards
    /// that say the same about their country, and to no other.
    public var signature: String {
        let kinds: [(String, [String])] = [
            ("address", addressRegions), ("numbers", numberRegions), ("email", emailRegions), ("locality", localityRegions),
        ]
        let named = kinds.filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1.sorted().joined(separator: ","))" }
        return (named + ["default \(defaultRegion)"]).joined(separator: "; ")
    }

    /// The candidate regions in order of evidence, each once, with the strongest evidence that names it.
    public var candidates: [(region: String, source: PhoneRegionSource)] {
        weighedRegions.map { ($0.region, $0.sources[0]) }
    }

    /// Every region the evidence names, each once with the kinds that name it (strongest first)
    /// and their summed weight; heaviest first, ties in the order of the evidence.
    public var weighedRegions: [(region: String, sources: [PhoneRegionSource], weight: Int)] {
        var result: [(region: String, sources: [PhoneRegionSource], weight: Int)] = []
        func add(_ regions: [String], _ source: PhoneRegionSource) {
            for region in regions {
                if let index = result.firstIndex(where: { $0.region == region }) {
                    guard !result[index].sources.contains(source) else { continue }
                    result[index].sources.append(source)
                    result[index].weight += Self.weight(of: source)
                } else {
                    result.append((region, [source], Self.weight(of: source)))
                }
            }
        }
        add(addressRegions, .address)
        add(numberRegions, .otherNumbers)
        add(emailRegions, .emailDomain)
        add(localityRegions, .addressLocality)
        add([defaultRegion], .defaultRegion)
        // A stable sort: a handful of regions.
        for i in result.indices.dropFirst() {
            var j = i
            while j > 0, result[j - 1].weight < result[j].weight {
                result.swapAt(j - 1, j)
                j -= 1
            }
        }
        return result
    }

    /// The regions of a contact's postal addresses, preferred addresses first, each once; then
    /// the country codes of Apple's `X-ABADR` properties (`item1.X-ABADR:de`) not named yet.
    public static func addressRegions(of contact: Contact) -> [String] {
        addressRegions(of: contact, region: RegionCodes.region(forCountry:))
    }

    /// ``addressRegions(of:)`` with `region` turning a country name or code into a region.
    static func addressRegions(of contact: Contact, region: (String) -> String?) -> [String] {
        var regions: [String] = []
        for preferred in [true, false] {
            for address in contact.postalAddresses where address.isPreferred == preferred {
                let found = address.isoCountryCode.flatMap(region) ?? address.country.flatMap(region)
                if let found, !regions.contains(found) { regions.append(found) }
            }
        }
        for property in contact.unmappedProperties where property.name.utf8.count == 7 {
            guard property.name.uppercased() == "X-ABADR", property.value.utf8.count == 2,
                  let found = region(property.value), !regions.contains(found) else { continue }
            regions.append(found)
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
