import Foundation

/// The weights of evidence, in bits (log₂ of how much likelier the agreement is between two cards
/// of one person than between two cards of different people, after Fellegi and Sunter), each
/// lowered by how many contacts in the book share the value (term frequency, as in Splink).
enum MatchWeights {
    /// A shared email address carried by `count` differently named contacts; 0 for a role address.
    static func email(count: Int, isRole: Bool) -> Double {
        isRole ? 0 : max(0, 12 - 2 * log2(Double(max(1, count))))
    }

    /// A shared phone number (E.164, or only its last digits when `loose`) carried by `count`
    /// differently named contacts.
    static func phone(count: Int, loose: Bool) -> Double {
        max(0, (loose ? 7 : 10) - 2 * log2(Double(max(1, count))))
    }

    /// The same name (nicknames, word order and script aside), carried by `count` contacts in the
    /// book (or expected to be, from how many carry each of its words).
    static func sameName(count: Double) -> Double {
        max(1, 8 - log2(max(1, count)))
    }

    /// Names that can be one person without being the same (an initial, a nickname, a typo).
    static let compatibleName = 1.0
    /// One card without a name.
    static let missingName = 0.0
    /// Names of two different people.
    static let conflictingName = -20.0
    /// The same organization.
    static let organization = 1.0

    /// A weight as printed: one decimal, with its sign.
    static func format(_ weight: Double) -> String {
        (weight >= 0 ? "+" : "") + String(format: "%.1f", weight)
    }
}
