import Foundation

extension ContactsJSON {
    /// Encodes contacts as a JSON array with sorted keys: pretty-printed (indented, a member a line)
    /// by default, or compact, on one line, when `pretty` is `false`. Slashes are not escaped.
    ///
    /// Rounds of batches are encoded on every core, then copied into the one result on every core
    /// (its fresh pages are touched by both, and no core waits for a single one to append).
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
        var text = GrowingBytes()
        text.append(open)
        let round = batchSize * max(1, batchesPerRound)
        var start = 0
        while start < contacts.count {
            let end = min(contacts.count, start + round)
            let pieces = try encodeBatches(of: contacts, start..<end, pretty: pretty).map { try $0.get() }
            // Where each piece goes: a separator (except before the very first), then its elements.
            var places: [Int] = []
            var at = text.count
            for (index, piece) in pieces.enumerated() {
                if start > 0 || index > 0 { at += separator.count }
                places.append(at)
                at += piece.count - open.count - close.count
            }
            if text.capacity < at {
                // The first round tells the size a contact takes: room for all of them, a twentieth more.
                let estimate = start == 0 ? at + (at - open.count) / (end - start) * (contacts.count - end) * 21 / 20 : 0
                text.reserve(max(at, estimate, text.capacity + text.capacity / 2))
            }
            let destination = text.pointer, placed = places, firstRound = start == 0
            _ = parallelMap(Array(pieces.indices), minimumPerWorker: 1, state: {}) { _, index in
                let piece = pieces[index]
                let place = placed[index]
                if !firstRound || index > 0 {
                    separator.withUnsafeBytes { destination.base.advanced(by: place - separator.count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                }
                piece.withUnsafeBytes { bytes in
                    let elements = UnsafeRawBufferPointer(rebasing: bytes[open.count..<(bytes.count - close.count)])
                    if let base = elements.baseAddress { destination.base.advanced(by: place).copyMemory(from: base, byteCount: elements.count) }
                }
            }
            text.count = at
            start = end
        }
        text.append(close)
        return text.take()
    }

    /// Batches encoded side by side before their text is copied into the result.
    static let encodingRound = 32
}

/// Bytes in one block of `malloc`ed memory that grows by `realloc` (large blocks move without
/// copying) and is handed over to a `Data` without a copy.
private struct GrowingBytes: ~Copyable {
    private(set) var pointer = SendableBytesPointer(base: malloc(64)!)
    private(set) var capacity = 64
    /// Bytes written; the caller writes through ``pointer`` below ``capacity``, then sets it.
    var count = 0

    mutating func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        pointer = SendableBytesPointer(base: realloc(pointer.base, wanted)!)
        capacity = wanted
    }

    mutating func append(_ bytes: [UInt8]) {
        reserve(count + bytes.count)
        bytes.withUnsafeBytes { pointer.base.advanced(by: count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        count += bytes.count
    }

    /// The bytes as `Data`, which frees them.
    consuming func take() -> Data {
        let data = Data(bytesNoCopy: pointer.base, count: count, deallocator: .free)
        discard self
        return data
    }

    deinit { free(pointer.base) }
}

/// Where the workers copy their pieces: disjoint ranges of one block.
private struct SendableBytesPointer: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
}
