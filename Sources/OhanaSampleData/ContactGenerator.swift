import Foundation
import Ohana

/// Makes realistic, seeded address books: international names and scripts, phone numbers written
/// the way people of each country write them, emails, addresses, organizations, photos and a share
/// of near-duplicates whose ground truth is recorded on every contact.
///
/// The same seed gives the same contacts on every platform and run. Every contact carries
/// `customProperties[ContactGenerator.personKey] = .string(personID)`; contacts that are variants
/// of one person share the person id.
public struct ContactGenerator: Sendable {
    /// The custom property key that holds the generated person's id (the duplicate ground truth).
    public static let personKey = "ohana.generator.person"
    /// The custom property key that lists the changes a near-duplicate made to its person's card.
    public static let variantKey = "ohana.generator.variant"

    /// The seed the contacts are derived from.
    public let seed: UInt64
    /// The share of generated contacts that are near-duplicates of another generated person.
    public var duplicateRate: Double

    /// Creates a generator for a seed; about 12% of the generated contacts are near-duplicates.
    public init(seed: UInt64, duplicateRate: Double = 0.12) {
        self.seed = seed
        self.duplicateRate = min(max(duplicateRate, 0), 0.5)
    }

    /// Returns `count` contacts, in a shuffled order; the same for the same seed and count.
    ///
    /// Complexity: O(*n*).
    public func generate(count: Int) -> [Contact] {
        guard count > 0 else { return [] }
        var state = GenerationState(seed: seed)
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

/// The running state of one generation: the random stream and what must stay unique.
struct GenerationState {
    var rng: SeededRandomNumberGenerator
    var usedEmails = Set<String>()
    var companyLines: [String: GeneratedPhone] = [:]
    var companyStaff = Set<String>()
    let cultures = GeneratorData.cultures
    let cumulativeWeights: [Int]

    init(seed: UInt64) {
        rng = SeededRandomNumberGenerator(seed: seed)
        var total = 0
        cumulativeWeights = GeneratorData.cultures.map { total += $0.weight; return total }
    }

    mutating func pickCulture() -> Int {
        let r = rng.next(below: cumulativeWeights.last!)
        var low = 0
        var high = cumulativeWeights.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulativeWeights[mid] > r { high = mid } else { low = mid + 1 }
        }
        return low
    }

    mutating func uuid() -> String {
        let a = rng.next()
        let b = rng.next()
        let hex = hex16(a) + hex16((b & 0x0FFF_3FFF_FFFF_FFFF) | 0x4000_8000_0000_0000)
        let chars = Array(hex)
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
            + String(chars[16..<20]) + "-" + String(chars[20..<32])
    }

    private func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    mutating func digits(_ count: Int, leading: String = "0123456789") -> String {
        guard count > 0 else { return "" }
        let lead = Array(leading)
        var text = String(lead[rng.next(below: lead.count)])
        for _ in 1..<count { text.append(Character(String(rng.next(below: 10)))) }
        return text
    }

    mutating func makePhone(culture c: Int, mobile: Bool?, label: ContactFieldLabel?) -> GeneratedPhone {
        let culture = cultures[c]
        var candidates = Array(culture.phonePlans.indices)
        if let mobile {
            let matching = candidates.filter { culture.phonePlans[$0].isMobile == mobile }
            if !matching.isEmpty { candidates = matching }
        }
        let planIndex = rng.pick(candidates)
        let plan = culture.phonePlans[planIndex]
        let area = rng.pick(plan.prefixes)
        var groups: [String] = []
        for (i, length) in plan.groups.enumerated() {
            groups.append(i == 0 ? digits(length, leading: plan.leadingDigits) : digits(length))
        }
        return GeneratedPhone(culture: c, plan: planIndex, area: area, groups: groups, label: label,
                              template: rng.next(below: plan.templates.count), invalidText: nil)
    }

    mutating func makePerson(index: Int, previous: Person?) -> Person {
        // A few people share a household with the previous person: same family name, address and landline.
        if let previous, !previous.isOrganizationOnly, !previous.isHouseholdMember, previous.family != nil, rng.chance(0.03) {
            return makeHouseholdMember(of: previous, index: index)
        }
        let c = pickCulture()
        let culture = cultures[c]
        let id = "person-\(index)"
        let provider = rng.pick(GeneratorData.providers)
        if rng.chance(0.03) { return makeOrganization(culture: c, provider: provider) }

        let isFemale = rng.chance(0.5)
        let address = rng.chance(0.6) ? makeAddress(culture: c, label: rng.pick([.home, .home, .work, nil])) : nil
        let given = rng.pick(isFemale ? culture.female : culture.male)
        var family = rng.pick(culture.family)
        if isFemale, let female = culture.femaleFamily[family.native] {
            family = NameEntry(female, culture.femaleFamily[family.latin] ?? female)
        }
        var person = Person(
            id: id, culture: c, isFemale: isFemale, isOrganizationOnly: false, given: given, family: family,
            writesFormattedName: rng.chance(0.3), phones: [], emails: [], urls: [], instantMessages: [],
            tags: [], provider: provider)
        person.address = address
        if rng.chance(0.03) { person.namePrefix = rng.pick(["Dr.", "Prof.", "Dr. med.", "Mr.", "Ms."]) }
        if c == 0, rng.chance(0.15) { person.middle = rng.pick(["Lee", "Marie", "J.", "Ann", "Allen", "Ray"]) }
        if rng.chance(0.01) { person.nameSuffix = rng.pick(["PhD", "MD", "Esq."]) }
        if !given.nicknames.isEmpty, rng.chance(0.2) { person.nickname = rng.pick(given.nicknames) }

        // Phones: almost everyone has one, some have two or three; a few are not numbers at all.
        let phoneCount = rng.chance(0.08) ? 0 : (rng.chance(0.35) ? (rng.chance(0.3) ? 3 : 2) : 1)
        for i in 0..<phoneCount {
            let label: ContactFieldLabel? = i == 0
                ? rng.pick([.mobile, .mobile, .iPhone, .home, nil, ContactFieldLabel(rawValue: "cell")])
                : rng.pick([.work, .home, .main, .workFax, ContactFieldLabel(rawValue: rng.pick(culture.customLabels))])
            person.phones.append(makePhone(culture: c, mobile: i == 0 ? true : nil, label: label))
        }
        if rng.chance(0.03) {
            let invalid = rng.pick(GeneratorData.invalidPhones)
            person.phones.append(GeneratedPhone(culture: c, plan: 0, area: "", groups: [], label: .other, template: 0, invalidText: invalid))
        }

        if rng.chance(0.45) {
            person.organization = rng.pick(culture.companies)
            if rng.chance(0.8) { person.jobTitle = rng.pick(culture.jobTitles) }
            if rng.chance(0.15) { person.department = rng.pick(["Sales", "R&D", "Legal", "Finance", "IT", "HR"]) }
            let branch = person.address?.city ?? rng.pick(culture.cities).name
            // The branch's main line, unless a namesake already works there (two such cards would be
            // indistinguishable, and the ground truth would call them two people).
            let colleague = "\(c)|\(person.organization!)|\(branch)|\(given.native)|\(family.native)"
            if rng.chance(0.3), companyStaff.insert(colleague).inserted {
                person.phones.append(companyLine(culture: c, company: person.organization!, branch: branch))
            }
        }

        // Emails: unique per person; most have one, some two (private and work).
        let emailCount = (phoneCount == 0 || rng.chance(0.7)) ? (rng.chance(0.25) ? 2 : 1) : 0
        for i in 0..<emailCount {
            let work = i == 1 && person.organization != nil
            let domain = work ? companyDomain(person.organization!, culture: culture) : pickMailDomain(culture)
            let address = uniqueEmail(given: given.latin, family: family.latin, domain: domain)
            person.emails.append((address, i == 0 ? rng.pick([.home, nil, .other]) : .work))
        }
        if rng.chance(0.08) { person.urls.append("https://\(asciiFold(given.latin))\(asciiFold(family.latin)).example.\(culture.isoCode.lowercased())") }
        if rng.chance(0.04) {
            person.instantMessages.append(("\(asciiFold(given.latin)).\(asciiFold(family.latin))\(rng.next(below: 100))", rng.pick(["Skype", "Telegram", "WhatsApp", "Signal"])))
        }

        if rng.chance(0.35) {
            let year: Int? = rng.chance(0.75) ? 1940 + rng.next(below: 68) : nil
            person.birthday = Birthday(year: year, month: 1 + rng.next(below: 12), day: 1 + rng.next(below: 28))
        }
        if rng.chance(0.12) { person.note = rng.pick(culture.notes) }
        if rng.chance(0.1) { person.photo = pickPhoto() }
        if rng.chance(0.2) { person.tags.append(rng.pick(["Family", "Friends", "Work", "Soccer club", "VIP", "Neighbors", "School"])) }
        if person.phones.isEmpty && person.emails.isEmpty {
            person.phones.append(makePhone(culture: c, mobile: true, label: .mobile))
        }
        return person
    }

    mutating func makeHouseholdMember(of other: Person, index: Int) -> Person {
        let culture = cultures[other.culture]
        let isFemale = !other.isFemale
        var candidates = isFemale ? culture.female : culture.male
        candidates.removeAll { $0.native == other.given?.native }
        let given = rng.pick(candidates)
        var family = other.family!
        if let base = culture.femaleFamily.first(where: { $0.value == family.native })?.key, !isFemale {
            family = NameEntry(base, culture.femaleFamily.first(where: { $0.value == family.latin })?.key ?? base)
        } else if isFemale, let female = culture.femaleFamily[family.native] {
            family = NameEntry(female, culture.femaleFamily[family.latin] ?? female)
        }
        var person = Person(
            id: "person-\(index)", culture: other.culture, isFemale: isFemale, isOrganizationOnly: false,
            given: given, family: family, writesFormattedName: rng.chance(0.3), phones: [], emails: [],
            urls: [], instantMessages: [], tags: other.tags, provider: other.provider)
        person.isHouseholdMember = true
        person.phones.append(makePhone(culture: other.culture, mobile: true, label: .mobile))
        // The shared landline: the same number, written the way this person writes it.
        if var landline = other.phones.first(where: { $0.invalidText == nil }) {
            landline.label = .home
            landline.template = rng.next(below: culture.phonePlans[landline.plan].templates.count)
            person.phones.append(landline)
        }
        if rng.chance(0.6) {
            let address = uniqueEmail(given: given.latin, family: family.latin, domain: pickMailDomain(culture))
            person.emails.append((address, .home))
        }
        person.address = other.address
        return person
    }

    /// An organization-only card for one branch of a company; every card of that branch is the same
    /// organization (the same ground truth id).
    mutating func makeOrganization(culture c: Int, provider: String) -> Person {
        let culture = cultures[c]
        let company = rng.pick(culture.companies)
        let city = rng.pick(culture.cities)
        var person = Person(
            id: "org-\(culture.isoCode)-\(company)-\(city.name)", culture: c, isFemale: false, isOrganizationOnly: true,
            writesFormattedName: false, phones: [companyLine(culture: c, company: company, branch: city.name)], emails: [],
            urls: [], instantMessages: [], tags: [], provider: provider)
        person.organization = company
        if rng.chance(0.3) {
            person.department = rng.pick(["Customer Service", "Support", "Reservations", "Billing", "Front Desk"])
        }
        let domain = companyDomain(company, culture: culture)
        let local = rng.pick(["info", "contact", "hello", "support", "office", "service"])
        let address = "\(local)@\(domain)"
        if !usedEmails.contains(address) {
            usedEmails.insert(address)
            person.emails.append((address, .work))
        } else {
            person.emails.append((uniqueEmail(given: local, family: culture.isoCode.lowercased(), domain: domain), .work))
        }
        if rng.chance(0.5) { person.urls.append("https://www.\(domain)") }
        person.address = makeAddress(culture: c, label: .work)
        person.address?.city = city.name
        person.address?.region = city.region
        if rng.chance(0.2) { person.photo = pickPhoto() }
        if rng.chance(0.2) { person.note = rng.pick(["Opening hours Mon–Fri 9–17", "Customer number 4711", "Ask for the manager", "Invoice by email"]) }
        return person
    }

    /// The main line of a company's branch: the same number for everyone who works there.
    mutating func companyLine(culture c: Int, company: String, branch: String) -> GeneratedPhone {
        let key = "\(c)|\(company)|\(branch)"
        if let line = companyLines[key] {
            var copy = line
            copy.template = rng.next(below: cultures[c].phonePlans[line.plan].templates.count)
            return copy
        }
        let line = makePhone(culture: c, mobile: false, label: .main)
        companyLines[key] = line
        return line
    }

    func companyDomain(_ company: String, culture: Culture) -> String {
        let known: [String: String] = [
            "华为技术有限公司": "huawei.com", "阿里巴巴集团": "alibaba-group.com", "北京大学": "pku.edu.cn", "腾讯": "tencent.com",
            "株式会社サンプル": "sample.co.jp", "トヨタ自動車": "toyota.co.jp", "ソニー株式会社": "sony.co.jp", "山田商店": "yamada-shoten.jp",
            "삼성전자": "samsung.com", "현대자동차": "hyundai.com", "네이버": "navercorp.com", "LG전자": "lge.com",
            "طيران الإمارات": "emirates.com", "مستشفى دبي": "dha.gov.ae", "البنك الأهلي المصري": "nbe.com.eg",
            "Газпром": "gazprom.ru", "Яндекс": "yandex-team.ru", "ООО «Ромашка»": "romashka.ru", "Сбербанк": "sberbank.ru",
            "Công ty TNHH Minh Phát": "minhphat.vn",
        ]
        if let domain = known[company] { return domain }
        let words = company.split(separator: " ").map { asciiFold(String($0)) }.filter { $0.count > 1 }
        let stem = words.prefix(2).joined()
        let tld = ["US": "com", "GB": "co.uk", "BR": "com.br", "MX": "com.mx", "IN": "in", "AE": "ae"][culture.isoCode]
            ?? culture.isoCode.lowercased()
        return "\(stem.isEmpty ? "company" : stem).\(tld)"
    }

    mutating func pickMailDomain(_ culture: Culture) -> String {
        rng.chance(0.75) ? rng.pick(culture.mailDomains) : rng.pick(GeneratorData.internationalMailDomains)
    }

    mutating func uniqueEmail(given: String, family: String, domain: String) -> String {
        let g = asciiFold(given)
        let f = asciiFold(family)
        let g0 = String(g.prefix(1))
        var local: String
        switch rng.next(below: 8) {
        case 0, 1: local = "\(g).\(f)"
        case 2: local = "\(g)\(f)"
        case 3: local = "\(g0)\(f)"
        case 4: local = "\(g)_\(f)"
        case 5: local = "\(g0).\(f)"
        case 6: local = "\(f).\(g)"
        default: local = "\(g)\(f)\(rng.next(below: 100))"
        }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.isEmpty { local = "user\(rng.next(below: 10_000))" }
        var address = "\(local)@\(domain)"
        var attempt = 0
        while usedEmails.contains(address) || usedEmails.contains(gmailCanonical(address)) {
            attempt += 1
            address = "\(local)\(attempt == 1 ? rng.next(below: 100) : rng.next(below: 100_000))@\(domain)"
        }
        usedEmails.insert(address)
        usedEmails.insert(gmailCanonical(address))
        return address
    }

    /// Gmail ignores dots in local parts: reserve that form too, so no two people collide in it.
    func gmailCanonical(_ address: String) -> String {
        guard address.hasSuffix("@gmail.com") else { return address }
        let local = address.prefix { $0 != "@" }.filter { $0 != "." }
        return "\(local)@gmail.com"
    }

    mutating func makeAddress(culture c: Int, label: ContactFieldLabel?) -> PostalAddress {
        let culture = cultures[c]
        let city = rng.pick(culture.cities)
        let street = rng.pick(culture.streets)
        let number = String(1 + rng.next(below: 240))
        let line: String
        if street.contains(where: \.isNumber) {
            line = street
        } else {
            line = culture.numberFirst ? "\(number) \(street)" : "\(street) \(number)"
        }
        var address = PostalAddress(label: label, street: [line], city: city.name, region: city.region)
        if !city.postalCode.isEmpty { address.postalCode = fillPattern(city.postalCode) }
        if rng.chance(0.1) { address.extendedAddress = rng.pick(["Apt 4B", "2. OG", "Suite 210", "Bâtiment C", "Piso 3º"]) }
        switch rng.next(below: 20) {
        case 0...14:
            address.country = rng.pick(culture.countryNames)
            address.isoCountryCode = culture.isoCode
        case 15, 16: address.country = rng.pick(culture.countryNames)
        case 17, 18: address.isoCountryCode = culture.isoCode
        default: break
        }
        return address
    }

    mutating func fillPattern(_ pattern: String) -> String {
        let letters = Array("ABDEFGHJLNPQRSTUWXYZ")
        var out = ""
        for ch in pattern {
            switch ch {
            case "#": out.append(Character(String(rng.next(below: 10))))
            case "@": out.append(letters[rng.next(below: letters.count)])
            default: out.append(ch)
            }
        }
        return out
    }

    mutating func pickPhoto() -> Photo {
        let (type, base64) = rng.pick(GeneratorData.photosBase64)
        return Photo(data: Data(base64Encoded: base64)!, mediaType: type)
    }

    // MARK: Writing a person as a contact

    mutating func primaryContact(of person: Person) -> Contact {
        var contact = card(of: person, nameStyle: .native, provider: person.provider)
        contact.customProperties[ContactGenerator.personKey] = .string(person.id)
        return contact
    }

    enum NameStyle { case native, latin }

    mutating func card(of person: Person, nameStyle: NameStyle, provider: String) -> Contact {
        let culture = cultures[person.culture]
        var contact = Contact(id: ContactID(rawValue: uuid()))
        if !person.isOrganizationOnly {
            contact.namePrefix = person.namePrefix
            contact.givenName = nameStyle == .native ? person.given?.native : person.given?.latin
            contact.middleName = person.middle
            contact.familyName = nameStyle == .native ? person.family?.native : person.family?.latin
            contact.nameSuffix = person.nameSuffix
            contact.nickname = person.nickname
            if person.writesFormattedName {
                contact.formattedName = formattedName(given: contact.givenName, family: contact.familyName,
                                                      culture: culture, native: nameStyle == .native)
            }
            contact.jobTitle = person.jobTitle
            contact.department = person.department
        } else {
            contact.department = person.department
        }
        contact.organization = person.organization
        for phone in person.phones {
            let pc = cultures[phone.culture]
            contact.fields.append(.phone(phone.written(culture: pc, template: phone.template), label: phone.label))
        }
        for email in person.emails { contact.fields.append(.email(email.address, label: email.label)) }
        for url in person.urls { contact.fields.append(.url(url, label: .home)) }
        for im in person.instantMessages {
            contact.fields.append(ContactField(type: .instantMessage, label: ContactFieldLabel(rawValue: im.service), value: im.handle))
        }
        if let address = person.address { contact.postalAddresses = [address] }
        contact.birthday = person.birthday
        contact.note = person.note
        contact.photo = person.photo
        contact.tags = person.tags
        contact.provenance = [Provenance(providerID: provider, recordID: recordID(for: provider))]
        return contact
    }

    mutating func recordID(for provider: String) -> String {
        switch provider {
        case "sim": return "ADN/\(1 + rng.next(below: 250))"
        case "google": return "people/c\(rng.next() % 10_000_000_000_000)"
        default: return uuid().uppercased() + (provider == "icloud" ? ":ABPerson" : "")
        }
    }

    func formattedName(given: String?, family: String?, culture: Culture, native: Bool) -> String {
        let g = given ?? ""
        let f = family ?? ""
        if culture.familyFirst && native {
            return culture.usesOtherScript && culture.isoCode != "KR" ? f + g : [f, g].filter { !$0.isEmpty }.joined(separator: " ")
        }
        return [g, f].filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: Near-duplicates

    enum Change: String, CaseIterable {
        case phoneFormat, emailCase, nickname, swappedNameOrder, accentsDropped, missingField, latinScript
        case gmailDotsAndTag, simCard, extraPhone, extraEmail
    }

    mutating func variant(of person: Person) -> Contact {
        let culture = cultures[person.culture]
        var provider = rng.pick(GeneratorData.providers)
        if provider == person.provider { provider = rng.pick(GeneratorData.providers) }
        var changes: [Change] = []
        let changeCount = 1 + rng.next(below: 3)
        var candidates: [Change] = [.phoneFormat, .phoneFormat, .emailCase, .missingField, .missingField, .extraPhone, .extraEmail]
        if !person.isOrganizationOnly {
            if person.given.map({ !$0.nicknames.isEmpty }) ?? false { candidates += [.nickname, .nickname, .nickname] }
            candidates += [.swappedNameOrder, .simCard]
            if culture.usesOtherScript, !person.emails.isEmpty { candidates += [.latinScript, .latinScript] }
            let name = (person.given?.native ?? "") + (person.family?.native ?? "")
            if !culture.usesOtherScript, asciiFold(name) != name.lowercased().filter(\.isLetter) { candidates += [.accentsDropped, .accentsDropped] }
        }
        if person.emails.contains(where: { $0.address.hasSuffix("@gmail.com") }), person.phones.contains(where: { $0.invalidText == nil }) {
            candidates.append(.gmailDotsAndTag)
        }
        for _ in 0..<changeCount {
            let change = rng.pick(candidates)
            if !changes.contains(change) { changes.append(change) }
        }
        if changes.contains(.simCard) { changes = [.simCard] }
        // Additions come last, so that what a dropped field leaves shared is the person's own.
        changes.sort { ($0 == .extraPhone || $0 == .extraEmail ? 1 : 0) < ($1 == .extraPhone || $1 == .extraEmail ? 1 : 0) }

        var p = person
        var nameStyle = NameStyle.native
        for change in changes {
            switch change {
            case .phoneFormat:
                for i in p.phones.indices where p.phones[i].invalidText == nil {
                    let count = cultures[p.phones[i].culture].phonePlans[p.phones[i].plan].templates.count
                    p.phones[i].template = (p.phones[i].template + 1 + rng.next(below: max(count - 1, 1))) % count
                }
            case .emailCase:
                p.emails = p.emails.map { email in
                    let (local, domain) = split(email.address)
                    let styled = rng.chance(0.5) ? email.address.uppercased() : capitalizedWords(local) + "@" + capitalizedWords(domain)
                    return (styled, email.label)
                }
            case .nickname:
                if let given = p.given, !given.nicknames.isEmpty {
                    let short = rng.pick(given.nicknames)
                    p.given = NameEntry(short, short)
                    p.nickname = nil
                }
            case .swappedNameOrder:
                let given = p.given
                p.given = p.family
                p.family = given
                p.writesFormattedName = false
            case .accentsDropped:
                if let given = p.given { p.given = NameEntry(asciiFoldKeepingCase(given.native), given.latin, nicknames: given.nicknames) }
                if let family = p.family { p.family = NameEntry(asciiFoldKeepingCase(family.native), family.latin) }
                p.writesFormattedName = false
            case .missingField:
                dropOneField(&p)
            case .latinScript:
                nameStyle = .latin
                p.writesFormattedName = false
            case .gmailDotsAndTag:
                p.emails = p.emails.map { email in
                    guard email.address.hasSuffix("@gmail.com") else { return email }
                    let (local, _) = split(email.address)
                    let changed = local.contains(".") && rng.chance(0.6) ? local.filter { $0 != "." } : local + "+" + rng.pick(["contacts", "news", "work"])
                    return (changed + "@gmail.com", email.label)
                }
            case .simCard:
                return simCard(of: p, provider: "sim")
            case .extraPhone:
                p.phones.append(makePhone(culture: p.culture, mobile: nil, label: rng.pick([.work, .home, .mobile])))
            case .extraEmail:
                if !p.isOrganizationOnly, let given = p.given, let family = p.family {
                    p.emails.append((uniqueEmail(given: given.latin, family: family.latin, domain: pickMailDomain(culture)), .other))
                }
            }
        }
        var contact = card(of: p, nameStyle: nameStyle, provider: provider)
        contact.customProperties[ContactGenerator.personKey] = .string(person.id)
        contact.customProperties[ContactGenerator.variantKey] = .strings(changes.map(\.rawValue))
        return contact
    }

    /// Drops one part of the card, keeping at least one usable phone or email.
    mutating func dropOneField(_ p: inout Person) {
        let usablePhones = p.phones.filter { $0.invalidText == nil }.count
        var options: [Int] = [0, 1, 2, 3, 4]
        if usablePhones > 1 || (usablePhones == 1 && !p.emails.isEmpty) { options.append(5) }
        if !p.emails.isEmpty && (usablePhones > 0 || p.emails.count > 1) { options.append(6) }
        switch rng.pick(options) {
        case 0: p.address = nil
        case 1: p.organization = p.isOrganizationOnly ? p.organization : nil; p.jobTitle = nil; p.department = nil
        case 2: p.birthday = nil
        case 3: p.note = nil; p.tags = []
        case 4: p.photo = nil; p.urls = []
        case 5:
            if let index = p.phones.lastIndex(where: { $0.invalidText == nil }) { p.phones.remove(at: index) }
        default:
            p.emails.removeLast()
        }
    }

    /// A SIM card entry: one name field, one number in national form, nothing else.
    mutating func simCard(of p: Person, provider: String) -> Contact {
        let culture = cultures[p.culture]
        var contact = Contact(id: ContactID(rawValue: uuid()))
        if p.isOrganizationOnly {
            contact.givenName = p.organization
        } else {
            contact.givenName = formattedName(given: p.given?.native, family: p.family?.native, culture: culture, native: true)
        }
        let phone = p.phones.first { $0.invalidText == nil }
        if let phone {
            let plan = cultures[phone.culture].phonePlans[phone.plan]
            let national = plan.templates.firstIndex { !$0.contains("{cc}") } ?? 0
            contact.fields = [.phone(phone.written(culture: cultures[phone.culture], template: national), label: .mobile)]
        } else if let email = p.emails.first {
            contact.fields = [.email(email.address)]
        }
        contact.provenance = [Provenance(providerID: provider, recordID: recordID(for: provider))]
        contact.customProperties[ContactGenerator.personKey] = .string(p.id)
        contact.customProperties[ContactGenerator.variantKey] = .strings([Change.simCard.rawValue])
        return contact
    }

    func split(_ address: String) -> (String, String) {
        let parts = address.split(separator: "@", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }

    func capitalizedWords(_ text: String) -> String {
        var out = ""
        var upperNext = true
        for ch in text {
            out += upperNext ? ch.uppercased() : String(ch)
            upperNext = !ch.isLetter
        }
        return out
    }
}

/// Lowercase ASCII letters and digits of a Latin-script text: `Łukasz Żółć` → `lukaszzolc`.
func asciiFold(_ text: String) -> String {
    asciiFoldKeepingCase(text).lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
}

/// A Latin-script text without diacritics, case kept: `José Müller` → `Jose Muller`.
func asciiFoldKeepingCase(_ text: String) -> String {
    let special: [Character: String] = [
        "ł": "l", "Ł": "L", "ß": "ss", "ı": "i", "İ": "I", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE",
        "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D", "ð": "d", "þ": "th",
    ]
    var out = ""
    for ch in text {
        if let replacement = special[ch] { out += replacement; continue }
        if ch.isASCII { out.append(ch); continue }
        let decomposed = String(ch).decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { !(0x300...0x36F).contains($0.value) }
        out += String(String.UnicodeScalarView(decomposed))
    }
    return out
}
