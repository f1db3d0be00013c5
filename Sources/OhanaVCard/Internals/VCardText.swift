/// vCard TEXT escaping (RFC 6350 section 3.4, RFC 2426 for 3.0, vCard 2.1's `\;`): the one
/// implementation the vCard reader and writer and the JSContact conversion (RFC 9555) share.
package enum VCardText {
    /// Escapes a text value: 3.0 and 4.0 escape `\`, `,`, `;` and line breaks (CRLF, CR and LF each
    /// as `\n`); 2.1 escapes `\` and `;` (newlines are written with quoted-printable there).
    package static func escape(_ text: String, version: VCardVersion = .v4_0) -> String {
        // Most values have nothing to escape: they are returned as they are, without a copy.
        if !text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0D || $0 == 0x0A }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append("\\\\")
            case ";": out.append("\\;")
            case "," where version != .v2_1: out.append("\\,")
            case "\r" where version != .v2_1:
                out.append("\\n")
                previousCR = true
                continue
            case "\n" where version != .v2_1:
                if !previousCR { out.append("\\n") }
            default: out.unicodeScalars.append(scalar)
            }
            previousCR = false
        }
        return out
    }

    /// Removes vCard escapes: `\n` `\N` newline, `\\`, `\,`, `\;`, and Apple's `\:`; 2.1 knows only
    /// `\;`, `\,` and `\\`. Unknown escapes, and a backslash at the end, stay as written.
    package static func unescape(_ text: Substring, version: VCardVersion = .v4_0) -> String {
        guard text.utf8.contains(0x5C) else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else { out.append(c); continue }
            guard let next = iterator.next() else { out.append(c); break }
            let modern = version != .v2_1
            switch next {
            case "\\", ";", ",": out.append(next)
            case ":" where modern: out.append(next)
            case "n" where modern, "N" where modern: out.append("\n")
            default: out.append(c); out.append(next)
            }
        }
        return out
    }

    /// ``unescape(_:version:)-(Substring,_)`` of a whole string.
    package static func unescape(_ text: String, version: VCardVersion = .v4_0) -> String {
        unescape(text[...], version: version)
    }

    /// Splits at the ASCII character `separator` where it is not escaped (see the byte form); a
    /// separator outside ASCII never splits.
    static func splitEscaped(_ text: String, at separator: Character) -> [Substring] {
        guard let ascii = separator.asciiValue else { return [text[...]] }
        return splitEscaped(text, at: ascii)
    }

    /// Splits at the ASCII `separator` where it is not escaped with a backslash (escapes are kept).
    static func splitEscaped(_ text: String, at separator: UInt8) -> [Substring] {
        let utf8 = text.utf8
        var parts: [Substring] = []
        var start = utf8.startIndex
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == 0x5C {
                i = utf8.index(after: i)
                if i < utf8.endIndex { i = utf8.index(after: i) }
                continue
            }
            if b == separator {
                parts.append(text[start..<i])
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        parts.append(text[start...])
        return parts
    }
}

/// The vCard versions.
package enum VCardVersion: String {
    case v2_1 = "2.1"
    case v3_0 = "3.0"
    case v4_0 = "4.0"
}
