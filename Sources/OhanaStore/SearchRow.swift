import Foundation
import Ohana

/// A contact's search row: what a search ranks and lists by (``SearchCandidates/lightContact(_:)``:
/// the id, the name parts, the formatted name, the organization, each field's type and value) in a
/// compact binary form, stored beside the contact's JSON and written with it, so that a broad query
/// reads these few bytes per match instead of the whole JSON (a tenth of its size or less).
///
/// The form: a version byte (``version``, never `{`, so a row is told from stored JSON by its first
/// byte), then the twelve texts (id, name prefix, given, middle, family, suffix, nickname, the three
/// phonetic parts, formatted name, organization), then the number of fields and each field's type
/// (its raw value) and value. A text is its UTF-8 length plus one as a LEB128 number (`0` for none)
/// and its bytes; a number is LEB128.
package enum SearchRow {
    /// A stored search row that is not a whole row of this form.
    package struct Unreadable: Error {
        /// The error.
        package init() {}
    }

    /// The first byte of a row in this form.
    package static let version: UInt8 = 1

    /// The row of `contact` (of its light contact: nothing else is read).
    package static func encode(_ contact: Contact) -> [UInt8] {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(256)
        for text in SearchCandidates.lightTexts(of: contact) {
            append(text, to: &bytes)
        }
        append(number: contact.fields.count, to: &bytes)
        for field in contact.fields {
            append(field.type.rawValue, to: &bytes)
            append(field.value, to: &bytes)
        }
        return bytes
    }

    /// The light contact of a row (equal to ``SearchCandidates/lightContact(_:)`` of the contact it
    /// was encoded from), or `nil` when `bytes` is not a whole row of this form.
    package static func lightContact(_ bytes: UnsafeRawBufferPointer) -> Contact? {
        var reader = Reader(bytes: bytes)
        guard reader.byte() == version else { return nil }
        var texts = [String?](repeating: nil, count: SearchCandidates.lightTextCount)
        for index in texts.indices {
            guard let text = reader.text() else { return nil }
            texts[index] = text
        }
        guard let count = reader.number(), count <= bytes.count else { return nil }
        var fields: [ContactField] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let raw = reader.text(), let name = raw, let type = ContactFieldType(rawValue: name),
                  let read = reader.text(), let value = read else { return nil }
            fields.append(ContactField(type: type, value: value))
        }
        guard reader.position == bytes.count else { return nil }
        return SearchCandidates.lightContact(texts: texts, fields: fields)
    }

    private static func append(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else { return bytes.append(0) }
        append(number: text.utf8.count + 1, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    private static func append(number: Int, to bytes: inout [UInt8]) {
        var rest = UInt(number)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a row's parts in order; each read is `nil` past the end or on a malformed part.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            position += 1
            return bytes[position - 1]
        }

        mutating func number() -> Int? {
            var value = 0
            var shift = 0
            while shift < 63, let byte = byte() {
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        /// A text: `.some(nil)` for none, `nil` when malformed.
        mutating func text() -> String?? {
            guard let stored = number() else { return nil }
            guard stored > 0 else { return .some(nil) }
            let end = position + stored - 1
            guard end <= bytes.count else { return nil }
            guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
            else { return nil }
            position = end
            return .some(text)
        }
    }
}
