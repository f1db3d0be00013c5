import Ohana
import OhanaPhoneNumbers
import Testing

// Golden values below were produced by running the installed Google libphonenumber 8.12.57
// (Debian libphonenumber-dev) on these inputs. They pin that metadata version: a newer
// libphonenumber may format or classify some numbers differently.

/// One number in one region and its four formatted forms.
struct GoldenNumber: Sendable, CustomTestStringConvertible {
    var region: String
    var input: String
    var e164: String
    var international: String
    var national: String
    var rfc3966: String
    var type: PhoneNumberType

    var testDescription: String { "\(region) \(input)" }
}

let goldenNumbers: [GoldenNumber] = [
    .init(region: "US", input: "(650) 253-0000", e164: "+16502530000", international: "+1 650-253-0000",
          national: "(650) 253-0000", rfc3966: "tel:+1-650-253-0000", type: .fixedLineOrMobile),
    .init(region: "DE", input: "030 1234567", e164: "+49301234567", international: "+49 30 1234567",
          national: "030 1234567", rfc3966: "tel:+49-30-1234567", type: .fixedLine),
    .init(region: "GB", input: "020 7031 3000", e164: "+442070313000", international: "+44 20 7031 3000",
          national: "020 7031 3000", rfc3966: "tel:+44-20-7031-3000", type: .fixedLine),
    .init(region: "GB", input: "07400 123456", e164: "+447400123456", international: "+44 7400 123456",
          national: "07400 123456", rfc3966: "tel:+44-7400-123456", type: .mobile),
    .init(region: "FR", input: "01 42 68 53 00", e164: "+33142685300", international: "+33 1 42 68 53 00",
          national: "01 42 68 53 00", rfc3966: "tel:+33-1-42-68-53-00", type: .fixedLine),
    .init(region: "IN", input: "98765 43210", e164: "+919876543210", international: "+91 98765 43210",
          national: "098765 43210", rfc3966: "tel:+91-98765-43210", type: .mobile),
    .init(region: "JP", input: "03-3224-1111", e164: "+81332241111", international: "+81 3-3224-1111",
          national: "03-3224-1111", rfc3966: "tel:+81-3-3224-1111", type: .fixedLine),
    .init(region: "JP", input: "090-1234-5678", e164: "+819012345678", international: "+81 90-1234-5678",
          national: "090-1234-5678", rfc3966: "tel:+81-90-1234-5678", type: .mobile),
    .init(region: "BR", input: "(11) 96123-4567", e164: "+5511961234567", international: "+55 11 96123-4567",
          national: "(11) 96123-4567", rfc3966: "tel:+55-11-96123-4567", type: .mobile),
    // Written with a country code: the region given does not matter.
    .init(region: "US", input: "+49 30 1234567", e164: "+49301234567", international: "+49 30 1234567",
          national: "030 1234567", rfc3966: "tel:+49-30-1234567", type: .fixedLine),
    .init(region: "US", input: "011 44 20 7031 3000", e164: "+442070313000", international: "+44 20 7031 3000",
          national: "020 7031 3000", rfc3966: "tel:+44-20-7031-3000", type: .fixedLine),
    .init(region: "DE", input: "0049 30 1234567", e164: "+49301234567", international: "+49 30 1234567",
          national: "030 1234567", rfc3966: "tel:+49-30-1234567", type: .fixedLine),
    .init(region: "US", input: "1-800-FLOWERS", e164: "+18003569377", international: "+1 800-356-9377",
          national: "(800) 356-9377", rfc3966: "tel:+1-800-356-9377", type: .tollFree),
]

@Suite("PhoneNumberUtility")
struct PhoneNumberUtilityTests {
    let utility = PhoneNumberUtility.shared

    @Test("formats each number in all four formats", arguments: goldenNumbers)
    func fourFormats(_ golden: GoldenNumber) throws {
        let number = try utility.parse(golden.input, defaultRegion: golden.region)
        #expect(utility.format(number, as: .e164) == golden.e164)
        #expect(utility.format(number, as: .international) == golden.international)
        #expect(utility.format(number, as: .national) == golden.national)
        #expect(utility.format(number, as: .rfc3966) == golden.rfc3966)
        #expect(number.isValid)
        #expect(number.type == golden.type)
        #expect(utility.e164(golden.input, defaultRegion: golden.region) == golden.e164)
    }

    @Test("e164 agrees with parse and format, also for numbers that are not valid; nil for text that is no number",
          arguments: [("+49 30 1234567", "DE"), ("030 1234567", "DE"), ("(415) 555-0100", "US"), ("555-0100", "US"),
                      ("+44 (0)20 7946 0000", "GB"), ("06 1234 5678", "IT"), ("+1 415 555 0100 ext. 7", "US")])
    func e164MatchesParse(_ input: String, _ region: String) throws {
        let parsed = try utility.parse(input, defaultRegion: region)
        #expect(utility.e164(input, defaultRegion: region) == utility.format(parsed, as: .e164))
        #expect(utility.e164("not a number", defaultRegion: region) == nil)
    }

