import Ohana

/// Parses every phone number field and stores its formatted forms in ``ContactField/phoneNumber``.
///
/// The port of Ohana's `OHPhoneNumberFormattingPostProcessor`. Numbers written without a country
/// code are read in the region of the contact's postal address when it has one (so `030 1234567`
/// on a contact living in Germany is a Berlin number), otherwise in ``defaultRegion``. A national
/// number that is not valid there but is valid in the region of the contact's own international
/// numbers (`+49 …` beside `030 …`) is read in that region. A number that
/// cannot be parsed keeps its value exactly as written and is marked (`isParsed == false`, with a
/// `problem`); nothing is dropped. Cost: linear in the number of phone fields.
public struct PhoneNumberFormatting: ContactsPostProcessor {
    /// The formats to compute for each number.
    public var formats: PhoneNumberFormat
    /// The region assumed for numbers without a country code when the contact's address gives none.
    public var defaultRegion: String
    /// Whether a contact's postal address chooses the region for its numbers.
    public var usesAddressRegion: Bool
    /// Whether a national number that is invalid in the assumed region is retried in the region of
    /// the contact's numbers written with a country code.
    public var infersRegionFromNumbers: Bool

    /// Creates the post processor; `defaultRegion` defaults to ``RegionCodes/current``.
    public init(
        formats: PhoneNumberFormat = .all, defaultRegion: String? = nil, usesAddressRegion: Bool = true,
        infersRegionFromNumbers: Bool = true
    ) {
        self.formats = formats
        self.defaultRegion = (defaultRegion?.uppercased()).flatMap { $0.isEmpty ? nil : $0 } ?? RegionCodes.current
        self.usesAddressRegion = usesAddressRegion
        self.infersRegionFromNumbers = infersRegionFromNumbers
    }

    /// Returns the contacts with ``ContactField/phoneNumber`` set on every phone number field.
    public func process(_ contacts: [Contact]) async throws -> [Contact] {
        var result = contacts
        for index in result.indices {
            if index & 1023 == 0 { try Task.checkCancellation() }
            format(&result[index])
        }
        return result
    }

    /// Sets ``ContactField/phoneNumber`` on every phone number field of one contact.
    public func format(_ contact: inout Contact) {
        guard contact.fields.contains(where: { $0.type == .phoneNumber }) else { return }
        let region = region(for: contact)
        let utility = PhoneNumberUtility.shared
        var needsHint = false
        for index in contact.fields.indices where contact.fields[index].type == .phoneNumber {
            let details = utility.details(for: contact.fields[index].value, defaultRegion: region, formats: formats)
            contact.fields[index].phoneNumber = details
            if details.isParsed, !details.isValid, details.assumedRegion != nil { needsHint = true }
        }
        guard infersRegionFromNumbers, needsHint else { return }
        // The region of the contact's own valid numbers written with a country code.
        let hint = contact.fields.lazy.compactMap { field -> String? in
            guard field.type == .phoneNumber, let details = field.phoneNumber, details.isValid,
                details.assumedRegion == nil, let code = details.regionCode, code.count == 2, code != region
            else { return nil }
            return code
        }.first
        guard let hint else { return }
        for index in contact.fields.indices where contact.fields[index].type == .phoneNumber {
            guard let details = contact.fields[index].phoneNumber, details.isParsed, !details.isValid,
                details.assumedRegion != nil
            else { continue }
            let retry = utility.details(for: contact.fields[index].value, defaultRegion: hint, formats: formats)
            if retry.isValid { contact.fields[index].phoneNumber = retry }
        }
    }

    /// The region assumed for the contact's numbers: its preferred (else first) postal address's
    /// country, by ISO code or else by name, when ``usesAddressRegion`` is on; else ``defaultRegion``.
    public func region(for contact: Contact) -> String {
        guard usesAddressRegion, !contact.postalAddresses.isEmpty else { return defaultRegion }
        let ordered = contact.postalAddresses.filter(\.isPreferred) + contact.postalAddresses.filter { !$0.isPreferred }
        for address in ordered {
            if let code = address.isoCountryCode, let region = RegionCodes.region(forCountry: code) { return region }
            if let name = address.country, let region = RegionCodes.region(forCountry: name) { return region }
        }
        return defaultRegion
    }
}
