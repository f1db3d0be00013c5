import Ohana

/// One property as written: group, name, parameters and undecoded value bytes.
struct RawProperty {
    var group: String?
    /// The name as written.
    var name: String
    /// The name in upper case, for matching.
    let key: String
    /// What ``key`` names, for the names the reader acts on.
    let kind: PropertyKind
    var parameters: [PropertyParameter]
    /// The value's bytes: a slice of the logical line, not a copy.
    var value: ArraySlice<UInt8>
    var line: Int

    /// The values of a parameter (name matched without case), in order, over every occurrence.
    func values(of parameter: String) -> [String] {
        var result: [String] = []
        for p in parameters where p.name == parameter { result.append(contentsOf: p.values) }
        return result
    }

    // The memberwise initializer: with an initializer of its own that found `kind` from `key`, the
    // parser built each property, copied it and destroyed the first (five retains and releases
    // per line, seen in the disassembly); the parser finds `kind` with `PropertyKind(key:)`.

    /// The first value of a parameter.
    func first(_ parameter: String) -> String? {
        parameters.first(where: { $0.name == parameter })?.values.first
    }

    /// Whether the value's bytes are its text as they are: no ENCODING or CHARSET parameter says
    /// they must be decoded first (escapes aside).
    var isUnencoded: Bool {
        parameters.allSatisfy { $0.name != "ENCODING" && $0.name != "CHARSET" }
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
    /// (`TEL;HOME`, `TEL;FAX,WORK`) become `TYPE=HOME` (or `ENCODING=…`), one value each; TYPE lists are split at commas even when
    /// quoted; RFC 6868 caret escapes are decoded. Parameter problems are reported through `warn`.
    static func parse(_ line: LogicalLine, warn: (String) -> Void) throws(ContentLineError) -> RawProperty {
        var cache = ParameterCache(keeping: false)
        return try parse(line, cache: &cache, warn: warn)
    }

    /// Parses as ``parse(_:warn:)`` does, taking parameter lists parsed before from `cache`.
    static func parse(
        _ line: LogicalLine, cache: inout ParameterCache, warn: (String) -> Void
    ) throws(ContentLineError) -> RawProperty {
        let bytes = line.bytes
        // Scanned through a buffer: each slice of the line (name, group, every parameter) retained
        // and released the line's array, about 40 times a card (counted with a perf probe).
        let header = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ContentLineError) in try parseHeader(buffer, cache: &cache, warn: warn) }
        }
        let (group, name, key, known, parameters, colon) = try header.get()
        let kind = known ?? PropertyKind(key: key)
        return RawProperty(
            group: group, name: name, key: key, kind: kind, parameters: parameters,
            value: bytes[(bytes.startIndex + colon + 1)...], line: line.line)
    }

    /// The group, name, upper-case name, kind when found from the name's bytes, and parameters of a
    /// line, and where its colon is.
    private static func parseHeader(
        _ bytes: UnsafeBufferPointer<UInt8>, cache: inout ParameterCache, warn: (String) -> Void
    ) throws(ContentLineError) -> (String?, String, String, PropertyKind?, [PropertyParameter], Int) {
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
        let group: String?, name: String, key: String
        var kind: PropertyKind?
        if let plain = plainName(piece(bytes, 0, nameEnd)) {
            (group, name, key, kind) = plain
        } else {
            let fullName = decodeLenient(piece(bytes, 0, nameEnd)).trimmedSpaces
            var g: String?
            var n = fullName
            if let dot = fullName.lastIndex(of: ".") {
                g = String(fullName[..<dot])
                n = String(fullName[fullName.index(after: dot)...])
            }
            guard !n.isEmpty, n.utf8.allSatisfy(isTolerableNameByte),
                g.map({ !$0.isEmpty && $0.utf8.allSatisfy(isTolerableNameByte) }) ?? true
            else { throw .invalidName(fullName) }
            if !n.utf8.allSatisfy(isNameByte) || !(g?.utf8.allSatisfy(isNameByte) ?? true) {
                warn("'\(fullName.prefix(40))' is not a valid property name; kept as written")
            }
            (group, name, key) = (g, n, n.uppercased())
        }

        var parameters: [PropertyParameter] = []
        if nameEnd < colon {
            let text = piece(bytes, nameEnd + 1, colon)
            parameters = cache.parameters(of: text) {
                var warned = false
                let parsed = parseParameters(text) { message in
                    warned = true
                    warn(message)
                }
                return (parsed, warned)
            }
        }
        return (group, name, key, kind, parameters, colon)
    }

    /// The parameters of the text between a line's name and its colon (`TYPE=cell;PREF=1`).
    private static func parseParameters(_ text: UnsafeBufferPointer<UInt8>, warn: (String) -> Void) -> [PropertyParameter] {
        var parameters: [PropertyParameter] = []
        // Each `;`-separated parameter in place (no array of the pieces is built).
        forEachPart(of: text, separatedBy: 0x3B) { raw in
            guard !raw.isEmpty else { return }
            if let eq = raw.firstIndex(of: 0x3D) {
                let pname = parameterName(piece(raw, 0, eq))
                let rawValue = piece(raw, eq + 1, raw.count)
                guard !pname.isEmpty else {
                    warn("parameter without a name ignored")
                    return
                }
                if rawValue.allSatisfy({ $0 < 0x80 && $0 != 0x22 && $0 != 0x2C && $0 != 0x5E }) {
                    // One plain ASCII value: no quotes, lists or caret escapes to decode.
                    let text = TextDecoding.asciiString(rawValue)
                    if text.isEmpty {
                        warn("parameter \(pname) has no value")
                        append(&parameters, name: pname, values: pname == "TYPE" ? [] : [text])
                    } else {
                        append(&parameters, name: pname, values: [text])
                    }
                    return
                }
                var values: [String] = []
                for part in split(rawValue, at: 0x2C) {
                    let quoted = part.first == 0x22
                    var text = decodeLenient(part)
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
                var text = decodeLenient(raw).trimmedSpaces
                if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
                // A bare list (`TEL;FAX,WORK`, vCard 2.1 and 3.0 exports) is one value each, as in `TYPE=FAX,WORK`.
                for part in text.split(separator: ",") {
                    let token = String(part).trimmedSpaces
                    guard !token.isEmpty else { continue }
                    if encodingTokens.contains(token.uppercased()) {
                        append(&parameters, name: "ENCODING", values: [token])
                    } else {
                        append(&parameters, name: "TYPE", values: [token])
                    }
                }
            }
        }
        return parameters
    }

    /// The bytes `from..<to` of `bytes`, indexed from zero.
    @inline(__always)
    private static func piece(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[from..<to])
    }

    /// Group, name, upper-case name and kind (when the name is 16 bytes or less) of `[group.]NAME`
    /// made only of letters, digits, `-` and `_` (with spaces or tabs around); `nil` for anything
    /// else, which the general path handles. A known name in upper case is the kind's literal, and
    /// is not made from the bytes again.
    private static func plainName(_ raw: UnsafeBufferPointer<UInt8>) -> (String?, String, String, PropertyKind?)? {
        var start = 0, end = raw.count
        while start < end, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
        while end > start, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
        guard start < end else { return nil }
        var dot = -1
        var hasLower = false
        for i in start..<end {
            let b = raw[i]
            if b == 0x2E {
                guard dot < 0 else { return nil }
                dot = i
            } else if b >= 0x61 && b <= 0x7A {
                if dot < 0 || i > dot { hasLower = true }
            } else if !isNameByte(b) {
                return nil
            }
        }
        let nameStart = dot < 0 ? start : dot + 1
        guard nameStart < end, dot != start else { return nil }
        let group = dot < 0 ? nil : TextDecoding.asciiString(piece(raw, start, dot))
        let nameBytes = piece(raw, nameStart, end)
        let kind = PropertyKind(asciiName: nameBytes)
        let known = kind?.key
        if !hasLower, let known { return (group, known, known, kind) }
        let name = TextDecoding.asciiString(nameBytes)
        guard hasLower else { return (group, name, name, kind) }
        return (group, name, known ?? upperASCII(nameBytes), kind)
    }

    /// ASCII bytes as text in upper case.
    private static func upperASCII(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        raw.map(asciiUpper).withUnsafeBufferPointer { TextDecoding.asciiString($0) }
    }

    /// A parameter name in upper case (ASCII names without allocating beyond the string).
    private static func parameterName(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0, end = raw.count
        while start < end, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
        while end > start, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
        var ascii = true
        var lower = false
        for i in start..<end {
            let b = raw[i]
            if b >= 0x80 { ascii = false; break }
            if b >= 0x61 && b <= 0x7A { lower = true }
        }
        guard ascii else { return decodeLenient(raw).trimmedSpaces.uppercased() }
        guard lower else { return TextDecoding.asciiString(piece(raw, start, end)) }
        return upperASCII(piece(raw, start, end))
    }

    private static func append(_ parameters: inout [PropertyParameter], name: String, values: [String]) {
        if let i = parameters.firstIndex(where: { $0.name == name }) {
            parameters[i].values.append(contentsOf: values)
        } else {
            parameters.append(PropertyParameter(name: name, values: values))
        }
    }

    /// Calls `body` with each part of `bytes` between `separator`s outside double quotes.
    static func forEachPart(
        of bytes: UnsafeBufferPointer<UInt8>, separatedBy separator: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var inQuotes = false
        var start = 0
        for i in bytes.indices {
            let b = bytes[i]
            if b == 0x22 { inQuotes.toggle() }
            else if b == separator, !inQuotes {
                body(piece(bytes, start, i))
                start = i + 1
            }
        }
        body(piece(bytes, start, bytes.count))
    }

    /// Splits at `separator` outside double quotes.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, at separator: UInt8) -> [UnsafeBufferPointer<UInt8>] {
        var parts: [UnsafeBufferPointer<UInt8>] = []
        forEachPart(of: bytes, separatedBy: separator) { parts.append($0) }
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
func decodeLenient(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if bytes.allSatisfy({ $0 < 0x80 }) { return TextDecoding.asciiString(bytes) }
    return decodeLenient(ArraySlice(bytes))
}

