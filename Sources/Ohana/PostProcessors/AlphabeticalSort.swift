import Foundation

/// Sorts contacts by full name, first name or last name (Ohana's `OHAlphabeticalSortPostProcessor`).
///
/// First-name order breaks ties by last name, last-name order by first name. Contacts without
/// the sort key go last, in their original order. Comparison is locale-aware collation
/// (case- and accent-insensitive at the first level); the sort is stable.
///
/// Complexity: O(n log n) comparisons; each contact's keys are computed once.
public struct AlphabeticalSort: ContactsPostProcessor {
    /// Which name a sort uses.
    public enum Mode: String, Sendable, CaseIterable, Codable {
        /// The full name (``Contact/fullName``).
        case fullName
        /// Given name, then family name.
        case firstName
        /// Family name, then given name.
        case lastName

        /// The name a contact is filed under in this mode (its section in an index), empty when it has none.
        public func sortName(of contact: Contact) -> String {
            switch self {
            case .fullName: contact.fullName
            case .firstName: contact.givenName ?? ""
            case .lastName: contact.familyName ?? ""
            }
        }
    }

    /// The sort key.
    public let mode: Mode
    /// The locale whose collation orders the names.
    public let locale: Locale

    /// Creates the sort; the locale defaults to the current one.
    public init(_ mode: Mode, locale: Locale = .current) {
        self.mode = mode
        self.locale = locale
    }

    /// "AlphabeticalSort(<mode>)".
    public var name: String { "AlphabeticalSort(\(mode.rawValue))" }

    /// Returns the contacts sorted; they are moved, not copied, when the caller hands the array over.
    public func process(_ contacts: consuming [Contact]) async throws -> [Contact] { sorted(consume contacts) }

    /// Returns the contacts sorted (synchronous form).
    ///
    /// Each contact's names become one byte string (``Collator/appendKey(_:to:)``: primary ranks,
    /// then full ranks, then the second name's), made on every core; the sort then compares those
    /// bytes with `memcmp`, ties going to the original order.
    public func sorted(_ contacts: consuming [Contact]) -> [Contact] {
        let order = sortedOrder(of: contacts, positions: Array(contacts.indices))
        Self.permute(&contacts, to: order)
        return contacts
    }

    /// `positions` (indices into `contacts`) in this sort's order, as ``sorted(_:)`` would order
    /// the contacts at those positions: for ordering part of a list, or a list by index, without
    /// moving a contact. Complexity: O(p log p) in the positions.
    package func sortedOrder(of contacts: [Contact], positions: [Int]) -> [Int] {
        let mode = self.mode
        let names = parallelMap(positions, minimumPerWorker: 1024, state: { () }) { _, position -> (String, String?)? in
            let (primary, secondary) = Self.keys(for: contacts[position], mode: mode)
            guard let primary = primary.flatMap(Self.nonBlank) else { return nil }
            return (primary, secondary.flatMap(Self.nonBlank))
        }
        var strings: [String] = []
        strings.reserveCapacity(positions.count * 2)
        for case let (primary, secondary)? in names {
            strings.append(primary)
            if let secondary { strings.append(secondary) }
        }
        let collator = Collator(locale: locale, strings: strings)
        // Keys are written a chunk of contacts at a time into one buffer per chunk (not an array
        // per contact, which took as long to free, on one core, as to sort).
        let chunk = max(1024, names.count / 64 + 1)
        let ranges = stride(from: 0, to: names.count, by: chunk).map { $0..<min(names.count, $0 + chunk) }
        let parts = parallelMap(ranges, minimumPerWorker: 1, state: { () }) { _, range -> KeyChunk in
            var part = KeyChunk()
            part.bytes.reserveCapacity(range.count * 64)
            part.entries.reserveCapacity(range.count)
            for index in range {
                guard let (primary, secondary) = names[index] else {
                    part.missing.append(index)
                    continue
                }
                let start = part.bytes.count
                collator.appendKey(primary, to: &part.bytes)
                // A second name present sorts before one missing.
                if let secondary {
                    part.bytes.append(0)
                    collator.appendKey(secondary, to: &part.bytes)
                } else {
                    part.bytes.append(1)
                }
                part.entries.append(KeyEntry(start: start, length: part.bytes.count - start, index: index))
            }
            return part
        }
        // All keys in one buffer; the sort moves plain (start, length, index) values and compares
        // the bytes through one pointer, so no array is retained or released per comparison.
        var entries: [KeyEntry] = []
        var missing: [Int] = []
        var all: [UInt8] = []
        entries.reserveCapacity(positions.count)
        all.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        for part in parts {
            let offset = all.count
            all.append(contentsOf: part.bytes)
            for entry in part.entries {
                entries.append(KeyEntry(start: entry.start + offset, length: entry.length, index: entry.index))
            }
            missing.append(contentsOf: part.missing)
        }
        var order = Self.sortedIndices(entries, keys: all)
        order.append(contentsOf: missing)
        return order.map { positions[$0] }
    }

