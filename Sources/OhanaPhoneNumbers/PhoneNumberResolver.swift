import CPhoneNumberShim
import Ohana

/// The one resolution of phone numbers: the number its author meant, or none.
///
/// A number written with its country code (`+49 …`, or after `00`, the international prefix of
/// most of the world) belongs to that country, whatever the default region; so does one written
/// after the default region's own international prefix (`011` in North America), as
/// libphonenumber's metadata names it. Any other prefix (`010` in Japan, `0011` in Australia,
/// `8~10` in Russia) is read as one only in a region the contact's evidence names, and weighs
/// what that evidence weighs. A number without a country code is read in every region its
/// ``PhoneRegionEvidence`` names; each region where libphonenumber calls it valid is weighed by
/// that evidence and by how the number is written compared with the region's own forms. It is
/// resolved when one region clearly wins (by two points or more, or alone), and then only to a
/// valid number. When several valid regions come close, it stays as written, marked
/// ``PhoneNumberStatus/ambiguous`` with its ``PhoneNumberDetails/candidates``; when no region makes
/// it valid, it stays as written, marked ``PhoneNumberStatus/unresolved`` with the regions tried; a
/// value that is no number (a word, `+` alone, fewer than five digits, only zeros) is marked
/// ``PhoneNumberStatus/junk``. None of those gets an E.164 form.
///
/// Every parse is cached per distinct (text, region), so a resolver kept across many contacts reads
/// each number once in each region. A resolver is a value with its own cache: give each task its own.
public struct PhoneNumberResolver {
    /// The formats computed for each resolved number.
    public var formats: PhoneNumberFormat

    private struct Key: Hashable {
        var text: String
        var region: String
    }

    /// A resolved number's details: its text, the region it was read in (`nil`: its own country
    /// code) and the formats computed.
    private struct DetailsKey: Hashable {
        var text: String
        var region: String?
        var formats: Int
    }

    private var parses: [Key: ohpn_number?] = [:]
    private var resolved: [DetailsKey: PhoneNumberDetails] = [:]
    private var countries: [String: String?] = [:]
    /// Per region: whether it is North American, and its international prefix when plain digits.
    private var regionPrefixes: [String: (isNorthAmerican: Bool, prefix: [UInt8]?)] = [:]
    private static let cacheLimit = 250_000

    /// Creates a resolver that computes `formats` for each resolved number.
    public init(formats: PhoneNumberFormat = .all) {
        self.formats = formats
    }

    /// Loads what every resolution needs once per process: libphonenumber's metadata and the
    /// country names of the common languages. Resolving does so itself when it was not called.
    public static func prepare() {
        _ = PhoneNumberUtility.shared
        RegionCodes.prepareCommonNames()
    }

    /// Makes room in the caches for about `numbers` distinct numbers, so that they are not rehashed
    /// (every key's text hashed again) each time they double while a large book is resolved.
    mutating func reserveCapacity(_ numbers: Int) {
        let count = min(numbers, Self.cacheLimit)
        parses.reserveCapacity(count)
        if formats != .e164 { resolved.reserveCapacity(count) }
    }

    /// Resolves every phone number field of `contact`, setting ``ContactField/phoneNumber``; the
    /// evidence kinds used are the address, the other numbers and the email domains as asked, then
    /// `defaultRegion`; a number they leave undecided is then read in the region the person chose
    /// for it, if any (``PhoneRegionChoices``).
    public mutating func resolve(
        _ contact: inout Contact, defaultRegion: String, usesAddress: Bool = true, usesOtherNumbers: Bool = true,
        usesEmailDomain: Bool = true, choices: PhoneRegionChoices = PhoneRegionChoices()
    ) {
        guard contact.fields.contains(where: { $0.type == .phoneNumber }) else { return }
        let evidence = self.evidence(for: contact, defaultRegion: defaultRegion, usesAddress: usesAddress,
                                     usesOtherNumbers: usesOtherNumbers, usesEmailDomain: usesEmailDomain)
        let regions = evidence.weighedRegions
        for index in contact.fields.indices where contact.fields[index].type == .phoneNumber {
            let text = contact.fields[index].value
            var details = resolve(
                text, regions: regions, defaultRegion: evidence.defaultRegion,
                labeledMobile: contact.fields[index].isLabeledMobile)
            if !choices.isEmpty {
                details = applying(choices, to: details, of: text, contactID: contact.id, evidence: evidence)
            }
            contact.fields[index].phoneNumber = details
        }
    }

