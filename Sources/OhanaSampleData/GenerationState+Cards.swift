import Foundation
import Ohana

// Writing a generated person as a contact.
extension GenerationState {
    mutating func primaryContact(of person: Person) -> Contact {
        var contact = card(of: person, nameStyle: .native, provider: person.provider)
        if recordsTruth { contact.customProperties[ContactGenerator.personKey] = .string(person.id) }
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
        // Sized once: appended one by one, a card's fields would keep up to twice the room they need,
        // which a million-card book holds on to.
        var fields: [ContactField] = []
        fields.reserveCapacity(person.phones.count + person.emails.count + person.urls.count + person.instantMessages.count)
        for phone in person.phones {
            let pc = cultures[phone.culture]
            fields.append(.phone(phone.written(culture: pc, template: phone.template), label: phone.label))
        }
        for email in person.emails { fields.append(.email(email.address, label: email.label)) }
        for url in person.urls { fields.append(.url(url, label: .home)) }
        for im in person.instantMessages {
            fields.append(ContactField(type: .instantMessage, label: ContactFieldLabel(rawValue: im.service), value: im.handle))
        }
        contact.fields = fields
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
}
