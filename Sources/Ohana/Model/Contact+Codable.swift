import Foundation

/// JSON and other `Codable` forms of a contact: every key but `id` may be missing; empty parts are left out.
extension Contact {
    private enum CodingKeys: String, CodingKey {
        case id, namePrefix, givenName, middleName, familyName, nameSuffix, nickname
        case phoneticGivenName, phoneticMiddleName, phoneticFamilyName, formattedName
        case organization, department, jobTitle, fields, postalAddresses, birthday, note, photo
        case tags, customProperties, unmappedProperties, provenance, mergedContactIDs
        case nameComponents, phoneticSystem, phoneticScript, pronouns, grammaticalGender, socialProfiles, created, language
    }

    /// Decodes a contact; every key but `id` may be missing, and a missing `id` gets a new one.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decodeIfPresent(ContactID.self, forKey: .id) ?? ContactID(),
            namePrefix: try c.decodeIfPresent(String.self, forKey: .namePrefix),
            givenName: try c.decodeIfPresent(String.self, forKey: .givenName),
            middleName: try c.decodeIfPresent(String.self, forKey: .middleName),
            familyName: try c.decodeIfPresent(String.self, forKey: .familyName),
            nameSuffix: try c.decodeIfPresent(String.self, forKey: .nameSuffix),
            nickname: try c.decodeIfPresent(String.self, forKey: .nickname),
            phoneticGivenName: try c.decodeIfPresent(String.self, forKey: .phoneticGivenName),
            phoneticMiddleName: try c.decodeIfPresent(String.self, forKey: .phoneticMiddleName),
            phoneticFamilyName: try c.decodeIfPresent(String.self, forKey: .phoneticFamilyName),
            formattedName: try c.decodeIfPresent(String.self, forKey: .formattedName),
            organization: try c.decodeIfPresent(String.self, forKey: .organization),
            department: try c.decodeIfPresent(String.self, forKey: .department),
            jobTitle: try c.decodeIfPresent(String.self, forKey: .jobTitle),
            fields: try c.decodeIfPresent([ContactField].self, forKey: .fields) ?? [],
            postalAddresses: try c.decodeIfPresent([PostalAddress].self, forKey: .postalAddresses) ?? [],
            birthday: try c.decodeIfPresent(Birthday.self, forKey: .birthday),
            note: try c.decodeIfPresent(String.self, forKey: .note),
            photo: try c.decodeIfPresent(Photo.self, forKey: .photo),
            tags: try c.decodeIfPresent([String].self, forKey: .tags) ?? [],
            customProperties: try c.decodeIfPresent([String: CustomValue].self, forKey: .customProperties) ?? [:],
            unmappedProperties: try c.decodeIfPresent([UnmappedProperty].self, forKey: .unmappedProperties) ?? [],
            provenance: try c.decodeIfPresent([Provenance].self, forKey: .provenance) ?? [],
            mergedContactIDs: try c.decodeIfPresent([ContactID].self, forKey: .mergedContactIDs) ?? [],
            nameComponents: try c.decodeIfPresent([NameOrAddressComponent].self, forKey: .nameComponents) ?? [],
            phoneticSystem: try c.decodeIfPresent(String.self, forKey: .phoneticSystem),
            phoneticScript: try c.decodeIfPresent(String.self, forKey: .phoneticScript),
            pronouns: try c.decodeIfPresent([Pronouns].self, forKey: .pronouns) ?? [],
            grammaticalGender: try c.decodeIfPresent(GrammaticalGender.self, forKey: .grammaticalGender),
            socialProfiles: try c.decodeIfPresent([SocialProfile].self, forKey: .socialProfiles) ?? [],
            created: try c.decodeIfPresent(Date.self, forKey: .created),
            language: try c.decodeIfPresent(String.self, forKey: .language)
        )
    }

    /// Encodes a contact, leaving out empty parts.
    ///
    /// Keys go in sorted order, as sorted-key JSON writes them: the streaming encoder then has no
    /// members to reorder.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(birthday, forKey: .birthday)
        try c.encodeIfPresent(created, forKey: .created)
        if !customProperties.isEmpty { try c.encode(customProperties, forKey: .customProperties) }
        try c.encodeIfPresent(department, forKey: .department)
        try c.encodeIfPresent(familyName, forKey: .familyName)
        if !fields.isEmpty { try c.encode(fields, forKey: .fields) }
        try c.encodeIfPresent(formattedName, forKey: .formattedName)
        try c.encodeIfPresent(givenName, forKey: .givenName)
        try c.encodeIfPresent(grammaticalGender, forKey: .grammaticalGender)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(jobTitle, forKey: .jobTitle)
        try c.encodeIfPresent(language, forKey: .language)
        if !mergedContactIDs.isEmpty { try c.encode(mergedContactIDs, forKey: .mergedContactIDs) }
        try c.encodeIfPresent(middleName, forKey: .middleName)
        if !nameComponents.isEmpty { try c.encode(nameComponents, forKey: .nameComponents) }
        try c.encodeIfPresent(namePrefix, forKey: .namePrefix)
        try c.encodeIfPresent(nameSuffix, forKey: .nameSuffix)
        try c.encodeIfPresent(nickname, forKey: .nickname)
        try c.encodeIfPresent(note, forKey: .note)
        try c.encodeIfPresent(organization, forKey: .organization)
        try c.encodeIfPresent(phoneticFamilyName, forKey: .phoneticFamilyName)
        try c.encodeIfPresent(phoneticGivenName, forKey: .phoneticGivenName)
        try c.encodeIfPresent(phoneticMiddleName, forKey: .phoneticMiddleName)
        try c.encodeIfPresent(phoneticScript, forKey: .phoneticScript)
        try c.encodeIfPresent(phoneticSystem, forKey: .phoneticSystem)
        try c.encodeIfPresent(photo, forKey: .photo)
        if !postalAddresses.isEmpty { try c.encode(postalAddresses, forKey: .postalAddresses) }
        if !pronouns.isEmpty { try c.encode(pronouns, forKey: .pronouns) }
        if !provenance.isEmpty { try c.encode(provenance, forKey: .provenance) }
        if !socialProfiles.isEmpty { try c.encode(socialProfiles, forKey: .socialProfiles) }
        if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
        if !unmappedProperties.isEmpty { try c.encode(unmappedProperties, forKey: .unmappedProperties) }
    }
}
