import Foundation

/// A JSON value, kept exactly as read so that a card encodes back to the JSON it came from.
public enum JSONValue: Hashable, Sendable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; member order is not significant in JSON.
    case object([String: JSONValue])

    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an integer value.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// Creates a Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an array value.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates an object value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let v = try? c.decode(Bool.self) { self = .bool(v) }
        else if let v = try? c.decode(Int.self) { self = .integer(v) }
        else if let v = try? c.decode(Double.self) { self = .number(v) }
        else if let v = try? c.decode(String.self) { self = .string(v) }
        else if let v = try? c.decode([JSONValue].self) { self = .array(v) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let v): try c.encode(v)
        case .integer(let v): try c.encode(v)
        case .number(let v): try c.encode(v)
        case .string(let v): try c.encode(v)
        case .array(let v): try c.encode(v)
        case .object(let v): try c.encode(v)
        }
    }

    /// The text of a string value.
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    /// The number of an integer value.
    public var integer: Int? { if case .integer(let v) = self { v } else { nil } }
    /// The Boolean of a Boolean value.
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    /// The elements of an array value.
    public var array: [JSONValue]? { if case .array(let v) = self { v } else { nil } }
    /// The members of an object value.
    public var object: [String: JSONValue]? { if case .object(let v) = self { v } else { nil } }

    /// The member of an object value.
    public subscript(key: String) -> JSONValue? {
        if case .object(let v) = self { v[key] } else { nil }
    }

    /// The JSON type's name, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "Boolean"
        case .integer, .number: "number"
        case .string: "String"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Compact JSON text with sorted keys (as vCard `JSPROP` carries it).
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Parses JSON text (any value at the top level).
    public init(jsonText: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(jsonText.utf8))
    }
}

/// JSON Pointer (RFC 6901) paths as JSContact uses them: `phones/p1/number`, no leading slash.
public enum JSONPointer {
    /// A path's reference tokens, unescaped (`~1` is `/`, `~0` is `~`).
    public static func tokens(_ pointer: String) -> [String] {
        var path = Substring(pointer)
        if path.hasPrefix("/") { path = path.dropFirst() }
        return path.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// A path from reference tokens, escaped.
    public static func path(_ tokens: [String]) -> String {
        tokens.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined(separator: "/")
    }

    /// Sets the value at a path inside an object, creating objects on the way; returns false when
    /// the path runs through a value that is not an object or array.
    @discardableResult
    public static func set(_ value: JSONValue, at tokens: [String], in root: inout JSONValue) -> Bool {
        guard let first = tokens.first else {
            root = value
            return true
        }
        switch root {
        case .object(var members):
            var child = members[first] ?? .object([:])
            guard set(value, at: Array(tokens.dropFirst()), in: &child) else { return false }
            members[first] = child
            root = .object(members)
            return true
        case .array(var elements):
            guard let i = Int(first), elements.indices.contains(i) else { return false }
            guard set(value, at: Array(tokens.dropFirst()), in: &elements[i]) else { return false }
            root = .array(elements)
            return true
        default:
            return false
        }
    }
}
