import CPhoneNumberShim
import Foundation
import Ohana

/// Parses, formats and matches phone numbers with Google's libphonenumber.
///
/// Every method may be called from any number of tasks at once.
public final class PhoneNumberUtility: Sendable {
    /// The one utility; libphonenumber's metadata is loaded once, when it is first used.
    public static let shared = PhoneNumberUtility()

    private init() {
        _ = ohpn_initialize()
    }

    /// Reads `text` as a phone number, assuming `defaultRegion` (ISO 3166 code, such as `"DE"`) when
    /// the text has no country code. Text longer than 250 UTF-8 bytes is ``PhoneNumberParseError/Reason/tooLong``.
    public func parse(_ text: String, defaultRegion: String) throws(PhoneNumberParseError) -> ParsedPhoneNumber {
        switch rawParse(text, defaultRegion: defaultRegion) {
        case .success(let raw): return ParsedPhoneNumber(raw)
        case .failure(let error): throw error
        }
    }

    /// Writes a parsed number in one format. When `format` holds several formats, the first of
    /// E.164, international, national and RFC 3966 is used; an empty set means E.164.
    public func format(_ number: ParsedPhoneNumber, as format: PhoneNumberFormat) -> String {
        var raw = number.shimValue
        return render(&raw, as: format)
    }

    /// The E.164 form of `text` read in `defaultRegion` alone (such as `+4930123456`), or `nil` when
    /// it cannot be parsed; valid or not. This is no resolution: for a contact's numbers use
    /// ``PhoneNumberResolver``, which never invents a country.
    ///
    /// Cheaper than ``parse(_:defaultRegion:)`` followed by ``format(_:as:)``: it skips working out
    /// the number's validity, type and region.
    public func e164(_ text: String, defaultRegion: String) -> String? {
        shimText(text) { bytes, count, buffer, capacity in
            defaultRegion.withCString { region in ohpn_e164(bytes, count, region, buffer, capacity) }
        }
    }

