import CPhoneNumberShim
import Foundation
import Testing

/// The shim hands libphonenumber only the digits of a number written with digits and ` -().`
/// (see `plain_digits` in shim.cpp). These tests hold that shortcut to libphonenumber reading the
/// text exactly as written: same status, same number, same validity, region and country code source.
@Suite("Phone parsing: the digits-only shortcut reads every number as the text itself does")
struct PhoneParsingEquivalenceTests {
    static let regions = ["US", "CA", "DE", "GB", "FR", "IT", "NL", "CH", "AT", "BR", "MX", "AR", "RU", "CN", "JP", "AU", "IN", "ZZ"]

    /// Numbers the way address books write them, in national and international forms.
    static let written = [
        "+1 (206) 242-0285", "1-503-820-0003", "(212) 555-0100", "212.555.0100", "555-0100", "+44 (0)20 7946 0958",
        "(0)20 7946 0958", "020 7946 0958", "07911 676356", "+44 7911 676356", "0049 30 1234567", "011 49 30 1234567",
        "(030) 123 45 67", "0211/7908221", "+49 (0) 211 7908221", "07.76.73.83.64", "+33 6 39 29 60 27", "0033 1 42 68 53 00",
        "02 6337 3550", "+61 2 9876 5432", "0011 61 2 9876 5432", "+52 1 81 5608 7881", "8 (985) 208-74-79", "8 985 784 62 18",
        "+7 495 123-45-67", "138 7454 3320", "(021) 2296-6693", "+86 10 8697 0020", "03-1234-5678", "+81 3 1234 5678",
        "06 12345678", "+39 06 1234 5678", "0039 347 123 4567", "(11) 98765-4321", "+55 11 98765 4321", "+41 44 668 18 00",
        " +1 212 555 0100", "  (0)30 1234567", "+ 49 30 1234567", "++49 30 1234567", "+", "+-", "12", "1-2", "123",
        "(((5551234)))", "5551234.", ".5551234", "-5551234-", "+(49) 30 1234567", "(+49) 30 1234567", "1 (800) 555 0199",
        "0800 123 4567", "00 800 1234 5678", "+800 1234 5678", "+882 1234 5678", "000000000", "+0 123 456", "1.800.555.0199",
        // Calling codes several regions share: NANP, +44, +7, +39, +47, +61, +262, +590, +599, +212, +358.
        "+1 268 464 1234", "+1 268 123", "+1 416 555 0199", "+1 787 555 0100", "+1 809 555 0100", "+1 671 555 0100",
        "+1 900 555 0100", "+1 555 555 5555", "+44 1481 256789", "+44 1624 756789", "+44 1534 456789", "+7 727 258 1234",
        "+7 495 123 4567", "+39 06 698 12345", "+39 06 6982", "+47 79 12 34 56", "+61 8 9162 1234", "+262 269 61 23 45",
        "+590 590 27 12 34", "+599 9 461 2345", "+599 717 1234", "+212 528 123456", "+358 18 123456", "+358 9 123 4567",
    ]

    /// Strings of digits and that punctuation, shaped like numbers (exit codes, trunk prefixes,
    /// brackets), from a fixed seed.
    static func generated(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let prefixes = ["", "+", "00", "011 ", "(0", " +", "0", "1 ", "8 ", "+1 "]
        let alphabet = Array("0123456789012345678901234567890123456789 -().+0001")
        return (0..<count).map { _ in
            var text = prefixes[next(prefixes.count)]
            for _ in 0..<(3 + next(20)) { text.append(alphabet[next(alphabet.count)]) }
            return text
        }
    }

