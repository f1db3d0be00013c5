import Foundation
import Ohana

extension ContactsJSON {
    /// Encodes contacts as a JSON array with sorted keys: pretty-printed (indented, a member a line)
    /// by default, or compact, on one line, when `pretty` is `false`. Slashes are not escaped.
    ///
    /// Rounds of batches are encoded on every core, then copied into the one result (a
    /// ``JSONByteBuffer``) on every core: its fresh pages are touched by both, and no core waits
    /// for a single one to append.
    ///
    /// Complexity: O(*n*) in the contacts; memory: the result and one round's text (about 16,000
    /// contacts) beside it.
    public static func encode(_ contacts: [Contact], pretty: Bool = true) throws -> Data {
        try encode(contacts, pretty: pretty, batchesPerRound: encodingRound)
    }

    /// ``encode(_:pretty:)`` in rounds of `batchesPerRound` batches (tests use small rounds).
    static func encode(_ contacts: [Contact], pretty: Bool, batchesPerRound: Int) throws -> Data {
        guard !contacts.isEmpty else { return try makeEncoder(pretty: pretty).encode(contacts) }
        let brackets = ArrayBrackets(pretty: pretty)
        let open = Array(brackets.open.utf8), separator = Array(brackets.separator.utf8), close = Array(brackets.close.utf8)
        var text = JSONByteBuffer(capacity: 64)
        open.withUnsafeBufferPointer { text.append($0) }
        let round = batchSize * max(1, batchesPerRound)
        var start = 0
        while start < contacts.count {
            let end = min(contacts.count, start + round)
            let pieces = try encodeBatches(of: contacts, start..<end, pretty: pretty).map { try $0.get() }
            // Where each piece goes in this round's bytes: a separator (except before the very
            // first of the array), then its elements.
            var places: [Int] = []
            var length = 0
            for (index, piece) in pieces.enumerated() {
                if start > 0 || index > 0 { length += separator.count }
                places.append(length)
                length += piece.count - open.count - close.count
            }
            if start == 0 {
                // The first round tells the size a contact takes: room for all of them, a twentieth more.
                text.reserveCapacity(text.count + length + length / (end - start) * (contacts.count - end) * 21 / 20)
            }
            let destination = SendableBytesPointer(base: text.appendUninitialized(length))
            let placed = places, firstRound = start == 0
            _ = parallelMap(Array(pieces.indices), minimumPerWorker: 1, state: {}) { _, index in
                let place = destination.base + placed[index]
                if !firstRound || index > 0 {
                    separator.withUnsafeBufferPointer { (place - separator.count).update(from: $0.baseAddress!, count: $0.count) }
                }
                pieces[index].withUnsafeBytes { bytes in
                    let elements = UnsafeRawBufferPointer(rebasing: bytes[open.count..<(bytes.count - close.count)])
                    if let base = elements.baseAddress { UnsafeMutableRawPointer(place).copyMemory(from: base, byteCount: elements.count) }
                }
            }
            start = end
        }
        close.withUnsafeBufferPointer { text.append($0) }
        return text.takeData()
    }

    /// Batches encoded side by side before their text is copied into the result.
    static let encodingRound = 32
}

/// Where the workers copy their pieces: disjoint ranges of one block.
private struct SendableBytesPointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}