    @Test("parse fills country code, national number and region")
    func parsedParts() throws {
        let number = try utility.parse("030 1234567", defaultRegion: "DE")
        #expect(number.countryCode == 49)
        #expect(number.nationalNumber == 301_234_567)
        #expect(number.leadingZeros == 0)
        #expect(number.extension == nil)
        #expect(number.regionCode == "DE")
        #expect(number.nationalSignificantNumber == "301234567")
    }

    @Test("Italian numbers keep their leading zero")
    func italianLeadingZero() throws {
        let number = try utility.parse("06 4567 8901", defaultRegion: "IT")
        #expect(number.countryCode == 39)
        #expect(number.nationalNumber == 645_678_901)
        #expect(number.leadingZeros == 1)
        #expect(number.nationalSignificantNumber == "0645678901")
        #expect(number.regionCode == "IT")
        #expect(utility.format(number, as: .e164) == "+390645678901")
        #expect(utility.format(number, as: .international) == "+39 06 4567 8901")
        #expect(utility.format(number, as: .rfc3966) == "tel:+39-06-4567-8901")
    }

    @Test("extensions are read and written in every format",
          arguments: ["+1 650-253-0000 ext. 123", "(650) 253-0000 x 123", "+1 650 253 0000;ext=123"])
    func extensions(_ input: String) throws {
        let number = try utility.parse(input, defaultRegion: "US")
        #expect(number.extension == "123")
        #expect(number.nationalNumber == 6_502_530_000)
        #expect(utility.format(number, as: .e164) == "+16502530000")
        #expect(utility.format(number, as: .international) == "+1 650-253-0000 ext. 123")
        #expect(utility.format(number, as: .national) == "(650) 253-0000 ext. 123")
        #expect(utility.format(number, as: .rfc3966) == "tel:+1-650-253-0000;ext=123")
    }

    @Test("numbers with an extension differ from the same number without one")
    func extensionInEquality() throws {
        let plain = try utility.parse("+1 650 253 0000", defaultRegion: "US")
        let withExtension = try utility.parse("+1 650 253 0000 x7", defaultRegion: "US")
        let samePlain = try utility.parse("(650) 253-0000", defaultRegion: "US")
        #expect(plain != withExtension)
        #expect(plain == samePlain)
    }

