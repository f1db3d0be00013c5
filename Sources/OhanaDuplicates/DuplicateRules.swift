import Ohana
import OhanaPhoneNumbers

/// A kind of evidence that two contacts are the same person.
public enum DuplicateEvidence: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    /// The names are equal after case, accent and script folding, word order ignored, nicknames
    /// allowed; for organization-only cards, the organization names.
    case name
    /// A phone number is shared: equal in E.164, or (optionally) in its last digits.
    case phone
    /// An email address is shared, case ignored (and provider rules such as Gmail's dots, optionally).
    case email
    /// The organization names are equal after folding.
    case organization
    /// Birthdays: the same one adds weight, two different ones count against a match (weighed, never a rule's requirement).
    case birthday
    /// Postal addresses: one city adds weight, only different cities count against a match (weighed, never a rule's requirement).
    case address

    /// Whether a rule may require this evidence: birthdays and addresses are only weighed, so a
    /// rule that requires one never matches.
    public var canBeRequired: Bool { self != .birthday && self != .address }

    /// Orders evidence as declared: name, phone, email, organization, birthday, address.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One rule for merging: the evidence that together is enough to call two contacts one.
public struct DuplicateRule: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A short name for reports, such as "name and phone".
    public var name: String
    /// Every kind of evidence the rule needs.
    public var requirements: Set<DuplicateEvidence>

    /// Creates a rule that needs all of `requirements`.
    public init(_ name: String, requiring requirements: Set<DuplicateEvidence>) {
        self.name = name
        self.requirements = requirements
    }

    /// The rule's name.
    public var description: String { name }

    /// Same name and a shared phone number.
    public static let nameAndPhone = DuplicateRule("name and phone", requiring: [.name, .phone])
    /// Same name and a shared email address.
    public static let nameAndEmail = DuplicateRule("name and email", requiring: [.name, .email])
    /// A shared email address alone (the names must still be compatible).
    public static let sharedEmail = DuplicateRule("shared email", requiring: [.email])
    /// A shared phone number alone, names compatible (a household's members have different names).
    public static let sharedPhone = DuplicateRule("shared phone", requiring: [.phone])
    /// Same name and same organization (colleagues with one name: not a default).
    public static let nameAndOrganization = DuplicateRule("name and organization", requiring: [.name, .organization])
}

/// The tunable rules of duplicate detection: what counts as equal, and which evidence is enough.
public struct DuplicateRules: Hashable, Sendable {
    /// The rules, in order; two contacts are duplicates when any rule's evidence is all present.
    public var rules: [DuplicateRule]
    /// The region assumed for phone numbers without a country code when a contact does not say
    /// where it lives (ISO 3166 code, such as `"US"`).
    public var defaultRegion: String
    /// Whether a contact's postal address country (else the region of its internationally written
    /// numbers) sets the region for its national numbers.
    public var usesContactRegion: Bool
    /// Phone numbers whose last this-many digits agree also count as shared, when the names are one
    /// person's (catches national and international forms read with a wrong region); 0 turns it off.
    public var matchingTrailingDigits: Int
    /// Whether provider rules apply to email addresses: Gmail ignores dots and `+tags` in local parts.
    public var appliesMailProviderRules: Bool
    /// Nicknames allowed to stand for full names.
    public var nicknames: NicknameTable
    /// The largest block of contacts sharing one key that is compared pair by pair; larger blocks
    /// are compared only between neighbours in name order, and the report lists them.
    public var maximumBlockSize: Int
    /// A phone number or email address carried by more than this many differently named contacts
    /// (a switchboard, a family line, `info@`) is no evidence of one person; it only adds its weight.
    public var maximumSharedValueCount: Int
    /// Local parts of role addresses (`info`, `sales`...), folded: never evidence of one person.
    public var roleLocalParts: Set<String>
    /// The largest cluster detection builds; a match that would make a larger one is reported, not applied.
    public var maximumClusterSize: Int
    /// The least match weight, in bits, a match a rule found needs, counter evidence included: a
    /// common name with a value few others share, or different birthdays, cities or mobiles, fall short.
    public var minimumMatchWeight: Double

    /// Creates rules; the defaults are ``default``'s.
    public init(
        rules: [DuplicateRule] = [.nameAndPhone, .nameAndEmail, .sharedEmail, .sharedPhone],
        defaultRegion: String = RegionCodes.defaultRegion,
        usesContactRegion: Bool = true,
        matchingTrailingDigits: Int = 8,
        appliesMailProviderRules: Bool = true,
        nicknames: NicknameTable = .builtIn,
        maximumBlockSize: Int = 50,
        maximumSharedValueCount: Int = 4,
        roleLocalParts: Set<String> = RoleAddresses.builtIn,
        maximumClusterSize: Int = 12,
        minimumMatchWeight: Double = 7
    ) {
        self.rules = rules
        self.defaultRegion = defaultRegion
        self.usesContactRegion = usesContactRegion
        self.matchingTrailingDigits = matchingTrailingDigits
        self.appliesMailProviderRules = appliesMailProviderRules
        self.nicknames = nicknames
        self.maximumBlockSize = max(2, maximumBlockSize)
        self.maximumSharedValueCount = max(1, maximumSharedValueCount)
        self.roleLocalParts = roleLocalParts
        self.maximumClusterSize = max(2, maximumClusterSize)
        self.minimumMatchWeight = minimumMatchWeight
    }

    /// Same name with a shared phone or email, or a shared email or phone alone with compatible names; the
    /// library's ``RegionCodes/defaultRegion`` (read each time); Gmail rules on; last 8 digits; built-in nicknames; blocks of up to 50; values shared by
    /// more than 4 differently named contacts (a family of four shares a line) and role addresses
    /// are no evidence; clusters of up to 12; matches of at least 7 bits.
    public static var `default`: DuplicateRules { DuplicateRules() }
}

/// Decisions a user made about particular contacts, by id: these belong together, these never.
public struct DuplicateOverrides: Hashable, Codable, Sendable {
    /// Groups of contacts to merge whatever the rules say.
    public var keptTogether: [[ContactID]]
    /// Groups of contacts no two of which may end up in one cluster.
    public var keptApart: [[ContactID]]

    /// Creates overrides.
    public init(keptTogether: [[ContactID]] = [], keptApart: [[ContactID]] = []) {
        self.keptTogether = keptTogether
        self.keptApart = keptApart
    }

    /// Adds a group of contacts to merge whatever the rules say.
    public mutating func keepTogether(_ ids: [ContactID]) { keptTogether.append(ids) }

    /// Adds a group of contacts no two of which may be merged.
    public mutating func keepApart(_ ids: [ContactID]) { keptApart.append(ids) }

    /// Whether there are no overrides.
    public var isEmpty: Bool { keptTogether.isEmpty && keptApart.isEmpty }
}
