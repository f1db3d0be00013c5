/// Where an input can be cut between cards, and how many lines a run of it holds.
enum CardBoundaries {
    private static let begin: [UInt8] = Array("BEGIN:VCARD".utf8)
    private static let end: [UInt8] = Array("END:VCARD".utf8)

    /// Whether `at` starts a `BEGIN:VCARD` line (ended by a line break inside `buffer`) that follows
    /// an `END:VCARD` line.
    static func isCut(_ buffer: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        let count = buffer.count
        guard p >= 11, p + 11 < count, buffer[p] == 0x42 else { return false }
        let after = buffer[p + 11]
        guard after == 0x0D || after == 0x0A else { return false }
        for i in 1..<11 where buffer[p + i] != begin[i] { return false }
        // The line break before: LF, CRLF or CR.
        var q = p - 1
        guard buffer[q] == 0x0A || buffer[q] == 0x0D else { return false }
        if buffer[q] == 0x0A, buffer[q - 1] == 0x0D { q -= 1 }
        // "END:VCARD" and a line break (or nothing: the start of the buffer) before it.
        guard q >= 9 else { return false }
        let e = q - 9
        for i in 0..<9 where buffer[e + i] != end[i] { return false }
        return e == 0 || buffer[e - 1] == 0x0A || buffer[e - 1] == 0x0D
    }

    /// The last cut in `from...through`.
    static func lastCut(in buffer: UnsafeBufferPointer<UInt8>, from: Int, through: Int) -> Int? {
        var p = min(through, buffer.count - 1)
        while p >= from {
            if buffer[p] == 0x42, isCut(buffer, at: p) { return p }
            p -= 1
        }
        return nil
    }

    /// The first cut in `from..<before`.
    static func firstCut(in buffer: UnsafeBufferPointer<UInt8>, from: Int, before: Int) -> Int? {
        var p = from
        let stop = min(before, buffer.count)
        while p < stop {
            if buffer[p] == 0x42, isCut(buffer, at: p) { return p }
            p += 1
        }
        return nil
    }
}

/// Exact byte tests on eight bytes read as one little-endian word (here, not in the core's
/// `ByteWord`: called across modules, its functions were not inlined).
enum WordBytes {
    /// The high bit of each of the eight bytes of `word` that is `byte`, and no other bit (exact:
    /// no carry crosses from one byte to the next).
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low7) &+ low7) | x | low7)
    }
}
