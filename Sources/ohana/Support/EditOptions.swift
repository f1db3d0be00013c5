import ArgumentParser
import Foundation
import Ohana

/// The flags of `ohana add` and `ohana edit`, read into one ``ContactEdit`` (the library applies it).
struct EditOptions: ParsableArguments {
    @Option(name: .long, help: "Set the given (first) name; an empty value clears it.") var givenName: String?
    @Option(name: .long, help: "Set the family (last) name.") var familyName: String?
    @Option(name: .long, help: "Set the middle name.") var middleName: String?
    @Option(name: .long, help: "Set the name prefix (Dr., Prof.).") var namePrefix: String?
    @Option(name: .long, help: "Set the name suffix (Jr., PhD).") var nameSuffix: String?
    @Option(name: .long, help: "Set the nickname.") var nickname: String?
    @Option(name: .long, help: "Set the full name as written (otherwise composed from the name parts).") var formattedName: String?
    @Option(name: .long, help: "Set the organization.") var organization: String?
    @Option(name: .long, help: "Set the department.") var department: String?
    @Option(name: .long, help: "Set the job title.") var jobTitle: String?
    @Option(name: .long, help: "Set the note; an empty value clears it.") var note: String?

    @Option(name: .long, help: ArgumentHelp("Add a phone number, with an optional label after a colon (home, work, mobile…).", valueName: "number[:label]"))
    var addPhone: [String] = []
    @Option(name: .long, help: ArgumentHelp("Remove a phone number, as written or with the same digits.", valueName: "number"))
    var removePhone: [String] = []
    @Option(name: .long, help: ArgumentHelp("Replace a phone number, keeping its label and place.", valueName: "old=new"))
    var replacePhone: [String] = []
    @Option(name: .long, help: ArgumentHelp("Add an email address, with an optional label after a colon.", valueName: "address[:label]"))
    var addEmail: [String] = []
    @Option(name: .long, help: ArgumentHelp("Remove an email address (case ignored).", valueName: "address"))
    var removeEmail: [String] = []
    @Option(name: .long, help: ArgumentHelp("Replace an email address, keeping its label and place.", valueName: "old=new"))
    var replaceEmail: [String] = []
    @Option(name: .customLong("add-url"), help: ArgumentHelp("Add a web address.", valueName: "url"))
    var addURL: [String] = []
    @Option(name: .customLong("remove-url"), help: ArgumentHelp("Remove a web address.", valueName: "url"))
    var removeURL: [String] = []
    @Option(name: .long, help: ArgumentHelp("Add a postal address: its parts separated by semicolons, then an optional label after a colon.", valueName: "street;city;region;postal code;country[:label]"))
    var addAddress: [String] = []
    @Option(name: .long, help: ArgumentHelp("Remove a postal address, named by its parts as ohana show prints them (commas between).", valueName: "address"))
    var removeAddress: [String] = []
    @Option(name: .long, help: "Add a tag.") var addTag: [String] = []
    @Option(name: .long, help: "Remove a tag (case ignored).") var removeTag: [String] = []

    /// The edit the flags describe; empty when no flag was given.
    func edit() throws -> ContactEdit {
        var edit = ContactEdit()
        let parts: [(ContactEdit.Part, String?)] = [
            (.givenName, givenName), (.familyName, familyName), (.middleName, middleName), (.namePrefix, namePrefix),
            (.nameSuffix, nameSuffix), (.nickname, nickname), (.formattedName, formattedName),
            (.organization, organization), (.department, department), (.jobTitle, jobTitle), (.note, note),
        ]
        for (part, value) in parts { if let value { edit.parts[part] = value } }
        edit.additions = addPhone.map { Self.labeled($0, type: .phoneNumber) }
            + addEmail.map { Self.labeled($0, type: .emailAddress) }
            + addURL.map { ContactField(type: .url, value: $0) }
        edit.removals = removePhone.map { .init(type: .phoneNumber, value: $0) }
            + removeEmail.map { .init(type: .emailAddress, value: $0) } + removeURL.map { .init(type: .url, value: $0) }
        edit.replacements = try replacePhone.map { try Self.replacement($0, type: .phoneNumber, flag: "--replace-phone") }
            + replaceEmail.map { try Self.replacement($0, type: .emailAddress, flag: "--replace-email") }
        edit.addedAddresses = try addAddress.map(Self.address)
        edit.removedAddresses = removeAddress
        edit.addedTags = addTag
        edit.removedTags = removeTag
        return edit
    }

    /// `value[:label]`: a label is a word (letters, spaces, dashes) after the last colon.
    static func labeled(_ text: String, type: ContactFieldType) -> ContactField {
        var field = ContactField(type: type, value: text)
        if let range = text.range(of: ":", options: .backwards) {
            let label = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let value = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            if !label.isEmpty, !value.isEmpty, label.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }) {
                field = ContactField(type: type, value: value)
                field.label = Self.label(label)
            }
        }
        return field
    }

    /// A standard label whatever its case (`Work` is ``ContactFieldLabel/work``), another as written.
    static func label(_ text: String) -> ContactFieldLabel {
        ContactFieldLabel.standard.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame }
            ?? ContactFieldLabel(rawValue: text)
    }

    static func replacement(_ text: String, type: ContactFieldType, flag: String) throws -> ContactEdit.Replacement {
        guard let equals = text.firstIndex(of: "=") else { throw ValidationError("\(flag) takes OLD=NEW, not '\(text)'") }
        return .init(type: type, old: String(text[..<equals]), new: String(text[text.index(after: equals)...]))
    }

    static func address(_ text: String) throws -> PostalAddress {
        var body = Substring(text)
        var label: ContactFieldLabel?
        if let colon = text.lastIndex(of: ":"), text[text.index(after: colon)...].allSatisfy({ $0.isLetter || $0 == " " }) {
            label = Self.label(text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            body = text[..<colon]
        }
        let parts = body.split(separator: ";", omittingEmptySubsequences: false).map {
            let part = $0.trimmingCharacters(in: .whitespaces)
            return part.isEmpty ? nil : part
        }
        guard parts.count <= 5, parts.contains(where: { $0 != nil }) else {
            throw ValidationError("--add-address takes street;city;region;postal code;country, not '\(text)'")
        }
        func part(_ index: Int) -> String? { index < parts.count ? parts[index] : nil }
        return PostalAddress(label: label, street: part(0).map { [$0] } ?? [], city: part(1), region: part(2),
                             postalCode: part(3), country: part(4))
    }
}
