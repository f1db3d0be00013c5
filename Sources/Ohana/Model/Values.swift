import Foundation

/// A postal address of a contact.
public struct PostalAddress: Hashable, Codable, Sendable {
    /// The label, such as home or work.
    public var label: ContactFieldLabel?
    /// Street lines, in order.
    public var street: [String]
    /// Post office box (vCard ADR's first component).
    public var poBox: String?
    /// Extended address, such as an apartment or suite (vCard ADR's second component).
    public var extendedAddress: String?
    /// City or locality.
    public var city: String?
    /// State, province or other region.
    public var region: String?
    /// Postal code.
    public var postalCode: String?
    /// Country name as written.
    public var country: String?
    /// ISO 3166-1 alpha-2 country code, such as `DE`.
    public var isoCountryCode: String?
    /// Whether the source marked this address as preferred.
    public var isPreferred: Bool
    /// Source parameters the model has no slot for, carried along and written back.
    public var parameters: [PropertyParameter]
    /// The source's property group, kept for writing back.
    public var group: String?
    /// Where this address came from.
    public var provenance: Provenance?
    /// The address's parts in the order the source wrote them (vCard `JSCOMPS`, JSContact
    /// `components`); empty when the source gave no order. Used only while it agrees with the fields.
    public var components: [NameOrAddressComponent] = []

    /// Creates a postal address.
    public init(
        label: ContactFieldLabel? = nil,
        street: [String] = [],
        poBox: String? = nil,
        extendedAddress: String? = nil,
        city: String? = nil,
        region: String? = nil,
        postalCode: String? = nil,
        country: String? = nil,
        isoCountryCode: String? = nil,
        isPreferred: Bool = false,
        parameters: [PropertyParameter] = [],
        group: String? = nil,
        provenance: Provenance? = nil
    ) {
        self.label = label
        self.street = street
        self.poBox = poBox
        self.extendedAddress = extendedAddress
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.isPreferred = isPreferred
        self.parameters = parameters
        self.group = group
        self.provenance = provenance
    }

    /// Whether every part of the address is empty.
    public var isEmpty: Bool {
        street.allSatisfy(\.isBlank) && [poBox, extendedAddress, city, region, postalCode, country, isoCountryCode]
            .allSatisfy { $0?.isBlank ?? true }
    }

    private enum CodingKeys: String, CodingKey {
        case label, street, poBox, extendedAddress, city, region, postalCode, country, isoCountryCode
        case isPreferred, parameters, group, provenance, components
    }

    /// Decodes an address; every key may be missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            label: try c.decodeIfPresent(ContactFieldLabel.self, forKey: .label),
            street: try c.decodeIfPresent([String].self, forKey: .street) ?? [],
            poBox: try c.decodeIfPresent(String.self, forKey: .poBox),
            extendedAddress: try c.decodeIfPresent(String.self, forKey: .extendedAddress),
            city: try c.decodeIfPresent(String.self, forKey: .city),
            region: try c.decodeIfPresent(String.self, forKey: .region),
            postalCode: try c.decodeIfPresent(String.self, forKey: .postalCode),
            country: try c.decodeIfPresent(String.self, forKey: .country),
            isoCountryCode: try c.decodeIfPresent(String.self, forKey: .isoCountryCode),
            isPreferred: try c.decodeIfPresent(Bool.self, forKey: .isPreferred) ?? false,
            parameters: try c.decodeIfPresent([PropertyParameter].self, forKey: .parameters) ?? [],
            group: try c.decodeIfPresent(String.self, forKey: .group),
            provenance: try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        )
        components = try c.decodeIfPresent([NameOrAddressComponent].self, forKey: .components) ?? []
    }

    /// Encodes an address, leaving out empty parts.
    ///
    /// Keys go in sorted order, as sorted-key JSON writes them: the streaming encoder then has no
    /// members to reorder.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(city, forKey: .city)
        if !components.isEmpty { try c.encode(components, forKey: .components) }
        try c.encodeIfPresent(country, forKey: .country)
        try c.encodeIfPresent(extendedAddress, forKey: .extendedAddress)
        try c.encodeIfPresent(group, forKey: .group)
        if isPreferred { try c.encode(isPreferred, forKey: .isPreferred) }
        try c.encodeIfPresent(isoCountryCode, forKey: .isoCountryCode)
        try c.encodeIfPresent(label, forKey: .label)
        if !parameters.isEmpty { try c.encode(parameters, forKey: .parameters) }
        try c.encodeIfPresent(poBox, forKey: .poBox)
        try c.encodeIfPresent(postalCode, forKey: .postalCode)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        try c.encodeIfPresent(region, forKey: .region)
        if !street.isEmpty { try c.encode(street, forKey: .street) }
    }
}

