import Foundation
import Ohana
import OhanaPhoneNumbers

/// The comparable values of one contact, as written and normalised: its name forms, phone
/// numbers, email addresses and organization.
struct ContactKeys {
    /// The name as shown in explanations (folded words in written order).
    var displayName: String = ""
    /// Normalised name forms; two contacts have the same name when these intersect.
    var nameForms: [String] = []
    /// Name forms before nicknames were replaced (to tell "nickname" from "same name").
    var literalNameForms: [String] = []
    /// Phone numbers: written text, E.164 (when parsed) and the blocking key (trailing digits).
    var phones: [PhoneKey] = []
    /// Email addresses: written text and normalised form.
    var emails: [(written: String, normalized: String)] = []
    /// The folded organization, if any.
    var organization: String?
    /// Whether the card names no person, only an organization.
    var isOrganizationOnly = false
    /// The folded words of the person's name (none for an organization card), for name frequencies.
    var nameWords: [String] = []
    /// A hash of everything the card holds (names, organization, fields, addresses, birthday),
    /// equal for identical cards; 0 for a card with no name or nothing besides it.
    var fingerprint: UInt64 = 0
}

/// ``KeyExtractor/fieldTypeSeed(_:)``'s values.
private enum FieldTypeSeeds {
    static let phoneNumber = stableHash(ContactFieldType.phoneNumber.rawValue)
    static let emailAddress = stableHash(ContactFieldType.emailAddress.rawValue)
    static let url = stableHash(ContactFieldType.url.rawValue)
    static let instantMessage = stableHash(ContactFieldType.instantMessage.rawValue)
    static let other = stableHash(ContactFieldType.other.rawValue)
}

/// One phone number of a contact, as compared: cheap keys for every number, E.164 where parsed.
struct PhoneKey {
    /// The index of the field in `Contact.fields`.
    var fieldIndex: Int
    /// The number as written.
    var written: String
    /// Its ASCII digits as written (extension included).
    var digits: String
    /// What to hand the resolver: the text as written, whose grouping is evidence of its region
    /// (the shim itself reads a plainly written number from its digits, as fast).
    var parseInput: String
    /// Its E.164 form: set when the number was parsed and is valid; `nil` when unparsed or invalid.
    var e164: String?
    /// Whether libphonenumber has read it (so a `nil` ``e164`` means "not a valid number").
    var isParsed: Bool
    /// The blocking key: the last ``DuplicateRules/matchingTrailingDigits`` digits of its E.164
    /// form when parsed (else of its digits), or all of them when that setting is 0.
    var trailing: String
    /// Whether its field is labeled mobile (evidence the resolver weighs).
    var labeledMobile = false
}

/// Extracts ``ContactKeys`` under a set of rules; keeps caches of folded words.
///
/// Phone numbers are parsed with libphonenumber (the costly part) only when cheap keys cannot
/// stand in for E.164: see ``phones(of:parsingAll:)``.
struct KeyExtractor {
    let rules: DuplicateRules
    /// Transliterations of non-ASCII text.
    var cache: [String: String] = [:]
    /// Folded words of text seen before (names repeat).
    var wordCache: [String: [String]] = [:]
    /// Whether every phone number is parsed (else only those cheap keys cannot stand in for).
    var parsesAllPhones: Bool
    /// The one phone resolution, with its cache of parses.
    var phoneResolver = PhoneNumberResolver(formats: .e164)

    init(rules: DuplicateRules, parsesAllPhones: Bool = false) {
        self.rules = rules
        self.parsesAllPhones = parsesAllPhones || rules.matchingTrailingDigits == 0
    }

    /// The keys of `contact`; its ``ContactKeys/fingerprint`` only when `fingerprinting` (0 otherwise).
    /// The words a contact is named by, for keys: given and family name (each a part), else the
    /// full name as written without titles, else the middle name, else (an organization's card)
    /// the organization's words; and the organization's words.
    mutating func nameWords(of contact: Contact)
        -> (words: [String], parts: [[String]], organization: [String], isOrganizationOnly: Bool) {
        withUnsafePointer(to: contact) { nameWords(at: $0) }
    }

    /// ``nameWords(of:)`` of the contact at `contact`, read in place (not copied).
    mutating func nameWords(at contact: UnsafePointer<Contact>)
        -> (words: [String], parts: [[String]], organization: [String], isOrganizationOnly: Bool) {
        let given = words(contact.pointee.givenName)
        let family = words(contact.pointee.familyName)
        var personWords = given + family
        var parts: [[String]] = [given, family].filter { !$0.isEmpty }
        if personWords.isEmpty {
            personWords = NameTitles.strip(words(contact.pointee.formattedName))
            parts = personWords.isEmpty ? [] : [personWords]
        }
        if personWords.isEmpty && contact.pointee.middleName != nil {
            personWords = words(contact.pointee.middleName)
            parts = [personWords]
        }
        let orgWords = words(contact.pointee.organization)
        if personWords.isEmpty, !orgWords.isEmpty { return (orgWords, [orgWords], orgWords, true) }
        return (personWords, parts, orgWords, false)
    }

