import Foundation

/// A stable identifier of a contact that does not change when the contact's content does.
///
/// An identifier that is a UUID (in lower or upper case, or after `urn:uuid:`) is held as its 128
/// bits, not as text: ``rawValue`` gives back the text exactly as it was given.
public struct ContactID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier, compact when it is a UUID.
    package var text: IdentifierText

    /// The identifier's text. O(1) to set a text; a UUID's text is made on every read.
    public var rawValue: String {
        get { text.string }
        set { text = IdentifierText(newValue) }
    }

    /// Creates an identifier from its text.
    public init(rawValue: String) { self.text = IdentifierText(rawValue) }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.text = IdentifierText(value) }

    /// Creates an identifier held as it is.
    package init(text: IdentifierText) { self.text = text }

    /// Creates a new, random identifier: a version 4 UUID in lower case.
    ///
    /// Made from the system's random generator directly: Foundation's `UUID()` opens and reads
    /// `/dev/urandom` on every call on Linux, which cost readers a system call per contact.
    public init() {
        var random = SystemRandomNumberGenerator()
        self.text = uuidIdentifier(high: random.next(), low: random.next(), version: 4)
    }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    public static func < (lhs: ContactID, rhs: ContactID) -> Bool { IdentifierText.precedes(lhs.text, rhs.text) }

    /// Decodes an identifier from a single string.
    public init(from decoder: any Decoder) throws {
        text = IdentifierText(try decoder.singleValueContainer().decode(String.self))
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
    // Stored: what nearly every contact has, widest first. The rest lives behind two references
    // (`nil` while empty): the less common name and organization parts, the note and an unusual
    // birthday in `details`; everything rarer in `rare` (Contact+RareParts.swift). A contact is then
    // 216 bytes instead of 320, which counts when an address book is held in memory; its identifier
    // and its provenance record's are held inline when they are UUIDs (``IdentifierText``).

    /// The contact's stable identity.
    public var id: ContactID
    /// Given (first) name.
    public var givenName: String?
    /// Family (last) name.
    public var familyName: String?
    /// The full name as the source wrote it (vCard `FN`), when it provided one.
    public var formattedName: String?
    /// Organization (company) name.
    public var organization: String?
    /// Job title.
    public var jobTitle: String?
    /// Labeled fields: phone numbers, email addresses, URLs, instant messaging handles and others.
    public var fields: [ContactField]
    /// Postal addresses.
    public var postalAddresses: [PostalAddress]
    /// Tags (vCard `CATEGORIES`, groups in other systems).
    public var tags: [String]
    /// ``birthday`` in one word when its parts fit (nearly always), otherwise in `details`.
    var packedBirthday = PackedBirthday.none
    /// The less common parts (see Contact+Details.swift).
    var details: Indirect<Details>?
    /// The rare parts (see Contact+RareParts.swift).
    var rare: Indirect<RareParts>?
    /// ``provenance`` as stored: the usual single record without an array of its own.
    package var provenanceRecords: ProvenanceRecords

    /// Where the contact came from; a merged contact lists every source.
    public var provenance: [Provenance] {
        get { provenanceRecords.array }
        set { provenanceRecords = ProvenanceRecords(newValue) }
    }

    /// A contact with an identifier and nothing else, made by assigning each stored part (the
    /// public initializer builds and drops the rare parts with all their defaults: about 40 retains
    /// and releases of empty collections, which readers paid once per card).
    package init(blankWithID id: ContactID) {
        self.id = id
        fields = []
        postalAddresses = []
        tags = []
        provenanceRecords = .none
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
        self.givenName = givenName
        self.familyName = familyName
        self.formattedName = formattedName
        self.organization = organization
        self.jobTitle = jobTitle
        self.fields = fields
        self.postalAddresses = postalAddresses
        self.tags = tags
        self.provenanceRecords = ProvenanceRecords(provenance)
        let details = Details(
            namePrefix: namePrefix, middleName: middleName, nameSuffix: nameSuffix, nickname: nickname,
            department: department, note: note)
        self.details = details.isEmpty ? nil : Indirect(details)
        self.birthday = birthday
        let more = MoreRareParts(
            phoneticGivenName: phoneticGivenName, phoneticMiddleName: phoneticMiddleName, phoneticFamilyName: phoneticFamilyName,
            photo: photo, unmappedProperties: unmappedProperties,
            mergedContactIDs: mergedContactIDs, nameComponents: nameComponents, phoneticSystem: phoneticSystem,
            phoneticScript: phoneticScript, pronouns: pronouns, grammaticalGender: grammaticalGender,
            socialProfiles: socialProfiles, created: created, language: language)
        let rare = RareParts(customProperties: CustomProperties(customProperties), more: more.isEmpty ? nil : Indirect(more))
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
