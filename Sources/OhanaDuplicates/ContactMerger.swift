import Foundation
import Ohana
import OhanaPhoneNumbers

/// Merges the contacts of one cluster into one without losing anything: every distinct value is
/// kept (fields and addresses de-duplicated by normalised value, other labels and spellings noted),
/// the best name wins, and provenance and replaced ids are listed.
struct ContactMerger {
    /// Custom property keys the merger writes.
    enum Key {
        static let otherLabels = "ohana.duplicates.otherLabels"
        static let otherSpellings = "ohana.duplicates.otherSpellings"
        static let otherNames = "ohana.duplicates.otherNames"
        static let alternatePrefix = "ohana.duplicates.alternate."
    }

    let rules: DuplicateRules
    /// Whether a number written with its country code is resolved with its contact's evidence
    /// too, which the resolution does not read: the plain path the default is checked against.
    var resolvesEveryNumberWithEvidence = false

    /// Merges `members` (in input order, at least one); the first member's id is kept.
    ///
    /// `extractor` folds names and reads phone numbers; pass one that lives across merges, so
    /// that its caches spare repeating costly transliterations.
    func merge(_ members: [Contact], extractor: inout KeyExtractor) -> Contact {
        guard members.count > 1 else { return members[0] }
        var merged = members[0]

        // Name: the most complete one; among equals the most common word order, then the first.
        // (Loops below read members in place, by index: copying a contact costs a retain per value.)
        let fullNames = members.map(\.fullName)
        let best = bestNameIndex(members, fullNames: fullNames, extractor: &extractor)
        // (Parts kept in a shared box are set only when they change: a set copies the box.)
        if best != 0 {
            merged.namePrefix = members[best].namePrefix
            merged.givenName = members[best].givenName
            merged.middleName = members[best].middleName
            merged.familyName = members[best].familyName
            merged.nameSuffix = members[best].nameSuffix
            merged.formattedName = members[best].formattedName
        }
        let phoneticGiven = members[best].phoneticGivenName ?? members.lazy.compactMap { $0.phoneticGivenName }.first
        if merged.phoneticGivenName != phoneticGiven { merged.phoneticGivenName = phoneticGiven }
        let phoneticMiddle = members[best].phoneticMiddleName ?? members.lazy.compactMap { $0.phoneticMiddleName }.first
        if merged.phoneticMiddleName != phoneticMiddle { merged.phoneticMiddleName = phoneticMiddle }
        let phoneticFamily = members[best].phoneticFamilyName ?? members.lazy.compactMap { $0.phoneticFamilyName }.first
        if merged.phoneticFamilyName != phoneticFamily { merged.phoneticFamilyName = phoneticFamily }
        let bestName = fullNames[best]
        var otherNames: [String] = []
        for name in fullNames where !name.isEmpty && name != bestName && !otherNames.contains(name) { otherNames.append(name) }
        let nickname = members.lazy.compactMap { $0.nickname }.first
        if merged.nickname != nickname { merged.nickname = nickname }
        if merged.nickname == nil, let bestGiven = members[best].givenName {
            // A shorter given name that is a nickname of the chosen one becomes the nickname.
            let full = Set(extractor.words(bestGiven))
            for m in members.indices {
                guard let given = members[m].givenName, given != bestGiven else { continue }
                let words = extractor.words(given)
                if words.count == 1, rules.nicknames.isNickname(words[0]),
                   !full.isDisjoint(with: rules.nicknames.fullNames(for: words[0])) {
                    merged.nickname = given
                    break
                }
            }
        }
        let customBefore = merged.customProperties
        var custom = customBefore
        if !otherNames.isEmpty { custom[Key.otherNames] = .strings(otherNames) }

        // Scalars: the first non-empty value; other distinct values are kept as alternates.
        merged.organization = scalar(members.map { $0.organization }, "organization", &custom, &extractor)
        let department = scalar(members.map { $0.department }, "department", &custom, &extractor)
        if merged.department != department { merged.department = department }
        merged.jobTitle = scalar(members.map { $0.jobTitle }, "jobTitle", &custom, &extractor)
        let notes = distinct(members.compactMap(\.note).filter { !$0.isEmpty })
        let note = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
        if merged.note != note { merged.note = note }
        let birthday = mergedBirthday(members, &custom)
        if merged.birthday != birthday { merged.birthday = birthday }
        let photos = distinct(members.compactMap(\.photo))
        if merged.photo != photos.first { merged.photo = photos.first }
        for (n, photo) in photos.dropFirst().enumerated() {
            custom[Key.alternatePrefix + "photo.\(n + 1)"] = .data(photo.data)
        }

        // Fields and addresses: de-duplicated by normalised value.
        var fields: [ContactField] = []
        // The kept fields' keys (distinct): a cluster's handful searched in a list, a large group's
        // many through a dictionary.
        var fieldKeys: [String] = []
        var fieldIndex: [String: Int]? = members.reduce(0) { $0 + $1.fields.count } > 32 ? [:] : nil
        // Keys only tell numbers apart: with one number there is nothing to parse.
        let phoneCount = members.reduce(0) { count, member in count + member.fields.count { $0.type == .phoneNumber } }
        var resolutions = ClusterPhoneResolutions(members: phoneCount > 1 ? members.count : 0)
        let phoneKeys = phoneCount > 1 ? self.phoneKeys(members, resolutions: &resolutions, extractor: &extractor) : []
        for m in members.indices {
            // The member's first provenance, read once (the list is made at each read) when a field lacks one.
            var memberProvenance: Provenance??
            for f in members[m].fields.indices {
                var field = members[m].fields[f]
                if field.provenance == nil {
                    if memberProvenance == nil { memberProvenance = .some(members[m].provenance.first) }
                    field.provenance = memberProvenance!
                }
                let phoneKey = phoneCount > 1 ? phoneKeys[m][f] : nil
                let e164 = phoneCount > 1 && phoneKey == nil && field.type == .phoneNumber
                    ? KeyExtractor.resolvedE164(of: field) ?? resolutions.e164(
                        field.value.trimmingWhitespace(), member: m, members[m], labeledMobile: field.isLabeledMobile, extractor: &extractor)
                    : nil
                let key = phoneKey ?? normalizedKey(of: field, e164: e164, extractor: extractor)
                if let existing = fieldIndex.map({ $0[key] }) ?? fieldKeys.firstIndex(of: key) {
                    absorb(field, into: &fields[existing])
                } else {
                    fieldIndex?[key] = fields.count
                    if fieldIndex == nil { fieldKeys.append(key) }
                    fields.append(field)
                }
            }
        }
        merged.fields = fields
        merged.postalAddresses = mergedAddresses(members, extractor: &extractor)

        merged.tags = distinctByWords(members.flatMap(\.tags), extractor: &extractor)

        for m in members.indices.dropFirst() {
            // (Read once: the dictionary is made anew at each read.)
            let properties = members[m].customProperties
            guard !properties.isEmpty else { continue }
            for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                guard let existing = custom[key] else { custom[key] = value; continue }
                guard existing != value else { continue }
                var n = 1
                while let other = custom["\(key).alternate.\(n)"], other != value { n += 1 }
                custom["\(key).alternate.\(n)"] = value
            }
        }
        if custom != customBefore { merged.customProperties = custom }
        let unmapped = distinct(members.flatMap(\.unmappedProperties))
        if merged.unmappedProperties != unmapped { merged.unmappedProperties = unmapped }
        merged.provenance = distinct(members.flatMap(\.provenance))
        merged.mergedContactIDs = distinct(members.dropFirst().map(\.id) + members.flatMap(\.mergedContactIDs))
            .filter { $0 != merged.id }
        return merged
    }

    // MARK: Names

    /// The index of the member whose name the merged contact takes; `fullNames` are the members'.
    func bestNameIndex(_ members: [Contact], fullNames: [String], extractor: inout KeyExtractor) -> Int {
        // Members named alike (near-duplicates mostly are) all score the same: the first wins.
        let first = members[0]
        if members.indices.dropFirst().allSatisfy({ m in
            fullNames[m] == fullNames[0] && members[m].givenName == first.givenName && members[m].familyName == first.familyName
                && members[m].middleName == first.middleName && members[m].namePrefix == first.namePrefix
                && members[m].nameSuffix == first.nameSuffix && members[m].formattedName == first.formattedName
        }) {
            return 0
        }
        var orderVotes: [String: Int] = [:]
        var orders: [String] = []
        for m in members.indices {
            let order = extractor.words(members[m].givenName).joined() + "|" + extractor.words(members[m].familyName).joined()
            orders.append(order)
            orderVotes[order, default: 0] += 1
        }
        var bestIndex = 0
        var bestScore = Int.min
        for index in members.indices {
            var score = 0
            let (given, family) = (members[index].givenName, members[index].familyName)
            if given?.isEmpty == false && family?.isEmpty == false { score += 40 }
            else if given?.isEmpty == false || family?.isEmpty == false { score += 20 }
            else if members[index].formattedName?.isEmpty == false { score += 10 }
            if members[index].namePrefix?.isEmpty == false { score += 3 }
            if members[index].middleName?.isEmpty == false { score += 3 }
            if members[index].nameSuffix?.isEmpty == false { score += 3 }
            if let given {
                let words = extractor.words(given)
                if !words.contains(where: rules.nicknames.isNickname) { score += 6 }
            }
            // Accents and native script carry more than their folded forms.
            if fullNames[index].utf8.contains(where: { $0 >= 0x80 }) { score += 2 }
            score += 4 * orderVotes[orders[index], default: 0]
            if score > bestScore {
                bestScore = score
                bestIndex = index
            }
        }
        return bestIndex
    }

    // MARK: Scalars

    /// The first non-empty of the members' `written` values; the other distinct ones go to `custom`.
    func scalar(_ written: [String?], _ name: String, _ custom: inout [String: CustomValue], _ extractor: inout KeyExtractor) -> String? {
        let values = distinctByWords(written.compactMap { $0?.isEmpty == false ? $0 : nil }, extractor: &extractor)
        if values.count > 1 { custom[Key.alternatePrefix + name] = .strings(Array(values.dropFirst())) }
        return values.first
    }

    func mergedBirthday(_ members: [Contact], _ custom: inout [String: CustomValue]) -> Birthday? {
        let birthdays = distinct(members.compactMap(\.birthday))
        guard var best = birthdays.first else { return nil }
        if best.year == nil, let withYear = birthdays.first(where: { $0.year != nil && $0.month == best.month && $0.day == best.day }) {
            best = withYear
        }
        let others = birthdays.filter { $0 != best && !($0.year == nil && $0.month == best.month && $0.day == best.day) }
        if !others.isEmpty { custom[Key.alternatePrefix + "birthday"] = .strings(others.map(\.description)) }
        return best
    }

    // MARK: Fields

    /// The de-duplication key of a field; `e164` is a phone field's resolved E.164 form, if any.
    ///
    /// A number's key is its E.164 form or its digits, bare (short enough to need no allocation):
    /// every other key holds a colon, so none can be taken for a number's.
    func normalizedKey(of field: ContactField, e164: String?, extractor: KeyExtractor) -> String {
        let value = field.value.trimmingWhitespace()
        switch field.type {
        case .phoneNumber:
            if let e164 { return e164 }
            let digits = value.filter { $0.isASCII && $0.isNumber }
            return digits.count >= 3 ? digits : "tel-text:" + value.lowercased()
        case .emailAddress:
            return "email:" + extractor.normalizeEmail(value)
        case .url:
            var url = value.lowercased()
            while url.hasSuffix("/") { url.removeLast() }
            return "url:" + url
        case .instantMessage, .other:
            return "\(field.type.rawValue):\(field.label?.rawValue.lowercased() ?? ""):" + value.lowercased()
        }
    }

    /// Folds a duplicate field into the kept one: labels and spellings it adds are noted.
    func absorb(_ field: ContactField, into kept: inout ContactField) {
        if kept.label == nil {
            kept.label = field.label
        } else if let label = field.label, label != kept.label {
            append(label.rawValue, to: Key.otherLabels, in: &kept.customProperties)
        }
        if field.value != kept.value { append(field.value, to: Key.otherSpellings, in: &kept.customProperties) }
        kept.isPreferred = kept.isPreferred || field.isPreferred
        if kept.phoneNumber == nil { kept.phoneNumber = field.phoneNumber }
        for parameter in field.parameters where !kept.parameters.contains(parameter) { kept.parameters.append(parameter) }
        for (key, value) in field.customProperties where kept.customProperties[key] == nil { kept.customProperties[key] = value }
        if kept.group == nil { kept.group = field.group }
    }

    private func append(_ value: String, to key: String, in properties: inout [String: CustomValue]) {
        var list: [String] = []
        if case .strings(let existing) = properties[key] { list = existing }
        if !list.contains(value) { list.append(value) }
        properties[key] = .strings(list)
    }

    // MARK: Addresses

    /// The members' non-empty addresses de-duplicated by normalised value, in order; a duplicate
    /// fills the parts the kept one lacks. Addresses written alike share their key: words are
    /// folded only for an address written unlike every one before it.
    func mergedAddresses(_ members: [Contact], extractor: inout KeyExtractor) -> [PostalAddress] {
        let count = members.reduce(0) { $0 + $1.postalAddresses.count }
        // With one address there is nothing to compare; a group kept together by the user may
        // have many, found through a dictionary of keys.
        if count > 32 { return mergedAddressesByKey(members, extractor: &extractor) }
        var addresses: [PostalAddress] = []
        // Per address kept: its key, once folded (the keys of the kept addresses are distinct).
        var keys: [String?] = []
        // Each address seen, by the parts its key reads, and the kept address it went to.
        var seen: [(address: PostalAddress, kept: Int)] = []
        for m in members.indices {
            for var address in members[m].postalAddresses where !address.isEmpty {
                if address.provenance == nil { address.provenance = members[m].provenance.first }
                var kept = seen.first { Self.sameKeyParts($0.address, address) }?.kept
                if kept == nil, !addresses.isEmpty {
                    let key = normalizedKey(of: address, extractor: &extractor)
                    for k in keys.indices where keys[k] == nil { keys[k] = normalizedKey(of: addresses[k], extractor: &extractor) }
                    kept = keys.firstIndex { $0 == key }
                    if kept == nil { keys.append(key) }
                } else if kept == nil {
                    keys.append(nil)
                }
                if let kept {
                    fill(&addresses[kept], from: address)
                    seen.append((address, kept))
                } else {
                    seen.append((address, addresses.count))
                    addresses.append(address)
                }
            }
        }
        return addresses
    }

    /// ``mergedAddresses(_:extractor:)`` through a dictionary of every address's key.
    func mergedAddressesByKey(_ members: [Contact], extractor: inout KeyExtractor) -> [PostalAddress] {
        var addresses: [PostalAddress] = []
        var addressIndex: [String: Int] = [:]
        for m in members.indices {
            for var address in members[m].postalAddresses where !address.isEmpty {
                if address.provenance == nil { address.provenance = members[m].provenance.first }
                let key = normalizedKey(of: address, extractor: &extractor)
                if let existing = addressIndex[key] {
                    fill(&addresses[existing], from: address)
                } else {
                    addressIndex[key] = addresses.count
                    addresses.append(address)
                }
            }
        }
        return addresses
    }

    /// Whether two addresses agree, as written, on every part their key reads.
    static func sameKeyParts(_ a: PostalAddress, _ b: PostalAddress) -> Bool {
        a.street == b.street && a.city == b.city && a.postalCode == b.postalCode && a.poBox == b.poBox
    }

    func normalizedKey(of address: PostalAddress, extractor: inout KeyExtractor) -> String {
        let street = address.street.flatMap { extractor.words($0) }.joined(separator: " ")
        let city = extractor.words(address.city).joined(separator: " ")
        let postal = (address.postalCode ?? "").filter { $0.isLetter || $0.isNumber }.lowercased()
        let po = extractor.words(address.poBox).joined(separator: " ")
        return [street, po, city, postal].joined(separator: "|")
    }

    /// Fills the parts a kept address lacks from a duplicate of it.
    func fill(_ kept: inout PostalAddress, from other: PostalAddress) {
        if kept.label == nil { kept.label = other.label }
        if kept.extendedAddress == nil { kept.extendedAddress = other.extendedAddress }
        if kept.region == nil { kept.region = other.region }
        if kept.country == nil { kept.country = other.country }
        if kept.isoCountryCode == nil { kept.isoCountryCode = other.isoCountryCode }
        kept.isPreferred = kept.isPreferred || other.isPreferred
        for parameter in other.parameters where !kept.parameters.contains(parameter) { kept.parameters.append(parameter) }
    }

    /// The values whose folded words differ from every earlier one's, in order. A value written
    /// exactly as a kept one has its words: words are folded only once a second value differs.
    func distinctByWords(_ values: [String], extractor: inout KeyExtractor) -> [String] {
        var kept: [String] = []
        var keys = Set<String>()
        for value in values where !kept.contains(value) {
            if kept.isEmpty {
                kept.append(value)
                continue
            }
            if keys.isEmpty { keys.insert(extractor.words(kept[0]).joined(separator: " ")) }
            if keys.insert(extractor.words(value).joined(separator: " ")).inserted { kept.append(value) }
        }
        return kept
    }

    /// The values without repeats, in order: a handful (as a cluster has) compared one by one,
    /// more through a set.
    func distinct<T: Hashable>(_ values: [T]) -> [T] {
        guard values.count > 1 else { return values }
        if values.count > 16 {
            var seen = Set<T>()
            return values.filter { seen.insert($0).inserted }
        }
        var kept: [T] = []
        kept.reserveCapacity(values.count)
        for value in values where !kept.contains(value) { kept.append(value) }
        return kept
    }
}
