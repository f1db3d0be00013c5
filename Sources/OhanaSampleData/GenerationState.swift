import Foundation
import Ohana

/// The running state of one generation: the random stream and what must stay unique.
struct GenerationState {
    var rng: SeededRandomNumberGenerator
    var usedEmails = Set<String>()
    var companyLines: [String: GeneratedPhone] = [:]
    var companyStaff = Set<String>()
    let cultures = GeneratorData.cultures
    let cumulativeWeights: [Int]
    /// Whether each card carries its ground truth (``ContactGenerator/recordsGroundTruth``).
    var recordsTruth = true

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
}
