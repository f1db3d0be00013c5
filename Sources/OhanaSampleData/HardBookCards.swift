import Foundation
import Ohana

extension HardBookState {
    /// A card of `person`: the first one as the person writes it, or a later one from another
    /// source that differs the way real duplicates do (``variantChanges``).
    mutating func card(of person: HardPerson, variant: Bool) -> Contact {
        let culture = HardBookData.cultures[person.culture]
        var native = person.writesNative
        var international = person.writesInternational
        var ownPhones = person.ownPhones
        var ownEmails = person.ownEmails
        var sharedPhones = person.sharedPhones
        var sharedEmails = person.sharedEmails
        var given = person.given.map { native ? $0.native : $0.latin }
        var family = person.family.map { native ? $0.native : $0.latin }
        var organization = person.organization
        var swapped = false
        var fullNameOnly = chance(0.08)
        var uppercaseEmails = false
        var changes: [String] = []
        var title = person.title != nil && chance(0.5) ? person.title : nil
        var city = person.city
        var birthday = person.birthday != nil && chance(0.6) ? person.birthday : nil
        if variant {
            var options = ["phoneFormat", "missingField", "emailCase", "fullNameOnly", "wordOrder"]
            if culture.otherScript && person.given != nil { options += ["otherScript", "otherScript"] }
            if person.given?.nicknames.isEmpty == false { options += ["nickname", "nickname"] }
            if (person.given?.latin.count ?? 0) >= 4 { options += ["typo", "typo"] }
            if (person.family?.latin.count ?? 0) >= 4 { options.append("familyTypo") }
            if person.given != nil { options += ["initial", "sparse"] }
            if person.title != nil { options += ["title", "title"] }
            if person.given != nil && chance(0.3) { options.append("moved") }
            if person.given == nil { options = ["phoneFormat", "organizationCase", "emailCase"] }
            for _ in 0..<(1 + next(2)) {
                let change = pick(options)
                guard !changes.contains(change) else { continue }
                changes.append(change)
                switch change {
                case "phoneFormat": international.toggle()
                case "emailCase": uppercaseEmails = true
                case "fullNameOnly": fullNameOnly.toggle()
                case "wordOrder": swapped = true
                case "organizationCase": organization = organization?.uppercased()
                case "otherScript":
                    native.toggle()
                    given = person.given.map { native ? $0.native : $0.latin }
                    family = person.family.map { native ? $0.native : $0.latin }
                case "nickname":
                    if !native, let nickname = person.given?.nicknames.first { given = nickname }
                case "typo":
                    if let name = given { given = typo(name) }
                case "familyTypo":
                    if let name = family { family = typo(name) }
                case "title": title = title == nil ? person.title : nil
                case "moved": city = pick(culture.cities.filter { $0 != person.city })
                case "sparse":
                    // A card from a source that had little: one own value, no shared ones, no birthday.
                    if ownPhones.count + ownEmails.count >= 1 {
                        if !ownEmails.isEmpty && (ownPhones.isEmpty || chance(0.5)) {
                            ownEmails = [ownEmails[0]]
                            ownPhones = []
                        } else {
                            ownPhones = [ownPhones[0]]
                            ownEmails = []
                        }
                        sharedPhones = []
                        sharedEmails = []
                        birthday = nil
                    }
                case "initial":
                    if let name = person.given?.latin {
                        native = false
                        given = String(name.prefix(1)) + "."
                        family = person.family?.latin
                    }
                default:
                    // Missing fields: this source lacks one kind of own value (never every one),
                    // or the shared lines.
                    if !ownPhones.isEmpty && !ownEmails.isEmpty {
                        if chance(0.5) { ownPhones.removeLast() } else { ownEmails.removeLast() }
                    } else if ownPhones.count + ownEmails.count > 0 && sharedPhones.count + sharedEmails.count > 0 {
                        sharedPhones = []
                        sharedEmails = []
                    }
                }
            }
        }
        var fields: [ContactField] = []
        for line in ownPhones + sharedPhones { fields.append(.phone(line.written(international: international), label: line.label)) }
        for address in ownEmails + sharedEmails {
            fields.append(.email(uppercaseEmails ? address.prefix(1).uppercased() + address.dropFirst() : address,
                                 label: address.hasSuffix("gmail.com") || address.hasSuffix("naver.com") ? .home : .work))
        }
        var contact = Contact(id: ContactID(rawValue: "hb\(seedTag)-\(nextCardNumber())"), organization: organization,
                              jobTitle: person.jobTitle, fields: fields)
        if swapped { swap(&given, &family) }
        if fullNameOnly, given != nil || family != nil {
            let cjk = native && ["KR", "CN"].contains(culture.code)
            let parts = (culture.familyFirst != swapped ? [family, given] : [given, family]).compactMap { $0 }
            contact.formattedName = ([title] + parts).compactMap { $0 }.joined(separator: cjk ? "" : " ")
        } else {
            contact.givenName = given
            contact.familyName = family
            contact.namePrefix = title
        }
        if chance(0.7) {
            contact.postalAddresses = [PostalAddress(label: person.organization == nil ? .home : .work, city: city,
                                                     isoCountryCode: culture.code)]
        }
        contact.birthday = birthday
        contact.customProperties[HardDuplicateBook.personKey] = .string(person.id)
        contact.customProperties[HardDuplicateBook.patternKey] = .string(person.pattern)
        if !changes.isEmpty { contact.customProperties["ohana.generator.variant"] = .strings(changes) }
        return contact
    }

    /// The way people mistype a name, in any script: two letters swapped (the last two too:
    /// `Rachle`), one dropped, doubled or hit on a neighbouring key; short names only get swaps.
    mutating func typo(_ name: String) -> String {
        var letters = Array(name)
        guard letters.count >= 4 else { return name }
        let k = 1 + next(letters.count - 2)
        let kind = letters.count < 5 ? 0 : next(5)
        switch kind {
        case 0 where k + 1 < letters.count: letters.swapAt(k, k + 1)
        case 0, 1: letters.swapAt(letters.count - 2, letters.count - 1)
        case 2 where k + 1 < letters.count: letters.remove(at: k)
        case 3 where k + 1 < letters.count: letters.insert(letters[k], at: k)
        default:
            let neighbours: [Character: Character] = ["a": "s", "e": "r", "i": "o", "o": "i", "n": "m", "m": "n", "r": "t",
                                                      "t": "r", "s": "a", "l": "k", "u": "y", "y": "u", "d": "s", "h": "j"]
            let at = min(k, letters.count - 2)
            letters[at] = neighbours[letters[at]] ?? letters[at]
        }
        return String(letters)
    }
}
