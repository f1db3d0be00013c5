import Foundation

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

    /// A birthday with these parts, unchecked (for storage that held a birthday already made).
    init(uncheckedYear year: Int?, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// ISO 8601 form: `1990-04-12`, or `--04-12` without a year.
    public var description: String {
        // Digit by digit where each part fits its width: `String(format:)` took a twentieth of
        // explaining a million-card book's duplicate matches.
        guard (0...99).contains(month), (0...99).contains(day), (0...9999).contains(year ?? 0) else {
            let md = String(format: "%02d-%02d", month, day)
            if let year { return String(format: "%04d-", year) + md }
            return "--" + md
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        func twoDigits(_ number: Int) {
            bytes.append(UInt8(ascii: "0") + UInt8(number / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
        if let year {
            twoDigits(year / 100)
            twoDigits(year % 100)
        } else {
            bytes.append(UInt8(ascii: "-"))
        }
        bytes.append(UInt8(ascii: "-"))
        twoDigits(month)
        bytes.append(UInt8(ascii: "-"))
        twoDigits(day)
        return String(decoding: bytes, as: UTF8.self)
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
    ///
    /// A UUID is held as its 128 bits (see ``ContactID``); the text reads back exactly as given.
    public var recordID: String? {
        get { record?.string }
        set { record = newValue.map(IdentifierText.init) }
    }
    /// ``recordID`` as it is held.
    package var record: IdentifierText?
    /// The source's version of the record (a CardDAV ETag, a revision), if any.
    public var revision: String?

    /// Creates a provenance record.
    public init(providerID: String, recordID: String? = nil, revision: String? = nil) {
        self.providerID = providerID
        self.record = recordID.map(IdentifierText.init)
        self.revision = revision
    }

    /// Creates a provenance record with its record identifier as it is held.
    package init(providerID: String, record: IdentifierText?, revision: String? = nil) {
        self.providerID = providerID
        self.record = record
        self.revision = revision
    }

    private enum CodingKeys: String, CodingKey {
        case providerID, recordID, revision
    }

    /// Decodes a record from `providerID` and, when present, `recordID` and `revision`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        providerID = try container.decode(String.self, forKey: .providerID)
        record = try container.decodeIfPresent(String.self, forKey: .recordID).map(IdentifierText.init)
        revision = try container.decodeIfPresent(String.self, forKey: .revision)
    }

    /// Encodes `providerID`, and `recordID` and `revision` when they are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(providerID, forKey: .providerID)
        try container.encodeIfPresent(recordID, forKey: .recordID)
        try container.encodeIfPresent(revision, forKey: .revision)
    }
}
