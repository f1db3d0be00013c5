import Foundation
import Ohana

/// Stored contacts' search rows (``SearchRow``) or JSON, many in one buffer: a search's candidates
/// as a backend hands them over (one allocation per chunk, not one per contact).
package struct StoredJSONChunk: Sendable {
    /// Every contact's search row or JSON, one after the other.
    package private(set) var bytes: [UInt8] = []
    /// Where each contact's entry ends in ``bytes`` (it starts where the one before ends).
    package private(set) var ends: [Int] = []

    /// An empty chunk.
    package init() {}

    /// The number of contacts in the chunk.
    package var count: Int { ends.count }

    /// Adds one contact's search row or JSON.
    package mutating func append(_ json: some Sequence<UInt8>) {
        bytes.append(contentsOf: json)
        ends.append(bytes.count)
    }

    /// Adds one contact's search row or JSON from memory it is lent in (copied at once).
    package mutating func append(bytesAt start: UnsafeRawPointer?, count: Int) {
        if let start, count > 0 {
            bytes.append(contentsOf: UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
        }
        ends.append(bytes.count)
    }

    /// Empties the chunk, keeping its memory for the next one (once the receiver is done with it).
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// The byte range of the contact at `index`.
    func range(at index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }
}

/// Reads the members of a stored contact's JSON that a search ranks and lists by (the id, the name
/// parts, the formatted name, the organization, each field's type and value) straight from its
/// bytes, skipping every other member. What it does not read plainly (a string with a backslash
/// escape or a control character, a key given twice, a value of another kind, invalid UTF-8, an
/// unknown field type) makes it give up, and the caller decodes the contact whole, so the parts
/// are always those `Contact.init(from:)` gives.
struct StoredJSONParts {
    private let bytes: UnsafeRawBufferPointer
    private var position: Int

    private struct GiveUp: Error {}

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        position = 0
    }

    /// The light contact (as ``SearchCandidates/lightContact(_:)`` makes it) of one stored JSON
    /// object, or `nil` when it must be decoded whole.
    static func lightContact(_ bytes: UnsafeRawBufferPointer) -> Contact? {
        var reader = StoredJSONParts(bytes)
        return try? reader.contact()
    }

    /// The member keys read, in the order ``SearchCandidates/lightContact(_:)`` sets them.
    private static let keys: [[UInt8]] = [
        "id", "namePrefix", "givenName", "middleName", "familyName", "nameSuffix", "nickname", "phoneticGivenName",
        "phoneticMiddleName", "phoneticFamilyName", "formattedName", "organization", "fields",
    ].map { Array($0.utf8) }

    private mutating func contact() throws -> Contact {
        var strings = [String?](repeating: nil, count: SearchCandidates.lightTextCount)
        var fields: [ContactField] = []
        var seen: UInt16 = 0
        try expect(UInt8(ascii: "{"))
        try members { reader, key in
            guard let index = Self.keys.firstIndex(where: { $0.count == key.count && $0.elementsEqual(key) }) else {
                return try reader.skipValue()
            }
            guard seen & (1 << index) == 0 else { throw GiveUp() }
            seen |= 1 << index
            if index == SearchCandidates.lightTextCount {
                fields = try reader.fields()
            } else {
                strings[index] = try reader.optionalString()
            }
        }
        skipWhitespace()
        guard position == bytes.count, let contact = SearchCandidates.lightContact(texts: strings, fields: fields) else {
            throw GiveUp()
        }
        return contact
    }

    /// The fields array (`null` as none): each element's type and value, both required.
    private mutating func fields() throws -> [ContactField] {
        if try readNull() { return [] }
        try expect(UInt8(ascii: "["))
        var fields: [ContactField] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return fields
        }
        while true {
            try expect(UInt8(ascii: "{"))
            var type: ContactFieldType?
            var value: String?
            try members { reader, key in
                if key.elementsEqual("type".utf8) {
                    guard type == nil, let raw = try reader.optionalString(), let known = ContactFieldType(rawValue: raw)
                    else { throw GiveUp() }
                    type = known
                } else if key.elementsEqual("value".utf8) {
                    guard value == nil, let text = try reader.optionalString() else { throw GiveUp() }
                    value = text
                } else {
                    try reader.skipValue()
                }
            }
            guard let type, let value else { throw GiveUp() }
            fields.append(ContactField(type: type, value: value))
            skipWhitespace()
            let next = try byte()
            if next == UInt8(ascii: "]") { return fields }
            guard next == UInt8(ascii: ",") else { throw GiveUp() }
        }
    }

    /// Reads an object's members after its `{`, through its `}`, handing each key (its bytes) to `member`,
    /// which reads the value.
    private mutating func members(_ member: (inout StoredJSONParts, UnsafeRawBufferPointer) throws -> Void) throws {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try expect(UInt8(ascii: "\""))
            let key = try plainStringBytes()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            let next = try byte()
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw GiveUp() }
        }
    }

    /// A string value, or `nil` for `null`.
    private mutating func optionalString() throws -> String? {
        if try readNull() { return nil }
        try expect(UInt8(ascii: "\""))
        guard let string = String(validating: try plainStringBytes(), as: UTF8.self) else { throw GiveUp() }
        return string
    }

    /// The bytes of a string after its opening quote, through its closing quote; gives up at an
    /// escape or a control character.
    private mutating func plainStringBytes() throws -> UnsafeRawBufferPointer {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw GiveUp() }
            position += 1
        }
        throw GiveUp()
    }

    /// Skips one value of any kind (its syntax is the stored JSON's, which the store wrote).
    private mutating func skipValue() throws {
        var depth = 0
        repeat {
            guard position < bytes.count else { throw GiveUp() }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                position += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default:
                // A number, true, false or null: up to the next delimiter.
                while position < bytes.count, !Self.isDelimiter(bytes[position]) { position += 1 }
            }
            if depth > 0 { skipWhitespaceAndCommas() }
        } while depth > 0
        guard depth == 0, position <= bytes.count else { throw GiveUp() }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ":")
            || byte <= 0x20
    }

    private mutating func skipWhitespaceAndCommas() {
        while position < bytes.count, bytes[position] <= 0x20 || bytes[position] == UInt8(ascii: ",")
            || bytes[position] == UInt8(ascii: ":") { position += 1 }
    }

    /// Reads `null` when it comes next.
    private mutating func readNull() throws -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        guard position + 4 <= bytes.count, bytes[position + 1] == UInt8(ascii: "u"), bytes[position + 2] == UInt8(ascii: "l"),
              bytes[position + 3] == UInt8(ascii: "l") else { throw GiveUp() }
        position += 4
        return true
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw GiveUp() }
        position += 1
        return bytes[position - 1]
    }

    private mutating func expect(_ expected: UInt8) throws {
        skipWhitespace()
        guard try byte() == expected else { throw GiveUp() }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D
            || bytes[position] == 0x09 { position += 1 }
    }
}
