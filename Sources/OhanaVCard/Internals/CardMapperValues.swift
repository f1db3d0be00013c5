import Ohana

/// Value parsing of the mapper that needs nothing of the card being mapped.
extension CardMapper {
    /// Whether `fn` is the contact's ``Contact/composedName``, decided on bytes when every name part
    /// starts and ends with a visible ASCII character or a letter (so that trimming keeps it as it
    /// is); `nil` when that does not hold or no part is given (the model's own rules decide then).
    static func isComposedName(_ fn: String, of contact: Contact) -> Bool? {
        // The parts in order, matched against `fn` through pointers to their UTF-8 (no array of the
        // parts is built; iterating the strings' UTF-8 views cost 80 instructions a byte, and state
        // shared with a nested function was checked for exclusive access at every step).
        var fn = fn
        return fn.withUTF8 { fnBytes -> Bool? in
            var at = 0
            var anyPart = false
            guard let prefix = matchNamePart(contact.namePrefix, in: fnBytes, at: &at, anyPart: &anyPart) else { return nil }
            guard prefix else { return false }
            guard let given = matchNamePart(contact.givenName, in: fnBytes, at: &at, anyPart: &anyPart) else { return nil }
            guard given else { return false }
            guard let middle = matchNamePart(contact.middleName, in: fnBytes, at: &at, anyPart: &anyPart) else { return nil }
            guard middle else { return false }
            guard let family = matchNamePart(contact.familyName, in: fnBytes, at: &at, anyPart: &anyPart) else { return nil }
            guard family else { return false }
            guard let suffix = matchNamePart(contact.nameSuffix, in: fnBytes, at: &at, anyPart: &anyPart) else { return nil }
            guard suffix else { return false }
            guard anyPart else { return nil }
            return at == fnBytes.count
        }
    }

    /// Whether `part` (after a space, when a part came before) follows in `fn` at `at`, which then
    /// moves past it; `true` for a missing or empty part; `nil` when trimming could change the part.
    private static func matchNamePart(
        _ part: String?, in fn: UnsafeBufferPointer<UInt8>, at: inout Int, anyPart: inout Bool
    ) -> Bool? {
        guard let part, !part.isEmpty else { return true }
        func keptByTrimming(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return (scalar.value > 0x20 && scalar.value < 0x7F) || scalar.properties.isAlphabetic
        }
        // An ASCII end byte decides alone; otherwise the scalar there is read.
        func keptByTrimming(_ byte: UInt8, _ scalar: () -> Unicode.Scalar?) -> Bool {
            byte < 0x80 ? byte > 0x20 && byte < 0x7F : keptByTrimming(scalar())
        }
        let start = at, afterSpace = anyPart
        var utf8 = part
        // nil: trimming could change the part; .some(nil): no match; .some(end): matched up to end.
        let end = utf8.withUTF8 { bytes -> Int?? in
            guard keptByTrimming(bytes[0], { part.unicodeScalars.first }),
                keptByTrimming(bytes[bytes.count - 1], { part.unicodeScalars.last })
            else { return nil }
            var i = start
            if afterSpace {
                guard i < fn.count, fn[i] == 0x20 else { return .some(nil) }
                i += 1
            }
            guard fn.count - i >= bytes.count else { return .some(nil) }
            for k in 0..<bytes.count where fn[i + k] != bytes[k] { return .some(nil) }
            return .some(i + bytes.count)
        }
        guard let end else { return nil }
        anyPart = true
        guard let end else { return false }
        at = end
        return true
    }

    /// `1990-04-12`, `19900412`, `--0412`, `--04-12`, with an optional midnight time part.
    static func parseDate(_ raw: String) -> Birthday? {
        var text = Array(raw.utf8)[...]
        if let t = text.firstIndex(of: 0x54) {  // "T"
            // Every digit of the time part must be 0 (other characters are ignored, as written).
            let time = String(decoding: text[(t + 1)...], as: UTF8.self)
            guard time.filter(\.isNumber).allSatisfy({ $0 == "0" }) else { return nil }
            text = text[..<t]
        }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func number(_ digits: ArraySlice<UInt8>) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        if text.count >= 2, text[text.startIndex] == 0x2D, text[text.startIndex + 1] == 0x2D {
            let digits = text.dropFirst(2).filter { $0 != 0x2D }
            guard digits.count == 4, digits.allSatisfy(isDigit) else { return nil }
            return Birthday(year: nil, month: number(digits.prefix(2)[...]), day: number(digits.suffix(2)[...]))
        }
        let digits = text.filter { $0 != 0x2D }
        let dashes = text.count - digits.count
        guard digits.count == 8, dashes == 0 || dashes == 2, digits.allSatisfy(isDigit) else { return nil }
        return Birthday(year: number(digits.prefix(4)[...]), month: number(digits.dropFirst(4).prefix(2)), day: number(digits.suffix(2)[...]))
    }
}

/// Encodes and decodes parameters kept as text (`NAME=value,value`).
enum VCardParameters {
    static func encode(_ p: PropertyParameter) -> String {
        p.name + "=" + p.values.map { VCardEscaping.parameterValue($0, version: .v3_0) }.joined(separator: ",")
    }

    static func decode(_ text: String) -> PropertyParameter? {
        let line = LogicalLine(bytes: Array("X;\(text):".utf8)[...], line: 0)
        return (try? ContentLineParser.parse(line) { _ in })?.parameters.first
    }
}