    mutating func keys(of contact: Contact, fingerprinting: Bool = true) -> ContactKeys {
        withUnsafePointer(to: contact) { keys(at: $0, fingerprinting: fingerprinting) }
    }

    /// ``keys(of:fingerprinting:)`` of the contact at `contact`, read in place (not copied).
    mutating func keys(at contact: UnsafePointer<Contact>, fingerprinting: Bool = true) -> ContactKeys {
        var keys = ContactKeys()
        let (personWords, parts, orgWords, isOrganizationOnly) = nameWords(at: contact)
        if !orgWords.isEmpty { keys.organization = orgWords.joined(separator: " ") }
        keys.isOrganizationOnly = isOrganizationOnly
        if !personWords.isEmpty {
            keys.displayName = personWords.joined(separator: " ")
            keys.literalNameForms = nameForms(words: personWords, parts: parts, orgOnly: keys.isOrganizationOnly)
            if keys.isOrganizationOnly {
                keys.nameForms = keys.literalNameForms
            } else {
                let hasNickname = personWords.contains { rules.nicknames.isNickname($0) }
                keys.nameForms = hasNickname ? canonicalNameForms(words: personWords, parts: parts) : keys.literalNameForms
            }
        }

        if !keys.isOrganizationOnly { keys.nameWords = personWords }
        keys.phones = phones(at: contact)
        // Fields are read in place: copying one costs a retain per value it holds.
        let fields = contact.pointee.fields
        for index in fields.indices where fields[index].type == .emailAddress {
            let value = fields[index].value
            let normalized = normalizeEmail(value)
            guard normalized.utf8.contains(UInt8(ascii: "@")) else { continue }
            keys.emails.append((value, normalized))
        }
        if fingerprinting { keys.fingerprint = fingerprint(of: contact.pointee, keys) }
        return keys
    }

    /// A hash seed per field type, so that one value in two kinds of field hashes apart: the hash
    /// of its raw value (by a switch: a dictionary lookup per field cost a hash of the type).
    static func fieldTypeSeed(_ type: ContactFieldType) -> UInt64 {
        switch type {
        case .phoneNumber: FieldTypeSeeds.phoneNumber
        case .emailAddress: FieldTypeSeeds.emailAddress
        case .url: FieldTypeSeeds.url
        case .instantMessage: FieldTypeSeeds.instantMessage
        case .other: FieldTypeSeeds.other
        }
    }

    /// A hash of what a card holds, the order of its fields aside: folded names and organization,
    /// job title, each field's type and value (phones by digits, emails normalised), addresses,
    /// the name's prefix and suffix, nickname, department, note and birthday; 0 without a name or
    /// without anything else.
    func fingerprint(of contact: Contact, _ keys: ContactKeys) -> UInt64 {
        guard !keys.displayName.isEmpty, !contact.fields.isEmpty || !contact.postalAddresses.isEmpty else { return 0 }
        // Phones by the digits and emails by the normal form the keys hold (others as written).
        var content: UInt64 = 0
        var phoneIndex = 0
        var emailIndex = 0
        for (index, field) in contact.fields.enumerated() {
            var value = field.value
            switch field.type {
            case .phoneNumber:
                if phoneIndex < keys.phones.count && keys.phones[phoneIndex].fieldIndex == index {
                    value = keys.phones[phoneIndex].digits
                    phoneIndex += 1
                }
            case .emailAddress:
                if emailIndex < keys.emails.count && keys.emails[emailIndex].written == field.value {
                    value = keys.emails[emailIndex].normalized
                    emailIndex += 1
                }
            default: break
            }
            content &+= stableHash(value, seed: Self.fieldTypeSeed(field.type))
        }
        for address in contact.postalAddresses { content &+= Self.fingerprint(of: address) }
        var hash = stableHash(keys.literalNameForms.first ?? "", seed: content)
        hash = stableHash(keys.organization ?? "", seed: hash)
        hash = stableHash(contact.jobTitle ?? "", seed: hash)
        hash = stableHash(contact.middleName ?? "", seed: hash)
        hash = withUnsafePointer(to: contact) { pointer in
            Self.fingerprint(ofDetailsOf: pointer, generation: keys.isOrganizationOnly ? 0 : NameGeneration.of(pointer), seed: hash)
        }
        // The birthday by its numbers: its description is a formatted string, slow to make per card.
        guard let birthday = contact.birthday else { return stableHash("", seed: hash) }
        return stableHash(numbers: [birthday.year ?? -1, birthday.month, birthday.day], seed: stableHash("bday", seed: hash))
    }

