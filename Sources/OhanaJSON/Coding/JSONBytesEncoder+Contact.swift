import Foundation
import Ohana

/// The model's most frequent types written member by member, as their `encode(to:)` writes
/// them (same keys, same order, same leaving out of empty parts), without going through Codable's
/// containers: a contact's strings and fields are most of every JSON file and store row, and the
/// generic container calls cost several times the bytes they write. Provenance, photos, parameters
/// and custom properties are written member by member too (`JSONBytesEncoder+Values.swift`); rarer
/// parts (birthday, name components…) still go through ``JSONStreamWriter/encodeValue(_:)``.
///
/// `JSONBytesEncoderTests` compares the output with Foundation's `JSONEncoder` byte for byte; a
/// change to `Contact.encode(to:)`, `ContactField.encode(to:)` or `PostalAddress.encode(to:)` must
/// be made here too.
extension JSONStreamWriter {
    /// Writes `contact` as `Contact.encode(to:)` does.
    func writeContact(_ contact: Contact) throws {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        if let value = contact.birthday { startMember(literalKey: "birthday"); try encodeValue(value) }
        if let value = contact.created { startMember(literalKey: "created"); try encodeValue(value) }
        if !contact.customProperties.isEmpty { startMember(literalKey: "customProperties"); try writeCustomProperties(contact.customProperties) }
        writeMember("department", contact.department)
        writeMember("familyName", contact.familyName)
        if !contact.fields.isEmpty { try writeArray("fields", contact.fields, writeField) }
        writeMember("formattedName", contact.formattedName)
        writeMember("givenName", contact.givenName)
        if let value = contact.grammaticalGender { startMember(literalKey: "grammaticalGender"); try encodeValue(value) }
        writeIdentifier("id", contact.id.text)
        writeMember("jobTitle", contact.jobTitle)
        writeMember("language", contact.language)
        if !contact.mergedContactIDs.isEmpty { writeStrings("mergedContactIDs", contact.mergedContactIDs.map(\.rawValue)) }
        writeMember("middleName", contact.middleName)
        if !contact.nameComponents.isEmpty { startMember(literalKey: "nameComponents"); try encodeValue(contact.nameComponents) }
        writeMember("namePrefix", contact.namePrefix)
        writeMember("nameSuffix", contact.nameSuffix)
        writeMember("nickname", contact.nickname)
        writeMember("note", contact.note)
        writeMember("organization", contact.organization)
        writeMember("phoneticFamilyName", contact.phoneticFamilyName)
        writeMember("phoneticGivenName", contact.phoneticGivenName)
        writeMember("phoneticMiddleName", contact.phoneticMiddleName)
        writeMember("phoneticScript", contact.phoneticScript)
        writeMember("phoneticSystem", contact.phoneticSystem)
        if let value = contact.photo { startMember(literalKey: "photo"); writePhoto(value) }
        if !contact.postalAddresses.isEmpty { try writeArray("postalAddresses", contact.postalAddresses, writeAddress) }
        if !contact.pronouns.isEmpty { startMember(literalKey: "pronouns"); try encodeValue(contact.pronouns) }
        if !contact.provenanceRecords.isEmpty { writeArray("provenance", contact.provenanceRecords, writeProvenance) }
        if !contact.socialProfiles.isEmpty { startMember(literalKey: "socialProfiles"); try encodeValue(contact.socialProfiles) }
        if !contact.tags.isEmpty { writeStrings("tags", contact.tags) }
        if !contact.unmappedProperties.isEmpty { startMember(literalKey: "unmappedProperties"); try encodeValue(contact.unmappedProperties) }
        closeFrame()
    }

