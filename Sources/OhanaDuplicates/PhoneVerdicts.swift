import Ohana

extension CoherentClustering {
    /// Whether two contacts' numbers that share their last digits are one number: 1 when one
    /// number, 0 when not known (kept as a match on the last digits), -1 when two different
    /// numbers; `hasName` as ``Edge/phoneMatchHasName``. With the names, most matches are decided
    /// by ``plainVerdict(_:_:trailing:)`` from the numbers' digits, without the cards' keys.
    static func verdict(
        _ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, hasName: Bool, _ extractor: inout KeyExtractor
    ) -> Int8 {
        if hasName, !extractor.parsesAllPhones, let known = plainVerdict(a, b, trailing: extractor.rules.matchingTrailingDigits) {
            return known
        }
        return keyedVerdict(a, b, hasName: hasName, &extractor)
    }

    /// ``verdict(_:_:hasName:_:)`` from the two contacts' phone keys.
    static func keyedVerdict(
        _ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, hasName: Bool, _ extractor: inout KeyExtractor
    ) -> Int8 {
        let phonesB = extractor.phones(at: b)
        var verdict: Int8 = -1
        for x in extractor.phones(at: a) {
            for y in phonesB where x.trailing == y.trailing {
                if hasName {
                    // With the names: one number written alike is one; a national one is not parsed.
                    if x.digits == y.digits { return 1 }
                    if !(Self.isInternational(x.written) && Self.isInternational(y.written)) {
                        verdict = 0
                        continue
                    }
                }
                // Two different valid numbers disprove it; a number that does not parse cannot.
                guard let first = extractor.parse(x, at: a), let second = extractor.parse(y, at: b) else { return 1 }
                if first == second { return 1 }
            }
        }
        return verdict
    }

    /// ``keyedVerdict(_:_:hasName:_:)`` with the names, read from the numbers' digits alone, when
    /// every number of both cards is plain (``PlainNumber``): its key is then its digits, and its
    /// last digits the `trailing` last of them. `nil` when a number is not, or when two numbers
    /// written with their country codes share their last digits (those are parsed).
    static func plainVerdict(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, trailing: Int) -> Int8? {
        guard let first = PlainNumber.numbers(of: a, trailing: trailing), !first.isEmpty,
              let second = PlainNumber.numbers(of: b, trailing: trailing) else { return nil }
        var verdict: Int8 = -1
        for x in first {
            for y in second where x.trailing == y.trailing {
                if x.digits == y.digits { return 1 }
                if x.isInternational && y.isInternational { return nil }
                verdict = 0
            }
        }
        return verdict
    }

    /// Whether a number is written with its country code (`+…` or `00…`).
    static func isInternational(_ written: String) -> Bool {
        let text = written.drop { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }
        return text.hasPrefix("+") || text.hasPrefix("00")
    }
}

/// A phone number that ``KeyExtractor/phones(at:)`` keys by its digits without parsing it: plain
/// (``PhoneDigits/scan(_:digit:)``), not resolved before, with 6 to 15 digits and more than the
/// last ones matched. Its digits are packed into one integer, their count in the top byte, so
/// that two numbers written with the same digits pack alike and no others do.
struct PlainNumber: Equatable {
    var digits: UInt64
    /// The last `trailing` digits (as a number: their count is fixed).
    var trailing: UInt64
    var isInternational: Bool

    /// The plain numbers of `contact`, in field order, skipping those ``KeyExtractor/phones(at:)``
    /// skips (fewer than 6 or more than 15 digits); `nil` when one of the others is not plain.
    static func numbers(of contact: UnsafePointer<Contact>, trailing: Int) -> [PlainNumber]? {
        var scale: UInt64 = 1
        for _ in 0..<trailing { scale &*= 10 }
        // The fields read in place: a field taken out of the array is copied (a retain of each value).
        return contact.pointee.fields.withUnsafeBufferPointer { fields -> [PlainNumber]? in
            var numbers: [PlainNumber] = []
            for index in fields.indices where fields[index].type == .phoneNumber {
                var value: UInt64 = 0
                var count = 0
                let isPlain = PhoneDigits.scan(fields[index].value) { digit in
                    count += 1
                    if count <= 15 { value = value &* 10 &+ UInt64(digit &- UInt8(ascii: "0")) }
                }
                guard (6...15).contains(count) else { continue }
                guard isPlain, count > trailing, fields[index].phoneNumber?.status == nil else { return nil }
                numbers.append(PlainNumber(
                    digits: UInt64(count) << 56 | value, trailing: value % scale,
                    isInternational: isInternational(fields[index].value)))
            }
            return numbers
        }
    }

    /// ``CoherentClustering/isInternational(_:)`` of a plain text, read by its bytes: after spaces,
    /// tabs and no-break spaces, a `+` or `00`.
    static func isInternational(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var previous: UInt8 = 0
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case 0xC2 where previous != 0xC2: previous = byte; continue
            case 0xA0 where previous == 0xC2: previous = 0; continue
            case UInt8(ascii: "+"): return previous == 0
            case UInt8(ascii: "0"): return previous == 0 && utf8.next() == UInt8(ascii: "0")
            default: return false
            }
        }
        return false
    }
}
