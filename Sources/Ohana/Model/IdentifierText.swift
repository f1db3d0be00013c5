/// The text of an identifier (a ``ContactID``, a provenance record's identifier), held in 18 bytes
/// when it is a UUID written the usual way, instead of in a heap string.
///
/// Nearly every identifier in an address book is a UUID: the UIDs CardDAV servers, Apple's and
/// Google's clients and Thunderbird write, the random and derived identifiers Ohana gives. As text a
/// UUID is 36 bytes, too long for Swift's inline small strings, so every contact held one more heap
/// block of 80 bytes (and one more allocation when it was read). Here a UUID in lower case, in upper
/// case or after `urn:uuid:` (the form RFC 6350 recommends) is kept as its 128 bits and the way it
/// was written; any other text is kept as it is.
///
/// The form is canonical: a text has exactly one representation, so the synthesized equality and
/// hashing compare texts, and ``string`` gives back the text exactly as it was given. For the
/// package's types, not public API.
package enum IdentifierText: Hashable, Sendable {
    /// Text that is not a UUID in one of the forms below.
    case text(String)
    /// A UUID's 128 bits (`high` the first 16 hex digits) and how it was written.
    case uuid(high: UInt64, low: UInt64, form: UUIDForm)

    /// How a UUID was written: the case of its hex digits and whether `urn:uuid:` came first.
    package enum UUIDForm: UInt8, Sendable {
        case lowercase, uppercase, lowercaseURN, uppercaseURN

        var isUppercase: Bool { self == .uppercase || self == .uppercaseURN }
        var hasURNPrefix: Bool { self == .lowercaseURN || self == .uppercaseURN }
    }

    /// The identifier `text`, compact when it is a UUID in one of the recognized forms. O(n).
    package init(_ text: String) {
        var text = text
        if let compact = text.withUTF8({ Self(uuidBytes: $0) }) {
            self = compact
        } else {
            self = .text(text)
        }
    }

    /// The identifier written in `bytes` (UTF-8), compact when it is a UUID in one of the
    /// recognized forms; `nil` otherwise (the caller then makes a string). O(1).
    package init?(uuidBytes bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var urn = false
        if bytes.count == 45 {
            // "urn:uuid:" in lower case only: the prefix is kept as written, and other spellings are rare.
            let prefix: StaticString = "urn:uuid:"
            for i in 0..<9 where bytes[i] != prefix.utf8Start[i] { return nil }
            start = 9
            urn = true
        } else if bytes.count != 36 {
            return nil
        }
        var words: (UInt64, UInt64) = (0, 0)
        var sawLower = false, sawUpper = false
        var digit = 0
        for i in start..<(start + 36) {
            let byte = bytes[i]
            let offset = i - start
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte &- UInt8(ascii: "a") &+ 10; sawLower = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte &- UInt8(ascii: "A") &+ 10; sawUpper = true
            default: return nil
            }
            if digit < 16 {
                words.0 = words.0 << 4 | UInt64(value)
            } else {
                words.1 = words.1 << 4 | UInt64(value)
            }
            digit += 1
        }
        if sawLower && sawUpper { return nil }  // mixed case: kept as text, so it reads back as written
        let form: UUIDForm = switch (sawUpper, urn) {
        case (false, false): .lowercase
        case (true, false): .uppercase
        case (false, true): .lowercaseURN
        case (true, true): .uppercaseURN
        }
        self = .uuid(high: words.0, low: words.1, form: form)
    }

    /// The text, exactly as it was given. O(n); a UUID makes a new string each time.
    package var string: String {
        switch self {
        case .text(let text): text
        case .uuid(let high, let low, let form): Self.text(high: high, low: low, form: form)
        }
    }

    /// The text of a UUID in `form`, written straight into the string's storage.
    private static func text(high: UInt64, low: UInt64, form: UUIDForm) -> String {
        let prefix: StaticString = "urn:uuid:"
        let prefixCount = form.hasURNPrefix ? 9 : 0
        return String(unsafeUninitializedCapacity: 36 + prefixCount) { text in
            let digits: StaticString = form.isUppercase ? "0123456789ABCDEF" : "0123456789abcdef"
            for i in 0..<prefixCount { text[i] = prefix.utf8Start[i] }
            var at = prefixCount
            for position in 0..<32 {
                if position == 8 || position == 12 || position == 16 || position == 20 {
                    text[at] = UInt8(ascii: "-")
                    at += 1
                }
                let word = position < 16 ? high : low
                text[at] = digits.utf8Start[Int((word >> UInt64(60 - 4 * (position % 16))) & 0xF)]
                at += 1
            }
            return at
        }
    }

    /// Whether `lhs` sorts before `rhs` as text (byte order, as `String` compares ASCII). Two UUIDs
    /// written alike compare by their bits, without making their texts. O(1) for those, O(n) otherwise.
    package static func precedes(_ lhs: IdentifierText, _ rhs: IdentifierText) -> Bool {
        if case .uuid(let lh, let ll, let lf) = lhs, case .uuid(let rh, let rl, let rf) = rhs, lf == rf {
            // Hex digits sort as their values in both cases, and the dashes and prefix sit at the same places.
            return lh != rh ? lh < rh : ll < rl
        }
        return lhs.string < rhs.string
    }
}