    /// The phone numbers of a contact worth matching on (6 to 15 digits), with their keys.
    ///
    /// Parsing costs far more than everything else in duplicate detection, so a number is parsed
    /// only when its digits cannot stand in for its E.164 form: when it has letters or extension
    /// marks, when it has no more digits than the blocking key takes (so that the key would hold
    /// a country code or trunk prefix written or left out), or when ``parsesAllPhones`` asks for
    /// it. For other numbers the last digits as written are the last digits of the E.164 form (national numbers have at least as many digits as the key takes,
    /// ``DuplicateRules/matchingTrailingDigits``, 8 by default), so blocking needs no parse.
    mutating func phones(of contact: Contact) -> [PhoneKey] {
        withUnsafePointer(to: contact) { phones(at: $0) }
    }

    /// ``phones(of:)`` of the contact at `contact`, read in place (not copied).
    mutating func phones(at contact: UnsafePointer<Contact>) -> [PhoneKey] {
        var evidence: PhoneRegionEvidence?
        return phones(at: contact, evidence: &evidence)
    }

    /// ``phones(at:)``, handing back the contact's region evidence when it was gathered (to parse
    /// a number), so that a caller that needs it again (the merge) gathers it once per contact.
    mutating func phones(at contact: UnsafePointer<Contact>, evidence: inout PhoneRegionEvidence?) -> [PhoneKey] {
        var result: [PhoneKey] = []
        let count = rules.matchingTrailingDigits
        let fields = contact.pointee.fields
        for index in fields.indices where fields[index].type == .phoneNumber {
            let value = fields[index].value
            let (digits, isPlain, _) = PhoneDigits.scan(value)
            // Fewer than 6 digits is no number to match on; more than 15 is no E.164 number.
            guard (6...15).contains(digits.count) else { continue }
            let input = value
            var key = PhoneKey(
                fieldIndex: index, written: value, digits: digits, parseInput: input, e164: nil, isParsed: false, trailing: digits,
                labeledMobile: fields[index].isLabeledMobile)
            if let known = Self.resolvedE164(of: fields[index]) {
                // Resolved earlier (the phone formatting post processor): unresolved numbers compare by digits.
                key.e164 = known
                key.isParsed = true
            } else if parsesAllPhones || !isPlain || digits.count <= count {
                if evidence == nil { evidence = phoneEvidence(of: contact.pointee) }
                key.e164 = e164(input, evidence: evidence!, labeledMobile: key.labeledMobile)
                key.isParsed = true
            }
            let source = key.e164.map { String($0.dropFirst()) } ?? digits
            key.trailing = count > 0 ? String(source.suffix(count)) : source
            result.append(key)
        }
        return result
    }

    /// Parses a number not parsed yet; returns its E.164 form, if valid.
    mutating func parse(_ key: PhoneKey, of contact: Contact) -> String? {
        if key.isParsed { return key.e164 }
        return e164(key.parseInput, evidence: phoneEvidence(of: contact), labeledMobile: key.labeledMobile)
    }

    /// ``parse(_:of:)`` for the contact at `contact`, read only when the number needs parsing.
    mutating func parse(_ key: PhoneKey, at contact: UnsafePointer<Contact>) -> String? {
        if key.isParsed { return key.e164 }
        return e164(key.parseInput, evidence: phoneEvidence(of: contact.pointee), labeledMobile: key.labeledMobile)
    }

    /// The E.164 form of one of a contact's phone fields under ``PhoneNumberResolver``'s one
    /// resolution (as resolved earlier when it was), or `nil` when it is unresolved or junk.
    mutating func e164(of field: ContactField, in contact: Contact) -> String? {
        if let known = Self.resolvedE164(of: field) { return known }
        return e164(field.value.trimmingWhitespace(), evidence: phoneEvidence(of: contact), labeledMobile: field.isLabeledMobile)
    }

    /// What a phone field's details from the phone formatting post processor say, when they say
    /// it: its E.164 form, `nil` inside when it is unresolved or junk; `nil` when they do not
    /// say (no details, details from before resolution was recorded, or no E.164 form computed).
    static func resolvedE164(of field: ContactField) -> String?? {
        guard let details = field.phoneNumber, let status = details.status else { return nil }
        if status != .resolved { return .some(nil) }
        return details.e164.map { .some($0) }
    }

