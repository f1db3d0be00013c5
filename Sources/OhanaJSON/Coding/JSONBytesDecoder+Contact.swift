import Foundation
import Ohana

/// The model's most frequent types read member by member, as their `init(from:)` reads
/// them (the same keys; `null` as absent; a missing `id` gets a new one; unknown keys skipped),
/// in one pass over each object instead of one search per key through Codable's containers.
/// Provenance, photos, parameters and custom properties are read member by member too
/// (`JSONBytesDecoder+Values.swift`); rarer parts (birthday, name components…) still go through
/// ``JSONTape/decode(_:at:)``. Whatever does not fit (a key written twice or with escapes, a value
/// of the wrong kind) is rejected, and the caller decodes the element with Foundation.
///
/// `JSONBytesDecoderTests` compares the results with Foundation's `JSONDecoder`; a change to
/// `Contact.init(from:)`, `ContactField.init(from:)` or `PostalAddress.init(from:)` must be made here too.
extension JSONTape {
    /// Reads a contact as `Contact.init(from:)` does.
    func contact(at object: Int) throws -> Contact {
        var contact = Contact(blankWithID: ContactID(rawValue: ""))
        var hasID = false
        try forEachMember(of: object, keys: Self.contactKeys) { key, value in
            switch key {
            case 0: contact.birthday = try decode(Birthday.self, at: value)
            case 1: contact.created = try decode(Date.self, at: value)
            case 2: contact.customProperties = try customProperties(at: value)
            case 3: contact.department = try string(at: value)
            case 4: contact.familyName = try string(at: value)
            case 5: contact.fields = try array(at: value) { try field(at: $0) }
            case 6: contact.formattedName = try string(at: value)
            case 7: contact.givenName = try string(at: value)
            case 8: contact.grammaticalGender = try decode(GrammaticalGender.self, at: value)
            case 9: contact.id = ContactID(text: try identifier(at: value)); hasID = true
            case 10: contact.jobTitle = try string(at: value)
            case 11: contact.language = try string(at: value)
            case 12: contact.mergedContactIDs = try array(at: value) { ContactID(rawValue: try string(at: $0)) }
            case 13: contact.middleName = try string(at: value)
            case 14: contact.nameComponents = try decode([NameOrAddressComponent].self, at: value)
            case 15: contact.namePrefix = try string(at: value)
            case 16: contact.nameSuffix = try string(at: value)
            case 17: contact.nickname = try string(at: value)
            case 18: contact.note = try string(at: value)
            case 19: contact.organization = try string(at: value)
            case 20: contact.phoneticFamilyName = try string(at: value)
            case 21: contact.phoneticGivenName = try string(at: value)
            case 22: contact.phoneticMiddleName = try string(at: value)
            case 23: contact.phoneticScript = try string(at: value)
            case 24: contact.phoneticSystem = try string(at: value)
            case 25: contact.photo = try photo(at: value)
            case 26: contact.postalAddresses = try array(at: value) { try address(at: $0) }
            case 27: contact.pronouns = try decode([Pronouns].self, at: value)
            case 28:
                // One record (nearly always) without an array in between.
                if nodes[value].kind == .array, nodes[value].count == 1 {
                    contact.provenanceRecords = .one(try provenance(at: value + 1))
                } else {
                    contact.provenance = try array(at: value) { try provenance(at: $0) }
                }
            case 29: contact.socialProfiles = try decode([SocialProfile].self, at: value)
            case 30: contact.tags = try array(at: value) { try string(at: $0) }
            default: contact.unmappedProperties = try decode([UnmappedProperty].self, at: value)
            }
        }
        if !hasID { contact.id = ContactID() }
        return contact
    }

    /// Reads a field as `ContactField.init(from:)` does: `type` and `value` are required.
    func field(at object: Int) throws -> ContactField {
        var field = ContactField(type: .other, value: "")
        var required = 0
        try forEachMember(of: object, keys: Self.fieldKeys) { key, value in
            switch key {
            case 0: field.customProperties = try customProperties(at: value)
            case 1: field.group = try string(at: value)
            case 2: field.isPreferred = try bool(at: value)
            case 3: field.label = ContactFieldLabel(rawValue: try string(at: value))
            case 4: field.parameters = try array(at: value) { try parameter(at: $0) }
            case 5: field.phoneNumber = try phoneNumberDetails(at: value)
            case 6: field.provenance = try provenance(at: value)
            case 7:
                guard let type = ContactFieldType(rawValue: try string(at: value)) else { throw reject("unknown field type") }
                field.type = type
                required += 1
            default:
                field.value = try string(at: value)
                required += 1
            }
        }
        guard required == 2 else { throw reject("a field without its type or value") }
        return field
    }

    /// Reads an address as `PostalAddress.init(from:)` does.
    func address(at object: Int) throws -> PostalAddress {
        var address = PostalAddress()
        try forEachMember(of: object, keys: Self.addressKeys) { key, value in
            switch key {
            case 0: address.city = try string(at: value)
            case 1: address.components = try decode([NameOrAddressComponent].self, at: value)
            case 2: address.country = try string(at: value)
            case 3: address.extendedAddress = try string(at: value)
            case 4: address.group = try string(at: value)
            case 5: address.isPreferred = try bool(at: value)
            case 6: address.isoCountryCode = try string(at: value)
            case 7: address.label = ContactFieldLabel(rawValue: try string(at: value))
            case 8: address.parameters = try array(at: value) { try parameter(at: $0) }
            case 9: address.poBox = try string(at: value)
            case 10: address.postalCode = try string(at: value)
            case 11: address.provenance = try provenance(at: value)
            case 12: address.region = try string(at: value)
            default: address.street = try array(at: value) { try string(at: $0) }
            }
        }
        return address
    }

