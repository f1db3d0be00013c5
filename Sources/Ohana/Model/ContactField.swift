import Foundation

/// The kind of value a ``ContactField`` holds.
public enum ContactFieldType: String, Hashable, Codable, Sendable, CaseIterable {
    /// A telephone number.
    case phoneNumber
    /// An email address.
    case emailAddress
    /// A web address.
    case url
    /// An instant messaging or social handle.
    case instantMessage
    /// Anything else.
    case other
}

/// The label of a field or address: one of the standard labels or free text.
public struct ContactFieldLabel: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The label's text.
    public var rawValue: String

    /// Creates a label from its text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a label from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The label's text.
    public var description: String { rawValue }

    /// Home.
    public static let home: ContactFieldLabel = "home"
    /// Work.
    public static let work: ContactFieldLabel = "work"
    /// Mobile phone.
    public static let mobile: ContactFieldLabel = "mobile"
    /// iPhone.
    public static let iPhone: ContactFieldLabel = "iPhone"
    /// Main number.
    public static let main: ContactFieldLabel = "main"
    /// Fax.
    public static let fax: ContactFieldLabel = "fax"
    /// Home fax.
    public static let homeFax: ContactFieldLabel = "home fax"
    /// Work fax.
    public static let workFax: ContactFieldLabel = "work fax"
    /// Pager.
    public static let pager: ContactFieldLabel = "pager"
    /// Other.
    public static let other: ContactFieldLabel = "other"

    /// The standard labels, in the order apps usually offer them.
    public static let standard: [ContactFieldLabel] = [
        .home, .work, .mobile, .iPhone, .main, .fax, .homeFax, .workFax, .pager, .other,
    ]

    /// Whether this is one of the ``standard`` labels.
    public var isStandard: Bool { Self.standard.contains(self) }

    /// Whether the label names a mobile phone (mobile, iPhone, cell).
    public var isMobile: Bool {
        let folded = rawValue.lowercased()
        return self == .mobile || self == .iPhone || folded == "cell" || folded == "mobile" || folded == "iphone"
    }

    /// Decodes a label from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the label as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A labeled value of a contact: a phone number, email address, URL, messaging handle or other.
public struct ContactField: Hashable, Codable, Sendable {
    // The stored parts are declared widest first: a field is 48 bytes, not the 56 that `type` first
    // made it (Swift lays stored properties out in declaration order).

    /// The label, such as home or mobile; `nil` when the source gave none.
    public var label: ContactFieldLabel?
    /// The value exactly as the source wrote it.
    public var value: String
    /// What kind of value this is.
    public var type: ContactFieldType
    /// Whether the source marked this value as preferred.
    public var isPreferred: Bool
    /// For a phone number: what parsing and formatting found (set by the phone formatting post processor).
    public var phoneNumber: PhoneNumberDetails? {
        get { extras?.value.phoneNumber }
        _modify {
            extras.makeUniqueBox(empty: Extras())
            defer { if extras?.value.isEmpty == true { extras = nil } }
            yield &extras!.value.phoneNumber
        }
    }
    /// Typed values that post processors and apps attach.
    public var customProperties: [String: CustomValue] {
        get { extras?.value.customProperties ?? [:] }
        _modify {
            extras.makeUniqueBox(empty: Extras())
            defer { if extras?.value.isEmpty == true { extras = nil } }
            yield &extras!.value.customProperties
        }
    }
    /// Source parameters the model has no slot for, carried along and written back.
    public var parameters: [PropertyParameter] {
        get { extras?.value.parameters ?? [] }
        _modify {
            extras.makeUniqueBox(empty: Extras())
            defer { if extras?.value.isEmpty == true { extras = nil } }
            yield &extras!.value.parameters
        }
    }
    /// The source's property group (vCard `item1.TEL`), kept for writing back.
    public var group: String? {
        get { extras?.value.group }
        _modify {
            extras.makeUniqueBox(empty: Extras())
            defer { if extras?.value.isEmpty == true { extras = nil } }
            yield &extras!.value.group
        }
    }
    /// Where this value came from.
    public var provenance: Provenance? {
        get { extras?.value.provenance }
        _modify {
            extras.makeUniqueBox(empty: Extras())
            defer { if extras?.value.isEmpty == true { extras = nil } }
            yield &extras!.value.provenance
        }
    }

    /// The parts most fields do not have, behind one reference (`nil` when all are empty): a field
    /// is then 48 bytes, and an address book holds several fields per contact.
    private var extras: Indirect<Extras>?

    private struct Extras: Hashable, Sendable {
        var phoneNumber: PhoneNumberDetails?
        var customProperties: [String: CustomValue] = [:]
        var parameters: [PropertyParameter] = []
        var group: String?
        var provenance: Provenance?

        var isEmpty: Bool {
            phoneNumber == nil && customProperties.isEmpty && parameters.isEmpty && group == nil && provenance == nil
        }
    }


    /// Creates a field.
    public init(
        type: ContactFieldType,
        label: ContactFieldLabel? = nil,
        value: String,
        isPreferred: Bool = false,
        phoneNumber: PhoneNumberDetails? = nil,
        customProperties: [String: CustomValue] = [:],
        parameters: [PropertyParameter] = [],
        group: String? = nil,
        provenance: Provenance? = nil
    ) {
        self.type = type
        self.label = label
        self.value = value
        self.isPreferred = isPreferred
        // Most fields have none of the extras: not even built then (building and destroying the
        // empty extras cost 500 instructions a field when reading vCards).
        if case .none = phoneNumber, customProperties.isEmpty, parameters.isEmpty, group == nil, provenance == nil {
            self.extras = nil
            return
        }
        let extras = Extras(
            phoneNumber: phoneNumber, customProperties: customProperties, parameters: parameters, group: group,
            provenance: provenance)
        self.extras = extras.isEmpty ? nil : Indirect(extras)
    }

