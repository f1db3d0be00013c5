// Name, place, phone and mail data for ContactGenerator, one culture per country.

/// A name in its own script, with the Latin spelling its owner uses in email addresses.
struct NameEntry: Sendable {
    var native: String
    var latin: String
    /// Common short forms of the name (Bob for Robert), in the same script.
    var nicknames: [String]

    init(_ native: String, _ latin: String? = nil, nicknames: [String] = []) {
        self.native = native
        self.latin = latin ?? native
        self.nicknames = nicknames
    }
}

/// One way of numbering phones in a country: prefixes, the digits after them, and how people write them.
struct PhonePlan: Sendable {
    /// Area codes or mobile prefixes, without the trunk prefix.
    var prefixes: [String]
    /// Group lengths of the digits after the prefix.
    var groups: [Int]
    /// Whether numbers of this plan are mobile numbers.
    var isMobile: Bool
    /// Ways of writing the number; tokens: {cc} {trunk} {area} {g1} {g2} {g3} {rest}.
    var templates: [String]
    /// Digits allowed first after the prefix.
    var leadingDigits: String = "23456789"
}

/// A city with its region and postal code pattern (`#` a digit, `@` a capital letter).
struct City: Sendable {
    var name: String
    var region: String?
    var postalCode: String
}

/// Everything the generator needs to make a plausible person from one country.
struct Culture: Sendable {
    var isoCode: String
    var countryNames: [String]
    var weight: Int
    var male: [NameEntry]
    var female: [NameEntry]
    var family: [NameEntry]
    /// Whether the family name comes first when the name is written out (China, Japan, Korea, Vietnam, Hungary).
    var familyFirst: Bool = false
    /// Family names that change with gender (Polish -ski/-ska, Russian -ov/-ova); female form per male form.
    var femaleFamily: [String: String] = [:]
    var cities: [City]
    var streets: [String]
    /// Whether the house number is written before the street name.
    var numberFirst: Bool
    var callingCode: String
    var trunkPrefix: String
    var phonePlans: [PhonePlan]
    var mailDomains: [String]
    var companies: [String]
    var jobTitles: [String]
    var notes: [String]
    var customLabels: [String]
    /// Whether the script is not Latin, so a Latin spelling variant is realistic.
    var usesOtherScript: Bool = false
}

enum GeneratorData {
    static let photosBase64: [(String, String)] = [
        ("image/png", "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mM4EWADRAwQCgAnbgVRjO5r1QAAAABJRU5ErkJggg=="),
        ("image/png", "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mOwqTgBRAwQCgAnbgXxFDv9AQAAAABJRU5ErkJggg=="),
        ("image/png", "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mOIWhUFRAwQCgAmVgV5TxZFUgAAAABJRU5ErkJggg=="),
        ("image/jpeg", "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCaAFVL/9k="),
        ("image/jpeg", "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSAogL/9k="),
    ]

    /// Sources a contact can come from, as provider identifiers.
    static let providers = ["icloud", "google", "exchange", "carddav:fastmail", "sim", "vcf:backup-2019", "linkedin-export"]

    /// Phone strings people store that are not phone numbers.
    static let invalidPhones = ["12", "n/a", "000", "ask reception", "+", "555", "1234567890123456789", "ext. 42", "–"]

    static let internationalMailDomains = ["gmail.com", "outlook.com", "yahoo.com", "hotmail.com", "icloud.com", "proton.me"]

    static func n(_ names: String) -> [NameEntry] {
        names.split(separator: ",").map { NameEntry(String($0).trimmingCharactersSpaces()) }
    }

    /// Every culture, in a fixed order (a seed's contacts depend on it).
    static let cultures: [Culture] = culturesPart1 + culturesPart2
}

extension String {
    func trimmingCharactersSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
