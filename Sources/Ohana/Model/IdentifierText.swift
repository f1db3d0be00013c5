/// The text of an identifier (a ``ContactID``, a provenance record's identifier), held in 17 bytes
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
    /// recognized forms; `nil` otherwise (the caller then makes a string). O(1): the dashes are
    /// checked at their places and the 32 hex digits read without a branch per byte.
    package init?(uuidBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return nil }
        let urn: Bool
        switch bytes.count {
        case 36: urn = false
        case 45:
            // "urn:uuid:" in lower case only: the prefix is kept as written, and other spellings are rare.
            let prefix = UInt64(littleEndian: 0x6469_7575_3A6E_7275)  // "urn:uuid" read as a little-endian word
            guard UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) == prefix, base[8] == UInt8(ascii: ":") else {
                return nil
            }
            urn = true
        default: return nil
        }
        let text = base + (urn ? 9 : 0)
        let dash = UInt8(ascii: "-")
        guard text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else { return nil }
        // Each group of hex digits into its word; the classes of the digits seen are or-ed together.
        let (high, low, seen) = hexDigitClasses.withUnsafeBufferPointer { table in
            var seen: UInt8 = 0
            var high: UInt64 = 0, low: UInt64 = 0
            for k in 0..<8 { Self.add(text[k], table, &high, &seen) }
            for k in 9..<13 { Self.add(text[k], table, &high, &seen) }
            for k in 14..<18 { Self.add(text[k], table, &high, &seen) }
            for k in 19..<23 { Self.add(text[k], table, &low, &seen) }
            for k in 24..<36 { Self.add(text[k], table, &low, &seen) }
            return (high, low, seen)
        }
        let (invalid, lower, upper): (UInt8, UInt8, UInt8) = (seen & HexDigit.invalid, seen & HexDigit.lower, seen & HexDigit.upper)
        // Not hex, or mixed case (kept as text, so that it reads back as written).
        guard invalid == 0, lower == 0 || upper == 0 else { return nil }
        let form: UUIDForm = switch (upper != 0, urn) {
        case (false, false): .lowercase
        case (true, false): .uppercase
        case (false, true): .lowercaseURN
        case (true, true): .uppercaseURN
        }
        self = .uuid(high: high, low: low, form: form)
    }

    /// Adds the hex digit `byte` to `word` and its class (``HexDigit``) to `seen`.
    @inline(__always)
    private static func add(_ byte: UInt8, _ table: UnsafeBufferPointer<UInt8>, _ word: inout UInt64, _ seen: inout UInt8) {
        let entry = table[Int(byte)]
        seen |= entry
        word = word &<< 4 | UInt64(entry & 0xF)
    }

    /// The text, exactly as it was given. O(n); a UUID makes a new string each time.
    package var string: String {
        switch self {
        case .text(let text): text
        case .uuid(let high, let low, let form): Self.text(high: high, low: low, form: form)
        }
    }

    /// Calls `body` with the text's UTF-8; a UUID's is written into memory on the stack, so that
    /// writers (JSON, say) copy its bytes without making a string first. O(n).
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self {
        case .text(var text):
            return try text.withUTF8(body)
        case .uuid(let high, let low, let form):
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 45) { buffer in
                let count = Self.write(high: high, low: low, form: form, into: buffer.baseAddress!)
                return try body(UnsafeBufferPointer(start: buffer.baseAddress, count: count))
            }
        }
    }

    /// The text of a UUID in `form`, written straight into the string's storage.
    private static func text(high: UInt64, low: UInt64, form: UUIDForm) -> String {
        String(unsafeUninitializedCapacity: form.hasURNPrefix ? 45 : 36) { text in
            write(high: high, low: low, form: form, into: text.baseAddress!)
        }
    }

    /// Writes the text of a UUID in `form` (36 bytes, 45 with the prefix) at `text`; returns its length.
    private static func write(high: UInt64, low: UInt64, form: UUIDForm, into text: UnsafeMutablePointer<UInt8>) -> Int {
        let prefix: StaticString = "urn:uuid:"
        let prefixCount = form.hasURNPrefix ? 9 : 0
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

/// A byte's entry in ``hexDigitClasses``: its value as a hex digit (low four bits) and its class.
private enum HexDigit {
    static let lower: UInt8 = 0x10, upper: UInt8 = 0x20, invalid: UInt8 = 0x80
}

/// For every byte: its hex digit value and class (``HexDigit``), `invalid` for a byte that is no
/// hex digit. One lookup a digit instead of three range tests.
private let hexDigitClasses: [UInt8] = (0...255).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10 | HexDigit.lower
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10 | HexDigit.upper
    default: HexDigit.invalid
    }
}