    @Test("parse errors name the reason and keep the input", arguments: [
        ("hello", "US", PhoneNumberParseError.Reason.notANumber),
        ("", "US", .notANumber),
        ("1", "US", .notANumber),
        ("650 253 0000", "ZZ", .invalidCountryCode),
        ("650 253 0000", "", .invalidCountryCode),
        ("+999 123456", "US", .invalidCountryCode),
        ("+49 1", "DE", .tooShort),
        ("011 4", "US", .tooShortAfterIDD),
        ("0000000000000000000000", "US", .tooLong),
        (String(repeating: "9", count: 400), "US", .tooLong),
        ("+1 650 253 0000 ext. " + String(repeating: "1", count: 300), "US", .tooLong),
    ])
    func parseErrors(_ input: String, _ region: String, _ reason: PhoneNumberParseError.Reason) {
        #expect(throws: PhoneNumberParseError(reason: reason, input: input)) {
            _ = try utility.parse(input, defaultRegion: region)
        }
        #expect(utility.e164(input, defaultRegion: region) == nil)
    }

    @Test("a parse error describes itself in one line")
    func parseErrorDescription() {
        let error = PhoneNumberParseError(reason: .notANumber, input: "hello")
        #expect(error.description == "not a phone number: \"hello\"")
    }

    @Test("numbers that parse but are not valid are marked invalid")
    func invalidButParsed() throws {
        let fictional = try utility.parse("555-5555555", defaultRegion: "US")
        #expect(!fictional.isValid)
        #expect(fictional.type == .unknown)
        #expect(fictional.regionCode == nil)
        let short = try utility.parse("030 12", defaultRegion: "DE")
        #expect(!short.isValid)
        #expect(short.regionCode == "DE")
    }

    @Test("non-geographic numbers get region 001")
    func nonGeographic() throws {
        let number = try utility.parse("+800 1234 5678", defaultRegion: "US")
        #expect(number.isValid)
        #expect(number.regionCode == "001")
        #expect(number.type == .tollFree)
    }

    @Test("unusual input never crashes", arguments: [
        "\0", "+", "++++", "tel:", String(repeating: "9", count: 10_000), "☎️ 030 1234567", "ext. 12",
        "+1 650 253 0000 ext. " + String(repeating: "1", count: 500), "\u{FEFF}+49 30 1234567", "٠٣٠ ١٢٣٤٥٦٧",
    ])
    func unusualInput(_ input: String) {
        let details = utility.details(for: input, defaultRegion: "DE", formats: .all)
        #expect(details.isParsed == (try? utility.parse(input, defaultRegion: "DE")).map { _ in true } ?? false)
    }

    @Test("Arabic-Indic digits are read as digits")
    func nonASCIIDigits() {
        #expect(utility.e164("٠٣٠ ١٢٣٤٥٦٧", defaultRegion: "DE") == "+49301234567")
    }

    @Test("format uses the first of several requested formats, and E.164 for none")
    func formatSetPrecedence() throws {
        let number = try utility.parse("030 1234567", defaultRegion: "DE")
        #expect(utility.format(number, as: [.national, .rfc3966]) == "030 1234567")
        #expect(utility.format(number, as: []) == "+49301234567")
        #expect(utility.format(number, as: .all) == "+49301234567")
    }

    @Test("match levels", arguments: [
        ("+1 650-253-0000", "(650) 253-0000", "US", PhoneNumberMatch.exact),
        ("+49 30 1234567", "030 1234567", "DE", .exact),
        ("+49 30 1234567", "030 1234567", "ZZ", .nsn),
        ("+1 650-253-0000", "253-0000", "US", .shortNSN),
        ("+1 650-253-0000", "+1 650-253-0001", "US", .none),
        ("+1 650-253-0000 x1", "+1 650-253-0000 x2", "US", .none),
        ("+49 30 1234567", "+1 301-234-567", "US", .none),
        ("hello", "+1 650-253-0000", "US", .none),
        ("hello", "world", "US", .none),
    ])
    func matchLevels(_ a: String, _ b: String, _ region: String, _ expected: PhoneNumberMatch) {
        #expect(utility.match(a, b, defaultRegion: region) == expected)
        #expect(utility.match(b, a, defaultRegion: region) == expected)
    }

    @Test("match levels order by strength")
    func matchOrdering() {
        #expect(PhoneNumberMatch.none < .shortNSN)
        #expect(PhoneNumberMatch.shortNSN < .nsn)
        #expect(PhoneNumberMatch.nsn < .exact)
        #expect(!PhoneNumberMatch.none.isMatch)
        #expect(PhoneNumberMatch.shortNSN.isMatch)
    }

    @Test("details of a number written without a country code name the assumed region")
    func detailsAssumedRegion() {
        let details = utility.details(for: "030 1234567", defaultRegion: "DE", formats: [.e164, .national])
        #expect(details == PhoneNumberDetails(
            isParsed: true, isValid: true, regionCode: "DE", assumedRegion: "DE",
            e164: "+49301234567", national: "030 1234567"))
    }

    @Test("details of a number written with a country code assume no region")
    func detailsWithCountryCode() {
        let details = utility.details(for: "+44 20 7031 3000", defaultRegion: "DE", formats: .international)
        #expect(details == PhoneNumberDetails(
            isParsed: true, isValid: true, regionCode: "GB", assumedRegion: nil, international: "+44 20 7031 3000"))
    }

    @Test("details of an invalid number keep its formats and say why")
    func detailsInvalid() {
        let details = utility.details(for: "030 12", defaultRegion: "DE", formats: .e164)
        #expect(details.isParsed)
        #expect(!details.isValid)
        #expect(details.e164 == "+493012")
        #expect(details.problem == "not a valid number for DE: no such number range")
    }

    @Test("details of text that is not a number")
    func detailsUnparsed() {
        let details = utility.details(for: "call me maybe", defaultRegion: "US", formats: .all)
        #expect(details == PhoneNumberDetails(
            isParsed: false, isValid: false, assumedRegion: "US", problem: "not a phone number"))
    }

    @Test("supported regions")
    func supportedRegions() {
        #expect(utility.isSupportedRegion("DE"))
        #expect(utility.isSupportedRegion("US"))
        #expect(!utility.isSupportedRegion("ZZ"))
        #expect(!utility.isSupportedRegion(""))
    }

    @Test("many tasks parse and format at once and agree with one task")
    func concurrency() async throws {
        let expected = goldenNumbers.map(\.international)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var out: [String] = []
                    for _ in 0..<50 {
                        out = try goldenNumbers.map { golden in
                            let utility = PhoneNumberUtility.shared
                            let number = try utility.parse(golden.input, defaultRegion: golden.region)
                            return utility.format(number, as: .international)
                        }
                    }
                    return out
                }
            }
            var all: [[String]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for result in results { #expect(result == expected) }
    }
}
