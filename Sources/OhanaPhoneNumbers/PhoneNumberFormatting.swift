import Ohana

/// Parses every phone number field and stores its formatted forms in ``ContactField/phoneNumber``.
///
/// The port of Ohana's `OHPhoneNumberFormattingPostProcessor`. Numbers written without a country
/// code are read in the region of the contact's postal address when it has one (so `030 1234567`
/// on a contact living in Germany is a Berlin number), otherwise in ``defaultRegion``. A number that
/// cannot be parsed keeps its value exactly as written and is marked (`isParsed == false`, with a
/// `problem`); nothing is dropped. Cost: linear in the number of phone fields.
public struct PhoneNumberFormatting: ContactsPostProcessor {
    /// The formats to compute for each number.
    public var formats: PhoneNumberFormat
    /// The region assumed for numbers without a country code when the contact's address gives none.
    public var defaultRegion: String
    /// Whether a contact's postal address chooses the region for its numbers.
    public var usesAddressRegion: Bool

    /// Creates the post processor; `defaultRegion` defaults to ``RegionCodes/current``.
    public init(formats: PhoneNumberFormat = .all, defaultRegion: String? = nil, usesAddressRegion: Bool = true) {
        self.formats = formats
        self.defaultRegion = (defaultRegion?.uppercased()).flatMap { $0.isEmpty ? nil : $0 } ?? RegionCodes.current
        self.usesAddressRegion = usesAddressRegion
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
        for index in contact.fields.indices where contact.fields[index].type == .phoneNumber {
            contact.fields[index].phoneNumber = utility.details(
                for: contact.fields[index].value, defaultRegion: region, formats: formats)
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
