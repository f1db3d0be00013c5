import Foundation
import Ohana

/// Small model values that nearly every contact carries (its provenance, custom properties, a
/// photo, source parameters) read member by member, as their `init(from:)` reads them. Through
/// Codable's containers they cost more than the contact's names and fields together. Anything
/// unusual (a key with escapes or written twice, a custom value of another kind than text) goes
/// the generic way, so the result is always what ``JSONTape/decode(_:at:)`` gives.
extension JSONTape {
    /// Reads provenance as its synthesized `init(from:)` does: `providerID` is required.
    func provenance(at object: Int) throws -> Provenance {
        var provenance = Provenance(providerID: "")
        var hasProvider = false
        try forEachMember(of: object, keys: Self.provenanceKeys) { key, value in
            switch key {
            case 0: provenance.providerID = try string(at: value); hasProvider = true
            case 1: provenance.record = try identifier(at: value)
            default: provenance.revision = try string(at: value)
            }
        }
        guard hasProvider else { throw reject("provenance without providerID") }
        return provenance
    }

    /// Reads a photo as its synthesized `init(from:)` does: `data` (base64) is required.
    func photo(at object: Int) throws -> Photo {
        var photo = Photo(data: Data())
        var hasData = false
        try forEachMember(of: object, keys: Self.photoKeys) { key, value in
            switch key {
            case 0: photo.data = try decode(Data.self, at: value); hasData = true
            default: photo.mediaType = try string(at: value)
            }
        }
        guard hasData else { throw reject("photo without data") }
        return photo
    }

    /// Reads a parameter as its synthesized `init(from:)` does: `name` and `values` are required.
    func parameter(at object: Int) throws -> PropertyParameter {
        var parameter = PropertyParameter(name: "", values: [])
        var required = 0
        try forEachMember(of: object, keys: Self.parameterKeys) { key, value in
            switch key {
            case 0: parameter.name = try string(at: value)
            default: parameter.values = try array(at: value) { try string(at: $0) }
            }
            required += 1
        }
        guard required == 2 else { throw reject("a parameter without its name or values") }
        return parameter
    }

    /// Reads custom properties as `Dictionary.init(from:)` does; an object with a key written
    /// with escapes or twice is read the generic way.
    func customProperties(at object: Int) throws -> [String: CustomValue] {
        guard nodes[object].kind == .object else { throw reject("not an object") }
        let count = nodes[object].count
        var result: [String: CustomValue] = [:]
        result.reserveCapacity(count)
        var index = object + 1
        for _ in 0..<count {
            let value = index + 1
            guard !nodes[index].hasEscapes,
                  result.updateValue(try customValue(at: value), forKey: try string(at: index)) == nil
            else {
                return try decode([String: CustomValue].self, at: object)
            }
            index = nodes[value].next
        }
        return result
    }

    /// Reads a custom value as `CustomValue.init(from:)` does: text directly, other kinds the generic way.
    private func customValue(at object: Int) throws -> CustomValue {
        if nodes[object].kind == .object, let text = try member("string", in: object), !isNull(text) {
            return .string(try string(at: text))
        }
        return try decode(CustomValue.self, at: object)
    }

    static let provenanceKeys = KeyTable(["providerID", "recordID", "revision"])
    static let photoKeys = KeyTable(["data", "mediaType"])
    static let parameterKeys = KeyTable(["name", "values"])
}