    @Test("numbers as written and generated shapes parse the same by both paths", arguments: regions)
    func sameParse(region: String) {
        for text in Self.written + Self.generated(count: 1500) {
            let (shortcut, shortcutStatus) = Self.parse(text, region: region, verbatim: false)
            let (verbatim, verbatimStatus) = Self.parse(text, region: region, verbatim: true)
            #expect(shortcutStatus == verbatimStatus, "\(text) in \(region)")
            guard shortcutStatus == OHPN_PARSE_OK, verbatimStatus == OHPN_PARSE_OK else { continue }
            #expect(shortcut.country_code == verbatim.country_code, "\(text) in \(region)")
            #expect(shortcut.national_number == verbatim.national_number, "\(text) in \(region)")
            #expect(shortcut.italian_leading_zero == verbatim.italian_leading_zero, "\(text) in \(region)")
            #expect(shortcut.number_of_leading_zeros == verbatim.number_of_leading_zeros, "\(text) in \(region)")
            #expect(shortcut.is_valid == verbatim.is_valid, "\(text) in \(region)")
            #expect(shortcut.country_code_source == verbatim.country_code_source, "\(text) in \(region)")
            #expect(shortcut.possibility == verbatim.possibility, "\(text) in \(region)")
            #expect(Self.region(shortcut) == Self.region(verbatim), "\(text) in \(region)")
        }
    }

    @Test("validity without the type check repeated is validity with the number's type", arguments: regions)
    func validityWithoutRepeatedCheck(region: String) {
        for text in Self.written + Self.generated(count: 600) {
            var quick = ohpn_number(), typed = ohpn_number()
            let bytes = Array(text.utf8)
            let (quickStatus, typedStatus) = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    region.withCString { code in
                        (ohpn_parse_checking(chars.baseAddress, chars.count, code, false, &quick),
                         ohpn_parse_checking(chars.baseAddress, chars.count, code, true, &typed))
                    }
                }
            }
            #expect(quickStatus == typedStatus, "\(text) in \(region)")
            #expect(quick.is_valid == typed.is_valid, "\(text) in \(region)")
            #expect(Self.region(quick) == Self.region(typed), "\(text) in \(region)")
        }
    }

    @Test("a number's checks remembered by a thread are those a thread that has not seen it makes")
    func rememberedChecks() async {
        // One number written in many ways (and the same texts again): parsed in opposite orders on
        // two new threads, each checks a number itself first where the other remembers it.
        var texts: [(text: String, region: String)] = []
        for region in Self.regions { texts += (Self.written + Self.generated(count: 400)).map { ($0, region) } }
        texts += texts
        let forward = texts
        let backward = Array(texts.reversed())
        func parseAll(_ list: [(text: String, region: String)]) async -> [String] {
            await withCheckedContinuation { continuation in
                Thread {
                    let lines = list.map { item -> String in
                        let (number, status) = Self.parse(item.text, region: item.region, verbatim: false)
                        return "\(item.text) in \(item.region): \(status.rawValue) \(number.country_code) \(number.national_number) "
                            + "\(number.is_valid) \(number.possibility) \(number.type) \(Self.region(number))"
                    }
                    continuation.resume(returning: lines)
                }.start()
            }
        }
        let first = await parseAll(forward)
        let second = await parseAll(backward)
        let differ = zip(first, second.reversed()).filter { $0 != $1 }
        let same = differ.isEmpty
        #expect(first.count == texts.count)
        #expect(same, "\(differ.count) differ: \(differ.prefix(3))")
    }

    @Test("text with letters, extensions or other marks is read as written")
    func otherTextUntouched() {
        // An extension or a second number only the text itself shows: the shortcut must not apply.
        let (withExtension, status) = Self.parse("+1 212 555 0100 x42", region: "US", verbatim: false)
        #expect(status == OHPN_PARSE_OK)
        var ext = withExtension.extension
        let extensionText = withUnsafeBytes(of: &ext) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        #expect(extensionText == "42")
        let (twoNumbers, _) = Self.parse("030 1234567 / x 89", region: "DE", verbatim: false)
        let (twoVerbatim, _) = Self.parse("030 1234567 / x 89", region: "DE", verbatim: true)
        #expect(twoNumbers.national_number == twoVerbatim.national_number)
    }

    private static func parse(_ text: String, region: String, verbatim: Bool) -> (ohpn_number, ohpn_parse_status) {
        var out = ohpn_number()
        let bytes = Array(text.utf8)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                region.withCString { regionCode in
                    verbatim
                        ? ohpn_parse_verbatim(chars.baseAddress, chars.count, regionCode, &out)
                        : ohpn_parse_checking(chars.baseAddress, chars.count, regionCode, false, &out)
                }
            }
        }
        return (out, status)
    }

    private static func region(_ number: ohpn_number) -> String {
        var code = number.region_code
        return withUnsafeBytes(of: &code) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
