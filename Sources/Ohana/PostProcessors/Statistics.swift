/// Adds per-contact statistics as custom properties (Ohana's `OHStatisticsPostProcessor`):
/// the number of fields, phone numbers and email addresses, and whether there is a mobile number.
///
/// Complexity: O(total fields).
public struct Statistics: ContactsPostProcessor {
    /// Custom property: the number of fields (`.integer`).
    public static let fieldCountKey = "ohana.statistics.fieldCount"
    /// Custom property: the number of phone numbers (`.integer`).
    public static let phoneNumberCountKey = "ohana.statistics.phoneNumberCount"
    /// Custom property: the number of email addresses (`.integer`).
    public static let emailAddressCountKey = "ohana.statistics.emailAddressCount"
    /// Custom property: whether a phone number is labeled mobile or iPhone (`.bool`).
    public static let hasMobileNumberKey = "ohana.statistics.hasMobileNumber"

    /// Creates the post processor.
    public init() {}

    /// Returns the contacts with statistics added; order and content are otherwise unchanged.
    public func process(_ contacts: [Contact]) async throws -> [Contact] {
        contacts.map { contact in
            var copy = contact
            let phones = contact.phoneNumbers
            copy.customProperties[Self.fieldCountKey] = .integer(contact.fields.count)
            copy.customProperties[Self.phoneNumberCountKey] = .integer(phones.count)
            copy.customProperties[Self.emailAddressCountKey] = .integer(contact.emailAddresses.count)
            copy.customProperties[Self.hasMobileNumberKey] = .bool(phones.contains { $0.label?.isMobile ?? false })
            return copy
        }
    }
}

/// Counts over a whole address book, for dashboards and the `ohana` tool.
public struct AddressBookSummary: Hashable, Codable, Sendable {
    /// How many contacts there are.
    public var contactCount = 0
    /// How many fields of each type there are.
    public var fieldCounts: [ContactFieldType: Int] = [:]
    /// How many contacts have neither a phone number nor an email address.
    public var contactsWithoutPhoneOrEmail = 0
    /// How many contacts have a postal address.
    public var contactsWithPostalAddress = 0
    /// How many contacts have a photo.
    public var contactsWithPhoto = 0
    /// How many phone numbers were parsed and found invalid or unparseable.
    public var invalidPhoneNumbers = 0

    /// Computes the summary in one pass.
    public init(_ contacts: [Contact]) {
        for contact in contacts {
            contactCount += 1
            var hasPhoneOrEmail = false
            for field in contact.fields {
                fieldCounts[field.type, default: 0] += 1
                if field.type == .phoneNumber || field.type == .emailAddress { hasPhoneOrEmail = true }
                if let details = field.phoneNumber, !details.isParsed || !details.isValid { invalidPhoneNumbers += 1 }
            }
            if !hasPhoneOrEmail { contactsWithoutPhoneOrEmail += 1 }
            if contact.postalAddresses.contains(where: { !$0.isEmpty }) { contactsWithPostalAddress += 1 }
            if contact.photo != nil { contactsWithPhoto += 1 }
        }
    }
}
