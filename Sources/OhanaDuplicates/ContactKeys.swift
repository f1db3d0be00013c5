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
    /// Phone numbers: written text, E.164 (when parsed) and trailing digits.
    var phones: [(written: String, e164: String?, trailing: String)] = []
    /// Email addresses: written text and normalised form.
    var emails: [(written: String, normalized: String)] = []
    /// The folded organization, if any.
    var organization: String?
    /// Whether the card names no person, only an organization.
    var isOrganizationOnly = false
}

/// Extracts ``ContactKeys`` under a set of rules; keeps a transliteration cache.
struct KeyExtractor {
    let rules: DuplicateRules
    var cache: [String: String] = [:]

    init(rules: DuplicateRules) { self.rules = rules }

    mutating func keys(of contact: Contact) -> ContactKeys {
        var keys = ContactKeys()
        let given = words(contact.givenName)
        let family = words(contact.familyName)
        var personWords = given + family
        var parts: [[String]] = [given, family].filter { !$0.isEmpty }
        if personWords.isEmpty {
            personWords = words(contact.formattedName)
            parts = personWords.isEmpty ? [] : [personWords]
        }
        if personWords.isEmpty && contact.middleName != nil {
            personWords = words(contact.middleName)
            parts = [personWords]
        }
        let orgWords = words(contact.organization)
        if !orgWords.isEmpty { keys.organization = orgWords.joined(separator: " ") }
        if personWords.isEmpty, !orgWords.isEmpty {
            keys.isOrganizationOnly = true
            personWords = orgWords
            parts = [orgWords]
        }
        if !personWords.isEmpty {
            keys.displayName = personWords.joined(separator: " ")
            keys.literalNameForms = nameForms(words: personWords, parts: parts, orgOnly: keys.isOrganizationOnly)
            if keys.isOrganizationOnly {
                keys.nameForms = keys.literalNameForms
            } else {
                keys.nameForms = canonicalNameForms(words: personWords, parts: parts)
            }
        }

        let region = rules.usesContactRegion ? self.region(of: contact) : rules.defaultRegion
        for field in contact.fields {
            switch field.type {
            case .phoneNumber:
                // Fewer than 6 digits is no number to match on; more than 15 is no E.164 number.
                let digits = field.value.filter { $0.isASCII && $0.isNumber }
                guard (6...15).contains(digits.count) else { continue }
                let e164 = PhoneNumberUtility.shared.e164(field.value, defaultRegion: region)
                let source = e164.map { String($0.dropFirst()) } ?? digits
                let trailing = rules.matchingTrailingDigits > 0 ? String(source.suffix(rules.matchingTrailingDigits)) : source
                keys.phones.append((field.value, e164, trailing))
            case .emailAddress:
                let normalized = normalizeEmail(field.value)
                guard normalized.contains("@") else { continue }
                keys.emails.append((field.value, normalized))
            default:
                continue
            }
        }
        return keys
    }

    mutating func words(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return NameFolding.words(text, cache: &cache)
    }

    /// Forms of a name: its sorted words, and its parts run together in both orders (so that
    /// `Wang Xiaoming` meets `王小明`, read as `wang xiao ming`).
    func nameForms(words: [String], parts: [[String]], orgOnly: Bool) -> [String] {
        var forms: [String] = []
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

    /// The region for a contact's national numbers: its address's country, else the region of its
    /// first internationally written number, else the default.
    func region(of contact: Contact) -> String {
        let ordered = contact.postalAddresses.filter(\.isPreferred) + contact.postalAddresses.filter { !$0.isPreferred }
        for address in ordered {
            if let code = address.isoCountryCode, let region = RegionCodes.region(forCountry: code) { return region }
            if let name = address.country, let region = RegionCodes.region(forCountry: name) { return region }
        }
        for field in contact.fields where field.type == .phoneNumber {
            let trimmed = field.value.drop { $0 == " " }
            guard trimmed.hasPrefix("+") || trimmed.hasPrefix("00") else { continue }
            if let number = try? PhoneNumberUtility.shared.parse(field.value, defaultRegion: rules.defaultRegion),
               let region = number.regionCode, region != "001", region != "ZZ" {
                return region
            }
        }
        return rules.defaultRegion
    }

    func normalizeEmail(_ text: String) -> String {
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

/// A 64-bit FNV-1a hash: the same on every platform and run (unlike `Hasher`).
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash == 0 ? 1 : hash
}
