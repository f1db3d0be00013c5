import Foundation
import Ohana

/// A stable 64-bit hash of a contact's stored form (its JSON with sorted keys, and its photo), the
/// same in every process and on every machine (unlike `Hasher`). A re-import compares it with the
/// stored one, so an unchanged contact costs no write; the JSON it hashes is the JSON that would
/// be written, so a changed contact is encoded once.
///
/// Hashes of stores written before version 7 of the schema hashed the `Codable` form instead; the
/// migration clears them, and the next save of each contact recognises it by its bytes.
package enum ContentHash {
    /// The hash of a contact stored as `json` (without the photo) with this photo.
    package static func of(json: Data, photo: Data?, photoType: String?) -> Int64 {
        var hash = bytes(json, tag: 1)
        if let photo { hash = mix(hash, bytes(photo, tag: 2)) }
        if let photoType { hash = mix(hash, bytes(Data(photoType.utf8), tag: 3)) }
        return Int64(bitPattern: hash)
    }

    /// The hash of a contact, encoded as the store encodes it.
    package static func of(_ contact: Contact) throws -> Int64 {
        let json = try ContactCodec().encodeJSON(contact)
        return of(json: json, photo: contact.photo?.data, photoType: contact.photo?.mediaType)
    }

    /// SplitMix64's finaliser over two words: order-sensitive, well mixed.
    package static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var x = a &+ 0x9E37_79B9_7F4A_7C15 &+ (b &* 0xBF58_476D_1CE4_E5B9)
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    /// Bytes eight at a time (little-endian words), each word mixed into the running hash, then
    /// the tail and the length; `tag` keeps different kinds of content apart.
    package static func bytes(_ data: Data, tag: UInt64) -> UInt64 {
        data.withUnsafeBytes { raw in
            var hash = mix(tag, UInt64(raw.count))
            var offset = 0
            while offset + 8 <= raw.count {
                hash = mix(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            return mix(hash, tail)
        }
    }
}
