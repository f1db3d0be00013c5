import CPhoneNumberShim
import Ohana

/// The one resolution of phone numbers: the number its author meant, or none.
///
/// A number written with its country code (`+49 …`, or after an exit code such as `00`, `011`,
/// `0011`, `010`, `8~10`) belongs to that country, whatever the default region. Any other number is
/// read in the candidate regions of its ``PhoneRegionEvidence``, strongest first, and resolved to
/// the first where libphonenumber calls it valid (or, when none does, to the contact's address
/// country if the number is possible there). A number no region makes valid stays exactly as
/// written and is marked ``PhoneNumberStatus/unresolved``; a value that is no number (a word, `+`
/// alone, fewer than five digits) is marked ``PhoneNumberStatus/junk``. Neither gets an E.164 form.
///
/// Every parse is cached per distinct (text, region), so a resolver kept across many contacts reads
/// each number once. A resolver is a value with its own cache: give each task its own.
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
    /// evidence kinds used are the address, the other numbers and the email domains as asked, then `defaultRegion`.
    public mutating func resolve(
        _ contact: inout Contact, defaultRegion: String, usesAddress: Bool = true, usesOtherNumbers: Bool = true,
        usesEmailDomain: Bool = true
    ) {
        guard contact.fields.contains(where: { $0.type == .phoneNumber }) else { return }
        let evidence = self.evidence(for: contact, defaultRegion: defaultRegion, usesAddress: usesAddress,
                                     usesOtherNumbers: usesOtherNumbers, usesEmailDomain: usesEmailDomain)
        let candidates = evidence.candidates
        for index in contact.fields.indices where contact.fields[index].type == .phoneNumber {
            contact.fields[index].phoneNumber = resolve(contact.fields[index].value, candidates: candidates)
        }
    }

    /// The evidence a contact gives for its numbers written without a country code.
    public mutating func evidence(
        for contact: Contact, defaultRegion: String, usesAddress: Bool = true, usesOtherNumbers: Bool = true,
        usesEmailDomain: Bool = true
    ) -> PhoneRegionEvidence {
        var evidence = PhoneRegionEvidence(defaultRegion: defaultRegion)
        if usesAddress {
            for preferred in [true, false] {
                for address in contact.postalAddresses where address.isPreferred == preferred {
                    let region = address.isoCountryCode.flatMap { countryRegion($0) } ?? address.country.flatMap { countryRegion($0) }
                    if let region, !evidence.addressRegions.contains(region) { evidence.addressRegions.append(region) }
                }
            }
        }
        if usesOtherNumbers {
            for field in contact.fields where field.type == .phoneNumber {
                if let region = ownCountryCodeRegion(of: field.value), !evidence.numberRegions.contains(region) {
                    evidence.numberRegions.append(region)
                }
            }
        }
        if usesEmailDomain { evidence.emailRegions = PhoneRegionEvidence.emailRegions(of: contact) }
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

    /// Resolves one number with the evidence of its contact.
    public mutating func resolve(_ text: String, evidence: PhoneRegionEvidence) -> PhoneNumberDetails {
        resolve(text, candidates: evidence.candidates)
    }

    /// Resolves one number in the candidate regions of its contact's evidence (worked out once a
    /// contact, not once a number).
    private mutating func resolve(_ text: String, candidates: [(region: String, source: PhoneRegionSource)]) -> PhoneNumberDetails {
        let written = WrittenPhoneNumber(text)
        if written.hasPlus {
            if let raw = parse(text, region: "ZZ"), raw.is_valid || isPossible(raw) {
                return details(text, raw, region: nil, source: .countryCode)
            }
            return unresolved(text, written, tried: [], plusInvalid: true)
        }
        if written.digitCount == 0 { return junk("not a phone number") }
        if written.digitCount < 5 && written.wordLetterCount == 0 { return junk("too few digits for a phone number") }
        // Written after an exit code: valid as an international number whatever the default region.
        var international: (text: String, raw: ohpn_number)?
        for digits in written.afterExitCodes {
            let candidate = "+" + String(decoding: digits, as: UTF8.self) + (written.tail.isEmpty ? "" : " " + written.tail)
            if let raw = parse(candidate, region: "ZZ"), raw.is_valid {
                international = (candidate, raw)
                break
            }
        }
        let exitCodeIsUniversal = written.leadingDigits.starts(with: [0x30, 0x30])
        var possibleInAddress: (raw: ohpn_number, region: String)?
        var tried: [String] = []
        for (region, source) in candidates {
            if let international, exitCodeIsUniversal || source == .defaultRegion {
                return details(international.text, international.raw, region: nil, source: .countryCode)
            }
            tried.append(region)
            guard let raw = parse(text, region: region) else { continue }
            let ownCode = raw.country_code_source != Int32(OHPN_SOURCE_DEFAULT_COUNTRY.rawValue)
            if raw.is_valid {
                return details(text, raw, region: ownCode ? nil : region, source: ownCode ? .countryCode : source)
            }
            if source == .address, possibleInAddress == nil, isPossible(raw) { possibleInAddress = (raw, region) }
        }
        if let international { return details(international.text, international.raw, region: nil, source: .countryCode) }
        if written.wordLetterCount >= 3 || written.digitCount < 5 { return unresolved(text, written, tried: tried, plusInvalid: false) }
        if let possibleInAddress {
            return details(text, possibleInAddress.raw, region: possibleInAddress.region, source: .address)
        }
        return unresolved(text, written, tried: tried, plusInvalid: false)
    }

    /// The region of the country code a number is written with (`+49 …`, `0049 …`, `011 49 …`),
    /// when that reading is valid; `nil` for a number written without one.
    public mutating func ownCountryCodeRegion(of text: String) -> String? {
        let written = WrittenPhoneNumber(text)
        if written.hasPlus {
            guard let raw = parse(text, region: "ZZ"), raw.is_valid else { return nil }
            return Self.regionCode(raw)
        }
        for digits in written.afterExitCodes {
            let candidate = "+" + String(decoding: digits, as: UTF8.self) + (written.tail.isEmpty ? "" : " " + written.tail)
            if let raw = parse(candidate, region: "ZZ"), raw.is_valid { return Self.regionCode(raw) }
        }
        return nil
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

    private mutating func parse(_ text: String, region: String) -> ohpn_number? {
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

    private func isPossible(_ raw: ohpn_number) -> Bool {
        raw.possibility == Int32(OHPN_POSSIBLE.rawValue)
    }

    private static func regionCode(_ raw: ohpn_number) -> String? {
        var raw = raw
        let region = ParsedPhoneNumber.string(fromRegionCode: &raw)
        return region.count == 2 ? region : nil
    }

    private mutating func details(_ text: String, _ raw: ohpn_number, region: String?, source: PhoneRegionSource) -> PhoneNumberDetails {
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

    private func junk(_ reason: String) -> PhoneNumberDetails {
        PhoneNumberDetails(isParsed: false, isValid: false, problem: reason, status: .junk)
    }

    private func unresolved(_ text: String, _ written: WrittenPhoneNumber, tried: [String], plusInvalid: Bool) -> PhoneNumberDetails {
        if written.wordLetterCount >= 3 { return junk("words, not a phone number") }
        if written.digitCount < 5 { return junk("too few digits for a phone number") }
        let reason = plusInvalid
            ? "not a valid number for the country code it is written with"
            : "no evidence decides its country: not a valid number in " + tried.joined(separator: ", ")
        return PhoneNumberDetails(isParsed: false, isValid: false, problem: reason, status: .unresolved)
    }
}
