/// The evidence that decided the region of a phone number, strongest first.
public enum PhoneRegionSource: String, Hashable, Codable, Sendable, CaseIterable {
    /// The number's own country code, written with `+` or after an international exit code (`00`, `011`...).
    case countryCode
    /// The person's choice, for a number the evidence left undecided (`PhoneRegionChoices` in OhanaPhoneNumbers).
    case user
    /// The country of the contact's postal address (ISO code or name in any language).
    case address
    /// The country codes of the contact's other numbers.
    case otherNumbers
    /// The country-code top-level domain of the contact's email addresses (`web.de`, `yahoo.co.jp`).
    case emailDomain
    /// The city or postal code of a contact's address that names no country, when it fits only
    /// one country (weaker than an address's country: it breaks ties, it overturns nothing).
    case addressLocality
    /// The caller's default region.
    case defaultRegion
    /// The number is labeled mobile (`TYPE=cell`) and is a mobile number there, while the default
    /// region reads it as a fixed line. It names no region on its own: it only contests the default region.
    case mobileLabel

    /// The evidence in words, such as `the contact's address`.
    public var explanation: String {
        switch self {
        case .countryCode: "its own country code"
        case .user: "your choice"
        case .address: "the contact's address"
        case .otherNumbers: "the contact's other numbers"
        case .emailDomain: "the contact's email domain"
        case .addressLocality: "the city or postal code of the contact's address"
        case .defaultRegion: "the default region"
        case .mobileLabel: "its mobile label"
        }
    }
}

/// What became of a phone number when its region was resolved.
public enum PhoneNumberStatus: String, Hashable, Codable, Sendable, CaseIterable {
    /// Read as a number of one country, decided by evidence; its formatted forms are set.
    case resolved
    /// A number no evidence decides: kept exactly as written, never formatted or used as E.164.
    case unresolved
    /// A number valid in more than one region the evidence names, none clearly stronger: kept as
    /// written, never formatted, with its ``PhoneNumberDetails/candidates``.
    case ambiguous
    /// Not a phone number at all (a word, `+` alone, too few digits): kept as written, never formatted.
    case junk
}

/// How a number is written compared with a region's own ways of writing its numbers.
public enum PhoneWritingMatch: String, Hashable, Codable, Sendable, CaseIterable {
    /// Its digits are grouped differently from the region's national and international forms.
    case none
    /// Its digits are grouped as the region groups them (`(55) 1996-0480` as Mexico's `55 1996 0480`).
    case grouping
    /// Grouped and separated as the region writes them (`713-660-0344` as North America's `713-660-0344`).
    case groupingAndSeparators
    /// Split only where the region splits it, in fewer groups (`021-80601432` as China's `021 8060 1432`):
    /// no weight, but a number the default region splits elsewhere is then not the default region's alone.
    case splitAsThere
}

/// A region a number was weighed in: the number read there, the evidence that names the region
/// and how well the number's writing fits it.
public struct PhoneRegionCandidate: Hashable, Codable, Sendable {
    /// The region (ISO 3166 code) the number was read in.
    public var region: String
    /// The number's E.164 form when read in that region.
    public var e164: String
    /// The kinds of evidence that name the region, strongest first.
    public var evidence: [PhoneRegionSource]
    /// How the number's writing compares with the region's forms.
    public var writing: PhoneWritingMatch
    /// The weight of the evidence and the writing together; the higher, the likelier.
    public var score: Int

    /// Creates a candidate.
    public init(region: String, e164: String, evidence: [PhoneRegionSource], writing: PhoneWritingMatch, score: Int) {
        self.region = region
        self.e164 = e164
        self.evidence = evidence
        self.writing = writing
        self.score = score
    }

    /// The candidate in words, such as `MX (email domain, written as there)`.
    public var explanation: String {
        var reasons = evidence.map(\.shortExplanation)
        switch writing {
        case .none: break
        case .grouping: reasons.append("grouped as there")
        case .groupingAndSeparators: reasons.append("written as there")
        case .splitAsThere: reasons.append("split as there")
        }
        return reasons.isEmpty ? region : "\(region) (\(reasons.joined(separator: ", ")))"
    }
}

extension PhoneRegionSource {
    /// The evidence in a few words, such as `address` or `default region`.
    public var shortExplanation: String {
        switch self {
        case .countryCode: "country code"
        case .user: "your choice"
        case .address: "address"
        case .otherNumbers: "other numbers"
        case .emailDomain: "email domain"
        case .addressLocality: "city or postal code"
        case .defaultRegion: "default region"
        case .mobileLabel: "mobile there"
        }
    }
}