    /// The evidence a contact gives for its numbers written without a country code.
    public mutating func evidence(
        for contact: Contact, defaultRegion: String, usesAddress: Bool = true, usesOtherNumbers: Bool = true,
        usesEmailDomain: Bool = true
    ) -> PhoneRegionEvidence {
        var evidence = PhoneRegionEvidence(defaultRegion: defaultRegion)
        if usesAddress {
            evidence.addressRegions = PhoneRegionEvidence.addressRegions(of: contact) { countryRegion($0) }
        }
        if usesOtherNumbers {
            for field in contact.fields where field.type == .phoneNumber {
                if let region = ownCountryCodeRegion(of: field.value, defaultRegion: evidence.defaultRegion),
                   !evidence.numberRegions.contains(region) {
                    evidence.numberRegions.append(region)
                }
            }
        }
        if usesEmailDomain { evidence.emailRegions = PhoneRegionEvidence.emailRegions(of: contact) }
        if usesAddress, !contact.postalAddresses.isEmpty {
            var candidates = evidence.addressRegions + evidence.numberRegions + evidence.emailRegions
            if !candidates.contains(evidence.defaultRegion) { candidates.append(evidence.defaultRegion) }
            evidence.localityRegions = PhoneRegionEvidence.localityRegions(of: contact, candidates: candidates)
        }
        return evidence
    }

    /// The E.164 form of one of `contact`'s numbers under this resolution, or `nil` when it is
    /// unresolved or junk. With `usesContactEvidence` off only `defaultRegion` is evidence.
    public mutating func e164(of text: String, in contact: Contact, defaultRegion: String, usesContactEvidence: Bool = true) -> String? {
        let evidence = self.evidence(
            for: contact, defaultRegion: defaultRegion, usesAddress: usesContactEvidence,
            usesOtherNumbers: usesContactEvidence, usesEmailDomain: usesContactEvidence)
        let saved = formats
        formats = .e164
        defer { formats = saved }
        return resolve(text, evidence: evidence).e164
    }

    /// Resolves one number with the evidence of its contact; `labeledMobile` says that its field is
    /// labeled mobile (``ContactFieldLabel/mobile``, ``ContactFieldLabel/iPhone``), which lets a
    /// region where it is a mobile number contest a default region that reads it as a landline.
    public mutating func resolve(_ text: String, evidence: PhoneRegionEvidence, labeledMobile: Bool = false) -> PhoneNumberDetails {
        resolve(text, regions: evidence.weighedRegions, defaultRegion: evidence.defaultRegion, labeledMobile: labeledMobile)
    }

    /// The region of the country code a number is written with behind a certain prefix: `+49 …`,
    /// `0049 …`, or the default region's own international prefix (`011 49 …` where it is a North
    /// American region), when that reading is valid; `nil` for any other number. A number read
    /// through a prefix only other evidence makes one (`010` on a card with a Japanese address) is
    /// never evidence for another number.
    public mutating func ownCountryCodeRegion(of text: String, defaultRegion: String) -> String? {
        let written = WrittenPhoneNumber(text)
        if written.hasPlus {
            guard let raw = parse(text, region: "ZZ"), raw.is_valid else { return nil }
            return Self.regionCode(raw)
        }
        guard written.digitCount >= 5 else { return nil }
        // The default region's own prefix first: Australia's `0011` is not `00` and `11`. A number
        // that does not start with a prefix of plain digits is not parsed for it.
        let region = defaultRegion.uppercased()
        let prefix = prefixInfo(of: region).prefix
        if prefix.map({ written.leadingDigits.starts(with: $0) }) ?? true, let raw = parse(text, region: region),
           raw.country_code_source == Int32(OHPN_SOURCE_IDD.rawValue) {
            return raw.is_valid ? Self.regionCode(raw) : nil
        }
        if let digits = written.afterDoubleZero, let reading = international(digits, tail: written.tail), reading.raw.is_valid {
            return Self.regionCode(reading.raw)
        }
        return nil
    }

    /// The number written after `00`, read as `+` and the same digits; `nil` unless those digits are
    /// its country code and national number (or with `0` between them, as `0049 (0)30 …` writes it).
    /// libphonenumber would also drop a trunk prefix after the country code: `0011 64 9 309 1234`
    /// (Australia's `0011`) is no `+1 649 309 1234`.
    mutating func international(_ digits: ArraySlice<UInt8>, tail: Substring) -> (text: String, raw: ohpn_number)? {
        let text = "+" + String(decoding: digits, as: UTF8.self) + (tail.isEmpty ? "" : " " + tail)
        guard let raw = parse(text, region: "ZZ") else { return nil }
        let code = Array(String(raw.country_code).utf8)
        let zeros = raw.italian_leading_zero ? max(1, Int(raw.number_of_leading_zeros)) : 0
        let national = Array(repeating: UInt8(ascii: "0"), count: zeros) + Array(String(raw.national_number).utf8)
        let exact = code + national
        guard digits.elementsEqual(exact) || digits.elementsEqual(code + [UInt8(ascii: "0")] + national) else { return nil }
        return (text, raw)
    }