    /// A phone number field.
    public static func phone(_ value: String, label: ContactFieldLabel? = nil) -> ContactField {
        ContactField(type: .phoneNumber, label: label, value: value)
    }

    /// An email address field.
    public static func email(_ value: String, label: ContactFieldLabel? = nil) -> ContactField {
        ContactField(type: .emailAddress, label: label, value: value)
    }

    /// A URL field.
    public static func url(_ value: String, label: ContactFieldLabel? = nil) -> ContactField {
        ContactField(type: .url, label: label, value: value)
    }

    private enum CodingKeys: String, CodingKey {
        case type, label, value, isPreferred, phoneNumber, customProperties, parameters, group, provenance
    }

    /// Decodes a field; only `type` and `value` are required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try c.decode(ContactFieldType.self, forKey: .type),
            label: try c.decodeIfPresent(ContactFieldLabel.self, forKey: .label),
            value: try c.decode(String.self, forKey: .value),
            isPreferred: try c.decodeIfPresent(Bool.self, forKey: .isPreferred) ?? false,
            phoneNumber: try c.decodeIfPresent(PhoneNumberDetails.self, forKey: .phoneNumber),
            customProperties: try c.decodeIfPresent([String: CustomValue].self, forKey: .customProperties) ?? [:],
            parameters: try c.decodeIfPresent([PropertyParameter].self, forKey: .parameters) ?? [],
            group: try c.decodeIfPresent(String.self, forKey: .group),
            provenance: try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        )
    }

    /// Encodes a field, leaving out empty parts.
    ///
    /// Keys go in sorted order, as sorted-key JSON writes them: the streaming encoder then has no
    /// members to reorder.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if !customProperties.isEmpty { try c.encode(customProperties, forKey: .customProperties) }
        try c.encodeIfPresent(group, forKey: .group)
        if isPreferred { try c.encode(isPreferred, forKey: .isPreferred) }
        try c.encodeIfPresent(label, forKey: .label)
        if !parameters.isEmpty { try c.encode(parameters, forKey: .parameters) }
        try c.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        try c.encode(type, forKey: .type)
        try c.encode(value, forKey: .value)
    }
}

/// The formats a phone number can be written in.
public struct PhoneNumberFormat: OptionSet, Hashable, Codable, Sendable {
    /// The format's bit.
    public let rawValue: Int

    /// Creates a set of formats from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// E.164: `+15551234567`.
    public static let e164 = PhoneNumberFormat(rawValue: 1 << 0)
    /// International: `+1 555-123-4567`.
    public static let international = PhoneNumberFormat(rawValue: 1 << 1)
    /// National: `(555) 123-4567`.
    public static let national = PhoneNumberFormat(rawValue: 1 << 2)
    /// RFC 3966 URI: `tel:+1-555-123-4567`.
    public static let rfc3966 = PhoneNumberFormat(rawValue: 1 << 3)
    /// All four formats.
    public static let all: PhoneNumberFormat = [.e164, .international, .national, .rfc3966]
}

/// What parsing a phone number found: its formatted forms, or why it could not be read.
public struct PhoneNumberDetails: Hashable, Codable, Sendable {
    /// Whether the number was read as a number of a known country, so that its formatted forms are set.
    public var isParsed: Bool
    /// Whether the number is a valid number for its region (parsed numbers only).
    public var isValid: Bool
    /// The region the number belongs to (ISO 3166 code), when known.
    public var regionCode: String?
    /// The region that was assumed for numbers written without a country code.
    public var assumedRegion: String?
    /// E.164 form, when requested and parsed.
    public var e164: String?
    /// International form, when requested and parsed.
    public var international: String?
    /// National form, when requested and parsed.
    public var national: String?
    /// RFC 3966 form, when requested and parsed.
    public var rfc3966: String?
    /// Why the number could not be parsed or is invalid.
    public var problem: String?
    /// Which evidence decided the number's region (resolved numbers only); `nil` in details from before it was recorded.
    public var regionSource: PhoneRegionSource?
    /// Whether the number was resolved, left as written for want of evidence or for evidence that
    /// disagrees, or is no number at all; `nil` in details from before it was recorded.
    public var status: PhoneNumberStatus?
    /// The regions the number was weighed in when more than one made it valid, likeliest first;
    /// `nil` when no other region could compete.
    public var candidates: [PhoneRegionCandidate]?

    /// Creates phone number details.
    public init(
        isParsed: Bool,
        isValid: Bool,
        regionCode: String? = nil,
        assumedRegion: String? = nil,
        e164: String? = nil,
        international: String? = nil,
        national: String? = nil,
        rfc3966: String? = nil,
        problem: String? = nil,
        regionSource: PhoneRegionSource? = nil,
        status: PhoneNumberStatus? = nil,
        candidates: [PhoneRegionCandidate]? = nil
    ) {
        self.isParsed = isParsed
        self.isValid = isValid
        self.regionCode = regionCode
        self.assumedRegion = assumedRegion
        self.e164 = e164
        self.international = international
        self.national = national
        self.rfc3966 = rfc3966
        self.problem = problem
        self.regionSource = regionSource
        self.status = status
        self.candidates = candidates
    }

    /// Whether the number may stand as an E.164 number: resolved (or from before statuses were recorded) with an E.164 form.
    public var isResolved: Bool { (status == nil || status == .resolved) && isParsed }

    /// The formatted form for one format, if it was computed.
    public func formatted(_ format: PhoneNumberFormat) -> String? {
        switch format {
        case .e164: e164
        case .international: international
        case .national: national
        case .rfc3966: rfc3966
        default: nil
        }
    }
}
