import Foundation
import Ohana

extension ContactDetail {
    /// The detail view of a contact: every name part, field, label, address and source.
    init(_ contact: Contact) {
        var properties: [[String]] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.allSatisfy(\.isWhitespace) { properties.append([label, value]) }
        }
        add("Prefix", contact.namePrefix)
        add("Given name", contact.givenName)
        add("Middle name", contact.middleName)
        add("Family name", contact.familyName)
        add("Suffix", contact.nameSuffix)
        add("Nickname", contact.nickname)
        add("Phonetic given name", contact.phoneticGivenName)
        add("Phonetic middle name", contact.phoneticMiddleName)
        add("Phonetic family name", contact.phoneticFamilyName)
        add("Organization", contact.organization)
        add("Department", contact.department)
        add("Job title", contact.jobTitle)
        add("Birthday", contact.birthday?.description)
        add("Note", contact.note)
        self.init(
            id: contact.id.rawValue,
            name: contact.fullName.isEmpty ? "(no name)" : contact.fullName,
            properties: properties,
            fields: contact.fields.map { field in
                FieldDetail(
                    type: field.type.rawValue, typeName: field.type.displayName, label: field.label?.rawValue,
                    value: field.value, preferred: field.isPreferred,
                    phone: field.phoneNumber.map {
                        PhoneInfo(
                            parsed: $0.isParsed, valid: $0.isValid, international: $0.international, e164: $0.e164,
                            region: $0.regionCode, problem: $0.problem ?? ($0.isValid ? nil : "not a valid number"))
                    },
                    parameters: field.parameters.map { "\($0.name)=\($0.values.joined(separator: ","))" })
            },
            addresses: contact.postalAddresses.map { address in
                var lines = address.street.filter { !$0.allSatisfy(\.isWhitespace) }
                for part in [address.extendedAddress, address.poBox.map { "PO Box \($0)" }] {
                    if let part, !part.allSatisfy(\.isWhitespace) { lines.append(part) }
                }
                let cityLine = [address.postalCode, address.city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
                if !cityLine.isEmpty { lines.append(cityLine) }
                if let region = address.region, !region.isEmpty { lines.append(region) }
                if let country = address.country ?? address.isoCountryCode, !country.isEmpty { lines.append(country) }
                return AddressDetail(label: address.label?.rawValue, preferred: address.isPreferred, lines: lines)
            },
            tags: contact.tags,
            hasPhoto: contact.photo != nil,
            sources: contact.provenance.map { source in source.recordID.map { "\(source.providerID): \($0)" } ?? source.providerID },
            unmapped: contact.unmappedProperties.map { [($0.group.map { "\($0)." } ?? "") + $0.name, $0.value] },
            mergedContactIDs: contact.mergedContactIDs.map(\.rawValue))
        let parts: [(ContactEdit.Part, String?)] = [
            (.namePrefix, contact.namePrefix), (.givenName, contact.givenName), (.middleName, contact.middleName),
            (.familyName, contact.familyName), (.nameSuffix, contact.nameSuffix), (.nickname, contact.nickname),
            (.formattedName, contact.formattedName), (.organization, contact.organization),
            (.department, contact.department), (.jobTitle, contact.jobTitle), (.note, contact.note),
        ]
        for case (let part, let value?) in parts where !value.isEmpty { self.parts[part.rawValue] = value }
    }
}
