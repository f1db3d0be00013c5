/// Splits each contact into one contact per field of a given type (Ohana's `OHSplitOnFieldTypePostProcessor`).
///
/// A contact with two phone numbers becomes two contacts, each with one of the numbers as its
/// only field, so a picker can show one row per number. Contacts without a field of the type are
/// left out. Each split contact gets a new stable id (`<id>#<n>`) and records the original's id
/// under ``sourceContactIDKey``. Complexity: O(total fields).
public struct SplitOnFieldType: ContactsPostProcessor {
    /// The custom property holding the id of the contact a split contact came from.
    public static let sourceContactIDKey = "ohana.split.sourceContactID"

    /// The field type to split on.
    public let fieldType: ContactFieldType

    /// Creates the post processor.
    public init(_ fieldType: ContactFieldType) { self.fieldType = fieldType }

    /// "SplitOnFieldType(<type>)".
    public var name: String { "SplitOnFieldType(\(fieldType.rawValue))" }

    /// Returns one contact per field of the type, in order.
    public func process(_ contacts: [Contact]) async throws -> [Contact] {
        var result: [Contact] = []
        result.reserveCapacity(contacts.count)
        for contact in contacts {
            var n = 0
            for field in contact.fields where field.type == fieldType {
                var split = contact
                split.id = ContactID(rawValue: "\(contact.id.rawValue)#\(n)")
                split.fields = [field]
                split.customProperties[Self.sourceContactIDKey] = .string(contact.id.rawValue)
                result.append(split)
                n += 1
            }
        }
        return result
    }
}
