import Foundation

extension Contact {
    /// The contact with `edit` applied: the parts it sets or clears, the values it adds, removes or
    /// replaces; everything else exactly as it was. Throws ``ContactEditError`` (and changes
    /// nothing) when a value to remove or replace is not on the contact, or is ambiguous.
    ///
    /// A value to remove or replace is found by its text as written; failing that, a phone number
    /// by its digits (`+1 415 555 0100` finds `(415) 555-0100` only when no other number has the
    /// same digits) and an email address or URL ignoring case. When a name part changes and the
    /// full name as written (``formattedName``) was the one composed from the old parts, it is
    /// composed again from the new ones; a full name written otherwise stays as it was (set it
    /// with ``ContactEdit/Part/formattedName``).
    public func applying(_ edit: ContactEdit) throws -> Contact {
        var contact = self
        try contact.apply(edit)
        return contact
    }

    /// Applies `edit` in place (see ``applying(_:)``); on error the contact is unchanged.
    public mutating func apply(_ edit: ContactEdit) throws {
        var contact = self
        let composedBefore = composedName
        for (part, text) in edit.parts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let trimmed = text.trimmingWhitespace()
            contact[editing: part] = trimmed.isEmpty ? nil : (part == .note ? text : trimmed)
        }
        let namesChanged = edit.parts.keys.contains { $0.isNamePart } && contact.composedName != composedBefore
        if namesChanged {
            // The ordered name components (RFC 9554) spoke for the old parts.
            contact.nameComponents = []
            if edit.parts[.formattedName] == nil, let written = formattedName,
               written.trimmingWhitespace() == composedBefore {
                let composed = contact.composedName
                contact.formattedName = composed.isEmpty ? nil : composed
            }
        }
        for replacement in edit.replacements {
            let index = try contact.fieldIndices(matching: replacement.old, type: replacement.type)
            guard !replacement.new.isBlank else { throw ContactEditError.emptyValue(replacement.type) }
            for i in index {
                contact.fields[i].value = replacement.new.trimmingWhitespace()
                contact.fields[i].phoneNumber = nil
                if let label = replacement.label { contact.fields[i].label = label }
            }
        }
        for removal in edit.removals {
            let indices = Set(try contact.fieldIndices(matching: removal.value, type: removal.type))
            contact.fields = contact.fields.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        }
        for var field in edit.additions {
            field.value = field.value.trimmingWhitespace()
            guard !field.value.isEmpty else { throw ContactEditError.emptyValue(field.type) }
            // After the last value of the same kind, so the kinds stay together as written.
            let end = contact.fields.lastIndex { $0.type == field.type }.map { $0 + 1 } ?? contact.fields.endIndex
            contact.fields.insert(field, at: end)
        }
        for text in edit.removedAddresses {
            let wanted = Self.editFolded(text)
            let before = contact.postalAddresses.count
            contact.postalAddresses.removeAll { Self.editFolded($0.oneLine) == wanted }
            if contact.postalAddresses.count == before { throw ContactEditError.noSuchAddress(text) }
        }
        contact.postalAddresses += edit.addedAddresses.filter { !$0.oneLine.isEmpty }
        for tag in edit.removedTags {
            contact.tags.removeAll { $0.caseInsensitiveCompare(tag.trimmingWhitespace()) == .orderedSame }
        }
        for tag in edit.addedTags.map({ $0.trimmingWhitespace() }) where !tag.isEmpty {
            if !contact.tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { contact.tags.append(tag) }
        }
        self = contact
    }

    /// A single-valued part an edit sets, by name (``ContactEdit/Part``).
    public subscript(editing part: ContactEdit.Part) -> String? {
        get {
            switch part {
            case .namePrefix: namePrefix
            case .givenName: givenName
            case .middleName: middleName
            case .familyName: familyName
            case .nameSuffix: nameSuffix
            case .nickname: nickname
            case .formattedName: formattedName
            case .organization: organization
            case .department: department
            case .jobTitle: jobTitle
            case .note: note
            }
        }
        set {
            switch part {
            case .namePrefix: namePrefix = newValue
            case .givenName: givenName = newValue
            case .middleName: middleName = newValue
            case .familyName: familyName = newValue
            case .nameSuffix: nameSuffix = newValue
            case .nickname: nickname = newValue
            case .formattedName: formattedName = newValue
            case .organization: organization = newValue
            case .department: department = newValue
            case .jobTitle: jobTitle = newValue
            case .note: note = newValue
            }
        }
    }

    /// The indices of the fields of `type` that `text` names: those written exactly so; failing
    /// that, those equal ignoring case (or, for a phone number, with the same digits), when they all
    /// hold one value.
    func fieldIndices(matching text: String, type: ContactFieldType) throws -> [Int] {
        let wanted = text.trimmingWhitespace()
        let candidates = fields.indices.filter { fields[$0].type == type }
        let exact = candidates.filter { fields[$0].value.trimmingWhitespace() == wanted }
        if !exact.isEmpty { return exact }
        let key: (String) -> String = type == .phoneNumber
            ? { String($0.unicodeScalars.filter { CharacterSet.decimalDigits.contains($0) }.map(Character.init)) }
            : { $0.trimmingWhitespace().lowercased() }
        let wantedKey = key(wanted)
        guard !wantedKey.isEmpty else { throw ContactEditError.noSuchValue(type, text) }
        var loose = candidates.filter { key(fields[$0].value) == wantedKey }
        if loose.isEmpty, type == .phoneNumber {
            // `+49 30 1234567` for `030 1234567` resolved to that number.
            loose = candidates.filter { fields[$0].phoneNumber?.e164.map(key) == wantedKey }
        }
        guard !loose.isEmpty else { throw ContactEditError.noSuchValue(type, text) }
        let values = Set(loose.map { fields[$0].value })
        guard values.count == 1 else {
            throw ContactEditError.ambiguousValue(type, text, matches: loose.map { fields[$0].value })
        }
        return loose
    }

    /// Text folded for matching an address by its one-line form: case and runs of spaces ignored.
    static func editFolded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).joined(separator: " ")
    }
}

extension PostalAddress {
    /// The address in one line, its parts separated by commas: street lines, extended address,
    /// PO box, city, region, postal code, country. How ``ContactEdit`` names an address to remove.
    public var oneLine: String {
        (street + [extendedAddress, poBox, city, region, postalCode, country].compactMap { $0 })
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
    }
}
