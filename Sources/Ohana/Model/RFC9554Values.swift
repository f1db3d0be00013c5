import Foundation

/// Pronouns a contact wants to be addressed with (vCard `PRONOUNS`, JSContact `speakToAs.pronouns`).
public struct Pronouns: Hashable, Codable, Sendable {
    /// The pronouns as written, such as `they/them`.
    public var value: String
    /// The preference, 1 (most preferred) to 100, when the source gave one.
    public var preference: Int?

    /// Creates pronouns.
    public init(_ value: String, preference: Int? = nil) {
        self.value = value
        self.preference = preference
    }
}

/// The grammatical gender to use in salutations (vCard `GRAMGENDER`, RFC 9554 section 3.2).
public struct GrammaticalGender: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral {
    /// The gender's token, lower case.
    public var rawValue: String

    /// Creates a gender from its token.
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

    /// Creates a gender from a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Animate.
    public static let animate: GrammaticalGender = "animate"
    /// Common.
    public static let common: GrammaticalGender = "common"
    /// Feminine.
    public static let feminine: GrammaticalGender = "feminine"
    /// Inanimate.
    public static let inanimate: GrammaticalGender = "inanimate"
    /// Masculine.
    public static let masculine: GrammaticalGender = "masculine"
    /// Neuter.
    public static let neuter: GrammaticalGender = "neuter"

    /// Decodes a gender from its token.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the gender as its token.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

/// A profile on a social network (vCard `SOCIALPROFILE`, RFC 9554 section 3.5).
public struct SocialProfile: Hashable, Codable, Sendable {
    /// The profile's URI, or the user name when the source gave text.
    public var value: String
    /// Whether ``value`` is a user name rather than a URI (`VALUE=text`).
    public var isUsername: Bool
    /// The service, such as `Mastodon` (`SERVICE-TYPE`).
    public var service: String?
    /// The user name on the service, besides a URI (`USERNAME`).
    public var username: String?
    /// A free-text label.
    public var label: String?
    /// The preference, 1 (most preferred) to 100, when the source gave one.
    public var preference: Int?
    /// Source parameters the model has no slot for, carried along and written back.
    public var parameters: [PropertyParameter]
    /// The source's property group, kept for writing back.
    public var group: String?

    /// Creates a social profile.
    public init(
        value: String, isUsername: Bool = false, service: String? = nil, username: String? = nil, label: String? = nil,
        preference: Int? = nil, parameters: [PropertyParameter] = [], group: String? = nil
    ) {
        self.value = value
        self.isUsername = isUsername
        self.service = service
        self.username = username
        self.label = label
        self.preference = preference
        self.parameters = parameters
        self.group = group
    }

    private enum CodingKeys: String, CodingKey { case value, isUsername, service, username, label, preference, parameters, group }

    /// Decodes a profile; every key but `value` may be missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            value: try c.decode(String.self, forKey: .value),
            isUsername: try c.decodeIfPresent(Bool.self, forKey: .isUsername) ?? false,
            service: try c.decodeIfPresent(String.self, forKey: .service),
            username: try c.decodeIfPresent(String.self, forKey: .username),
            label: try c.decodeIfPresent(String.self, forKey: .label),
            preference: try c.decodeIfPresent(Int.self, forKey: .preference),
            parameters: try c.decodeIfPresent([PropertyParameter].self, forKey: .parameters) ?? [],
            group: try c.decodeIfPresent(String.self, forKey: .group))
    }

    /// Encodes a profile, leaving out empty parts.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(value, forKey: .value)
        if isUsername { try c.encode(isUsername, forKey: .isUsername) }
        try c.encodeIfPresent(service, forKey: .service)
        try c.encodeIfPresent(username, forKey: .username)
        try c.encodeIfPresent(label, forKey: .label)
        try c.encodeIfPresent(preference, forKey: .preference)
        if !parameters.isEmpty { try c.encode(parameters, forKey: .parameters) }
        try c.encodeIfPresent(group, forKey: .group)
    }
}

