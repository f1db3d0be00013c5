import Ohana
import OhanaPhoneNumbers

/// Evidence no rule asks for but every match weighs: a mailbox name at another domain (weak),
/// agreeing birthdays and cities, and counter evidence, which counts against a match: different
/// birthdays, addresses in different cities only, two different mobiles in one country.
enum OtherEvidence {
    /// A mailbox name (the local part) shared at two different domains: many people pick the
    /// same one (`gpapadopoulos@otenet.gr`, `gpapadopoulos@yahoo.gr`), so it only adds a little.
    static let mailbox = 2.0
    /// The same day and month of birth (and year, where both give one).
    static let sameBirthday = 3.0
    /// Two different birthdays.
    static let differentBirthdays = -10.0
    /// Two birthdays one keystroke apart (a digit, or day and month swapped): a typo as likely as
    /// two people, so neither for nor against.
    static let nearBirthdays = 0.0
    /// An address in one city on both cards.
    static let sameCity = 1.0
    /// Addresses on both cards, none in a city of the other's.
    static let differentCities = -3.0
    /// Addresses on both cards, the cities one typo apart (``NameTypos``): neither for nor against.
    static let nearCities = 0.0
    /// Each card has a mobile the other lacks, both valid in one country, and none in common.
    static let differentMobiles = -8.0

    /// The values of this kind the contacts at `a` and `b` have (read in place), with their weights
    /// (those against a match are negative).
    static func values(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, rules: DuplicateRules,
                       extractor: inout KeyExtractor) -> [MatchedValue] {
        var values: [MatchedValue] = []
        // Most pairs lack most of these: each part only where both cards have something for it.
        func both(_ test: (ContactField) -> Bool) -> Bool { a.pointee.fields.contains(where: test) && b.pointee.fields.contains(where: test) }
        if both({ $0.type == .emailAddress }), let value = mailboxName(a, b, rules: rules, extractor: extractor) { values.append(value) }
        if let first = a.pointee.birthday, let second = b.pointee.birthday {
            let (weight, note): (Double, String?) = isSameBirthday(first, second) ? (sameBirthday, nil)
                : areNearBirthdays(first, second) ? (nearBirthdays, "one digit apart or day and month swapped")
                : (differentBirthdays, "different birthdays")
            values.append(MatchedValue(kind: .birthday, first: first.description, second: second.description, note: note, weight: weight))
        }
        if !a.pointee.postalAddresses.isEmpty && !b.pointee.postalAddresses.isEmpty, let value = cities(a, b, extractor: &extractor) {
            values.append(value)
        }
        if both({ $0.label == .mobile }), let value = mobiles(a, b, extractor: &extractor) { values.append(value) }
        return values
    }

    /// The sum of the weights of ``values(_:_:rules:extractor:)``, without writing the values out:
    /// the contacts at `a` and `b` read in place (a copy retains and releases each of their values,
    /// for each of a million matches).
    ///
    /// `emails` are the hashes of the two cards' normalised addresses (``CompactKeys``): a card
    /// without one has no mailbox name, and two cards that share one have no mailbox name evidence
    /// (a whole address says more), so no address is normalised again for them (most matches).
    ///
    /// Two different mobiles, the costliest part (each number resolved), only lower the sum: when
    /// the rest weighs less than `enough`, it is returned without them (the match falls short either way).
    static func weight(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>,
                       emails: (first: ArraySlice<UInt64>, second: ArraySlice<UInt64>),
                       rules: DuplicateRules, enough: Double = -.infinity, extractor: inout KeyExtractor) -> Double {
        var total = 0.0
        func both(_ test: (ContactField) -> Bool) -> Bool { a.pointee.fields.contains(where: test) && b.pointee.fields.contains(where: test) }
        if !emails.first.isEmpty, !emails.second.isEmpty, !emails.first.contains(where: emails.second.contains),
           MailboxNames.mayShare(a, b), let value = mailboxName(a, b, rules: rules, extractor: extractor) {
            total += value.weight ?? 0
        }
        if let first = a.pointee.birthday, let second = b.pointee.birthday {
            total += isSameBirthday(first, second) ? sameBirthday : areNearBirthdays(first, second) ? nearBirthdays : differentBirthdays
        }
        if !a.pointee.postalAddresses.isEmpty && !b.pointee.postalAddresses.isEmpty {
            if hasCityWrittenAlike(a, b, extractor: &extractor) {
                total += sameCity
            } else if let value = cities(a, b, extractor: &extractor) {
                total += value.weight ?? 0
            }
        }
        if total >= enough, both({ $0.label == .mobile }), let value = mobiles(a, b, extractor: &extractor) { total += value.weight ?? 0 }
        return total
    }

