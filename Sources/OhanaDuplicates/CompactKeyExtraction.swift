import Ohana
import OhanaPhoneNumbers

extension KeyExtractor {
    /// ``DuplicateDetector/compact(_:rules:into:)`` of ``keys(of:fingerprinting:)``, hashed as the
    /// values are read: no ``ContactKeys`` of strings and arrays is built and dropped per contact
    /// (name forms, phone digits and normalised addresses are hashed from their bytes).
    mutating func compactKeys(of contact: Contact, into pool: inout [UInt64]) -> CompactKeys {
        withUnsafePointer(to: contact) { compactKeys(at: $0, into: &pool) }
    }

    /// ``compactKeys(of:into:)`` of the contact at `pointer`, read in place: a contact passed by
    /// value to a call that may write elsewhere is copied first, a retain and a release of each of
    /// its values (a cache miss each, in a book of a million; a sixth of detection's time).
    mutating func compactKeys(at pointer: UnsafePointer<Contact>, into pool: inout [UInt64]) -> CompactKeys {
        var entry = CompactKeys(start: Int32(pool.count))
        let (personWords, parts, orgWords, isOrganizationOnly) = nameWords(at: pointer)
        let fields = pointer.pointee.fields
        entry.isOrganizationOnly = isOrganizationOnly
        let hasName = !personWords.isEmpty
        if hasName {
            let orgOnly = entry.isOrganizationOnly
            if !orgOnly && personWords.contains(where: { rules.nicknames.isNickname($0) }) {
                let forms = canonicalNameForms(words: personWords, parts: parts)
                for form in forms.prefix(255) { pool.append(stableHash(form)) }
                entry.nameCount = UInt8(min(forms.count, 255))
            } else {
                entry.nameCount = UInt8(Self.appendNameFormHashes(words: personWords, parts: parts, orgOnly: orgOnly, into: &pool))
            }
            entry.identity = pool[Int(entry.start)]
            if !orgOnly { entry.generation = NameGeneration.of(pointer) }
        }
        if !orgWords.isEmpty {
            var hash = StreamingHash()
            Self.addJoined(orgWords, separator: UInt8(ascii: " "), to: &hash)
            entry.organization = hash.value
        }

        // Phones: an E.164 hash (0 when not parsed or invalid) and a trailing-digits hash each.
        var fingerprintPhones: [(fieldIndex: Int, digits: UInt64)] = []
        var evidence: PhoneRegionEvidence?
        let count = rules.matchingTrailingDigits
        let fingerprinting = hasName && (!fields.isEmpty || !pointer.pointee.postalAddresses.isEmpty)
        let phoneSeed = Self.fieldTypeSeed(.phoneNumber)
        let emailSeed = Self.fieldTypeSeed(.emailAddress)
        var phoneCount = 0
        for index in fields.indices where fields[index].type == .phoneNumber {
            let value = fields[index].value
            var digitCount = 0
            let isPlain = PhoneDigits.scan(value) { _ in digitCount += 1 }
            guard (6...15).contains(digitCount) else { continue }
            var e164: String?
            if let known = Self.resolvedE164(of: fields[index]) {
                e164 = known
            } else if parsesAllPhones || !isPlain || digitCount <= count {
                if evidence == nil { evidence = phoneEvidence(of: pointer.pointee) }
                e164 = self.e164(value, evidence: evidence!, labeledMobile: fields[index].isLabeledMobile)
            }
            var trailing = StreamingHash()
            if let e164 {
                // Its digits after the `+` (E.164 is ASCII).
                let digits = e164.utf8.count - 1
                for (n, byte) in e164.utf8.dropFirst().enumerated() where count == 0 || n >= digits - count { trailing.add(byte) }
            } else {
                var n = 0
                _ = PhoneDigits.scan(value) { byte in
                    if count == 0 || n >= digitCount - count { trailing.add(byte) }
                    n += 1
                }
            }
            if phoneCount < 127 {
                pool.append(e164.map(stableHash) ?? 0)
                pool.append(trailing.value)
                phoneCount += 1
            }
            if fingerprinting {
                var digits = StreamingHash(seed: phoneSeed)
                _ = PhoneDigits.scan(value) { digits.add($0) }
                fingerprintPhones.append((index, digits.value))
            }
        }
        entry.phoneCount = UInt8(phoneCount)

        // Emails: the normalised address's hash, and whether it is a role address.
        var fingerprintEmails: [(fieldIndex: Int, normalized: UInt64)] = []
        var emailCount = 0
        for index in fields.indices where fields[index].type == .emailAddress {
            guard let email = emailHashes(fields[index].value, seed: emailSeed) else { continue }
            if emailCount < 32 {
                pool.append(email.hash)
                if email.isRole { entry.roleEmails |= 1 << UInt32(emailCount) }
                emailCount += 1
            }
            if fingerprinting { fingerprintEmails.append((index, email.seeded)) }
        }
        entry.emailCount = UInt8(emailCount)

        // Each word once (a name seldom repeats one): hashes compared in place, no set built.
        let wordsStart = pool.count
        if !entry.isOrganizationOnly {
            for word in personWords.prefix(8) {
                let hash = stableHash(word)
                if !pool[wordsStart...].contains(hash) { pool.append(hash) }
            }
        }
        entry.wordCount = UInt8(pool.count - wordsStart)
        if fingerprinting {
            entry.fingerprint = fingerprint(
                of: pointer, fields: fields, phones: fingerprintPhones, emails: fingerprintEmails, personWords: personWords,
                orgOnly: entry.isOrganizationOnly, orgWords: orgWords, generation: entry.generation)
        }
        return entry
    }

