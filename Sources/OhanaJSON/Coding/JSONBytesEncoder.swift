import Foundation
import Ohana

/// Encodes `Encodable` values straight into JSON bytes, with the output of Foundation's
/// `JSONEncoder` using `.sortedKeys` (and `.prettyPrinted`, `.withoutEscapingSlashes` when asked),
/// byte for byte, at a fraction of its cost.
///
/// Foundation's encoder first builds a tree of boxed values and then writes it; this one writes
/// each value as it is encoded and sorts an object's members when the object closes, by moving the
/// members' bytes (keys compare by their UTF-8, as Foundation does on Linux). A type whose
/// `encode(to:)` does something a stream cannot follow (writing into a container after a later
/// one was opened, `superEncoder`) makes ``encode(_:)`` throw ``Unsupported``: callers then fall
/// back to `JSONEncoder`.
///
/// Complexity: O(*n* log *k*) for *n* output bytes and at most *k* members per object.
package struct JSONBytesEncoder: Sendable {
    /// Thrown when a type encodes itself in a way this encoder does not stream.
    package struct Unsupported: Error, CustomStringConvertible {
        /// What the type did.
        package var description: String
    }

    /// Indented output, as `.prettyPrinted`.
    package var pretty = false
    /// Whether `/` is written as `\/` (Foundation's default; off as `.withoutEscapingSlashes`).
    package var escapesSlashes = true
    /// Dates as ISO 8601 text (`.iso8601`); otherwise as seconds since 2001 (`.deferredToDate`).
    package var datesAsISO8601 = false
    /// The strings written for infinities and NaN (`.convertToString`); `nil` makes them an error.
    package var nonConformingFloatStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)?

    /// Creates an encoder with Foundation's defaults plus sorted keys.
    package init() {}

    /// The JSON of `value`.
    package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try written { try $0.encodeValue(value) }.bytes.array
    }

    /// The JSON of `value`, as ``encode(_:)`` writes it, in `Data` that holds the written bytes without a copy.
    package func encodeData<T: Encodable>(_ value: T) throws -> Data {
        try written { try $0.encodeValue(value) }.bytes.takeData()
    }

    /// The JSON of `contacts` as one array: what ``encode(_:)`` gives for `Array(contacts)`,
    /// without copying the contacts or the bytes.
    package func encodeData(contacts: ArraySlice<Contact>) throws -> Data {
        try written(capacity: 1024 * contacts.count) { try $0.writeContacts(contacts) }.bytes.takeData()
    }

    /// A writer after `write`, or the error that kept it from streaming.
    private func written(capacity: Int = 4096, _ write: (JSONStreamWriter) throws -> Void) throws -> JSONStreamWriter {
        let writer = JSONStreamWriter(options: self, capacity: capacity)
        try write(writer)
        if let unsupported = writer.unsupported { throw Unsupported(description: unsupported) }
        return writer
    }

    /// Appends the JSON of `value` to `bytes`; on error, `bytes` is left as it was.
    package func append<T: Encodable>(_ value: T, to bytes: inout [UInt8]) throws {
        bytes.append(contentsOf: try encode(value))
    }
}

/// The state of one encoding: the bytes written so far and the containers still open.
final class JSONStreamWriter {
    /// An open object or array.
    struct Frame {
        var isObject: Bool
        /// A serial number: a container whose frame was closed and replaced notices.
        var serial: Int
        /// The index of this frame's first member in ``members``.
        var firstMember: Int
        var count = 0
        /// Whether it was opened by `nestedContainer` and so may close when its parent writes on.
        var isNested: Bool
        /// Whether its writer puts the keys in order itself (the model's hand-written writers), so
        /// they are neither recorded nor sorted when the object closes.
        var keysInOrder = false
    }

    /// One member of an open object: its key and where its bytes start (at the key's quote).
    struct Member {
        var key: String
        var start: Int
    }

    let options: JSONBytesEncoder
    // Only this encoding's thread touches them: no dynamic exclusivity checks on every append.
    @exclusivity(unchecked) var bytes: JSONByteBuffer
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var members: [Member] = []
    var nextSerial = 0
    /// Set when a type did something that cannot be streamed; the encoding then throws.
    var unsupported: String?

    /// A writer with room for `capacity` bytes to start with.
    init(options: JSONBytesEncoder, capacity: Int = 4096) {
        self.options = options
        self.bytes = JSONByteBuffer(capacity: capacity)
    }

    // MARK: Values