    /// The same day and month, and the same year where both give one.
    private static func isSameBirthday(_ first: Birthday, _ second: Birthday) -> Bool {
        first.month == second.month && first.day == second.day && (first.year == nil || second.year == nil || first.year == second.year)
    }

    /// Whether two different birthdays are one keystroke apart: one digit of the day, month or
    /// year (both given) changed, or the day and month swapped, the rest equal.
    static func areNearBirthdays(_ first: Birthday, _ second: Birthday) -> Bool {
        let bothYears = first.year != nil && second.year != nil
        if (!bothYears || first.year == second.year) && first.month == second.day && first.day == second.month { return true }
        // The eight digits of YYYYMMDD (the year only where both give one), compared one by one.
        var x = (bothYears ? first.year ?? 0 : 0) * 10_000 + first.month * 100 + first.day
        var y = (bothYears ? second.year ?? 0 : 0) * 10_000 + second.month * 100 + second.day
        var differing = 0
        for _ in 0..<8 {
            if x % 10 != y % 10 { differing += 1 }
            x /= 10
            y /= 10
        }
        return differing == 1 && x == y
    }

    /// A mailbox name both cards have at different domains, when they share no whole address;
    /// role names (`info`) and names of fewer than four letters say nothing.
    private static func mailboxName(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, rules: DuplicateRules,
                                    extractor: KeyExtractor) -> MatchedValue? {
        func split(_ contact: UnsafePointer<Contact>) -> [(written: String, local: Substring, domain: Substring)] {
            contact.pointee.fields.compactMap { field in
                guard field.type == .emailAddress else { return nil }
                let normalized = extractor.normalizeEmail(field.value)
                // By bytes: an index of the UTF-8 view is one of the string (no grapheme breaking).
                guard let at = normalized.utf8.lastIndex(of: UInt8(ascii: "@")) else { return nil }
                return (field.value, normalized[..<at], normalized[normalized.utf8.index(after: at)...])
            }
        }
        // Most pairs compared share an address written alike: no need to normalise the others.
        for x in a.pointee.fields where x.type == .emailAddress {
            for y in b.pointee.fields where y.type == .emailAddress && y.value == x.value
                && extractor.normalizeEmail(x.value).utf8.contains(UInt8(ascii: "@")) {
                return nil
            }
        }
        let first = split(a)
        let second = split(b)
        guard !first.isEmpty, !second.isEmpty else { return nil }
        if first.contains(where: { x in second.contains { $0.local == x.local && $0.domain == x.domain } }) { return nil }
        // A local part in common first: the length and the role names only for those.
        for x in first {
            guard let y = second.first(where: { $0.local == x.local }),
                  x.local.count >= 4, !rules.roleLocalParts.contains(String(x.local)) else { continue }
            return MatchedValue(kind: .email, first: x.written, second: y.written,
                                note: "mailbox name only, other domains", weight: mailbox)
        }
        return nil
    }

    /// Whether the cards have an address each in a city written alike (and with no other country),
    /// so that ``cities(_:_:extractor:)`` finds one in common: only that city's words are folded
    /// (near-duplicates mostly write their city alike), not every address's.
    private static func hasCityWrittenAlike(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, extractor: inout KeyExtractor) -> Bool {
        for x in a.pointee.postalAddresses {
            guard let city = x.city, !city.isEmpty else { continue }
            let country = x.isoCountryCode?.uppercased()
            for y in b.pointee.postalAddresses where y.city == city {
                let other = y.isoCountryCode?.uppercased()
                if (country == nil || other == nil || country == other) && !extractor.words(city).isEmpty { return true }
            }
        }
        return false
    }

