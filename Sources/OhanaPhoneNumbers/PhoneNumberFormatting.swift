import Ohana

/// Resolves every phone number field and stores its formatted forms in ``ContactField/phoneNumber``.
///
/// The port of Ohana's `OHPhoneNumberFormattingPostProcessor`, with ``PhoneNumberResolver``'s one
/// resolution: a number written with a country code (`+49 …`, `0049 …`) belongs to that country;
/// any other number is weighed in every region the contact's evidence names (its address, its
/// other numbers' country codes, its email domain, ``defaultRegion``, and how the number is
/// written), and resolved only to a region where it is valid and that clearly wins. A number no
/// evidence decides keeps its value exactly as written and is marked (``PhoneNumberStatus/unresolved``,
/// ``PhoneNumberStatus/ambiguous`` with its candidates, or ``PhoneNumberStatus/junk``, with a
/// `problem`); nothing is dropped and no country is invented.
/// Cost: linear in the number of phone fields, each distinct number parsed once per region, on every core.
public struct PhoneNumberFormatting: ContactsPostProcessor {
    /// The formats to compute for each number.
    public var formats: PhoneNumberFormat
    /// The region assumed for numbers the contact's own evidence does not place.
    public var defaultRegion: String
    /// Whether a contact's postal address is evidence of its numbers' region.
    public var usesAddressRegion: Bool
    /// Whether the country codes of a contact's other numbers are evidence of its numbers' region.
    public var infersRegionFromNumbers: Bool
    /// Whether the country-code top-level domains of a contact's email addresses are evidence.
    public var infersRegionFromEmail: Bool
    /// The person's choices for numbers the evidence leaves undecided (none by default).
    public var regionChoices: PhoneRegionChoices

    /// Creates the post processor; `defaultRegion` defaults to ``RegionCodes/defaultRegion``;
    /// `regionChoices` are the person's choices for numbers no evidence decides.
    public init(
        formats: PhoneNumberFormat = .all, defaultRegion: String? = nil, usesAddressRegion: Bool = true,
        infersRegionFromNumbers: Bool = true, infersRegionFromEmail: Bool = true,
        regionChoices: PhoneRegionChoices = PhoneRegionChoices()
    ) {
        self.formats = formats
        self.defaultRegion = (defaultRegion?.uppercased()).flatMap { $0.isEmpty ? nil : $0 } ?? RegionCodes.defaultRegion
        self.usesAddressRegion = usesAddressRegion
        self.infersRegionFromNumbers = infersRegionFromNumbers
        self.infersRegionFromEmail = infersRegionFromEmail
        self.regionChoices = regionChoices
    }

    /// Loads libphonenumber's metadata and the common country names (about 35 ms of processor
    /// time), while the data source's providers load.
    public func prepare() async {
        PhoneNumberResolver.prepare()
    }

    /// Returns the contacts with ``ContactField/phoneNumber`` set on every phone number field,
    /// changed in place (not copied) when the caller hands the array over.
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        try Task.checkCancellation()
        let processor = self
        // Room for every worker's share of the numbers (about one and a half a contact).
        let expected = contacts.count * 3 / 2 / processorCount
        parallelUpdate(&contacts, minimumPerWorker: 256, state: {
            var resolver = PhoneNumberResolver(formats: processor.formats)
            resolver.reserveCapacity(expected)
            return resolver
        }) { resolver, contact in
            processor.format(&contact, resolver: &resolver)
        }
        return contacts
    }

    /// Sets ``ContactField/phoneNumber`` on every phone number field of one contact.
    public func format(_ contact: inout Contact) {
        var resolver = PhoneNumberResolver(formats: formats)
        format(&contact, resolver: &resolver)
    }

    /// Sets ``ContactField/phoneNumber`` on every phone number field of one contact, with a resolver
    /// (and its cache) kept across contacts.
    public func format(_ contact: inout Contact, resolver: inout PhoneNumberResolver) {
        resolver.formats = formats
        resolver.resolve(
            &contact, defaultRegion: defaultRegion, usesAddress: usesAddressRegion,
            usesOtherNumbers: infersRegionFromNumbers, usesEmailDomain: infersRegionFromEmail, choices: regionChoices)
    }

    /// The region first tried for the contact's numbers written without a country code: its
    /// preferred (else first) postal address's country when ``usesAddressRegion`` is on; else ``defaultRegion``.
    public func region(for contact: Contact) -> String {
        guard usesAddressRegion else { return defaultRegion }
        return PhoneRegionEvidence.addressRegions(of: contact).first ?? defaultRegion
    }
}
