import Ohana

/// One property as written: group, name, parameters and undecoded value bytes.
struct RawProperty {
    var group: String?
    /// The name as written.
    var name: String
    /// The name in upper case, for matching.
    var key: String
    var parameters: [PropertyParameter]
    var value: [UInt8]
    var line: Int

    /// The values of a parameter (name matched without case), in order, over every occurrence.
    func values(of parameter: String) -> [String] {
        var result: [String] = []
        for p in parameters where p.name == parameter { result.append(contentsOf: p.values) }
        return result
    }

    /// The first value of a parameter.
    func first(_ parameter: String) -> String? {
        parameters.first(where: { $0.name == parameter })?.values.first
    }
}

/// Why a content line could not be parsed.
enum ContentLineError: Error {
    case noColon
    case invalidName(String)
}

enum ContentLineParser {
    private static let encodingTokens: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"]

    /// Parses `group.NAME;param=value:value`. Parameter names are upper-cased; 2.1 bare parameters
    /// (`TEL;HOME`) become `TYPE=HOME` (or `ENCODING=…`); TYPE lists are split at commas even when
    /// quoted; RFC 6868 caret escapes are decoded. Parameter problems are reported through `warn`.
    static func parse(_ line: LogicalLine, warn: (String) -> Void) throws(ContentLineError) -> RawProperty {
        let bytes = line.bytes
        var inQuotes = false
        var colon = -1
        var firstSemicolon = -1
        for i in bytes.indices {
            let b = bytes[i]
            if b == 0x22 { inQuotes.toggle() }
            else if !inQuotes {
                if b == 0x3A { colon = i; break }
                if b == 0x3B, firstSemicolon < 0 { firstSemicolon = i }
            }
        }
        if colon < 0 {
            // Parameters with an unbalanced quote: retry without quote handling.
            guard let plain = bytes.firstIndex(of: 0x3A) else { throw .noColon }
            colon = plain
            if let s = bytes[..<plain].firstIndex(of: 0x3B) { firstSemicolon = s }
            warn("unbalanced double quote in the parameters")
        }
        let nameEnd = firstSemicolon >= 0 && firstSemicolon < colon ? firstSemicolon : colon
        let fullName = decodeLenient(bytes[..<nameEnd]).trimmedSpaces
        var group: String?
        var name = fullName
        if let dot = fullName.lastIndex(of: ".") {
            group = String(fullName[..<dot])
            name = String(fullName[fullName.index(after: dot)...])
        }
        guard !name.isEmpty, name.utf8.allSatisfy(isTolerableNameByte),
            group.map({ !$0.isEmpty && $0.utf8.allSatisfy(isTolerableNameByte) }) ?? true
        else { throw .invalidName(fullName) }
        if !name.utf8.allSatisfy(isNameByte) || !(group?.utf8.allSatisfy(isNameByte) ?? true) {
            warn("'\(fullName.prefix(40))' is not a valid property name; kept as written")
        }

        var parameters: [PropertyParameter] = []
        if nameEnd < colon {
            for raw in split(bytes[(nameEnd + 1)..<colon], at: 0x3B) {
                guard !raw.isEmpty else { continue }
                if let eq = raw.firstIndex(of: 0x3D) {
                    let pname = decodeLenient(raw[raw.startIndex..<eq]).trimmedSpaces.uppercased()
                    let rawValue = raw[(eq + 1)...]
                    guard !pname.isEmpty else {
                        warn("parameter without a name ignored")
                        continue
                    }
                    var values: [String] = []
                    for piece in split(rawValue, at: 0x2C) {
                        let quoted = piece.first == 0x22
                        var text = decodeLenient(piece)
                        if quoted {
                            text = String(text.dropFirst())
                            if text.hasSuffix("\"") { text = String(text.dropLast()) }
                        }
                        text = decodeCaret(text)
                        if pname == "TYPE", quoted, text.contains(",") {
                            values.append(contentsOf: text.split(separator: ",").map(String.init))
                        } else {
                            values.append(text)
                        }
                    }
                    if values.allSatisfy(\.isEmpty) {
                        warn("parameter \(pname) has no value")
                    }
                    append(&parameters, name: pname, values: values.filter { !$0.isEmpty || pname != "TYPE" })
                } else {
                    var token = decodeLenient(raw).trimmedSpaces
                    if token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\"") { token = String(token.dropFirst().dropLast()) }
                    let upper = token.uppercased()
                    if encodingTokens.contains(upper) {
                        append(&parameters, name: "ENCODING", values: [token])
                    } else {
                        append(&parameters, name: "TYPE", values: [token])
                    }
                }
            }
        }
        return RawProperty(
            group: group, name: name, key: name.uppercased(), parameters: parameters,
            value: Array(bytes[(colon + 1)...]), line: line.line)
    }

    private static func append(_ parameters: inout [PropertyParameter], name: String, values: [String]) {
        if let i = parameters.firstIndex(where: { $0.name == name }) {
            parameters[i].values.append(contentsOf: values)
        } else {
            parameters.append(PropertyParameter(name: name, values: values))
        }
    }

    /// Splits at `separator` outside double quotes.
    static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var inQuotes = false
        var start = bytes.startIndex
        for i in bytes.indices {
            let b = bytes[i]
            if b == 0x22 { inQuotes.toggle() }
            else if b == separator, !inQuotes {
                parts.append(bytes[start..<i])
                start = i + 1
            }
        }
        parts.append(bytes[start..<bytes.endIndex])
        return parts
    }

    /// RFC 6868: `^n` newline, `^^` caret, `^'` double quote.
    static func decodeCaret(_ text: String) -> String {
        guard text.utf8.contains(0x5E) else { return text }
        var out = ""
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            guard c == "^" else { out.append(c); continue }
            guard let next = iterator.next() else { out.append(c); break }
            switch next {
            case "n", "N": out.append("\n")
            case "^": out.append("^")
            case "'": out.append("\"")
            default: out.append(c); out.append(next)
            }
        }
        return out
    }

    /// Bytes some clients put in names (KAddressBook's `X-messaging/xmpp-All`): anything printable
    /// but the separators.
    private static func isTolerableNameByte(_ b: UInt8) -> Bool {
        b > 0x20 && b != 0x7F && b != 0x3B && b != 0x3A && b != 0x2E && b != 0x22 && b != 0x2C && b != 0x3D
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
    }
}

/// UTF-8 when valid, otherwise Windows-1252 (names and parameters are meant to be ASCII).
func decodeLenient(_ bytes: ArraySlice<UInt8>) -> String {
    if let s = String(validating: bytes, as: UTF8.self) { return s }
    return TextDecoding.decode(bytes, charset: "windows-1252") ?? String(decoding: bytes, as: UTF8.self)
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (cheaper than Foundation's trimming).
    var trimmedSpaces: String {
        let text = Substring(self)
        guard let first = text.utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = text.utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(text[first...last])
    }
}
