import Foundation

/// vCard's transfer encodings: quoted-printable (2.1) and base64 (`ENCODING=b`, `data:` URIs).
/// Character sets are the package's ``TextDecoding``; TEXT escapes are ``VCardText``.
enum TransferDecoding {
    /// Decodes quoted-printable (`=XX`, soft breaks `=` + line break); malformed `=` sequences stay as written.
    static func quotedPrintable(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let bytes = Array(bytes)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x3D {
                if i + 1 < n, bytes[i + 1] == 0x0D || bytes[i + 1] == 0x0A {
                    i += 2
                    if i < n, bytes[i - 1] == 0x0D, bytes[i] == 0x0A { i += 1 }
                    continue
                }
                if i + 2 < n, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                    out.append(h << 4 | l)
                    i += 3
                    continue
                }
                if i == n - 1 {  // a trailing soft break
                    i += 1
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return out[...]
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    /// Decodes base64, ignoring white space and other stray characters and tolerating missing padding.
    static func base64(_ text: ArraySlice<UInt8>) -> Data? {
        // One pass through pointers, straight into the data: gathering the digits into an array,
        // then decoding them into another, cost 120 instructions a character (a photo of 50 KB
        // took 6 million).
        text.withUnsafeBufferPointer { input -> Data? in
            var data = Data(count: input.count / 4 * 3 + 3)
            let written = base64Digits.withUnsafeBufferPointer { digitOf in
                data.withUnsafeMutableBytes { raw -> Int? in
                    let out = raw.bindMemory(to: UInt8.self)
                    var n = 0, digits = 0
                    var padding = false
                    var group: UInt32 = 0
                    for b in input {
                        let digit = digitOf[Int(b)]
                        if digit >= 64 {
                            if digit == 64 { padding = true }
                            continue  // `=`, or a stray character (white space, a line break) skipped
                        }
                        if padding { return nil }  // data after the padding
                        group = group << 6 | UInt32(digit)
                        digits += 1
                        if digits == 4 {
                            out[n] = UInt8(truncatingIfNeeded: group >> 16)
                            out[n + 1] = UInt8(truncatingIfNeeded: group >> 8)
                            out[n + 2] = UInt8(truncatingIfNeeded: group)
                            n += 3
                            digits = 0
                            group = 0
                        }
                    }
                    guard n + digits > 0, digits != 1 else { return nil }  // no digit, or one too many
                    // A short last group of 2 or 3 digits gives 1 or 2 bytes.
                    if digits >= 2 {
                        let v = group << (6 * UInt32(4 - digits))
                        out[n] = UInt8(truncatingIfNeeded: v >> 16)
                        n += 1
                        if digits == 3 {
                            out[n] = UInt8(truncatingIfNeeded: v >> 8)
                            n += 1
                        }
                    }
                    return n
                }
            }
            guard let written else { return nil }
            data.count = written
            return data
        }
    }

    /// The value of each byte as a base64 digit (0–63), 64 for `=`, 65 for any other byte.
    private static let base64Digits: [UInt8] = (0...255).map { b -> UInt8 in
        let byte = UInt8(b)
        guard isBase64Byte(byte) else { return 65 }
        return byte == 0x3D ? 64 : UInt8(sextet(byte))
    }

    /// The value of a base64 digit (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`).
    @inline(__always) private static func sextet(_ b: UInt8) -> UInt32 {
        switch b {
        case 0x41...0x5A: UInt32(b - 0x41)
        case 0x61...0x7A: UInt32(b - 0x61 + 26)
        case 0x30...0x39: UInt32(b - 0x30 + 52)
        case 0x2B: 62
        default: 63
        }
    }
}