/// One part of a name or address in the order the source wrote it (RFC 9553 sections 2.2.1.2 and 2.5.1.2).
public struct NameOrAddressComponent: Hashable, Codable, Sendable {
    /// The part's kind as JSContact names it: `given`, `surname`, `title`, `separator`, `locality`, `postcode`...
    public var kind: String
    /// The part's text.
    public var value: String
    /// How the part is pronounced or transliterated, in the contact's phonetic system and script.
    public var phonetic: String?

    /// Creates a component.
    public init(kind: String, value: String, phonetic: String? = nil) {
        self.kind = kind
        self.value = value
        self.phonetic = phonetic
    }
}

extension Contact {
    /// Sets the name fields from ordered components, and keeps the components: parts of one kind are
    /// joined with a space (`given2` into the middle name, `surname` and `surname2` into the family
    /// name, `credential` and `generation` into the suffix), phonetics likewise.
    public mutating func setName(fromComponents components: [NameOrAddressComponent]) {
        namePrefix = nil; givenName = nil; middleName = nil; familyName = nil; nameSuffix = nil
        phoneticGivenName = nil; phoneticMiddleName = nil; phoneticFamilyName = nil
        func add(_ s: inout String?, _ v: String?) {
            guard let v else { return }
            s = s.map { $0 + " " + v } ?? v
        }
        for part in components {
            switch part.kind {
            case "title": add(&namePrefix, part.value)
            case "given": add(&givenName, part.value); add(&phoneticGivenName, part.phonetic)
            case "given2": add(&middleName, part.value); add(&phoneticMiddleName, part.phonetic)
            case "surname", "surname2": add(&familyName, part.value); add(&phoneticFamilyName, part.phonetic)
            case "credential", "generation": add(&nameSuffix, part.value)
            default: break
            }
        }
        nameComponents = components
    }

    /// Whether ``nameComponents`` give exactly the name fields (and so may be written in their order).
    public var nameComponentsAgree: Bool {
        guard !nameComponents.isEmpty else { return false }
        var scratch = Contact(id: id)
        scratch.setName(fromComponents: nameComponents)
        return scratch.namePrefix == namePrefix && scratch.givenName == givenName && scratch.middleName == middleName
            && scratch.familyName == familyName && scratch.nameSuffix == nameSuffix
            && scratch.phoneticGivenName == phoneticGivenName && scratch.phoneticMiddleName == phoneticMiddleName
            && scratch.phoneticFamilyName == phoneticFamilyName
    }
}

extension PostalAddress {
    /// Sets the address fields from ordered components, and keeps the components: street-level parts
    /// (number, name, block, district...) become street lines, room-level parts (apartment, floor,
    /// building) the extended address, others their field, joined with a space.
    public mutating func setFields(fromComponents components: [NameOrAddressComponent]) {
        poBox = nil; extendedAddress = nil; street = []; city = nil; region = nil; postalCode = nil; country = nil
        func add(_ s: inout String?, _ v: String) { s = s.map { $0 + " " + v } ?? v }
        for c in components {
            switch c.kind {
            case "postOfficeBox": add(&poBox, c.value)
            case "apartment", "room", "floor", "building": add(&extendedAddress, c.value)
            case "name", "number", "block", "direction", "landmark", "subdistrict", "district": street.append(c.value)
            case "locality": add(&city, c.value)
            case "region": add(&region, c.value)
            case "postcode": add(&postalCode, c.value)
            case "country": add(&country, c.value)
            default: break
            }
        }
        self.components = components
    }

    /// Whether ``components`` give exactly the address fields (and so may be written in their order).
    public var componentsAgree: Bool {
        guard !components.isEmpty else { return false }
        var scratch = PostalAddress()
        scratch.setFields(fromComponents: components)
        return scratch.poBox == poBox && scratch.extendedAddress == extendedAddress && scratch.street == street
            && scratch.city == city && scratch.region == region && scratch.postalCode == postalCode && scratch.country == country
    }
}