    /// The sort keys of the contacts at `positions` as bytes that compare with `memcmp` (then by
    /// length) as ``sortedOrder(of:positions:)`` compares them, `nil` for a contact without a name
    /// to sort by: for finding the first few of many, once the many are narrowed to a few
    /// sections, without keying every one.
    ///
    /// The locale's ranks are those of these contacts' characters, and the keys order them as
    /// sorting a larger list holding them would: the full ranks follow the locale's order of the
    /// characters, and the primary ranks its classes of characters equal ignoring case, accents
    /// and width, which are runs of neighbours in that order (a collation's first level is
    /// coarser than its last), so a subset's ranks compare as the whole set's do.
    ///
    /// Complexity: O(p) in the names of the contacts at `positions` (their characters).
    package func collationKeys(of contacts: [Contact], positions: [Int]) -> CollationKeys {
        let mode = self.mode
        var strings: [String] = []
        strings.reserveCapacity(positions.count)
        for position in positions {
            let (primary, secondary) = Self.keys(for: contacts[position], mode: mode)
            guard let primary = primary.flatMap(Self.nonBlank) else { continue }
            strings.append(primary)
            if let secondary = secondary.flatMap(Self.nonBlank) { strings.append(secondary) }
        }
        let collator = Collator(locale: locale, strings: strings)
        var keys = CollationKeys()
        keys.bytes.reserveCapacity(positions.count * 64)
        keys.ranges.reserveCapacity(positions.count)
        for position in positions {
            let (primary, secondary) = Self.keys(for: contacts[position], mode: mode)
            guard let primary = primary.flatMap(Self.nonBlank) else {
                keys.ranges.append(nil)
                continue
            }
            let start = keys.bytes.count
            collator.appendKey(primary, to: &keys.bytes)
            if let secondary = secondary.flatMap(Self.nonBlank) {
                keys.bytes.append(0)
                collator.appendKey(secondary, to: &keys.bytes)
            } else {
                keys.bytes.append(1)
            }
            keys.ranges.append(start..<keys.bytes.count)
        }
        return keys
    }

    /// Sort keys of some contacts (``collationKeys(of:positions:collating:)``): each one's bytes
    /// in one buffer.
    package struct CollationKeys: Sendable {
        /// Every key, one after the other.
        package var bytes: [UInt8] = []
        /// Where each contact's key lies in ``bytes``; `nil` for a contact without a name to sort by.
        package var ranges: [Range<Int>?] = []
    }

    /// The entries' contact indices in key order. Keys compare by their bytes (`memcmp`), then by
    /// length, then by index, so no two entries tie and the order is the one sort would give; the
    /// entries are sorted a share per core, then the shares are merged.
    ///
    /// Complexity: O(n log n).
    private static func sortedIndices(_ entries: [KeyEntry], keys: [UInt8]) -> [Int] {
        keys.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return entries.map(\.index) }
            let keys = KeyBytes(base: base)
            let shares = entries.count >= 8192 ? processorCount : 1
            let ranges = (0..<shares).map { (entries.count * $0 / shares)..<(entries.count * ($0 + 1) / shares) }
            var runs = parallelMap(ranges, minimumPerWorker: 1, state: {}) { _, range in
                entries[range].sorted(by: keys.precedes)
            }
            while runs.count > 1 {
                var next: [[KeyEntry]] = []
                for pair in stride(from: 0, to: runs.count, by: 2) {
                    next.append(pair + 1 < runs.count ? merge(runs[pair], runs[pair + 1], by: keys.precedes) : runs[pair])
                }
                runs = next
            }
            return runs.first?.map(\.index) ?? []
        }
    }

    /// Two sorted runs as one.
    private static func merge(_ a: [KeyEntry], _ b: [KeyEntry], by precedes: (KeyEntry, KeyEntry) -> Bool) -> [KeyEntry] {
        var merged: [KeyEntry] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if precedes(b[j], a[i]) {
                merged.append(b[j])
                j += 1
            } else {
                merged.append(a[i])
                i += 1
            }
        }
        merged.append(contentsOf: a[i...])
        merged.append(contentsOf: b[j...])
        return merged
    }

    /// The buffer of every key, read by the sorting workers while the caller holds it.
    private struct KeyBytes: @unchecked Sendable {
        let base: UnsafePointer<UInt8>

        /// Whether `a`'s key orders before `b`'s.
        func precedes(_ a: KeyEntry, _ b: KeyEntry) -> Bool {
            let order = memcmp(base + a.start, base + b.start, min(a.length, b.length))
            if order != 0 { return order < 0 }
            return a.length != b.length ? a.length < b.length : a.index < b.index
        }
    }

    /// Puts `items[order[k]]` at position `k` for every `k`, in place: each item is moved once,
    /// along the permutation's cycles, so nothing in it is retained or released.
    ///
    /// Complexity: O(n).
    static func permute<Item>(_ items: inout [Item], to order: [Int]) {
        precondition(order.count == items.count)
        var placed = [Bool](repeating: false, count: order.count)
        items.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let first = (base + start).move()
                var hole = start
                while order[hole] != start {
                    let source = order[hole]
                    (base + hole).moveInitialize(from: base + source, count: 1)
                    placed[source] = true
                    hole = source
                }
                (base + hole).initialize(to: first)
            }
        }
    }

    /// Where one contact's key lies in the buffer of all keys, and the contact's position.
    private struct KeyEntry: Sendable {
        var start: Int
        var length: Int
        var index: Int
    }

    /// The keys of a chunk of contacts: their bytes, where each contact's starts in them, and the
    /// contacts without a name to sort by.
    private struct KeyChunk: Sendable {
        var bytes: [UInt8] = []
        var entries: [KeyEntry] = []
        var missing: [Int] = []
    }

    private static func keys(for contact: Contact, mode: Mode) -> (String?, String?) {
        switch mode {
        case .fullName: (contact.fullName, nil)
        case .firstName: (contact.givenName, contact.familyName)
        case .lastName: (contact.familyName, contact.givenName)
        }
    }

    private static func nonBlank(_ s: String) -> String? { s.isBlank ? nil : s }
}