    /// Writes any value: the special cases Foundation has, or the value's own `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        // Metatype comparisons, not dynamic casts: this runs for every value.
        if T.self == String.self { return writeString(unsafeBitCast(value, to: String.self)) }
        if T.self == Date.self {
            let date = unsafeBitCast(value, to: Date.self)
            if options.datesAsISO8601 { return writeString(date.ISO8601Format()) }
            return try writeDouble(date.timeIntervalSinceReferenceDate)
        }
        if T.self == Contact.self { return try writeContact(unsafeBitCast(value, to: Contact.self)) }
        if T.self == [Contact].self { return try writeContacts(unsafeBitCast(value, to: [Contact].self)[...]) }
        if T.self == ContactField.self { return try writeField(unsafeBitCast(value, to: ContactField.self)) }
        if T.self == PostalAddress.self { return try writeAddress(unsafeBitCast(value, to: PostalAddress.self)) }
        if T.self == PhoneNumberDetails.self { return writePhoneNumberDetails(unsafeBitCast(value, to: PhoneNumberDetails.self)) }
        if T.self == Data.self { return writeString((value as! Data).base64EncodedString()) }
        if T.self == URL.self { return writeString((value as! URL).absoluteString) }
        if T.self == Decimal.self {
            unsupported = "Decimal (Foundation writes it as a number)"
            return
        }
        let level = frames.count
        let before = bytes.count
        try value.encode(to: StreamEncoder(writer: self, level: level))
        if frames.count > level {
            while frames.count > level { closeFrame() }
        } else if bytes.count == before {
            // A value that encoded nothing is an empty object, as with Foundation.
            openFrame(isObject: true, isNested: false)
            closeFrame()
        }
    }

    func writeNull() { bytes.append("null") }

    func writeBool(_ value: Bool) { bytes.append(value ? "true" : "false") }

    func writeInteger<T: BinaryInteger>(_ value: T) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        var digits: (UInt64, Bool) = value < 0 ? (UInt64(value.magnitude), true) : (UInt64(value), false)
        if digits.1 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        while digits.0 > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(digits.0 % 10))
            digits.0 /= 10
        }
        bytes.reverse(from: start)
    }

    func writeDouble(_ value: Double) throws {
        try writeFloatingPoint(value, description: value.description)
    }

    func writeFloat(_ value: Float) throws {
        try writeFloatingPoint(Double(value), description: value.description)
    }

    private func writeFloatingPoint(_ value: Double, description: String) throws {
        guard value.isFinite else {
            guard let strings = options.nonConformingFloatStrings else {
                throw EncodingError.invalidValue(value, .init(
                    codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
            }
            return writeString(value.isNaN ? strings.nan : value > 0 ? strings.positiveInfinity : strings.negativeInfinity)
        }
        var text = description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append($0) }
    }

    /// Whether any of the eight bytes in `word` may need an escape: below 0x20, `"`, `\\`, or `/`
    /// when `slashes`.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64, slashes: Bool) -> Bool {
        ByteWord.containsBelow(word, 0x20) || ByteWord.contains(word, 0x22) || ByteWord.contains(word, 0x5C)
            || (slashes && ByteWord.contains(word, 0x2F))
    }

    /// Writes a string in quotes with JSON's escapes, as Foundation writes it.
    func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        let escapesSlashes = options.escapesSlashes
        string.withUTF8 { utf8 in
            let n = utf8.count
            var mark = 0
            var index = 0
            while index < n {
                // Eight bytes at a time while none of them may need an escape.
                while index + 8 <= n, !Self.mayNeedEscape(
                    UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self), slashes: escapesSlashes) {
                    index += 8
                }
                guard index < n else { break }
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                        || (byte == UInt8(ascii: "/") && escapesSlashes) else {
                    index += 1
                    continue
                }
                bytes.append(UnsafeBufferPointer(rebasing: utf8[mark..<index]))
                mark = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append("u00")
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
                index += 1
            }
            bytes.append(UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Containers

    /// Opens an object or array at the current position; returns its frame's index and serial.
    @discardableResult
    func openFrame(isObject: Bool, isNested: Bool, keysInOrder: Bool = false) -> (index: Int, serial: Int) {
        nextSerial += 1
        frames.append(Frame(
            isObject: isObject, serial: nextSerial, firstMember: members.count, isNested: isNested, keysInOrder: keysInOrder))
        bytes.append(UInt8(ascii: isObject ? "{" : "["))
        return (frames.count - 1, nextSerial)
    }

    /// Whether a container may write now: its frame is open and on top, after closing nested
    /// containers above it that their owner is done with. Otherwise marks the encoding unsupported.
    func prepareToWrite(frame index: Int, serial: Int) -> Bool {
        guard index < frames.count, frames[index].serial == serial else {
            unsupported = "a container was written to after it was closed"
            return false
        }
        while frames.count - 1 > index {
            guard frames[frames.count - 1].isNested else {
                unsupported = "a container was written to while a later one was still open"
                return false
            }
            closeFrame()
        }
        return true
    }

    /// Starts the next member of the top frame: the separator, the indent, and for an object the key.
    func startMember(key: String?) {
        let index = frames.count - 1
        let first = frames[index].count == 0
        frames[index].count += 1
        writeSeparator(first: first)
        if let key {
            if !frames[index].keysInOrder { members.append(Member(key: key, start: bytes.count)) }
            writeString(key)
            if options.pretty { bytes.append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
        }
    }

    /// Starts the next member of the top frame, an object, under a key that needs no escape (the
    /// model's writers' names), written as it is.
    func startMember(literalKey key: StaticString) {
        let index = frames.count - 1
        let first = frames[index].count == 0
        frames[index].count += 1
        writeSeparator(first: first)
        if !frames[index].keysInOrder { members.append(Member(key: key.description, start: bytes.count)) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(key)
        if options.pretty { bytes.append("\" : ") } else { bytes.append("\":") }
    }

    /// What comes before a member: `,` unless it is the first and, when pretty, a new line indented
    /// to the open frames' depth.
    @inline(__always)
    private func writeSeparator(first: Bool, depth: Int? = nil) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        guard options.pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        writeIndent(depth ?? frames.count)
    }

    /// Closes the top frame: sorts an object's members by key, then writes the closing bracket.
    func closeFrame() {
        let frame = frames.removeLast()
        if frame.isObject, !frame.keysInOrder {
            sortMembers(from: frame.firstMember)
            members.removeSubrange(frame.firstMember...)
        }
        if options.pretty {
            bytes.append(frame.count == 0 ? "\n\n" : "\n")
            writeIndent(frames.count)
        }
        bytes.append(UInt8(ascii: frame.isObject ? "}" : "]"))
    }

    private func writeIndent(_ level: Int) {
        var left = 2 * level
        while left > 0 {
            let run = min(left, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { bytes.append(UnsafeBufferPointer(rebasing: $0[..<run])) }
            left -= run
        }
    }

    /// Spaces to indent with, appended as one block (31 levels).
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 62)

    /// Puts the members from `first` on (the open object's) in key order, the last one of equal
    /// keys winning, by rewriting their bytes; nothing moves when they are in order already.
    private func sortMembers(from first: Int) {
        let count = members.count - first
        guard count > 1 else { return }
        var sorted = true
        for index in (first + 1)..<members.count
        where !members[index - 1].key.utf8.lexicographicallyPrecedes(members[index].key.utf8) {
            sorted = false
            break
        }
        if sorted { return }
        let end = bytes.count
        var spans: [(key: String, range: Range<Int>)] = []
        spans.reserveCapacity(count)
        for index in first..<members.count {
            let next = index + 1 < members.count ? separatorStart(before: members[index + 1].start) : end
            spans.append((members[index].key, members[index].start..<next))
        }
        // Stable: equal keys keep their order, and the last of them is kept.
        let order = spans.indices.sorted {
            spans[$0].key == spans[$1].key ? $0 < $1 : spans[$0].key.utf8.lexicographicallyPrecedes(spans[$1].key.utf8)
        }
        let base = spans[0].range.lowerBound
        let copy = bytes.copy(base..<end)
        bytes.removeAll(from: base)
        var written = 0
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, spans[order[position + 1]].key == spans[index].key { continue }
            if written > 0 {
                writeSeparator(first: false, depth: frames.count + 1)
            }
            let range = spans[index].range
            copy.withUnsafeBufferPointer { bytes.append(UnsafeBufferPointer(rebasing: $0[(range.lowerBound - base)..<(range.upperBound - base)])) }
            written += 1
        }
    }

    /// Where the separator before a member starting at `start` begins (`,` and, when pretty, a newline and indent).
    private func separatorStart(before start: Int) -> Int {
        var index = start
        while index > 0, bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\n") { index -= 1 }
        return index - 1
    }
}
