import Foundation
import Ohana
import Synchronization

/// Texts that many cards of one input repeat, made once and shared by every contact that holds them:
/// a company's name on every colleague's card, a job title, a city, a region, a country.
///
/// A text of more than 15 bytes is a heap block of its own in Swift (shorter ones are held inline),
/// so an address book of one company's contacts held the company's name, city and country once a
/// card. Here each such text read is looked up by its bytes first; one seen before is handed out
/// again (no allocation, no copy), one not seen is made and remembered, up to ``limit`` texts (the
/// first ones seen; past that texts are still found but no new one is remembered, so the table
/// stays small however many distinct values an input has).
///
/// One table is used by one thread at a time: a worker leases it from a ``SharedTextsPool`` for a
/// block, so that it serves every block the reader reads.
final class SharedTexts: @unchecked Sendable {
    /// The most texts remembered.
    static let limit = 1 << 13
    /// The shortest text worth sharing: shorter ones are held inline by `String`.
    static let shortestShared = 16
    /// The longest text shared: names of companies, titles and places are shorter, and a table
    /// then holds at most `limit` × 256 bytes of text however the input is made (a streamed
    /// input's contacts are let go, the table's texts are not).
    static let longestShared = 256

    /// Open addressing, linear probing, at most half full: each slot's hash (0: empty) and text,
    /// apart, so that a probe reads hashes and touches a text only when its hash is the one sought.
    private var hashes = [UInt64](repeating: 0, count: 256)
    private var texts = [String?](repeating: nil, count: 256)
    private var count = 0

    /// The text `bytes` hold (UTF-8), shared when it was read before; `nil` when they are not valid
    /// UTF-8. O(n) in the bytes.
    @inline(__always)
    func text(_ bytes: ArraySlice<UInt8>) -> String? {
        // Inlined: most texts are short, and a call with the slice cost a retain and a release of
        // its array for every component of every address.
        bytes.count < Self.shortestShared || bytes.count > Self.longestShared ? TextDecoding.validUTF8(bytes) : sharedText(bytes)
    }

    /// ``text(_:)`` of 16 bytes or more: looked up, or made and remembered.
    private func sharedText(_ bytes: ArraySlice<UInt8>) -> String? {
        let length = bytes.count
        let hash = bytes.withUnsafeBufferPointer(Self.hash)
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while hashes[i] != 0 {
            if hashes[i] == hash, let stored = texts[i], stored.utf8.count == length,
                bytes.withUnsafeBufferPointer({ Self.holds(stored, $0) })
            {
                return stored
            }
            i = (i + 1) & mask
        }
        guard let made = TextDecoding.validUTF8(bytes) else { return nil }
        if count < Self.limit {
            hashes[i] = hash
            texts[i] = made
            count += 1
            if count * 2 > hashes.count { grow() }
        }
        return made
    }

    private func grow() {
        let (oldHashes, oldTexts) = (hashes, texts)
        hashes = [UInt64](repeating: 0, count: oldHashes.count * 2)
        texts = [String?](repeating: nil, count: oldHashes.count * 2)
        let mask = hashes.count - 1
        for k in oldHashes.indices where oldHashes[k] != 0 {
            var i = Int(truncatingIfNeeded: oldHashes[k]) & mask
            while hashes[i] != 0 { i = (i + 1) & mask }
            hashes[i] = oldHashes[k]
            texts[i] = oldTexts[k]
        }
    }

    /// The bytes eight at a time, each word mixed in by a multiply; never 0 (an empty slot's hash).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 1 }
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        var at = 0
        while at + 8 <= bytes.count {
            hash = (hash ^ UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            at += 8
        }
        if at < bytes.count {
            var last: UInt64 = 0
            for k in at..<bytes.count { last |= UInt64(base[k]) << UInt64(8 * (k - at)) }
            hash = (hash ^ last) &* multiplier
            hash ^= hash >> 29
        }
        return hash | 1
    }

    /// Whether `text`'s UTF-8 (as many bytes as `bytes`) is exactly `bytes`.
    private static func holds(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return stored.isEmpty }
            return memcmp(a, b, bytes.count) == 0
        }
    }
}

/// The ``SharedTexts`` tables of one reader, leased to its workers: a table serves one worker at a
/// time and comes back when its lease ends, to serve the next block.
final class SharedTextsPool: Sendable {
    private let tables = Mutex<[SharedTexts]>([])

    /// A table of this pool (a new one when all are leased), held until the lease is released.
    func lease() -> Lease { Lease(table: tables.withLock { $0.popLast() } ?? SharedTexts(), pool: self) }

    /// One table, given back to its pool when the lease is released.
    final class Lease {
        let table: SharedTexts
        private let pool: SharedTextsPool

        fileprivate init(table: SharedTexts, pool: SharedTextsPool) {
            self.table = table
            self.pool = pool
        }

        deinit {
            let table = self.table
            pool.tables.withLock { $0.append(table) }
        }
    }
}
