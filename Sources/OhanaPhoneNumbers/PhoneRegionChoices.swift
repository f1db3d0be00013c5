import Ohana

/// The person's decisions about numbers the evidence left undecided: "this number is German", or
/// "numbers written like this one, on cards that say the same about their country, are German".
///
/// A choice never overrides evidence: it is read only for a number the resolver would leave
/// ``Ohana/PhoneNumberStatus/unresolved`` or ``Ohana/PhoneNumberStatus/ambiguous``, and only
/// makes it resolved (``Ohana/PhoneRegionSource/user``) when the number is valid in the chosen
/// region; otherwise the number stays as written and its problem says that the choice did not
/// fit. A choice for one number wins over a rule.
public struct PhoneRegionChoices: Hashable, Codable, Sendable {
    /// The region chosen for one number of one contact.
    public struct NumberChoice: Hashable, Codable, Sendable {
        /// The contact holding the number.
        public var contactID: ContactID
        /// The number as written.
        public var number: String
        /// The chosen region (ISO 3166 code).
        public var region: String

        /// Creates a choice for one number.
        public init(contactID: ContactID, number: String, region: String) {
            self.contactID = contactID
            self.number = number
            self.region = region.uppercased()
        }
    }

    /// The region chosen for every number written in one pattern on cards with one evidence.
    public struct Rule: Hashable, Codable, Sendable {
        /// The numbers' writing pattern (``PhoneRegionChoices/pattern(of:)``), such as `0## #######`.
        public var pattern: String
        /// What the cards say about their country (``PhoneRegionEvidence/signature``).
        public var evidence: String
        /// The chosen region (ISO 3166 code).
        public var region: String

        /// Creates a rule.
        public init(pattern: String, evidence: String, region: String) {
            self.pattern = pattern
            self.evidence = evidence
            self.region = region.uppercased()
        }
    }

    /// The choices for single numbers.
    public var numbers: [NumberChoice]
    /// The rules for numbers written alike.
    public var rules: [Rule]

    /// Creates choices; none by default.
    public init(numbers: [NumberChoice] = [], rules: [Rule] = []) {
        self.numbers = numbers
        self.rules = rules
    }

    /// Whether there is no choice at all (the resolver then does no lookup).
    public var isEmpty: Bool { numbers.isEmpty && rules.isEmpty }

    /// The region chosen for `number` of the contact `contactID` with `evidence`: a choice for the
    /// number itself, else the latest rule for its pattern and evidence; `nil` when none applies.
    /// Complexity: O(c) in the number of choices (a person makes a handful).
    public func region(for number: String, of contactID: ContactID, evidence: @autoclosure () -> String) -> String? {
        if let choice = numbers.last(where: { $0.contactID == contactID && $0.number == number }) { return choice.region }
        guard !rules.isEmpty else { return nil }
        let pattern = Self.pattern(of: number)
        let signature = evidence()
        return rules.last { $0.pattern == pattern && $0.evidence == signature }?.region
    }

    /// A number's writing pattern: every digit as `#`, except leading zeros (a trunk or exit
    /// prefix, which decide how a country reads it); separators and a leading `+` as written;
    /// letters dropped. `030 1234567` → `0## #######`, `(0)30-123 45` → `(0)##-### ##`.
    public static func pattern(of number: String) -> String {
        var pattern = ""
        var leading = true
        for character in number.trimmingWhitespace() {
            if character.isNumber {
                if leading && character == "0" { pattern.append("0"); continue }
                leading = false
                pattern.append("#")
            } else if character.isLetter {
                continue
            } else {
                if character != "+" && character != "(" { leading = false }
                pattern.append(character)
            }
        }
        return pattern
    }
}

extension PhoneNumberResolver {
    /// `details` of `text` (a number of `contact`, with `evidence`) after the person's choices: an
    /// unresolved or ambiguous number a choice names is read in the chosen region, resolved when
    /// valid there, else kept as written with the choice named in its problem.
    mutating func applying(
        _ choices: PhoneRegionChoices, to details: PhoneNumberDetails, of text: String, contactID: ContactID,
        evidence: PhoneRegionEvidence
    ) -> PhoneNumberDetails {
        guard details.status == .unresolved || details.status == .ambiguous,
              let region = choices.region(for: text, of: contactID, evidence: evidence.signature) else { return details }
        if let raw = parse(text, region: region), raw.is_valid, Self.regionCode(raw) == region {
            return self.details(text, raw, region: region, source: .user)
        }
        var kept = details
        kept.problem = (details.problem.map { $0 + "; " } ?? "") + "not valid in \(region) either (your choice)"
        return kept
    }
}