    /// Whether `region` reads a number after its international prefix as certainly international
    /// (the default region, a North American one), and that prefix when it is plain digits; cached.
    mutating func prefixInfo(of region: String) -> (isNorthAmerican: Bool, prefix: [UInt8]?) {
        if let known = regionPrefixes[region] { return known }
        let utility = PhoneNumberUtility.shared
        let info = (utility.countryCode(forRegion: region) == 1, utility.literalInternationalPrefix(ofRegion: region))
        regionPrefixes[region] = info
        return info
    }

    /// ``RegionCodes/region(forCountry:)``, cached.
    private mutating func countryRegion(_ name: String) -> String? {
        if let cached = countries[name] { return cached }
        let region = RegionCodes.region(forCountry: name)
        if countries.count >= Self.cacheLimit { countries.removeAll(keepingCapacity: true) }
        countries[name] = region
        return region
    }

    // MARK: - Parsing and details

    mutating func parse(_ text: String, region: String) -> ohpn_number? {
        let key = Key(text: text, region: region)
        if let cached = parses[key] { return cached }
        // The type is never read here: only validity, region and formats.
        let raw: ohpn_number? = switch PhoneNumberUtility.shared.rawParse(text, defaultRegion: region, withType: false) {
        case .success(let raw): raw
        case .failure: nil
        }
        if parses.count >= Self.cacheLimit { parses.removeAll(keepingCapacity: true) }
        parses[key] = raw
        return raw
    }

    func isPossible(_ raw: ohpn_number) -> Bool {
        raw.possibility == Int32(OHPN_POSSIBLE.rawValue)
    }

    static func regionCode(_ raw: ohpn_number) -> String? {
        var raw = raw
        let region = ParsedPhoneNumber.string(fromRegionCode: &raw)
        return region.count == 2 ? region : nil
    }

    mutating func details(_ text: String, _ raw: ohpn_number, region: String?, source: PhoneRegionSource) -> PhoneNumberDetails {
        // E.164 alone is written from the parsed parts for less than a cache lookup costs.
        let caches = formats != .e164
        let key = DetailsKey(text: text, region: region, formats: Int(formats.rawValue))
        if caches, var cached = resolved[key] {
            cached.regionSource = source
            return cached
        }
        var raw = raw
        let utility = PhoneNumberUtility.shared
        let regionCode = ParsedPhoneNumber.string(fromRegionCode: &raw)
        var details = PhoneNumberDetails(
            isParsed: true, isValid: raw.is_valid, regionCode: regionCode.isEmpty ? nil : regionCode,
            assumedRegion: region, regionSource: source, status: .resolved)
        if formats.contains(.e164) { details.e164 = utility.render(&raw, as: .e164) }
        if formats.contains(.international) { details.international = utility.render(&raw, as: .international) }
        if formats.contains(.national) { details.national = utility.render(&raw, as: .national) }
        if formats.contains(.rfc3966) { details.rfc3966 = utility.render(&raw, as: .rfc3966) }
        if !raw.is_valid { details.problem = PhoneNumberUtility.invalidity(of: raw, region: regionCode) }
        guard caches else { return details }
        if resolved.count >= Self.cacheLimit { resolved.removeAll(keepingCapacity: true) }
        resolved[key] = details
        return details
    }

    func junk(_ reason: String) -> PhoneNumberDetails {
        PhoneNumberDetails(isParsed: false, isValid: false, problem: reason, status: .junk)
    }

    /// A number kept as written: junk when it is words or too few digits, else unresolved for `reason`.
    func unresolved(_ written: WrittenPhoneNumber, reason: String) -> PhoneNumberDetails {
        if written.wordLetterCount >= 3 { return junk("words, not a phone number") }
        if written.digitCount < 5 { return junk("too few digits for a phone number") }
        return PhoneNumberDetails(isParsed: false, isValid: false, problem: reason, status: .unresolved)
    }
}

extension ContactField {
    /// Whether the field is labeled as a mobile phone's number (`TYPE=cell`, iPhone, `mobile`).
    package var isLabeledMobile: Bool {
        guard let label = label?.rawValue.lowercased() else { return false }
        return label == "mobile" || label == "iphone" || label == "cell" || label == "cellular"
    }
}