/// A birthday or other date whose year may be unknown.
public struct Birthday: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The year, when known.
    public var year: Int?
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

    /// Creates a birthday; returns `nil` when the month or day is out of range.
    public init?(year: Int? = nil, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// ISO 8601 form: `1990-04-12`, or `--04-12` without a year.
    public var description: String {
        let md = String(format: "%02d-%02d", month, day)
        if let year { return String(format: "%04d-", year) + md }
        return "--" + md
    }
}

/// A contact's photo: the image bytes and their media type.
public struct Photo: Hashable, Codable, Sendable {
    /// The image bytes.
    public var data: Data
    /// The media type, such as `image/jpeg`, when known.
    public var mediaType: String?

    /// Creates a photo.
    public init(data: Data, mediaType: String? = nil) {
        self.data = data
        self.mediaType = mediaType
    }
}

/// A typed value attached to a contact or field by a post processor or an app.
public enum CustomValue: Hashable, Codable, Sendable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A point in time.
    case date(Date)
    /// Bytes.
    case data(Data)
    /// A list of texts.
    case strings([String])

    private enum CodingKeys: String, CodingKey { case string, integer, double, bool, date, data, strings }

    /// Decodes a value from an object with one key naming its type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let v = try c.decodeIfPresent(String.self, forKey: .string) { self = .string(v) }
        else if let v = try c.decodeIfPresent(Int.self, forKey: .integer) { self = .integer(v) }
        else if let v = try c.decodeIfPresent(Double.self, forKey: .double) { self = .double(v) }
        else if let v = try c.decodeIfPresent(Bool.self, forKey: .bool) { self = .bool(v) }
        else if let v = try c.decodeIfPresent(Date.self, forKey: .date) { self = .date(v) }
        else if let v = try c.decodeIfPresent(Data.self, forKey: .data) { self = .data(v) }
        else if let v = try c.decodeIfPresent([String].self, forKey: .strings) { self = .strings(v) }
        else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a custom value needs one of the keys string, integer, double, bool, date, data, strings"))
        }
    }

    /// Encodes the value as an object with one key naming its type.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let v): try c.encode(v, forKey: .string)
        case .integer(let v): try c.encode(v, forKey: .integer)
        case .double(let v): try c.encode(v, forKey: .double)
        case .bool(let v): try c.encode(v, forKey: .bool)
        case .date(let v): try c.encode(v, forKey: .date)
        case .data(let v): try c.encode(v, forKey: .data)
        case .strings(let v): try c.encode(v, forKey: .strings)
        }
    }

    /// The text, for a `.string` value.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The number, for an `.integer` value.
    public var integerValue: Int? { if case .integer(let v) = self { v } else { nil } }
    /// The Boolean, for a `.bool` value.
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
}

/// A parameter of a source property, such as vCard's `TYPE=HOME` or `X-SERVICE-TYPE=Skype`.
public struct PropertyParameter: Hashable, Codable, Sendable {
    /// The parameter's name as written (case kept).
    public var name: String
    /// The parameter's values, in order.
    public var values: [String]

    /// Creates a parameter.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// A property from a source that the model has no slot for, kept so it can be written back.
public struct UnmappedProperty: Hashable, Codable, Sendable {
    /// The property's group, such as `item1`, if any.
    public var group: String?
    /// The property's name as written, such as `X-ANDROID-CUSTOM`.
    public var name: String
    /// The property's parameters, in order.
    public var parameters: [PropertyParameter]
    /// The property's value, as text (still escaped as the source's format escapes it).
    public var value: String

    /// Creates an unmapped property.
    public init(group: String? = nil, name: String, parameters: [PropertyParameter] = [], value: String) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
    }
}

/// Where a contact, field or address came from.
public struct Provenance: Hashable, Codable, Sendable {
    /// The identifier of the provider that loaded it.
    public var providerID: String
    /// The source's own identifier for the record (a vCard UID, a CardDAV href, a row id), if any.
    public var recordID: String?
    /// The source's version of the record (a CardDAV ETag, a revision), if any.
    public var revision: String?

    /// Creates a provenance record.
    public init(providerID: String, recordID: String? = nil, revision: String? = nil) {
        self.providerID = providerID
        self.recordID = recordID
        self.revision = revision
    }
}
