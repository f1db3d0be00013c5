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
    public enum Mode: String, Sendable, CaseIterable {
        /// The full name (``Contact/fullName``).
        case fullName
        /// Given name, then family name.
        case firstName
        /// Family name, then given name.
        case lastName
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

    /// Returns the contacts sorted.
    public func process(_ contacts: [Contact]) async throws -> [Contact] { sorted(contacts) }

    /// Returns the contacts sorted (synchronous form).
    public func sorted(_ contacts: [Contact]) -> [Contact] {
        let collator = Collator(locale: locale)
        var keyed: [(primary: Collator.Key, secondary: Collator.Key?, index: Int)] = []
        var missing: [Int] = []
        keyed.reserveCapacity(contacts.count)
        for (index, contact) in contacts.enumerated() {
            let (primary, secondary) = keys(for: contact)
            guard let primary = primary.flatMap(nonBlank) else {
                missing.append(index)
                continue
            }
            keyed.append((collator.key(primary), secondary.flatMap(nonBlank).map(collator.key), index))
        }
        keyed.sort { a, b in
            switch collator.compare(a.primary, b.primary) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: break
            }
            switch (a.secondary, b.secondary) {
            case let (x?, y?):
                switch collator.compare(x, y) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: break
                }
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): break
            }
            return a.index < b.index
        }
        return keyed.map { contacts[$0.index] } + missing.map { contacts[$0] }
    }

    private func keys(for contact: Contact) -> (String?, String?) {
        switch mode {
        case .fullName: (contact.fullName, nil)
        case .firstName: (contact.givenName, contact.familyName)
        case .lastName: (contact.familyName, contact.givenName)
        }
    }

    private func nonBlank(_ s: String) -> String? { s.isBlank ? nil : s }
}

/// Locale-aware string ordering with precomputed keys.
///
/// The key is the string folded for case, width and diacritics for the locale; keys that fold
/// equal are then ordered by the locale's full comparison, so "é" sorts beside "e" and
/// case-only differences are stable.
struct Collator: Sendable {
    struct Key: Sendable {
        let folded: String
        let original: String
    }

    let locale: Locale

    func key(_ string: String) -> Key {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        return Key(
            folded: trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale),
            original: trimmed)
    }

    func compare(_ a: Key, _ b: Key) -> ComparisonResult {
        if a.folded == b.folded {
            return a.original == b.original ? .orderedSame : a.original.compare(b.original, locale: locale)
        }
        return a.folded.compare(b.folded, options: [], range: nil, locale: locale)
    }
}
