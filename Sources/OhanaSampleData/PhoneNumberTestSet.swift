import Ohana

/// Phone numbers written the way people write them in address books, from over 30 countries, each with
/// the number its author meant beside it: national forms with trunk prefixes, `+CC`, `+CC (0)`,
/// exit codes (`00`, `011`, `0011`, `010`, `8~10`), full-width and Arabic-Indic digits,
/// extensions, junk, and contacts whose only hint is an address country name in its own script or
/// an email domain. Read with ``defaultRegion`` as the caller's region.
public enum PhoneNumberTestSet {
    /// What a number's author meant, and what evidence on its card decides it.
    public enum Truth: Hashable, Sendable {
        /// A real number (E.164, extension left out) whose country the given evidence decides.
        case decided(String, PhoneRegionSource)
        /// A real number (E.164) that nothing on its card places: it must stay unresolved, never get a wrong number.
        case undecided(String)
        /// Not a number: it must get no E.164 form.
        case junk
    }

    /// One card: its contact, and the truth of each phone field in order.
    public struct Entry: Sendable {
        /// The contact as written.
        public var contact: Contact
        /// The truth of each of its phone number fields, in order.
        public var truths: [Truth]
    }

    /// The caller's default region the set is read with.
    public static let defaultRegion = "US"

    /// How well a resolution did on the set.
    public struct Score: Sendable, CustomStringConvertible {
        /// Numbers whose country the evidence decides, and how many of them got the right E.164.
        public var decided = 0, decidedRight = 0
        /// Real numbers (decided or not), how many got the right E.164, and how many a wrong one.
        public var real = 0, realRight = 0, realWrong = 0
        /// Junk values, and how many of them got an E.164 form.
        public var junk = 0, junkWithNumber = 0
        /// Numbers not written with `+` that got an E.164 form that is not a valid number.
        public var invalidNumbered = 0
        /// Numbers left ambiguous (valid in several regions, none clearly stronger).
        public var ambiguous = 0
        /// Which numbers went wrong: written form, expected and found E.164.
        public var failures: [String] = []

        /// Share of decided numbers with the right E.164.
        public var decidedRate: Double { decided == 0 ? 1 : Double(decidedRight) / Double(decided) }
        /// Share of real numbers with the right E.164.
        public var realRate: Double { real == 0 ? 1 : Double(realRight) / Double(real) }
        /// Share of real numbers with a wrong E.164.
        public var wrongRate: Double { real == 0 ? 0 : Double(realWrong) / Double(real) }
        /// Share of all numbers (real and junk) given an E.164 form that is not a valid number, `+CC` aside.
        public var invalidRate: Double { real + junk == 0 ? 0 : Double(invalidNumbered) / Double(real + junk) }

        /// The figures in one line.
        public var description: String {
            "decided \(decidedRight)/\(decided), real \(realRight)/\(real), wrong \(realWrong), ambiguous \(ambiguous), "
                + "invalid E.164 \(invalidNumbered), junk given a number \(junkWithNumber)/\(junk)"
        }
    }

    /// Scores contacts processed from ``contacts`` (same order, same fields) by the E.164 form on each phone field.
    public static func score(_ processed: [Contact]) -> Score {
        var score = Score()
        for (entry, contact) in zip(entries, processed) {
            let phones = contact.fields.filter { $0.type == .phoneNumber }
            for (truth, field) in zip(entry.truths, phones) {
                let found = field.phoneNumber?.e164
                if field.phoneNumber?.status == .ambiguous { score.ambiguous += 1 }
                if found != nil, field.phoneNumber?.isValid == false, !field.value.hasPrefix("+") {
                    score.invalidNumbered += 1
                    score.failures.append("invalid \(field.value) -> \(found!)")
                }
                switch truth {
                case .junk:
                    score.junk += 1
                    if found != nil {
                        score.junkWithNumber += 1
                        score.failures.append("junk \(field.value) -> \(found!)")
                    }
                case .decided(let e164, let source):
                    score.decided += 1
                    score.real += 1
                    if found == e164 { score.decidedRight += 1; score.realRight += 1 }
                    else { score.failures.append("\(source) \(field.value): want \(e164), got \(found ?? "none")") }
                    if let found, found != e164 { score.realWrong += 1 }
                case .undecided(let e164):
                    score.real += 1
                    if found == e164 { score.realRight += 1 }
                    if let found, found != e164 {
                        score.realWrong += 1
                        score.failures.append("undecided \(field.value): want \(e164) or none, got \(found)")
                    }
                }
            }
        }
        return score
    }

    /// The contacts of the set, in the order of ``entries``.
    public static var contacts: [Contact] { entries.map(\.contact) }

    /// Every card of the set.
    public static let entries: [Entry] = PhoneNumberTestSetRows.rows.enumerated().map { index, row in
        var fields = row.phones.map { ContactField.phone($0.written) }
        if let email = row.email { fields.append(.email(email)) }
        var addresses = row.country == nil && row.iso == nil ? [] : [PostalAddress(country: row.country, isoCountryCode: row.iso)]
        addresses += row.otherCountries.map { PostalAddress(country: $0) }
        if row.city != nil || row.postalCode != nil { addresses.append(PostalAddress(city: row.city, postalCode: row.postalCode)) }
        let unmapped = row.abadr.map { [UnmappedProperty(group: "item1", name: "X-ABADR", value: $0)] } ?? []
        let contact = Contact(
            givenName: "Person", familyName: "No. \(index + 1)", fields: fields, postalAddresses: addresses,
            unmappedProperties: unmapped)
        return Entry(contact: contact, truths: row.phones.map(\.truth))
    }
}