    /// Calls a shim function that writes text into a buffer; `nil` when it returns -1.
    private func shimText(
        _ text: String, _ call: (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, Int) -> Int32
    ) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
                    let length = Int(call(chars.baseAddress, chars.count, buffer.baseAddress, 64))
                    guard length >= 0 else { return nil }
                    if length < 64 {
                        return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
                    }
                    var bigger = [CChar](repeating: 0, count: length + 1)
                    _ = call(chars.baseAddress, chars.count, &bigger, bigger.count)
                    return String(decoding: bigger.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
            }
        }
    }

    /// How closely two numbers match; numbers without a country code are read with `defaultRegion`.
    public func match(_ a: String, _ b: String, defaultRegion: String) -> PhoneNumberMatch {
        var a = a, b = b
        let level = a.withUTF8 { first in
            b.withUTF8 { second in
                defaultRegion.withCString { region in
                    first.withMemoryRebound(to: CChar.self) { x in
                        second.withMemoryRebound(to: CChar.self) { y in
                            ohpn_match(x.baseAddress, x.count, y.baseAddress, y.count, region)
                        }
                    }
                }
            }
        }
        return PhoneNumberMatch(shimValue: level)
    }

    /// What parsing `text` in `defaultRegion` alone finds: whether it is a number, whether it is
    /// valid, its region, the requested formatted forms, and the problem when there is one. Never
    /// fails. This is no resolution: for a contact's numbers use ``PhoneNumberResolver``.
    public func details(for text: String, defaultRegion: String, formats: PhoneNumberFormat) -> PhoneNumberDetails {
        switch rawParse(text, defaultRegion: defaultRegion) {
        case .failure(let error):
            return PhoneNumberDetails(
                isParsed: false, isValid: false, assumedRegion: defaultRegion, problem: error.reason.explanation)
        case .success(var raw):
            let region = ParsedPhoneNumber.string(fromRegionCode: &raw)
            var details = PhoneNumberDetails(
                isParsed: true, isValid: raw.is_valid, regionCode: region.isEmpty ? nil : region,
                assumedRegion: raw.country_code_source == Int32(OHPN_SOURCE_DEFAULT_COUNTRY.rawValue)
                    ? defaultRegion : nil)
            if formats.contains(.e164) { details.e164 = render(&raw, as: .e164) }
            if formats.contains(.international) { details.international = render(&raw, as: .international) }
            if formats.contains(.national) { details.national = render(&raw, as: .national) }
            if formats.contains(.rfc3966) { details.rfc3966 = render(&raw, as: .rfc3966) }
            if !raw.is_valid { details.problem = Self.invalidity(of: raw, region: region) }
            return details
        }
    }

    /// Whether libphonenumber knows the numbering plan of `region` (ISO 3166 code, such as `"DE"`).
    public func isSupportedRegion(_ region: String) -> Bool {
        region.withCString { ohpn_is_supported_region($0) }
    }

    /// The country calling code of `region` (ISO 3166 code), such as 1 for `"CA"`; `nil` when unknown.
    public func countryCode(forRegion region: String) -> Int? {
        let code = region.withCString { ohpn_country_code_for_region($0) }
        return code == 0 ? nil : Int(code)
    }

    /// The international prefix of `region` as ASCII digits when the metadata gives it as plain
    /// digits (`011`, `00`, `010`); `nil` when it is a pattern (Australia's) or the region is unknown.
    func literalInternationalPrefix(ofRegion region: String) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = region.withCString { ohpn_literal_international_prefix($0, &buffer, buffer.count) }
        guard length >= 0, Int(length) < buffer.count else { return nil }
        return buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
    }

    // MARK: - Shim calls

    /// Parses with the shim; `withType: false` leaves `type` unknown (see `ohpn_parse_checking`).
    func rawParse(_ text: String, defaultRegion: String, withType: Bool = true) -> Result<ohpn_number, PhoneNumberParseError> {
        var out = ohpn_number()
        var text = text
        let status = text.withUTF8 { bytes in
            defaultRegion.withCString { region in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    ohpn_parse_checking(chars.baseAddress, chars.count, region, withType, &out)
                }
            }
        }
        guard status == OHPN_PARSE_OK else { return .failure(PhoneNumberParseError(status: status, input: text)) }
        return .success(out)
    }

    func render(_ raw: inout ohpn_number, as format: PhoneNumberFormat) -> String {
        let kind: ohpn_format_kind =
            if format.contains(.e164) || format.isEmpty { OHPN_FORMAT_E164 }
            else if format.contains(.international) { OHPN_FORMAT_INTERNATIONAL }
            else if format.contains(.national) { OHPN_FORMAT_NATIONAL }
            else { OHPN_FORMAT_RFC3966 }
        let capacity = 128
        let fitted: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let length = ohpn_format(&raw, kind, buffer.baseAddress, capacity)
            guard length >= 0, Int(length) < capacity else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF8.self)
        }
        if let fitted { return fitted }
        // Longer than any real number can be; measure and write again.
        let length = Int(ohpn_format(&raw, kind, nil, 0))
        guard length >= 0 else { return "" }
        var bytes = [CChar](repeating: 0, count: length + 1)
        _ = ohpn_format(&raw, kind, &bytes, bytes.count)
        return String(decoding: bytes.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func invalidity(of raw: ohpn_number, region: String) -> String {
        let place = region.isEmpty ? "country code +\(raw.country_code)" : (region == "001" ? "+\(raw.country_code)" : region)
        let why: String = switch raw.possibility {
        case Int32(OHPN_POSSIBLE_TOO_SHORT.rawValue): "too short"
        case Int32(OHPN_POSSIBLE_TOO_LONG.rawValue): "too long"
        case Int32(OHPN_POSSIBLE_INVALID_LENGTH.rawValue): "wrong length"
        case Int32(OHPN_POSSIBLE_INVALID_COUNTRY_CODE.rawValue): "unknown country code"
        case Int32(OHPN_POSSIBLE_LOCAL_ONLY.rawValue): "only dialable locally"
        default: "no such number range"
        }
        return "not a valid number for \(place): \(why)"
    }
}

extension ParsedPhoneNumber {
    /// The region code of a shim number, empty when unknown.
    static func string(fromRegionCode raw: inout ohpn_number) -> String {
        withUnsafeBytes(of: &raw.region_code) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }
}