/// UTF-8 when valid, otherwise Windows-1252 (names and parameters are meant to be ASCII).
func decodeLenient(_ bytes: ArraySlice<UInt8>) -> String {
    TextDecoding.validUTF8(bytes) ?? TextDecoding.windows1252(bytes)
}

extension String {
    /// Whether the UTF-8 of the text holds `byte`, read through a pointer (a search of the UTF-8
    /// view cost 30 instructions a byte).
    func containsUTF8(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(byte) }
    }

    /// The text without leading and trailing spaces and tabs (cheaper than Foundation's trimming);
    /// the string itself, not a copy, when it has none. For `String` only: written for any
    /// `StringProtocol`, it turned the string into a `Substring` through the generic initializer
    /// that walks the text character by character (grapheme breaking, 4 % of reading in `perf`).
    var trimmedSpaces: String {
        // The ends are read through a pointer (the UTF-8 view's generic search cost 500
        // instructions a card); nearly every value has nothing to trim and is returned as it is.
        var text = self
        let kept = text.withUTF8 { bytes -> Range<Int>? in
            guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
            else { return nil }
            return first..<(last + 1)
        }
        guard let kept else { return "" }
        if kept.lowerBound == 0, kept.upperBound == utf8.count { return self }
        // The byte after the last kept one is a space, a tab or the end: a character boundary.
        let start = utf8.index(utf8.startIndex, offsetBy: kept.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: kept.upperBound)
        return String(self[start..<end])
    }
}