    /// Reads phone number details as the synthesized `PhoneNumberDetails.init(from:)` does:
    /// `isParsed` and `isValid` are required.
    func phoneNumberDetails(at object: Int) throws -> PhoneNumberDetails {
        var details = PhoneNumberDetails(isParsed: false, isValid: false)
        var required = 0
        try forEachMember(of: object, keys: Self.phoneNumberKeys) { key, value in
            switch key {
            case 0: details.assumedRegion = try string(at: value)
            case 1: details.candidates = try decode([PhoneRegionCandidate].self, at: value)
            case 2: details.e164 = try string(at: value)
            case 3: details.international = try string(at: value)
            case 4: details.isParsed = try bool(at: value); required += 1
            case 5: details.isValid = try bool(at: value); required += 1
            case 6: details.national = try string(at: value)
            case 7: details.problem = try string(at: value)
            case 8: details.regionCode = try string(at: value)
            case 9:
                guard let source = PhoneRegionSource(rawValue: try string(at: value)) else { throw reject("unknown region source") }
                details.regionSource = source
            case 10: details.rfc3966 = try string(at: value)
            default:
                guard let status = PhoneNumberStatus(rawValue: try string(at: value)) else { throw reject("unknown status") }
                details.status = status
            }
        }
        guard required == 2 else { throw reject("phone number details without isParsed or isValid") }
        return details
    }

    // The keys of each type, in the order of the cases above.
    static let contactKeys = KeyTable([
        "birthday", "created", "customProperties", "department", "familyName", "fields", "formattedName", "givenName",
        "grammaticalGender", "id", "jobTitle", "language", "mergedContactIDs", "middleName", "nameComponents",
        "namePrefix", "nameSuffix", "nickname", "note", "organization", "phoneticFamilyName", "phoneticGivenName",
        "phoneticMiddleName", "phoneticScript", "phoneticSystem", "photo", "postalAddresses", "pronouns", "provenance",
        "socialProfiles", "tags", "unmappedProperties",
    ])
    static let fieldKeys = KeyTable([
        "customProperties", "group", "isPreferred", "label", "parameters", "phoneNumber", "provenance", "type", "value",
    ])
    static let addressKeys = KeyTable([
        "city", "components", "country", "extendedAddress", "group", "isPreferred", "isoCountryCode", "label",
        "parameters", "poBox", "postalCode", "provenance", "region", "street",
    ])

    static let phoneNumberKeys = KeyTable([
        "assumedRegion", "candidates", "e164", "international", "isParsed", "isValid", "national", "problem", "regionCode",
        "regionSource", "rfc3966", "status",
    ])

    /// Known keys as bytes, matched by length and then by bytes.
    struct KeyTable: Sendable {
        let keys: [[UInt8]]
        init(_ keys: [String]) {
            precondition(keys.count <= 64)
            self.keys = keys.map { Array($0.utf8) }
        }
    }

    /// Calls `body(key, value node)` for each member of the object at `object` whose key is in
    /// `table` and whose value is not `null` (`decodeIfPresent` reads `null` as absent). Unknown keys
    /// are skipped; a known key written twice, or any key written with escapes, is rejected.
    func forEachMember(of object: Int, keys table: KeyTable, _ body: (Int, Int) throws -> Void) throws {
        guard nodes[object].kind == .object else { throw reject("not an object") }
        var seen: UInt64 = 0
        var index = object + 1
        // The tables list their keys in the order the encoder sorts them: in a file it wrote, the
        // key after the last one found is nearly always the next one, so the search starts there.
        var next = 0
        let keys = table.keys.count
        for _ in 0..<nodes[object].count {
            let keyNode = nodes[index]
            let value = index + 1
            index = nodes[value].next
            guard !keyNode.hasEscapes else { throw reject("a key with escapes") }
            let count = keyNode.end - keyNode.start
            let start = bytes.baseAddress! + keyNode.start
            var found = -1
            for step in 0..<keys {
                let candidate = next + step < keys ? next + step : next + step - keys
                let key = table.keys[candidate]
                if key.count == count, key.withUnsafeBytes({ memcmp($0.baseAddress!, start, count) }) == 0 {
                    found = candidate
                    break
                }
            }
            guard found >= 0 else { continue }
            next = found + 1 < keys ? found + 1 : 0
            let bit: UInt64 = 1 << UInt64(found)
            guard seen & bit == 0 else { throw reject("duplicate key") }
            seen |= bit
            if isNull(value) { continue }
            try body(found, value)
        }
    }

    /// The elements of the array at `array`, each read by `element`.
    func array<Element>(at array: Int, _ element: (Int) throws -> Element) throws -> [Element] {
        guard nodes[array].kind == .array else { throw reject("not an array") }
        let count = nodes[array].count
        var result: [Element] = []
        result.reserveCapacity(count)
        var index = array + 1
        for _ in 0..<count {
            result.append(try element(index))
            index = nodes[index].next
        }
        return result
    }
}
