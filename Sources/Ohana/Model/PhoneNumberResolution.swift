/// The evidence that decided the region of a phone number, strongest first.
public enum PhoneRegionSource: String, Hashable, Codable, Sendable, CaseIterable {
    /// The number's own country code, written with `+` or after an international exit code (`00`, `011`...).
    case countryCode
    /// The country of the contact's postal address (ISO code or name in any language).
    case address
    /// The country codes of the contact's other numbers.
    case otherNumbers
    /// The country-code top-level domain of the contact's email addresses (`web.de`, `yahoo.co.jp`).
    case emailDomain
    /// The caller's default region.
    case defaultRegion

    /// The evidence in words, such as `the contact's address`.
    public var explanation: String {
        switch self {
        case .countryCode: "its own country code"
        case .address: "the contact's address"
        case .otherNumbers: "the contact's other numbers"
        case .emailDomain: "the contact's email domain"
        case .defaultRegion: "the default region"
        }
    }
}

/// What became of a phone number when its region was resolved.
public enum PhoneNumberStatus: String, Hashable, Codable, Sendable, CaseIterable {
    /// Read as a number of one country, decided by evidence; its formatted forms are set.
    case resolved
    /// A number no evidence decides: kept exactly as written, never formatted or used as E.164.
    case unresolved
    /// Not a phone number at all (a word, `+` alone, too few digits): kept as written, never formatted.
    case junk
}
