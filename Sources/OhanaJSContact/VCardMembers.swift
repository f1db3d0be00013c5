import Foundation
import Ohana

/// How vCard names and parameters travel in JSContact (RFC 9555 sections 2.15 and 3.2): names are
/// written in lower case when the source wrote them in upper case, and as written otherwise, so
/// that nothing is lost on the way back.
enum VCardNames {
    static func json(_ vcardName: String) -> String {
        vcardName == vcardName.uppercased() ? vcardName.lowercased() : vcardName
    }

    static func vcard(_ jsonName: String) -> String {
        jsonName == jsonName.lowercased() ? jsonName.uppercased() : jsonName
    }

    /// Parameters as a `vCardParams` object: one value as a string, several as an array.
    static func object(_ parameters: [PropertyParameter], group: String?) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for p in parameters {
            let key = json(p.name)
            let values = (object[key]?.array ?? object[key].map { [$0] } ?? []) + p.values.map(JSONValue.string)
            object[key] = values.count == 1 ? values[0] : .array(values)
        }
        if let group { object["group"] = .string(group) }
        return object
    }

    /// Parameters and group from a `vCardParams` object, in the order of the keys' names.
    static func parameters(_ object: [String: JSONValue]) -> (parameters: [PropertyParameter], group: String?) {
        var parameters: [PropertyParameter] = []
        var group: String?
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            if key == "group" { group = value.string; continue }
            let values = value.array?.compactMap(\.string) ?? value.string.map { [$0] } ?? []
            parameters.append(PropertyParameter(name: vcard(key), values: values))
        }
        return (parameters, group)
    }
}

/// Keys of this library's own JSContact members (vendor-specific, RFC 9553 section 1.8.1), which
/// carry what a contact holds and JSContact has no member for.
enum Vendor {
    static let prefix = "ohana.dev:"
    /// A contact's `customProperties`, encoded as the model encodes them.
    static let customProperties = prefix + "customProperties"
    /// A field, address or property list exactly as the model holds it, when the JSContact members
    /// alone would not give it back.
    static let exact = prefix + "exact"
    /// Contact fields of a kind JSContact has no property for.
    static let otherFields = prefix + "otherFields"
    /// The order of keywords when it is not alphabetical.
    static let tagOrder = prefix + "tagOrder"
    /// Ids of single-valued members that differ from the generated ones, by member path.
    static let ids = prefix + "ids"
    /// The text of an `FN` marked `DERIVED=TRUE` (not the card's full name), or `true` for the mark alone.
    static let derivedFullName = prefix + "derivedFullName"
    /// Identifiers of merged contacts.
    static let mergedContactIDs = prefix + "mergedContactIDs"

    static func encode<T: Encodable>(_ value: T) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return .null }
        return (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue?) -> T? {
        guard let value, let data = try? JSONEncoder().encode(value) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(type, from: data)
    }
}

/// vCard `TIMESTAMP` (`19951031T222710Z`) and JSContact `UTCDateTime` (`1995-10-31T22:27:10Z`).
enum Timestamps {
    static func jscontact(_ vcard: String) -> String? {
        let c = Array(vcard)
        guard c.count == 16, c[8] == "T", c[15] == "Z", (c[0..<8] + c[9..<15]).allSatisfy(\.isASCII), (c[0..<8] + c[9..<15]).allSatisfy(\.isNumber)
        else { return nil }
        let s = String(c)
        func part(_ a: Int, _ b: Int) -> Substring { s.dropFirst(a).prefix(b - a) }
        return "\(part(0, 4))-\(part(4, 6))-\(part(6, 8))T\(part(9, 11)):\(part(11, 13)):\(part(13, 15))Z"
    }

    static func vcard(_ utc: String) -> String? {
        guard CardValidator.isUTCDateTime(utc), utc.count == 20 else { return nil }
        let digits = utc.filter { $0.isNumber }
        return String(digits.prefix(8)) + "T" + String(digits.suffix(6)) + "Z"
    }
}
