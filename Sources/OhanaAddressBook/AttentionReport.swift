import Ohana
import OhanaPhoneNumbers

/// What in an address book needs a person's decision, because no evidence decides it: phone
/// numbers left unresolved or ambiguous, values that are no phone number or email address, and
/// contacts without any name. The library never guesses these; it lists them, with counts, for
/// `ohana review` and the page.
///
/// Built from contacts whose phone numbers were resolved (``OhanaPhoneNumbers/PhoneNumberFormatting``):
/// a number without ``Ohana/PhoneNumberDetails/status`` is not listed.
public struct AttentionReport: Sendable, Codable, Hashable {
    /// A kind of value that needs attention.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A phone number no evidence decides the country of (kept as written).
        case unresolvedNumber = "unresolved-number"
        /// A phone number valid in several countries the evidence names, none clearly stronger.
        case ambiguousNumber = "ambiguous-number"
        /// A phone value that is no number (`n/a`, `call reception`, `0`).
        case junkNumber = "junk-number"
        /// An email value that cannot be an address (`EmailAddressCheck`).
        case invalidEmail = "invalid-email"
        /// A contact with no name, nickname or organization.
        case noName = "no-name"

        /// The kind in words, for headings: `numbers without a country`.
        public var title: String {
            switch self {
            case .unresolvedNumber: "numbers no evidence places in a country"
            case .ambiguousNumber: "numbers valid in several countries"
            case .junkNumber: "phone values that are no number"
            case .invalidEmail: "email values that are no address"
            case .noName: "contacts without a name"
            }
        }
    }

    /// One value (or one nameless contact) that needs attention.
    public struct Item: Sendable, Codable, Hashable {
        /// What needs attention.
        public var kind: Kind
        /// The contact holding the value.
        public var contactID: String
        /// The contact's full name, or what it shows instead (its first email or number) when it has none.
        public var contactName: String
        /// The value as written (`nil` for ``Kind/noName``).
        public var value: String?
        /// The value's label (`work`, `mobile`), if any.
        public var label: String?
        /// Why it needs attention, in a few words.
        public var reason: String
        /// For a number, its writing pattern (``OhanaPhoneNumbers/PhoneRegionChoices/pattern(of:)``:
        /// each digit as `#`, leading zeros and `+` kept, `0## #######`).
        public var pattern: String?
        /// For a number, what its card says about its country (``OhanaPhoneNumbers/PhoneRegionEvidence/signature``):
        /// numbers with one pattern and one evidence are decided together by a ``OhanaPhoneNumbers/PhoneRegionChoices/Rule``.
        public var evidence: String?
        /// For an ambiguous number, the countries it was weighed in, likeliest first.
        public var candidates: [PhoneRegionCandidate]?
    }

    /// How many items of one kind there are.
    public struct Count: Sendable, Codable, Hashable {
        /// The kind.
        public var kind: Kind
        /// How many items of that kind.
        public var count: Int
    }

    /// How many items of each kind, every kind listed (zero included), in ``Kind`` order.
    public var counts: [Count]
    /// The items, by kind in ``Kind`` order, then in the order the contacts were given.
    public var items: [Item]

    /// Lists what needs attention in `contacts`, keeping their order within each kind; a number's
    /// evidence is read as the resolver read it with `defaultRegion` (``RegionCodes/defaultRegion``
    /// when `nil`).
    ///
    /// Complexity: O(n) in the number of fields.
    public init(contacts: [Contact], defaultRegion: String? = nil) {
        let region = defaultRegion?.uppercased() ?? RegionCodes.defaultRegion
        var resolver = PhoneNumberResolver(formats: .e164)
        var byKind: [Kind: [Item]] = [:]
        for contact in contacts {
            for item in Self.items(of: contact, region: region, resolver: &resolver) { byKind[item.kind, default: []].append(item) }
        }
        counts = Kind.allCases.map { Count(kind: $0, count: byKind[$0]?.count ?? 0) }
        items = Kind.allCases.flatMap { byKind[$0] ?? [] }
    }

    /// The items of one kind, in order.
    public func items(of kind: Kind) -> [Item] { items.filter { $0.kind == kind } }

    /// The number of items of one kind.
    public func count(of kind: Kind) -> Int { counts.first { $0.kind == kind }?.count ?? 0 }

    /// The items of one contact.
    static func items(of contact: Contact, region: String, resolver: inout PhoneNumberResolver) -> [Item] {
        let name = Self.shownName(of: contact)
        let id = contact.id.rawValue
        var found: [Item] = []
        // What the card says about its country: the same for each of its numbers, read once.
        var signature: String?
        if !Self.hasName(contact) {
            found.append(Item(kind: .noName, contactID: id, contactName: name, reason: "no name, nickname or organization"))
        }
        for field in contact.fields {
            switch field.type {
            case .phoneNumber:
                guard let details = field.phoneNumber, let status = details.status else { continue }
                let kind: Kind
                switch status {
                case .resolved: continue
                case .unresolved: kind = .unresolvedNumber
                case .ambiguous: kind = .ambiguousNumber
                case .junk: kind = .junkNumber
                }
                var item = Item(kind: kind, contactID: id, contactName: name, value: field.value, label: field.label?.rawValue,
                                reason: details.problem ?? kind.title, candidates: details.candidates)
                if kind != .junkNumber {
                    item.pattern = PhoneRegionChoices.pattern(of: field.value)
                    if signature == nil { signature = resolver.evidence(for: contact, defaultRegion: region).signature }
                    item.evidence = signature
                }
                found.append(item)
            case .emailAddress:
                guard let problem = EmailAddressCheck.problem(in: field.value) else { continue }
                found.append(Item(kind: .invalidEmail, contactID: id, contactName: name, value: field.value,
                                  label: field.label?.rawValue, reason: problem))
            default:
                continue
            }
        }
        return found
    }

    /// Whether the contact has a name a person can find it by: a name part, a full name, a nickname or an organization.
    static func hasName(_ contact: Contact) -> Bool {
        let parts = [contact.givenName, contact.familyName, contact.formattedName, contact.middleName,
                     contact.nickname, contact.organization]
        return parts.contains { $0.map { !$0.trimmingWhitespace().isEmpty } ?? false }
    }

    /// The name a list shows: the full name, else the first email address or number.
    static func shownName(of contact: Contact) -> String {
        let full = contact.fullName.trimmingWhitespace()
        if !full.isEmpty { return full }
        if let email = contact.emailAddresses.first?.value, !email.trimmingWhitespace().isEmpty { return email }
        if let phone = contact.phoneNumbers.first?.value, !phone.trimmingWhitespace().isEmpty { return phone }
        return "(no name)"
    }
}

extension AttentionReport {
    /// The report as text: per kind with items, a heading with its count, then one line per item
    /// (`Anna Müller (c12): "030 1234567" work: reason [0## #######]`); one line when nothing needs attention.
    public var lines: [String] {
        let total = counts.reduce(0) { $0 + $1.count }
        guard total > 0 else { return ["nothing needs attention"] }
        var lines: [String] = []
        for count in counts where count.count > 0 {
            lines.append("\(count.kind.title): \(count.count)")
            for item in items(of: count.kind) {
                var line = "  \(item.contactName) (\(item.contactID))"
                if let value = item.value { line += ": \"\(value)\"" }
                if let label = item.label, !label.isEmpty { line += " \(label)" }
                line += ": \(item.reason)"
                if let candidates = item.candidates, !candidates.isEmpty {
                    line += "; candidates \(candidates.map(\.explanation).joined(separator: ", "))"
                }
                if let pattern = item.pattern { line += " [\(pattern)]" }
                lines.append(line)
            }
        }
        return lines
    }
}
