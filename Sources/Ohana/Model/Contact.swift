import Foundation

/// A stable identifier of a contact that does not change when the contact's content does.
public struct ContactID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier's text.
    public var rawValue: String

    /// Creates an identifier from its text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Creates a new, random identifier: a version 4 UUID in lower case.
    ///
    /// Made from the system's random generator directly: Foundation's `UUID()` opens and reads
    /// `/dev/urandom` on every call on Linux, which cost readers a system call per contact.
    public init() {
        var random = SystemRandomNumberGenerator()
        self.rawValue = uuidText(high: random.next(), low: random.next(), version: 4)
    }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    public static func < (lhs: ContactID, rhs: ContactID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes an identifier from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identifier as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One person or organization in an address book: names, labeled fields, addresses and the rest.
///
/// A contact is a value. Its ``id`` is its identity: two contacts with equal content but different
/// ids are two different people, and a copy of a contact is equal to it.
public struct Contact: Identifiable, Hashable, Codable, Sendable {
    /// The contact's stable identity.
    public var id: ContactID

    /// Honorific prefix, such as "Dr.".
    public var namePrefix: String?
    /// Given (first) name.
    public var givenName: String?
    /// Middle name or names.
    public var middleName: String?
    /// Family (last) name.
    public var familyName: String?
    /// Honorific suffix, such as "Jr.".
    public var nameSuffix: String?
    /// Nickname.
    public var nickname: String?
    /// Phonetic spelling of the given name.
    public var phoneticGivenName: String? {
        get { rare?.value.phoneticGivenName }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticGivenName
        }
    }
    /// Phonetic spelling of the middle name.
    public var phoneticMiddleName: String? {
        get { rare?.value.phoneticMiddleName }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticMiddleName
        }
    }
    /// Phonetic spelling of the family name.
    public var phoneticFamilyName: String? {
        get { rare?.value.phoneticFamilyName }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticFamilyName
        }
    }
    /// The full name as the source wrote it (vCard `FN`), when it provided one.
    public var formattedName: String?

    /// Organization (company) name.
    public var organization: String?
    /// Department within the organization.
    public var department: String?
    /// Job title.
    public var jobTitle: String?

    /// Labeled fields: phone numbers, email addresses, URLs, instant messaging handles and others.
    public var fields: [ContactField]
    /// Postal addresses.
    public var postalAddresses: [PostalAddress]
    /// Birthday; the year is optional.
    public var birthday: Birthday?
    /// Free-text note.
    public var note: String?
    /// Photo bytes and media type.
    public var photo: Photo? {
        get { rare?.value.photo }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.photo
        }
    }
    /// Tags (vCard `CATEGORIES`, groups in other systems).
    public var tags: [String]
    /// Typed values that post processors and apps attach (statistics, app data).
    public var customProperties: [String: CustomValue] {
        get { rare?.value.customProperties ?? [:] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.customProperties
        }
    }
    /// Source properties the model has no slot for, carried along and written back.
    public var unmappedProperties: [UnmappedProperty] {
        get { rare?.value.unmappedProperties ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.unmappedProperties
        }
    }
    /// Where the contact came from; a merged contact lists every source.
    public var provenance: [Provenance]
    /// Identifiers of contacts that were merged into this one.
    public var mergedContactIDs: [ContactID] {
        get { rare?.value.mergedContactIDs ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.mergedContactIDs
        }
    }

    /// The name's parts in the order the source wrote them (vCard `JSCOMPS`, JSContact `name.components`);
    /// empty when the source gave no order. Used only while it agrees with the name fields.
    public var nameComponents: [NameOrAddressComponent] {
        get { rare?.value.nameComponents ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.nameComponents
        }
    }
    /// The phonetic system of the name's phonetic parts, such as `ipa` or `jyut` (RFC 9554 `PHONETIC`).
    public var phoneticSystem: String? {
        get { rare?.value.phoneticSystem }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticSystem
        }
    }
    /// The script of the name's phonetic parts, such as `Latn` (RFC 9554 `SCRIPT`).
    public var phoneticScript: String? {
        get { rare?.value.phoneticScript }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticScript
        }
    }
    /// Pronouns, in the source's order (RFC 9554 `PRONOUNS`).
    public var pronouns: [Pronouns] {
        get { rare?.value.pronouns ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.pronouns
        }
    }
    /// The grammatical gender to use in salutations (RFC 9554 `GRAMGENDER`).
    public var grammaticalGender: GrammaticalGender? {
        get { rare?.value.grammaticalGender }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.grammaticalGender
        }
    }
    /// Profiles on social networks (RFC 9554 `SOCIALPROFILE`).
    public var socialProfiles: [SocialProfile] {
        get { rare?.value.socialProfiles ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.socialProfiles
        }
    }
    /// When the contact was created (RFC 9554 `CREATED`).
    public var created: Date? {
        get { rare?.value.created }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.created
        }
    }
    /// The language the contact's data is written in, as a BCP 47 tag (RFC 9554 `LANGUAGE`).
    public var language: String? {
        get { rare?.value.language }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.language
        }
    }


    /// The parts most contacts do not have, behind one reference (`nil` when all are empty): a
    /// contact is then about 220 bytes smaller, which counts when an address book is held in memory.
    private var rare: Indirect<RareParts>?

    private struct RareParts: Hashable, Sendable {
        var phoneticGivenName: String?
        var phoneticMiddleName: String?
        var phoneticFamilyName: String?
        var photo: Photo?
        var customProperties: [String: CustomValue] = [:]
        var unmappedProperties: [UnmappedProperty] = []
        var mergedContactIDs: [ContactID] = []
        var nameComponents: [NameOrAddressComponent] = []
        var phoneticSystem: String?
        var phoneticScript: String?
        var pronouns: [Pronouns] = []
        var grammaticalGender: GrammaticalGender?
        var socialProfiles: [SocialProfile] = []
        var created: Date?
        var language: String?

        var isEmpty: Bool {
            phoneticGivenName == nil && phoneticMiddleName == nil && phoneticFamilyName == nil && photo == nil && customProperties.isEmpty && unmappedProperties.isEmpty && mergedContactIDs.isEmpty && nameComponents.isEmpty && phoneticSystem == nil && phoneticScript == nil && pronouns.isEmpty && grammaticalGender == nil && socialProfiles.isEmpty && created == nil && language == nil
        }
    }

    private mutating func dropEmptyRare() {
        if rare?.value.isEmpty == true { rare = nil }
    }

    /// A contact with an identifier and nothing else, made by assigning each stored part (the
    /// public initializer builds and drops the rare parts with all their defaults: about 40 retains
    /// and releases of empty collections, which readers paid once per card).
    package init(blankWithID id: ContactID) {
        self.id = id
        fields = []
        postalAddresses = []
        tags = []
        provenance = []
    }

    /// Creates a contact; every part is optional.
    public init(
        id: ContactID = ContactID(),
        namePrefix: String? = nil,
        givenName: String? = nil,
        middleName: String? = nil,
        familyName: String? = nil,
        nameSuffix: String? = nil,
        nickname: String? = nil,
        phoneticGivenName: String? = nil,
        phoneticMiddleName: String? = nil,
        phoneticFamilyName: String? = nil,
        formattedName: String? = nil,
        organization: String? = nil,
        department: String? = nil,
        jobTitle: String? = nil,
        fields: [ContactField] = [],
        postalAddresses: [PostalAddress] = [],
        birthday: Birthday? = nil,
        note: String? = nil,
        photo: Photo? = nil,
        tags: [String] = [],
        customProperties: [String: CustomValue] = [:],
        unmappedProperties: [UnmappedProperty] = [],
        provenance: [Provenance] = [],
        mergedContactIDs: [ContactID] = [],
        nameComponents: [NameOrAddressComponent] = [],
        phoneticSystem: String? = nil,
        phoneticScript: String? = nil,
        pronouns: [Pronouns] = [],
        grammaticalGender: GrammaticalGender? = nil,
        socialProfiles: [SocialProfile] = [],
        created: Date? = nil,
        language: String? = nil
    ) {
        self.id = id
        self.namePrefix = namePrefix
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.nameSuffix = nameSuffix
        self.nickname = nickname
        self.formattedName = formattedName
        self.organization = organization
        self.department = department
        self.jobTitle = jobTitle
        self.fields = fields
        self.postalAddresses = postalAddresses
        self.birthday = birthday
        self.note = note
        self.tags = tags
        self.provenance = provenance
        let rare = RareParts(
            phoneticGivenName: phoneticGivenName, phoneticMiddleName: phoneticMiddleName, phoneticFamilyName: phoneticFamilyName,
            photo: photo, customProperties: customProperties, unmappedProperties: unmappedProperties,
            mergedContactIDs: mergedContactIDs, nameComponents: nameComponents, phoneticSystem: phoneticSystem,
            phoneticScript: phoneticScript, pronouns: pronouns, grammaticalGender: grammaticalGender,
            socialProfiles: socialProfiles, created: created, language: language)
        self.rare = rare.isEmpty ? nil : Indirect(rare)
    }

    /// The full name: the source's own when it gave one, otherwise composed from the name parts,
    /// otherwise the organization; empty when there is nothing to show.
    public var fullName: String {
        if let formattedName, !formattedName.isBlank { return formattedName }
        let composed = composedName
        if !composed.isEmpty { return composed }
        return organization ?? ""
    }

    /// The name parts joined in Western order: prefix, given, middle, family, suffix.
    public var composedName: String {
        [namePrefix, givenName, middleName, familyName, nameSuffix]
            .compactMap { $0?.trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The fields of one type, in order.
    public func fields(ofType type: ContactFieldType) -> [ContactField] {
        fields.filter { $0.type == type }
    }

    /// The phone number fields, in order.
    public var phoneNumbers: [ContactField] { fields(ofType: .phoneNumber) }

    /// The email address fields, in order.
    public var emailAddresses: [ContactField] { fields(ofType: .emailAddress) }

    /// Whether two contacts hold the same data, ignoring their identities and provenance.
    public func hasSameContent(as other: Contact) -> Bool {
        var a = self
        var b = other
        a.id = ""
        b.id = ""
        a.provenance = []
        b.provenance = []
        a.fields = a.fields.map { var f = $0; f.provenance = nil; return f }
        b.fields = b.fields.map { var f = $0; f.provenance = nil; return f }
        a.postalAddresses = a.postalAddresses.map { var p = $0; p.provenance = nil; return p }
        b.postalAddresses = b.postalAddresses.map { var p = $0; p.provenance = nil; return p }
        return a == b
    }
}

extension StringProtocol {
    /// Whether the string is empty or holds only white space.
    var isBlank: Bool {
        // A visible ASCII first character settles it without breaking the text into characters.
        if let first = utf8.first, first > 0x20, first < 0x7F { return false }
        return allSatisfy(\.isWhitespace)
    }
}

extension String {
    /// The string without white space (and line breaks, unless `newlines` is `false`) at either end,
    /// as `trimmingCharacters(in: .whitespacesAndNewlines)` (or `.whitespaces`) gives it, but the
    /// string itself, uncopied, when each end is a visible ASCII character or a letter (nearly
    /// always: far cheaper).
    package func trimmingWhitespace(newlines: Bool = true) -> String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F { return self }
        // Letters (`Ó`, `黄`) are in neither set Foundation trims (whose sets on Linux go beyond
        // Unicode's White_Space: U+200B is in them).
        if let head = unicodeScalars.first, let tail = unicodeScalars.last,
            head.properties.isAlphabetic, tail.properties.isAlphabetic
        {
            return self
        }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
}
