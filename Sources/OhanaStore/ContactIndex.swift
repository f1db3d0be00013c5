import Foundation
import Ohana

/// The lookup values of one contact (tags, name keys, full-text columns), the same on both backends;
/// each backend writes them to its own lookup rows.
package enum ContactIndex {
    /// The most name keys one contact gets (one per word start of each name part).
    package static let maximumNameKeys = 64

    /// The folded name keys: every word-start suffix of each name part, so "ann j" finds "Mary Ann Jones".
    package static func nameKeys(of contact: Contact) -> [String] {
        let parts = [
            contact.fullName, contact.givenName, contact.middleName, contact.familyName, contact.nickname,
            contact.organization, contact.phoneticGivenName, contact.phoneticFamilyName,
        ]
        var keys: [String] = []
        var seen = Set<String>()
        for part in parts {
            guard let part else { continue }
            let words = TextFolding.fold(part).split(separator: " ")
            for start in words.indices {
                let key = words[start...].joined(separator: " ")
                if seen.insert(key).inserted { keys.append(key) }
                if keys.count == maximumNameKeys { return keys }
            }
        }
        return keys
    }

    /// The text of the `names` full-text column.
    package static func namesText(of contact: Contact) -> String {
        [
            contact.fullName, contact.composedName, contact.namePrefix, contact.givenName, contact.middleName,
            contact.familyName, contact.nameSuffix, contact.nickname, contact.phoneticGivenName,
            contact.phoneticMiddleName, contact.phoneticFamilyName, contact.organization, contact.department,
            contact.jobTitle,
        ]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " \n ")
    }

    /// The text of the `fieldValues` full-text column: fields (phones also as bare digits), addresses, tags, note.
    package static func fieldValuesText(of contact: Contact) -> String {
        var parts: [String] = []
        for field in contact.fields {
            parts.append(field.value)
            if field.type == .phoneNumber {
                let digits = field.value.filter(\.isNumber)
                if !digits.isEmpty { parts.append(digits) }
                if let e164 = field.phoneNumber?.e164 { parts.append(e164.filter(\.isNumber)) }
            }
        }
        for address in contact.postalAddresses {
            parts += address.street
            parts += [address.poBox, address.extendedAddress, address.city, address.region, address.postalCode,
                      address.country].compactMap { $0 }
        }
        parts += contact.tags
        if let note = contact.note { parts.append(note) }
        return parts.filter { !$0.isEmpty }.joined(separator: " \n ")
    }

    /// The lookup values of one contact, worked out apart from the database (on any thread).
    package struct Entries: Sendable {
        package var tags: [String]
        package var nameKeys: [String]
        package var namesText: String
        package var fieldValuesText: String
        /// The contact's search row (``SearchRow``), stored beside its JSON.
        package var searchRow: [UInt8]

        package init(_ contact: Contact) {
            tags = Set(contact.tags.map(TextFolding.fold)).filter { !$0.isEmpty }.sorted()
            nameKeys = ContactIndex.nameKeys(of: contact)
            namesText = ContactIndex.namesText(of: contact)
            fieldValuesText = ContactIndex.fieldValuesText(of: contact)
            searchRow = SearchRow.encode(contact)
        }
    }
}
