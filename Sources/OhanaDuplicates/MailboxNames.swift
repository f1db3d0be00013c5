import Ohana

/// A quick test before a mailbox name is sought in two cards' addresses (``OtherEvidence``): most
/// matched cards have no local part in common, and finding that out through the normalised
/// addresses costs a new string for each.
enum MailboxNames {
    /// Whether the cards at `a` and `b` may have a mailbox name in common: `false` only when every
    /// address of both is ASCII and no two of them have the same local part, read by its bytes in
    /// lower case, before any `+` and without dots. Two local parts that
    /// ``KeyExtractor/normalizeEmail(_:)`` makes equal (with or without the mail providers' rules)
    /// read alike so: Gmail's rules only drop what this drops, and the same hash may stand for
    /// two others (then the addresses are normalised, as without this test).
    static func mayShare(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>) -> Bool {
        guard let first = localParts(a), !first.isEmpty, let second = localParts(b), !second.isEmpty else {
            return true
        }
        return first.contains(where: second.contains)
    }

    /// The hashes of the local parts of the contact's addresses that have an `@`, read as
    /// ``mayShare(_:_:)`` says; `nil` when an address is not ASCII.
    static func localParts(_ contact: UnsafePointer<Contact>) -> [UInt64]? {
        contact.pointee.fields.withUnsafeBufferPointer { fields -> [UInt64]? in
            var hashes: [UInt64] = []
            for index in fields.indices where fields[index].type == .emailAddress {
                guard let hash = localPart(fields[index].value) else { return nil }
                if hash != 0 { hashes.append(hash) }
            }
            return hashes
        }
    }

    /// The hash of one address's local part (0: no `@`); `nil` when it is not ASCII.
    static func localPart(_ address: String) -> UInt64? {
        let utf8 = address.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let at = utf8.lastIndex(of: UInt8(ascii: "@")) else { return 0 }
        var start = utf8.startIndex
        while start < at, isSpace(utf8[start]) { utf8.formIndex(after: &start) }
        // `mailto:` in any case, as normalising lower-cases before it drops the prefix.
        let prefix = Array("mailto:".utf8)
        var rest = start
        var matched = 0
        while matched < prefix.count, rest < at, utf8[rest] | 0x20 == prefix[matched] | 0x20 {
            matched += 1
            utf8.formIndex(after: &rest)
        }
        if matched == prefix.count { start = rest }
        var hash = StreamingHash()
        var index = start
        while index < at {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") { break }
            if byte != UInt8(ascii: ".") { hash.add((0x41...0x5A).contains(byte) ? byte + 32 : byte) }
            utf8.formIndex(after: &index)
        }
        // Never 0, which stands for no `@`.
        return hash.value == 0 ? 1 : hash.value
    }
}