    /// ``fingerprint(of:_:)`` from hashes already made: phones by their digits and emails by
    /// their normal form, hashed with their field type's seed, by field index.
    private func fingerprint(
        of contact: UnsafePointer<Contact>, fields: [ContactField], phones: [(fieldIndex: Int, digits: UInt64)],
        emails: [(fieldIndex: Int, normalized: UInt64)], personWords: [String], orgOnly: Bool, orgWords: [String], generation: UInt8
    ) -> UInt64 {
        var content: UInt64 = 0
        var phoneIndex = 0
        var emailIndex = 0
        for index in fields.indices {
            let type = fields[index].type
            if type == .phoneNumber && phoneIndex < phones.count && phones[phoneIndex].fieldIndex == index {
                content &+= phones[phoneIndex].digits
                phoneIndex += 1
            } else if type == .emailAddress && emailIndex < emails.count && emails[emailIndex].fieldIndex == index {
                content &+= emails[emailIndex].normalized
                emailIndex += 1
            } else {
                content &+= stableHash(fields[index].value, seed: Self.fieldTypeSeed(type))
            }
        }
        for address in contact.pointee.postalAddresses { content &+= Self.fingerprint(of: address) }
        // The first literal name form, the organization, job title and middle name.
        var form = StreamingHash(seed: content)
        Self.addSortedForm(personWords, orgOnly: orgOnly, to: &form)
        var organization = StreamingHash(seed: form.value)
        Self.addJoined(orgWords, separator: UInt8(ascii: " "), to: &organization)
        var hash = stableHash(contact.pointee.jobTitle ?? "", seed: organization.value)
        hash = stableHash(contact.pointee.middleName ?? "", seed: hash)
        hash = Self.fingerprint(ofDetailsOf: contact, generation: generation, seed: hash)
        guard let birthday = contact.pointee.birthday else { return stableHash("", seed: hash) }
        return stableHash(numbers: [birthday.year ?? -1, birthday.month, birthday.day], seed: stableHash("bday", seed: hash))
    }

