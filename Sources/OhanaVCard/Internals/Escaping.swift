/// Parameter quoting and line folding for writing (text escaping is ``VCardText``).
enum VCardEscaping {
    /// A parameter value, quoted when it holds characters that would end it; RFC 6868 carets in 4.0.
    static func parameterValue(_ value: String, version: VCardVersion) -> String {
        var v = value
        // Bytes, not Foundation's string search (which showed in profiles): `"` and a line feed are single bytes in UTF-8.
        let hasQuoteOrNewline = v.utf8.contains(where: { $0 == 0x22 || $0 == 0x0A })
        if version == .v4_0 || hasQuoteOrNewline {
            if hasQuoteOrNewline || v.utf8.contains(0x5E) {
                v = v.replacingOccurrences(of: "^", with: "^^")
                    .replacingOccurrences(of: "\r\n", with: "^n")
                    .replacingOccurrences(of: "\n", with: "^n")
                    .replacingOccurrences(of: "\"", with: "^'")
            }
        }
        if v.utf8.contains(where: { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C || $0 == 0x20 || $0 == 0x5E }) || v.isEmpty {
            return "\"\(v)\""
        }
        return v
    }

    /// Folds a content line at 75 octets with CRLF and a space, never inside a UTF-8 sequence; ends it with CRLF.
    static func fold(_ line: String, into out: inout [UInt8]) {
        if line.utf8.count <= 75 {
            out.append(contentsOf: line.utf8)
            out.append(0x0D)
            out.append(0x0A)
            return
        }
        let bytes = Array(line.utf8)
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            if end < bytes.count {
                // Back up to the start of a UTF-8 sequence (never split 10xxxxxx continuation bytes off).
                while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            }
            if start > 0 { out.append(0x20) }
            out.append(contentsOf: bytes[start..<end])
            out.append(contentsOf: [0x0D, 0x0A])
            start = end
            limit = 74  // continuation lines carry the leading space
        }
    }

    /// Quoted-printable for 2.1: soft line breaks keep every physical line within 76 octets and never
    /// split an `=XX` triple.
    static func quotedPrintableLine(prefix: String, value: String, into out: inout [UInt8]) {
        var encoded: [[UInt8]] = []
        for b in value.utf8 {
            if b == 0x0D || b == 0x0A || b == 0x3D || b >= 0x7F || b < 0x20 {
                let hex = Array("0123456789ABCDEF".utf8)
                encoded.append([0x3D, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            } else {
                encoded.append([b])
            }
        }
        var line = Array(prefix.utf8)
        for piece in encoded {
            if line.count + piece.count > 75 {
                out.append(contentsOf: line)
                out.append(contentsOf: [0x3D, 0x0D, 0x0A])
                line = []
            }
            if line.isEmpty, piece == [0x20] || piece == [0x09] {
                // A continuation line never starts with white space (it would read as a fold).
                line.append(contentsOf: piece == [0x20] ? Array("=20".utf8) : Array("=09".utf8))
                continue
            }
            line.append(contentsOf: piece)
        }
        out.append(contentsOf: line)
        out.append(contentsOf: [0x0D, 0x0A])
    }
}
