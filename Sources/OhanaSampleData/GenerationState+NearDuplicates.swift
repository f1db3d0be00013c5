import Foundation
import Ohana

// Near-duplicates: the same person written again with realistic changes.
extension GenerationState {
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
        if recordsTruth {
            contact.customProperties[ContactGenerator.personKey] = .string(person.id)
            contact.customProperties[ContactGenerator.variantKey] = .strings(changes.map(\.rawValue))
        }
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
        if recordsTruth {
            contact.customProperties[ContactGenerator.personKey] = .string(p.id)
            contact.customProperties[ContactGenerator.variantKey] = .strings([Change.simCard.rawValue])
        }
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
