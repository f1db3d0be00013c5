import Foundation
import PostgresNIO
import Ohana
import OhanaStore

/// Text forms the PostgreSQL store writes: `COPY` rows, `tsvector` and `tsquery` literals.
enum PostgresText {
    /// PostgreSQL text cannot hold U+0000; lookup values drop it (it carries no meaning in a key).
    static func clean(_ text: String) -> String {
        text.utf8.contains(0) ? String(text.unicodeScalars.filter { $0 != "\0" }.map(Character.init)) : text
    }

    /// The words of a text as full-text lexemes: folded (case, diacritics, width) and split at
    /// everything that is not a letter or digit, as SQLite's `unicode61` tokenizer splits.
    static func words(_ text: String) -> [Substring] {
        TextFolding.fold(text).split { !($0.isLetter || $0.isNumber) }
    }

    /// The `tsvector` of a contact: name words weigh A, field values D; positions in order, at most
    /// what PostgreSQL accepts (16,383 positions, 2,046 bytes a word, about 1 MB in all).
    static func searchVector(names: String, fieldValues: String) -> String {
        var vector = ""
        var position = 1
        var bytes = 0
        for (text, weight) in [(names, "A"), (fieldValues, "")] {
            for word in words(text) where word.utf8.count <= 255 {
                guard position < 16_383, bytes < 900_000 else { return vector }
                if !vector.isEmpty { vector += " " }
                vector += "'\(word)':\(position)\(weight)"
                bytes += word.utf8.count + 8
                position += 1
            }
        }
        return vector
    }

    /// A `tsquery` matching every word of `query` as a prefix; `nil` when it has no words.
    static func searchQuery(for query: String) -> String? {
        let words = words(query).filter { $0.utf8.count <= 255 }.prefix(32)
        guard !words.isEmpty else { return nil }
        return words.map { "'\($0)':*" }.joined(separator: " & ")
    }

    /// Appends one `COPY ... FROM STDIN` text-format field: `\N` for null, backslash escapes for
    /// backslash, tab, newline and carriage return.
    static func appendField(_ text: String?, to buffer: inout ByteBuffer) {
        guard let text else {
            buffer.writeStaticString("\\N")
            return
        }
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }) {
            buffer.writeString(text)
            return
        }
        for byte in utf8 {
            switch byte {
            case 0x5C: buffer.writeStaticString("\\\\")
            case 0x09: buffer.writeStaticString("\\t")
            case 0x0A: buffer.writeStaticString("\\n")
            case 0x0D: buffer.writeStaticString("\\r")
            case 0: break
            default: buffer.writeInteger(byte)
            }
        }
    }

    /// Appends one `bytea` field in `COPY` text format (hex, its backslash escaped).
    static func appendBytes(_ data: Data?, to buffer: inout ByteBuffer) {
        guard let data else {
            buffer.writeStaticString("\\N")
            return
        }
        buffer.writeStaticString("\\\\x")
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        buffer.reserveCapacity(minimumWritableBytes: data.count * 2)
        for byte in data {
            buffer.writeInteger(digits[Int(byte >> 4)])
            buffer.writeInteger(digits[Int(byte & 0x0F)])
        }
    }

    /// Appends a whole row: fields separated by tabs, ended by a newline.
    static func appendRow(_ fields: [CopyField], to buffer: inout ByteBuffer) {
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.writeStaticString("\t") }
            switch field {
            case .text(let text): appendField(text, to: &buffer)
            case .bytes(let data): appendBytes(data, to: &buffer)
            case .integer(let value): buffer.writeString(String(value))
            }
        }
        buffer.writeStaticString("\n")
    }

    /// One field of a `COPY` row.
    enum CopyField {
        case text(String?)
        case bytes(Data?)
        case integer(Int64)
    }
}