    /// For an address with an `@` once normalised (``normalizeEmail(_:)``): the hash of its normal
    /// form, that hash continued from `seed`, and whether it is a role address; `nil` without `@`.
    func emailHashes(_ text: String, seed: UInt64) -> (hash: UInt64, seeded: UInt64, isRole: Bool)? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            let normalized = normalizeEmail(text)
            guard normalized.utf8.contains(UInt8(ascii: "@")) else { return nil }
            return (stableHash(normalized), stableHash(normalized, seed: seed),
                    RoleAddresses.isRole(normalized, roles: rules.roleLocalParts))
        }
        let utf8 = text.utf8
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count + 10) { buffer in
            // ASCII, as normalizeEmail(_:) does it: trimmed, lower-cased, "mailto:" and Gmail's rules.
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var end = 0
            for byte in utf8 {
                buffer[end] = (0x41...0x5A).contains(byte) ? byte + 32 : byte
                end += 1
            }
            while end > 0, isSpace(buffer[end - 1]) { end -= 1 }
            var start = 0
            while start < end, isSpace(buffer[start]) { start += 1 }
            if end - start >= 7 && UnsafeBufferPointer(rebasing: buffer[start..<(start + 7)]).elementsEqual("mailto:".utf8) { start += 7 }
            var at: Int?
            for k in stride(from: end - 1, through: start, by: -1) where buffer[k] == UInt8(ascii: "@") {
                at = k
                break
            }
            guard let at else { return nil }
            if rules.appliesMailProviderRules {
                let domain = UnsafeBufferPointer(rebasing: buffer[(at + 1)..<end])
                if domain.elementsEqual("gmail.com".utf8) || domain.elementsEqual("googlemail.com".utf8) {
                    // Gmail ignores dots and anything from a "+" in the local part.
                    var kept = start
                    for k in start..<at {
                        if buffer[k] == UInt8(ascii: "+") { break }
                        if buffer[k] != UInt8(ascii: ".") {
                            buffer[kept] = buffer[k]
                            kept += 1
                        }
                    }
                    let newAt = kept
                    for byte in "@gmail.com".utf8 {
                        buffer[kept] = byte
                        kept += 1
                    }
                    return Self.hashes(UnsafeBufferPointer(rebasing: buffer[start..<kept]), at: newAt - start, seed: seed, roles: rules.roleLocalParts)
                }
            }
            return Self.hashes(UnsafeBufferPointer(rebasing: buffer[start..<end]), at: at - start, seed: seed, roles: rules.roleLocalParts)
        }
    }

    /// The hashes of a normalised ASCII address and whether its local part (before any `+`) is a role.
    private static func hashes(_ address: UnsafeBufferPointer<UInt8>, at: Int, seed: UInt64, roles: Set<String>)
        -> (hash: UInt64, seeded: UInt64, isRole: Bool) {
        var plain = StreamingHash()
        var seeded = StreamingHash(seed: seed)
        for byte in address {
            plain.add(byte)
            seeded.add(byte)
        }
        let local = address[..<at]
        let end = local.firstIndex(of: UInt8(ascii: "+")) ?? at
        return (plain.value, seeded.value, roles.contains(String(decoding: address[..<end], as: UTF8.self)))
    }

    /// Appends the hashes of ``nameForms(words:parts:orgOnly:)``, in its order and without repeats;
    /// returns how many.
    static func appendNameFormHashes(words: [String], parts: [[String]], orgOnly: Bool, into pool: inout [UInt64]) -> Int {
        let start = pool.count
        var sorted = StreamingHash()
        addSortedForm(words, orgOnly: orgOnly, to: &sorted)
        pool.append(sorted.value)
        // The parts run together, in both orders when there are two.
        func runTogether(_ first: Int, _ second: Int?) {
            var hash = StreamingHash()
            addPrefix(orgOnly, to: &hash)
            for word in parts[first] { hash.add(word) }
            if let second { for word in parts[second] { hash.add(word) } }
            if !pool[start...].contains(hash.value) { pool.append(hash.value) }
        }
        if parts.count == 2 {
            runTogether(0, 1)
            runTogether(1, 0)
        } else if parts.count == 1 {
            runTogether(0, nil)
        }
        return pool.count - start
    }

    /// The prefix of a name form: `o:` for an organization card, `p:` for a person.
    private static func addPrefix(_ orgOnly: Bool, to hash: inout StreamingHash) {
        hash.add(orgOnly ? UInt8(ascii: "o") : UInt8(ascii: "p"))
        hash.add(UInt8(ascii: ":"))
    }

    /// The first name form: the prefix, then the words sorted and joined by spaces.
    static func addSortedForm(_ words: [String], orgOnly: Bool, to hash: inout StreamingHash) {
        guard !words.isEmpty else { return }
        addPrefix(orgOnly, to: &hash)
        if words.count == 2 {
            let (a, b) = words[0] <= words[1] ? (words[0], words[1]) : (words[1], words[0])
            addJoined([a, b], separator: UInt8(ascii: " "), to: &hash)
        } else {
            addJoined(words.count == 1 ? words : words.sorted(), separator: UInt8(ascii: " "), to: &hash)
        }
    }

    /// `words` joined by `separator`, into `hash`.
    static func addJoined(_ words: [String], separator: UInt8, to hash: inout StreamingHash) {
        for (n, word) in words.enumerated() {
            if n > 0 { hash.add(separator) }
            hash.add(word)
        }
    }
}

/// Reads the digits of a phone number as written, without parsing it.
enum PhoneDigits {
    /// The ASCII digits of `text`; whether it is plain: digits with nothing but `+`, spaces,
    /// hyphens, dots, slashes and parentheses (no letters, no extension marks); and whether it
    /// starts with `+`.
    static func scan(_ text: String) -> (digits: String, isPlain: Bool, hasPlus: Bool) {
        var digits: [UInt8] = []
        digits.reserveCapacity(16)
        let isPlain = scan(text) { digits.append($0) }
        let hasPlus = text.utf8.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), 0xC2, 0xA0].contains($0) } == UInt8(ascii: "+")
        return (String(decoding: digits, as: UTF8.self), isPlain, hasPlus)
    }

    /// Hands `digit` each ASCII digit of `text`, in order, without building a string; returns
    /// whether the text is plain (as ``scan(_:)`` says).
    @inline(__always)
    static func scan(_ text: String, digit: (UInt8) -> Void) -> Bool {
        var isPlain = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit(byte)
            case UInt8(ascii: " "), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\t"):
                break
            case 0xC2: break  // first byte of a no-break space
            case 0xA0 where previous == 0xC2: break
            default: isPlain = false
            }
            previous = byte
        }
        return isPlain
    }
}
