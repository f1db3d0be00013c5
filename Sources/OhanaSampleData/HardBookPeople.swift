import Foundation
import Ohana

/// One phone line, writable nationally or internationally.
struct HardPhone: Sendable {
    var culture: Int
    var prefix: String
    var subscriber: String
    var label: ContactFieldLabel

    func written(international: Bool) -> String {
        let c = HardBookData.cultures[culture]
        let s = subscriber
        if c.code == "US" {
            let (a, b) = (s.prefix(3), s.suffix(4))
            return international ? "+1 \(prefix)-\(a)-\(b)" : "(\(prefix)) \(a)-\(b)"
        }
        let half = s.count / 2
        let grouped = "\(s.prefix(half)) \(s.suffix(s.count - half))"
        return international ? "+\(c.callingCode) \(prefix) \(grouped)" : "\(c.trunk)\(prefix) \(grouped)"
    }
}

/// The truth about one person (or organization) of the book, and the values on their cards.
struct HardPerson: Sendable {
    var id: String
    var culture: Int
    var given: HardName?
    var family: HardName?
    var pattern: String
    /// Whether the first card writes the name in its native script (else in its Latin spelling).
    var writesNative: Bool
    var writesInternational: Bool
    /// Values of this person alone: mobile, direct line, own addresses.
    var ownPhones: [HardPhone] = []
    var ownEmails: [String] = []
    /// Values shared with other people: home line, switchboard, family and role addresses.
    var sharedPhones: [HardPhone] = []
    var sharedEmails: [String] = []
    var organization: String?
    var jobTitle: String?
    var city: String
    /// A title some of the person's cards put before the name (`Dr.`, `Prof.`).
    var title: String?
    var birthday: Birthday?
}

/// The running state of one book: the random stream, the people so far, what must stay unique.
struct HardBookState {
    private var rng: UInt64
    var people: [HardPerson] = []
    private var usedEmails = Set<String>()
    private var usedPhones = Set<String>()
    private var cardNumber = 0
    private let seed: UInt64

    /// The seed, for card ids.
    var seedTag: String { String(seed) }

    /// The next card's number.
    mutating func nextCardNumber() -> Int {
        cardNumber += 1
        return cardNumber
    }

    init(seed: UInt64) {
        self.seed = seed
        rng = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    /// SplitMix64: small, fast and the same on every platform.
    mutating func nextBits() -> UInt64 {
        rng &+= 0x9E37_79B9_7F4A_7C15
        var z = rng
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(_ bound: Int) -> Int { Int(nextBits() % UInt64(max(1, bound))) }
    mutating func chance(_ p: Double) -> Bool { Double(nextBits() >> 11) / Double(1 << 53) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, next(i + 1)) }
    }

    // MARK: Values

    mutating func phone(culture c: Int, label: ContactFieldLabel, prefix: String? = nil) -> HardPhone {
        let culture = HardBookData.cultures[c]
        while true {
            var digits = String(pick(Array("23456789")))
            for _ in 1..<culture.subscriberDigits { digits.append(pick(Array("0123456789"))) }
            let line = HardPhone(culture: c, prefix: prefix ?? pick(culture.prefixes), subscriber: digits, label: label)
            if usedPhones.insert(line.prefix + digits).inserted { return line }
        }
    }

