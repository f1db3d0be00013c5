import Foundation
import Ohana
import OhanaStore

/// The one order an address book lists contacts in, on the page and in `ohana list` alike: by
/// index section (``SectionKey``: A–Z, then Greek, Cyrillic, other scripts, `#` last), and within
/// a section by the locale's collation of the name the mode files a contact under
/// (``AlphabeticalSort``), ties by contact id.
///
/// The result does not depend on the order the contacts come in: they are first put in id order,
/// so two front ends reading the same store in different orders list the same thing.
///
/// Complexity: O(n log n) in the number of contacts.
public struct ContactOrdering: Sendable, Hashable {
    /// The locale used when none is configured (both `ohana list` and `ohana serve` default to it).
    public static let defaultLocale = Locale(identifier: "en_US")

    /// Which name orders the contacts.
    public var mode: AlphabeticalSort.Mode
    /// The locale whose collation orders names.
    public var locale: Locale

    /// Creates an ordering by `mode` with `locale`'s collation.
    public init(_ mode: AlphabeticalSort.Mode = .fullName, locale: Locale = ContactOrdering.defaultLocale) {
        self.mode = mode
        self.locale = locale
    }

    /// The contacts in this order.
    public func sorted(_ contacts: [Contact]) -> [Contact] {
        order(of: contacts).map { contacts[$0.position] }
    }

    /// The contacts in this order, each with the title of its index section.
    func sortedWithSections(_ contacts: [Contact]) -> [(contact: Contact, section: String)] {
        order(of: contacts).map { (contact: contacts[$0.position], section: $0.section) }
    }

    /// `positions` of `contacts` (all of them when `nil`) in this order, each with the title of
    /// its index section. Contacts are read, never moved: sorting positions retains nothing.
    ///
    /// Complexity: O(p log p) in the positions.
    func order(of contacts: [Contact], positions: [Int]? = nil) -> [(position: Int, section: String)] {
        let positions = positions ?? Array(contacts.indices)
        // Id order first: the collation sort is stable, so equal names then fall in id order
        // whatever order the caller read them in (ties between equal ids by position).
        let ids = positions.map { contacts[$0].id.rawValue }
        let byID = positions.indices.sorted { ids[$0] != ids[$1] ? ids[$0] < ids[$1] : $0 < $1 }.map { positions[$0] }
        let collated = AlphabeticalSort(mode, locale: locale).sortedOrder(of: contacts, positions: byID)
        let keys = collated.map { SectionKey(name: mode.sortName(of: contacts[$0])) }
        return collated.indices.sorted { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
            .map { (position: collated[$0], section: keys[$0].title) }
    }

    /// The first `count` of `positions` of `contacts` in this order: the prefix of
    /// ``order(of:positions:)``'s positions, found without list-ordering them all. Sections come
    /// first in the order, so only the first sections holding `count` contacts are keyed
    /// (``AlphabeticalSort/collationKeys(of:positions:)``: their keys compare as they would in
    /// the whole order); ties go, as there, to id order, then to the order of `positions`.
    ///
    /// Complexity: O(p) in the positions (their sections and characters), then O(s log count)
    /// comparisons for the s contacts of the sections kept (``smallest(_:of:by:)``).
    func first(_ count: Int, of contacts: [Contact], positions: [Int]) -> [Int] {
        guard count > 0, !positions.isEmpty else { return [] }
        let mode = self.mode
        let sections = parallelMap(positions, minimumPerWorker: 2048, state: { [Character: SectionKey]() }) { cache, position in
            SectionKey(name: mode.sortName(of: contacts[position]), cache: &cache)
        }
        var sizes: [SectionKey: Int] = [:]
        for section in sections { sizes[section, default: 0] += 1 }
        var last = SectionKey.other
        var covered = 0
        for section in sizes.keys.sorted() {
            last = section
            covered += sizes[section] ?? 0
            if covered >= count { break }
        }
        let kept = positions.indices.filter { sections[$0] <= last }
        let keys = AlphabeticalSort(mode, locale: locale)
            .collationKeys(of: contacts, positions: kept.map { positions[$0] })
        let order = keys.bytes.withUnsafeBufferPointer { bytes in
            Self.smallest(count, of: kept.indices) { a, b in
                let (first, second) = (kept[a], kept[b])
                if sections[first] != sections[second] { return sections[first] < sections[second] }
                switch (keys.ranges[a], keys.ranges[b]) {
                case (nil, .some): return false
                case (.some, nil): return true
                case let (x?, y?):
                    let order = memcmp(bytes.baseAddress! + x.lowerBound, bytes.baseAddress! + y.lowerBound, min(x.count, y.count))
                    if order != 0 { return order < 0 }
                    if x.count != y.count { return x.count < y.count }
                case (nil, nil): break
                }
                let (idA, idB) = (contacts[positions[first]].id.rawValue, contacts[positions[second]].id.rawValue)
                return idA != idB ? idA < idB : first < second
            }
        }
        return order.map { positions[kept[$0]] }
    }

    /// The first `count` of `items` in the order of `precedes` (a strict total order), in that
    /// order: the prefix of `items.sorted(by: precedes)`, found in one pass that keeps the best
    /// `count` so far in order.
    ///
    /// Complexity: O(n log k) comparisons for n items and k = `count`, and O(n k) moves at worst
    /// while k is at most 64 (a page of results); beyond, a sort: O(n log n).
    static func smallest<Item>(_ count: Int, of items: some Sequence<Item>, by precedes: (Item, Item) -> Bool) -> [Item] {
        var best: [Item] = []
        guard count > 0 else { return best }
        // Kept in order by insertion only for a few: a search without a limit asks for all.
        guard count <= 64 else { return Array(items.sorted(by: precedes).prefix(count)) }
        best.reserveCapacity(count + 1)
        for item in items {
            if best.count == count, let last = best.last, !precedes(item, last) { continue }
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(item, best[middle]) { high = middle } else { low = middle + 1 }
            }
            best.insert(item, at: low)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// The stored contacts in this order: all of them, or those with a tag, a name part starting
    /// with a prefix, or both (through the store's indexes, case and accents ignored); cards linked
    /// across accounts as their aggregated contact (``AggregatedContacts/reading(_:from:)``).
    ///
    /// Complexity: the store's index lookups, then O(n log n) in the contacts returned.
    public func contacts(in store: any ContactStorage, taggedWith tag: String? = nil,
                         namePrefix: String? = nil) async throws -> [Contact] {
        var contacts = if let namePrefix {
            try await store.contacts(withNamePrefix: namePrefix)
        } else if let tag {
            try await store.contacts(taggedWith: tag)
        } else {
            try await store.allContacts(order: .insertion)
        }
        if let tag, namePrefix != nil {
            let tagged = Set(try await store.contacts(taggedWith: tag).map(\.id))
            contacts.removeAll { !tagged.contains($0.id) }
        }
        return sorted(try await AggregatedContacts.reading(contacts, from: store))
    }
}
