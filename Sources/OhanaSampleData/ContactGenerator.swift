import Foundation
import Ohana

/// Makes realistic, seeded address books: international names and scripts, phone numbers written
/// the way people of each country write them, emails, addresses, organizations, photos and a share
/// of near-duplicates whose ground truth is recorded on every contact.
///
/// The same seed gives the same contacts on every platform and run. Every contact carries
/// `customProperties[ContactGenerator.personKey] = .string(personID)`; contacts that are variants
/// of one person share the person id. With ``recordsGroundTruth`` off, the cards are the same
/// without those properties (a book as a user has it, for measuring speed and memory).
public struct ContactGenerator: Sendable {
    /// The custom property key that holds the generated person's id (the duplicate ground truth).
    public static let personKey = "ohana.generator.person"
    /// The custom property key that lists the changes a near-duplicate made to its person's card.
    public static let variantKey = "ohana.generator.variant"

    /// The seed the contacts are derived from.
    public let seed: UInt64
    /// The share of generated contacts that are near-duplicates of another generated person.
    public var duplicateRate: Double
    /// Whether each card carries the ground truth (``personKey``, and ``variantKey`` on near-duplicates).
    public var recordsGroundTruth: Bool

    /// Creates a generator for a seed; about 12% of the generated contacts are near-duplicates.
    /// Without `recordsGroundTruth`, the cards carry no ground truth, and are otherwise the same.
    public init(seed: UInt64, duplicateRate: Double = 0.12, recordsGroundTruth: Bool = true) {
        self.seed = seed
        self.duplicateRate = min(max(duplicateRate, 0), 0.5)
        self.recordsGroundTruth = recordsGroundTruth
    }

    /// Returns `count` contacts, in a shuffled order; the same for the same seed and count.
    ///
    /// Complexity: O(*n*).
    public func generate(count: Int) -> [Contact] {
        guard count > 0 else { return [] }
        var state = GenerationState(seed: seed)
        state.recordsTruth = recordsGroundTruth
        let variantCount = count >= 8 ? Int((Double(count) * duplicateRate).rounded()) : 0
        let personCount = count - variantCount
        var persons: [Person] = []
        persons.reserveCapacity(personCount)
        for index in 0..<personCount {
            persons.append(state.makePerson(index: index, previous: persons.last))
        }
        var contacts: [Contact] = []
        contacts.reserveCapacity(count)
        for person in persons {
            contacts.append(state.primaryContact(of: person))
        }
        for _ in 0..<variantCount {
            let person = persons[state.rng.next(below: persons.count)]
            contacts.append(state.variant(of: person))
        }
        state.rng.shuffle(&contacts)
        return contacts
    }
}

// MARK: - The people behind the contacts

/// One phone number, able to be written in each of its plan's ways.
struct GeneratedPhone: Sendable {
    var culture: Int
    var plan: Int
    var area: String
    var groups: [String]
    var label: ContactFieldLabel?
    var template: Int
    /// A string that is not a phone number at all (kept as written).
    var invalidText: String?

    func written(culture c: Culture, template t: Int) -> String {
        if let invalidText { return invalidText }
        let plan = c.phonePlans[plan]
        var text = plan.templates[t % plan.templates.count]
        text = text.replacingOccurrences(of: "{cc}", with: c.callingCode)
        text = text.replacingOccurrences(of: "{trunk}", with: c.trunkPrefix)
        text = text.replacingOccurrences(of: "{area}", with: area)
        text = text.replacingOccurrences(of: "{rest}", with: groups.joined())
        for (i, g) in groups.enumerated() { text = text.replacingOccurrences(of: "{g\(i + 1)}", with: g) }
        return text.trimmingCharacters(in: .whitespaces)
    }
}

/// The truth about one generated person (or organization).
struct Person: Sendable {
    var id: String
    var culture: Int
    var isFemale: Bool
    var isOrganizationOnly: Bool
    var isHouseholdMember = false
    var namePrefix: String?
    var given: NameEntry?
    var middle: String?
    var family: NameEntry?
    var familyNative: String?
    var familyLatin: String?
    var nameSuffix: String?
    var nickname: String?
    var writesFormattedName: Bool
    var phones: [GeneratedPhone]
    var emails: [(address: String, label: ContactFieldLabel?)]
    var urls: [String]
    var instantMessages: [(handle: String, service: String)]
    var address: PostalAddress?
    var organization: String?
    var department: String?
    var jobTitle: String?
    var birthday: Birthday?
    var note: String?
    var photo: Photo?
    var tags: [String]
    var provider: String
}