    /// The E.164 form of a number with its contact's evidence, `nil` when unresolved or junk.
    mutating func e164(_ text: String, evidence: PhoneRegionEvidence, labeledMobile: Bool = false) -> String? {
        phoneResolver.resolve(text, evidence: evidence, labeledMobile: labeledMobile).e164
    }

    mutating func words(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        if let cached = wordCache[text] { return cached }
        let folded = NameFolding.words(text, cache: &cache)
        if wordCache.count < 200_000 { wordCache[text] = folded }
        return folded
    }

    /// Forms of a name: its sorted words, and its parts run together in both orders (so that
    /// `Wang Xiaoming` meets `王小明`, read as `wang xiao ming`).
    func nameForms(words: [String], parts: [[String]], orgOnly: Bool) -> [String] {
        var forms: [String] = []
        forms.reserveCapacity(3)
        let prefix = orgOnly ? "o:" : "p:"
        forms.append(prefix + words.sorted().joined(separator: " "))
        let joined = parts.map { $0.joined() }
        if joined.count == 2 {
            forms.append(prefix + joined[0] + joined[1])
            forms.append(prefix + joined[1] + joined[0])
        } else {
            forms.append(prefix + joined.joined())
        }
        var unique: [String] = []
        for form in forms where !unique.contains(form) { unique.append(form) }
        return unique
    }

    /// Name forms with every nickname replaced by the full names it stands for (at most 8 forms).
    func canonicalNameForms(words: [String], parts: [[String]]) -> [String] {
        var variants: [[[String]]] = [parts]
        for (p, part) in parts.enumerated() {
            for (w, word) in part.enumerated() {
                let full = rules.nicknames.fullNames(for: word)
                if full.count == 1 && full[0] == word { continue }
                var next: [[[String]]] = []
                for variant in variants {
                    for name in full where next.count < 8 {
                        var changed = variant
                        changed[p][w] = name
                        next.append(changed)
                    }
                }
                variants = next
            }
        }
        var forms: [String] = []
        for variant in variants {
            for form in nameForms(words: variant.flatMap { $0 }, parts: variant, orgOnly: false) where !forms.contains(form) {
                forms.append(form)
            }
        }
        return forms
    }

    /// The evidence for a contact's national numbers (``PhoneNumberResolver``'s): its address,
    /// other numbers, email domain, then the default region (only the default unless
    /// ``DuplicateRules/usesContactRegion``).
    mutating func phoneEvidence(of contact: Contact) -> PhoneRegionEvidence {
        let use = rules.usesContactRegion
        return phoneResolver.evidence(
            for: contact, defaultRegion: rules.defaultRegion, usesAddress: use, usesOtherNumbers: use, usesEmailDomain: use)
    }

    func normalizeEmail(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return normalizeEmail(unicode: text) }
        // ASCII (nearly every address): trimmed, lower-cased and rewritten by bytes, not through Foundation.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var bytes = Array(text.utf8)
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        var start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) { bytes[index] += 32 }
        if bytes[start...].starts(with: "mailto:".utf8) { start += 7 }
        guard rules.appliesMailProviderRules, let at = bytes[start...].lastIndex(of: UInt8(ascii: "@")) else {
            return String(decoding: bytes[start...], as: UTF8.self)
        }
        let domain = bytes[(at + 1)...]
        guard domain.elementsEqual("gmail.com".utf8) || domain.elementsEqual("googlemail.com".utf8) else {
            return String(decoding: bytes[start...], as: UTF8.self)
        }
        // Gmail ignores dots and anything from a "+" in the local part; googlemail.com is gmail.com.
        var local = bytes[start..<at].prefix { $0 != UInt8(ascii: "+") }.filter { $0 != UInt8(ascii: ".") }
        local.append(contentsOf: "@gmail.com".utf8)
        return String(decoding: local, as: UTF8.self)
    }

    /// ``normalizeEmail(_:)`` for addresses with non-ASCII characters.
    private func normalizeEmail(unicode text: String) -> String {
        var address = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if address.hasPrefix("mailto:") { address.removeFirst(7) }
        guard rules.appliesMailProviderRules, let at = address.lastIndex(of: "@") else { return address }
        var local = String(address[..<at])
        var domain = String(address[address.index(after: at)...])
        if domain == "googlemail.com" { domain = "gmail.com" }
        if domain == "gmail.com" {
            if let plus = local.firstIndex(of: "+") { local = String(local[..<plus]) }
            local.removeAll { $0 == "." }
        }
        return local + "@" + domain
    }
}