    /// Writes contacts as an array of them, as `Array.encode(to:)` does, without copying them
    /// out of a slice or going through an unkeyed container per element.
    func writeContacts(_ contacts: ArraySlice<Contact>) throws {
        openFrame(isObject: false, isNested: false)
        // Through a pointer: each contact is lent, not copied out of the slice (which would retain
        // and release every string and array it holds).
        try contacts.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                startMember(key: nil)
                try writeContact(buffer[index])
            }
        }
        closeFrame()
    }

    /// Writes `field` as `ContactField.encode(to:)` does.
    func writeField(_ field: ContactField) throws {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        if !field.customProperties.isEmpty { startMember(literalKey: "customProperties"); try writeCustomProperties(field.customProperties) }
        writeMember("group", field.group)
        if field.isPreferred { startMember(literalKey: "isPreferred"); writeBool(true) }
        writeMember("label", field.label?.rawValue)
        if !field.parameters.isEmpty { writeArray("parameters", field.parameters, writeParameter) }
        if let value = field.phoneNumber { startMember(literalKey: "phoneNumber"); writePhoneNumberDetails(value) }
        if let value = field.provenance { startMember(literalKey: "provenance"); writeProvenance(value) }
        writeMember("type", field.type.rawValue)
        writeMember("value", field.value)
        closeFrame()
    }

    /// Writes `address` as `PostalAddress.encode(to:)` does.
    func writeAddress(_ address: PostalAddress) throws {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        writeMember("city", address.city)
        if !address.components.isEmpty { startMember(literalKey: "components"); try encodeValue(address.components) }
        writeMember("country", address.country)
        writeMember("extendedAddress", address.extendedAddress)
        writeMember("group", address.group)
        if address.isPreferred { startMember(literalKey: "isPreferred"); writeBool(true) }
        writeMember("isoCountryCode", address.isoCountryCode)
        writeMember("label", address.label?.rawValue)
        if !address.parameters.isEmpty { writeArray("parameters", address.parameters, writeParameter) }
        writeMember("poBox", address.poBox)
        writeMember("postalCode", address.postalCode)
        if let value = address.provenance { startMember(literalKey: "provenance"); writeProvenance(value) }
        writeMember("region", address.region)
        if !address.street.isEmpty { writeStrings("street", address.street) }
        closeFrame()
    }

    /// Writes `details` as the synthesized `PhoneNumberDetails.encode(to:)` does (every phone
    /// number has them once formatted).
    func writePhoneNumberDetails(_ details: PhoneNumberDetails) {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        writeMember("assumedRegion", details.assumedRegion)
        if let candidates = details.candidates { writeArray("candidates", candidates, writePhoneRegionCandidate) }
        writeMember("e164", details.e164)
        writeMember("international", details.international)
        startMember(literalKey: "isParsed")
        writeBool(details.isParsed)
        startMember(literalKey: "isValid")
        writeBool(details.isValid)
        writeMember("national", details.national)
        writeMember("problem", details.problem)
        writeMember("regionCode", details.regionCode)
        writeMember("regionSource", details.regionSource?.rawValue)
        writeMember("rfc3966", details.rfc3966)
        writeMember("status", details.status?.rawValue)
        closeFrame()
    }

    /// Writes `candidate` as its synthesized `encode(to:)` does.
    func writePhoneRegionCandidate(_ candidate: PhoneRegionCandidate) {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        writeMember("e164", candidate.e164)
        writeStrings("evidence", candidate.evidence.map(\.rawValue))
        writeMember("region", candidate.region)
        startMember(literalKey: "score")
        writeInteger(candidate.score)
        writeMember("writing", candidate.writing.rawValue)
        closeFrame()
    }

    /// A string member, left out when `nil`.
    func writeMember(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        startMember(literalKey: key)
        writeString(value)
    }

    /// An identifier member, left out when `nil`: a UUID's text is written from its bits, without
    /// a string made for it (nor an escape looked for: a UUID has none).
    func writeIdentifier(_ key: StaticString, _ value: IdentifierText?) {
        guard let value else { return }
        startMember(literalKey: key)
        guard case .uuid = value else { return writeString(value.string) }
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { bytes.append($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A member holding an array of strings.
    func writeStrings(_ key: StaticString, _ values: [String]) {
        writeArray(key, values, writeString)
    }

    /// A member holding a contact's provenance records, each written by `write`.
    func writeArray(_ key: StaticString, _ elements: ProvenanceRecords, _ write: (Provenance) -> Void) {
        startMember(literalKey: key)
        openFrame(isObject: false, isNested: false)
        for record in elements {
            startMember(key: nil)
            write(record)
        }
        closeFrame()
    }

    /// A member holding an array, each element written by `write`.
    func writeArray<Element>(_ key: StaticString, _ elements: [Element], _ write: (Element) throws -> Void) rethrows {
        startMember(literalKey: key)
        openFrame(isObject: false, isNested: false)
        try elements.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                startMember(key: nil)
                try write(buffer[index])
            }
        }
        closeFrame()
    }
}