    /// The cities of the two cards' addresses: one in common, or none (countries told apart too).
    private static func cities(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, extractor: inout KeyExtractor) -> MatchedValue? {
        // Cities compared by their folded words (no word holds a space: the same as comparing them joined).
        func places(_ contact: UnsafePointer<Contact>) -> [(city: [String], country: String?, written: String)] {
            contact.pointee.postalAddresses.compactMap { address in
                let city = extractor.words(address.city)
                guard !city.isEmpty else { return nil }
                return (city, address.isoCountryCode?.uppercased(), address.city ?? "")
            }
        }
        let first = places(a)
        let second = places(b)
        guard let x0 = first.first, let y0 = second.first else { return nil }
        func sameCountry(_ x: String?, _ y: String?) -> Bool { x == nil || y == nil || x == y }
        // Words run together or split (`Westl Ake`, `Westlake`) are one city.
        for x in first {
            if let y = second.first(where: { $0.city.joined() == x.city.joined() && sameCountry($0.country, x.country) }) {
                return MatchedValue(kind: .address, first: x.written, second: y.written, weight: sameCity)
            }
        }
        for x in first {
            let letters = Array(x.city.joined().utf8)
            if let y = second.first(where: { NameTypos.isTypo(letters, Array($0.city.joined().utf8)) && sameCountry($0.country, x.country) }) {
                return MatchedValue(kind: .address, first: x.written, second: y.written, note: "cities one typo apart", weight: nearCities)
            }
        }
        return MatchedValue(kind: .address, first: x0.written, second: y0.written, note: "different cities", weight: differentCities)
    }

    /// Two different valid mobiles in one country, one on each card, when no mobile of one card
    /// is among the other's numbers (people keep a number for years; a second one is another person's).
    private static func mobiles(_ a: UnsafePointer<Contact>, _ b: UnsafePointer<Contact>, extractor: inout KeyExtractor) -> MatchedValue? {
        // Each card's evidence is gathered at most once, and each of its mobiles parsed at most once.
        var evidenceA: PhoneRegionEvidence?
        var evidenceB: PhoneRegionEvidence?
        let phonesA = extractor.phones(at: a, evidence: &evidenceA)
        let phonesB = extractor.phones(at: b, evidence: &evidenceB)
        func mobiles(_ contact: UnsafePointer<Contact>, _ keys: [PhoneKey]) -> [PhoneKey] {
            keys.filter { contact.pointee.fields[$0.fieldIndex].label == .mobile }
        }
        let mobilesA = mobiles(a, phonesA)
        let mobilesB = mobiles(b, phonesB)
        guard !mobilesA.isEmpty, !mobilesB.isEmpty else { return nil }
        let trailingA = Set(phonesA.map(\.trailing))
        let trailingB = Set(phonesB.map(\.trailing))
        // A mobile of one card among the other's numbers: no conflict.
        if mobilesA.contains(where: { trailingB.contains($0.trailing) }) || mobilesB.contains(where: { trailingA.contains($0.trailing) }) {
            return nil
        }
        func parse(_ key: PhoneKey, of contact: UnsafePointer<Contact>, _ evidence: inout PhoneRegionEvidence?) -> String? {
            if key.isParsed { return key.e164 }
            if evidence == nil { evidence = extractor.phoneEvidence(of: contact.pointee) }
            return extractor.e164(key.parseInput, evidence: evidence!, labeledMobile: key.labeledMobile)
        }
        var parsedB = [String??](repeating: nil, count: mobilesB.count)
        for x in mobilesA {
            guard let first = parse(x, of: a, &evidenceA) else { continue }
            for (n, y) in mobilesB.enumerated() {
                if parsedB[n] == nil { parsedB[n] = .some(parse(y, of: b, &evidenceB)) }
                guard let second = parsedB[n]!, first != second,
                      extractor.phoneResolver.ownCountryCodeRegion(of: first, defaultRegion: extractor.rules.defaultRegion)
                          == extractor.phoneResolver.ownCountryCodeRegion(of: second, defaultRegion: extractor.rules.defaultRegion) else { continue }
                return MatchedValue(kind: .phone, first: first, second: second, note: "two different mobiles in one country",
                                    weight: differentMobiles)
            }
        }
        return nil
    }
}