    static func ascii(_ text: String) -> String {
        let folded = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        return String(folded.lowercased().unicodeScalars.filter { ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x30 && $0.value <= 0x39) }
            .map(Character.init))
    }

    /// A personal address in one of the shapes people pick, unique in the book.
    mutating func personalEmail(_ given: HardName?, _ family: HardName?, domain: String) -> String {
        let g = Self.ascii(given?.latin ?? "user")
        let f = Self.ascii(family?.latin ?? "mail")
        let shapes = ["\(g).\(f)", "\(g)\(f)", "\(g.prefix(1))\(f)", "\(f).\(g)", "\(g)_\(f)", "\(g)\(f.prefix(1))"]
        var local = pick(shapes)
        if chance(0.3) { local += String(next(90) + 10) }
        var address = "\(local)@\(domain)"
        // Gmail ignores dots: two people cannot have addresses that differ only by them.
        func mailbox(_ address: String) -> String {
            address.hasSuffix("@gmail.com") ? address.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: "@gmailcom", with: "@gmail.com") : address
        }
        while !usedEmails.insert(mailbox(address)).inserted { address = "\(local)\(next(9_000) + 100)@\(domain)" }
        return address
    }

    mutating func newPerson(culture c: Int, pattern: String, given: HardName? = nil, family: HardName? = nil) -> HardPerson {
        let culture = HardBookData.cultures[c]
        return HardPerson(
            id: "p\(people.count)", culture: c, given: given ?? pick(culture.given), family: family ?? pick(culture.family),
            pattern: pattern, writesNative: culture.otherScript && chance(0.6), writesInternational: chance(0.4),
            city: pick(culture.cities), title: chance(0.05) ? pick(["Dr.", "Prof.", "Dr", "Prof"]) : nil,
            birthday: chance(0.35) ? randomBirthday() : nil)
    }

    /// A birthday, with its year more often than not.
    mutating func randomBirthday() -> Birthday? {
        Birthday(year: chance(0.7) ? 1940 + next(65) : nil, month: 1 + next(12), day: 1 + next(28))
    }

    // MARK: Scenarios

    /// Adds the people of one real-world pattern: a company, a household, an initials pair or a single person.
    mutating func addScenario() {
        let c = next(HardBookData.cultures.count)
        let roll = next(100)
        if roll < 12 { addCompany(culture: c) }
        else if roll < 38 { addHousehold(culture: c) }
        else if roll < 44 { addInitialsPair(culture: c) }
        else if roll < 48 { addNamesakesWithOneMailbox(culture: c) }
        else if roll < 50 { addSmallOffice(culture: c) }
        else { addSingle(culture: c) }
    }

    mutating func addSingle(culture c: Int) {
        var person = newPerson(culture: c, pattern: "single")
        // A namesake: the name of an earlier person of the same culture, in a big city.
        if chance(0.15), let earlier = people.last(where: { $0.culture == c && $0.pattern == "single" }) {
            person.given = earlier.given
            person.family = earlier.family
            person.pattern = "namesake"
        }
        let culture = HardBookData.cultures[c]
        if chance(0.9) { person.ownPhones.append(phone(culture: c, label: .mobile)) }
        if person.ownPhones.isEmpty || chance(0.75) {
            person.ownEmails.append(personalEmail(person.given, person.family, domain: pick(culture.mailDomains)))
        }
        if chance(0.04) { person.sharedEmails.append(pick(HardBookData.publicRoleAddresses)) }
        people.append(person)
    }

    mutating func addHousehold(culture c: Int) {
        let culture = HardBookData.cultures[c]
        let family = pick(culture.family)
        let home = phone(culture: c, label: .home)
        var familyMail: String?
        if chance(0.5) {
            let f = Self.ascii(family.latin)
            let local = chance(0.5) ? "\(f)family" : "the\(f)s"
            var address = "\(local)@\(pick(culture.mailDomains))"
            while !usedEmails.insert(address).inserted { address = "\(local)\(next(900) + 10)@\(pick(culture.mailDomains))" }
            familyMail = address
        }
        let size = 2 + next(3)
        var givenNames: [String] = []
        let start = people.count
        for _ in 0..<size {
            var person = newPerson(culture: c, pattern: "household", family: family)
            while givenNames.contains(person.given!.latin) { person.given = pick(culture.given) }
            givenNames.append(person.given!.latin)
            person.sharedPhones.append(home)
            if let familyMail { person.sharedEmails.append(familyMail) }
            if chance(0.8) { person.ownPhones.append(phone(culture: c, label: .mobile)) }
            if chance(0.7) { person.ownEmails.append(personalEmail(person.given, person.family, domain: pick(culture.mailDomains))) }
            people.append(person)
        }
        // A son named after his father (or a grandmother's name passed on): one name, one home line.
        if chance(0.12) {
            var junior = newPerson(culture: c, pattern: "same-name household", given: people[start].given, family: family)
            junior.sharedPhones.append(home)
            if let familyMail { junior.sharedEmails.append(familyMail) }
            junior.ownPhones.append(phone(culture: c, label: .mobile))
            if people[start].ownPhones.isEmpty { people[start].ownPhones.append(phone(culture: c, label: .mobile)) }
            junior.city = people[start].city
            people.append(junior)
        }
        // A spouse's address pasted on the wrong card.
        if chance(0.3), let spouseMail = people[start].ownEmails.first {
            people[start + 1].sharedEmails.append(spouseMail)
        }
    }

    mutating func addInitialsPair(culture c: Int) {
        let culture = HardBookData.cultures[c]
        let family = pick(culture.family)
        let first = pick(culture.given)
        let initial = Self.ascii(first.latin).prefix(1)
        let others = culture.given.filter { Self.ascii($0.latin).prefix(1) == initial && $0.latin != first.latin }
        guard let second = others.isEmpty ? nil : pick(others) else { return addSingle(culture: c) }
        var address = "\(initial)\(Self.ascii(family.latin))@\(pick(culture.mailDomains))"
        while !usedEmails.insert(address).inserted { address = "\(initial)\(Self.ascii(family.latin))\(next(90) + 10)@\(pick(culture.mailDomains))" }
        for given in [first, second] {
            var person = newPerson(culture: c, pattern: "initials", given: given, family: family)
            person.sharedEmails.append(address)
            person.ownPhones.append(phone(culture: c, label: .mobile))
            people.append(person)
        }
    }

    mutating func addCompany(culture c: Int) {
        let culture = HardBookData.cultures[c]
        let stem = pick(HardBookData.companyStems)
        let name = chance(0.5) ? "\(stem) \(pick(culture.companySuffixes))" : stem
        let domainStem = Self.ascii(stem)
        let domain = (domainStem.count >= 3 ? domainStem : "corp\(next(9_000))") + "-\(culture.code.lowercased()).com"
        let lineDigits = phone(culture: c, label: .work)
        let switchboard = HardPhone(culture: c, prefix: lineDigits.prefix, subscriber: lineDigits.subscriber, label: .main)
        let role = "\(pick(HardBookData.companyRoles))@\(domain)"
        let staff = 4 + next(22)
        if chance(0.5) {
            var card = HardPerson(id: "p\(people.count)", culture: c, pattern: "company card", writesNative: false,
                                  writesInternational: chance(0.4), city: pick(culture.cities))
            card.sharedPhones = [switchboard]
            card.sharedEmails = [role]
            card.organization = name
            people.append(card)
        }
        let first = people.count
        for k in 0..<staff {
            var person = newPerson(culture: c, pattern: "company", given: nil, family: nil)
            // Colleagues with one name at one company.
            if k == staff - 1 && chance(0.3) {
                person.given = people[first].given
                person.family = people[first].family
                person.pattern = "same-name colleague"
            }
            person.organization = name
            person.sharedPhones.append(switchboard)
            if chance(0.6) { person.sharedEmails.append(role) }
            person.ownPhones.append(phone(culture: c, label: .work))
            if chance(0.4) { person.ownPhones.append(phone(culture: c, label: .mobile)) }
            person.ownEmails.append(personalEmail(person.given, person.family, domain: domain))
            if chance(0.03) { person.sharedEmails.append(pick(HardBookData.publicRoleAddresses)) }
            people.append(person)
        }
    }

    /// Two people with one common name whose mailboxes have one name at two providers
    /// (`gpapadopoulos@otenet.gr`, `gpapadopoulos@yahoo.gr`); other phones, cities and birthdays.
    mutating func addNamesakesWithOneMailbox(culture c: Int) {
        let culture = HardBookData.cultures[c]
        let first = newPerson(culture: c, pattern: "mailbox namesake")
        let local = Self.ascii(first.given?.latin ?? "x").prefix(1) + Self.ascii(first.family?.latin ?? "mail")
        let domains = culture.mailDomains.filter { $0 != "gmail.com" }
        guard domains.count >= 2 else { return addSingle(culture: c) }
        var chosen = domains
        shuffle(&chosen)
        for (k, domain) in chosen.prefix(2).enumerated() {
            var person = k == 0 ? first : newPerson(culture: c, pattern: "mailbox namesake", given: first.given, family: first.family)
            var address = "\(local)@\(domain)"
            while !usedEmails.insert(address).inserted { address = "\(local)\(next(90) + 10)@\(domain)" }
            person.ownEmails.append(address)
            person.ownPhones.append(phone(culture: c, label: .mobile))
            // Both also typed the same public role address somebody gave them.
            if chance(0.3) { person.sharedEmails.append(HardBookData.publicRoleAddresses[0]) }
            people.append(person)
        }
    }

    /// A firm of two to four people with one office line and `office@`, two of whom have one
    /// common name; its own card is the firm's name with the same line and address.
    mutating func addSmallOffice(culture c: Int) {
        let culture = HardBookData.cultures[c]
        let name = "\(pick(HardBookData.companyStems)) \(pick(culture.companySuffixes))"
        let domain = "office\(next(90_000) + 10_000)-\(culture.code.lowercased()).com"
        let line = phone(culture: c, label: .main)
        let role = "office@\(domain)"
        var card = HardPerson(id: "p\(people.count)", culture: c, pattern: "office card", writesNative: false,
                              writesInternational: chance(0.4), city: pick(culture.cities))
        card.sharedPhones = [line]
        card.sharedEmails = [role]
        card.organization = name
        people.append(card)
        let staff = 2 + next(3)
        var namesake: HardPerson?
        for k in 0..<staff {
            var person = newPerson(culture: c, pattern: "office", given: namesake?.given, family: namesake?.family)
            person.city = card.city
            person.organization = name
            person.sharedPhones = [line]
            person.sharedEmails = chance(0.5) ? [role] : []
            // Namesakes carry a mobile each (cards equal in everything are one person's).
            if k < 2 || chance(0.7) { person.ownPhones.append(phone(culture: c, label: .mobile)) }
            if chance(0.5) { person.ownEmails.append(personalEmail(person.given, person.family, domain: pick(culture.mailDomains))) }
            namesake = k == 0 && chance(0.6) ? person : nil
            people.append(person)
        }
    }
}
