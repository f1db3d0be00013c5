import CPhoneNumberShim

/// A phone number read by libphonenumber: country code, national number, extension and what
/// the metadata says about it.
public struct ParsedPhoneNumber: Hashable, Sendable {
    /// Country calling code, such as `49` for Germany.
    public let countryCode: Int
    /// National significant number without its leading zeros, such as `301234567`.
    public let nationalNumber: UInt64
    /// How many zeros the national number starts with (Italian numbers and a few others); usually 0.
    public let leadingZeros: Int
    /// Extension digits, when the number has one.
    public let `extension`: String?
    /// Whether the number is valid for its region according to the metadata.
    public let isValid: Bool
    /// The region the number belongs to (ISO 3166 code, `"001"` for non-geographic numbers), when known.
    public let regionCode: String?
    /// What kind of line the number is, when the metadata tells.
    public let type: PhoneNumberType

    /// The national significant number as digits, with its leading zeros.
    public var nationalSignificantNumber: String {
        String(repeating: "0", count: leadingZeros) + String(nationalNumber)
    }

    init(_ raw: ohpn_number) {
        var raw = raw
        countryCode = Int(raw.country_code)
        nationalNumber = raw.national_number
        leadingZeros = raw.italian_leading_zero ? max(1, Int(raw.number_of_leading_zeros)) : 0
        let ext = withUnsafeBytes(of: &raw.extension) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        self.extension = ext.isEmpty ? nil : ext
        isValid = raw.is_valid
        let region = withUnsafeBytes(of: &raw.region_code) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        regionCode = region.isEmpty ? nil : region
        type = PhoneNumberType(shimValue: raw.type)
    }

    /// The number in the shim's form, for formatting.
    var shimValue: ohpn_number {
        var raw = ohpn_number()
        raw.country_code = Int32(clamping: countryCode)
        raw.national_number = nationalNumber
        raw.italian_leading_zero = leadingZeros > 0
        raw.number_of_leading_zeros = Int32(clamping: leadingZeros)
        if let ext = self.extension {
            let bytes = Array(ext.utf8.prefix(Int(OHPN_EXTENSION_CAPACITY) - 1))
            withUnsafeMutableBytes(of: &raw.extension) { buffer in
                buffer.copyBytes(from: bytes)
                buffer[bytes.count] = 0
            }
        }
        raw.is_valid = isValid
        raw.type = type.shimValue
        return raw
    }
}

/// The kind of line a phone number reaches, as libphonenumber's metadata classifies it.
public enum PhoneNumberType: String, Hashable, Sendable, Codable, CaseIterable {
    /// A landline.
    case fixedLine
    /// A mobile phone.
    case mobile
    /// A landline or a mobile phone; the number alone does not tell (as in the United States).
    case fixedLineOrMobile
    /// A free phone number.
    case tollFree
    /// A premium rate number.
    case premiumRate
    /// A shared cost number.
    case sharedCost
    /// A voice over IP number.
    case voip
    /// A personal number that may route to a landline or a mobile.
    case personalNumber
    /// A pager.
    case pager
    /// A universal access (company) number.
    case uan
    /// A voicemail access number.
    case voicemail
    /// Not a known kind, which is what invalid numbers get.
    case unknown

    init(shimValue: Int32) {
        let all = Self.allCases
        self = (0..<Int32(all.count)).contains(shimValue) ? all[Int(shimValue)] : .unknown
    }

    var shimValue: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }
}

/// Why a phone number could not be parsed, and the text that was given.
public struct PhoneNumberParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reasons libphonenumber gives for not reading a number.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The number starts with a country code that does not exist, or has none and no region was known.
        case invalidCountryCode
        /// The text does not look like a phone number.
        case notANumber
        /// Too few digits after an international dialing prefix.
        case tooShortAfterIDD
        /// Too few digits for a national number.
        case tooShort
        /// Too many digits, or too much text, for a phone number.
        case tooLong
        /// libphonenumber failed for another reason.
        case internalError
    }

    /// Why the number could not be parsed.
    public var reason: Reason
    /// The text that was given.
    public var input: String

    /// Creates a parse error.
    public init(reason: Reason, input: String) {
        self.reason = reason
        self.input = input
    }

    /// A one-line explanation, such as `not a phone number: "hello"`.
    public var description: String { "\(reason.explanation): \"\(input)\"" }

    init(status: ohpn_parse_status, input: String) {
        let reason: Reason = switch status {
        case OHPN_PARSE_INVALID_COUNTRY_CODE: .invalidCountryCode
        case OHPN_PARSE_NOT_A_NUMBER: .notANumber
        case OHPN_PARSE_TOO_SHORT_AFTER_IDD: .tooShortAfterIDD
        case OHPN_PARSE_TOO_SHORT_NSN: .tooShort
        case OHPN_PARSE_TOO_LONG: .tooLong
        default: .internalError
        }
        self.init(reason: reason, input: input)
    }
}

extension PhoneNumberParseError.Reason {
    /// The reason in words.
    public var explanation: String {
        switch self {
        case .invalidCountryCode: "invalid or missing country code"
        case .notANumber: "not a phone number"
        case .tooShortAfterIDD: "too short after the international dialing prefix"
        case .tooShort: "too short to be a phone number"
        case .tooLong: "too long to be a phone number"
        case .internalError: "libphonenumber failed"
        }
    }
}

/// How closely two phone numbers match, weakest first.
public enum PhoneNumberMatch: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// Different numbers, or text that is not a number.
    case none = 0
    /// One national number is a shorter form of the other, such as a number without its area code.
    case shortNSN = 1
    /// Same national significant number; the country code of at least one is unknown.
    case nsn = 2
    /// Same country code, national number and extension.
    case exact = 3

    /// Whether the numbers match at any level.
    public var isMatch: Bool { self != .none }

    /// Orders match levels by strength.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    init(shimValue: ohpn_match_level) {
        self = switch shimValue {
        case OHPN_MATCH_EXACT: .exact
        case OHPN_MATCH_NSN: .nsn
        case OHPN_MATCH_SHORT_NSN: .shortNSN
        default: .none
        }
    }
}
