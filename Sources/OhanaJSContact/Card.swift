import Foundation

/// A JSContact card (RFC 9553 section 2, RFC 9982 for version 2.0): one person, organization,
/// group or other entity.
///
/// A card keeps every member it was decoded from, known or not, so that encoding it gives back the
/// same JSON; the typed properties read and write the members RFC 9553 defines.
public struct Card: Hashable, Sendable, Codable {
    /// Every member of the card's JSON object, `@type` included.
    public var members: [String: JSONValue]

    /// The version written by this library: JSContact 1.0 (RFC 9553), the version every peer reads.
    public static let defaultVersion = "1.0"
    /// The JSContact versions this library reads: 1.0 (RFC 9553) and 2.0 (RFC 9982, `uid` optional).
    public static let knownVersions: Set<String> = ["1.0", "2.0"]

    /// Creates a card from its members; `@type` and `version` are added when missing.
    public init(members: [String: JSONValue] = [:]) {
        self.members = members
        if self.members["@type"] == nil { self.members["@type"] = "Card" }
        if self.members["version"] == nil { self.members["version"] = .string(Self.defaultVersion) }
    }

    /// Creates a card with a unique identifier.
    public init(uid: String, version: String = Card.defaultVersion) {
        self.init(members: ["@type": "Card", "version": .string(version), "uid": .string(uid)])
    }

    /// Decodes a card from a JSON object; whether it is a valid card is ``validate()``'s question.
    public init(from decoder: any Decoder) throws {
        members = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    /// Encodes every member.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(members)
    }

    /// A member by name.
    public subscript(member: String) -> JSONValue? {
        get { members[member] }
        set { members[member] = newValue }
    }

    /// The JSContact version (`version`).
    public var version: String? {
        get { members["version"]?.string }
        set { members["version"] = newValue.map(JSONValue.string) }
    }

    /// The card's unique identifier (`uid`); optional from version 2.0 on.
    public var uid: String? {
        get { members["uid"]?.string }
        set { members["uid"] = newValue.map(JSONValue.string) }
    }

    /// The kind of entity: `individual`, `group`, `org`, `location`, `device`, `application`.
    public var kind: String? {
        get { members["kind"]?.string }
        set { members["kind"] = newValue.map(JSONValue.string) }
    }

    /// The card as a JSON object value.
    public var json: JSONValue { .object(members) }

    /// The rule violations in the card, each with the path to the offending member; empty when valid.
    /// Members the card may carry but this library does not know (vendor-specific ones, names not
    /// registered yet) are not violations; a name differing only in case from a property of its
    /// object (`nickNames`) and the reserved `extra` are, also in `localizations` patches.
    public func validate() -> [JSContactValidationError] {
        var validator = CardValidator()
        validator.validateCard(.object(members), path: "")
        return validator.errors
    }
}

/// A group of cards (RFC 9553 section 2.1.6: a card of kind `group` whose `members` name the
/// cards in it) and its cards. Files hold it as an array, the group's card first; its own
/// `Codable` form is the draft's `CardGroup` object, which files no longer use.
public struct CardGroup: Hashable, Sendable, Codable {
    /// The group's own card (kind `group`).
    public var card: Card
    /// The cards in the group.
    public var cards: [Card]

    /// Creates a group; its card's `members` lists every card's `uid`.
    public init(uid: String = "urn:uuid:" + UUID().uuidString.lowercased(), name: String? = nil, cards: [Card]) {
        var card = Card(uid: uid)
        card.kind = "group"
        if let name { card["name"] = ["full": .string(name)] }
        card["members"] = .object(Dictionary(cards.compactMap(\.uid).map { ($0, JSONValue.bool(true)) }, uniquingKeysWith: { a, _ in a }))
        self.card = card
        self.cards = cards
    }

    private enum CodingKeys: String, CodingKey { case type = "@type", card, cards }

    /// Decodes `{"@type": "CardGroup", "card": {...}, "cards": [...]}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        card = try c.decode(Card.self, forKey: .card)
        cards = try c.decode([Card].self, forKey: .cards)
    }

    /// Encodes the group with its cards.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("CardGroup", forKey: .type)
        try c.encode(card, forKey: .card)
        try c.encode(cards, forKey: .cards)
    }
}

/// A JSContact rule a card breaks: where (a JSON pointer), which rule, and the RFC section.
public struct JSContactValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path to the offending member, such as `phones/p1/number` (empty for the card itself).
    public var path: String
    /// The rule broken, in words.
    public var rule: String
    /// The RFC and section that state the rule, such as `RFC 9553 section 2.3.3`.
    public var section: String

    /// Creates an error.
    public init(path: String, rule: String, section: String) {
        self.path = path
        self.rule = rule
        self.section = section
    }

    /// `path: rule (section)` in one line.
    public var description: String { "\(path.isEmpty ? "card" : path): \(rule) (\(section))" }
}
