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
        if variant {
            var options = ["phoneFormat", "missingField", "emailCase", "fullNameOnly", "wordOrder"]
            if culture.otherScript && person.given != nil { options += ["otherScript", "otherScript"] }
            if person.given?.nicknames.isEmpty == false { options += ["nickname", "nickname"] }
            if (person.given?.latin.count ?? 0) >= 5 { options.append("typo") }
            if person.given != nil { options.append("initial") }
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
                    if !native, let name = given { given = typo(name) }
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
            contact.formattedName = parts.joined(separator: cjk ? "" : " ")
        } else {
            contact.givenName = given
            contact.familyName = family
        }
        if chance(0.7) {
            contact.postalAddresses = [PostalAddress(label: person.organization == nil ? .home : .work, city: person.city,
                                                     isoCountryCode: culture.code)]
        }
        contact.customProperties[HardDuplicateBook.personKey] = .string(person.id)
        contact.customProperties[HardDuplicateBook.patternKey] = .string(person.pattern)
        if !changes.isEmpty { contact.customProperties["ohana.generator.variant"] = .strings(changes) }
        return contact
    }

    /// The way people mistype a name: two letters swapped, one dropped or one doubled.
    mutating func typo(_ name: String) -> String {
        var letters = Array(name)
        guard letters.count >= 5 else { return name }
        let k = 1 + next(letters.count - 3)
        switch next(3) {
        case 0: letters.swapAt(k, k + 1)
        case 1: letters.remove(at: k)
        default: letters.insert(letters[k], at: k)
        }
        return String(letters)
    }
}
