import Ohana

/// The cards of ``PhoneNumberTestSet``: each number as its author wrote it, with the number meant.
enum PhoneNumberTestSetRows {
    typealias Truth = PhoneNumberTestSet.Truth

    struct Row {
        var phones: [(written: String, truth: Truth)]
        var country: String?
        var iso: String?
        var email: String?
        /// Further addresses' countries, and Apple's `X-ABADR` country code.
        var otherCountries: [String] = []
        var abadr: String?
        /// The city and postal code of a further address that names no country.
        var city: String?
        var postalCode: String?
    }

    static func card(
        _ phones: (String, Truth)..., country: String? = nil, iso: String? = nil, email: String? = nil,
        also otherCountries: [String] = [], abadr: String? = nil, city: String? = nil, postalCode: String? = nil
    ) -> Row {
        Row(phones: phones.map { (written: $0.0, truth: $0.1) }, country: country, iso: iso, email: email,
            otherCountries: otherCountries, abadr: abadr, city: city, postalCode: postalCode)
    }

    static func cc(_ e164: String) -> Truth { .decided(e164, .countryCode) }
    static func address(_ e164: String) -> Truth { .decided(e164, .address) }
    static func others(_ e164: String) -> Truth { .decided(e164, .otherNumbers) }
    static func email(_ e164: String) -> Truth { .decided(e164, .emailDomain) }
    static func home(_ e164: String) -> Truth { .decided(e164, .defaultRegion) }
    static func locality(_ e164: String) -> Truth { .decided(e164, .addressLocality) }
    static let junk = Truth.junk

    static let rows: [Row] = countryCodes + exitCodes + addresses + nativeScripts + otherNumbers + emails
        + defaults + extensions + digits + junkValues + undecided + PhoneNumberTestSetAdversarialRows.rows

    /// Numbers written with `+CC`, the way each country groups them, and `+CC (0)`.
    static let countryCodes: [Row] = [
        card(("+49 30 90182000", cc("+493090182000"))),
        card(("+49 (0)30 9018 2000", cc("+493090182000"))),
        card(("+49 151 62794932", cc("+4915162794932"))),
        card(("+33 1 42 68 53 00", cc("+33142685300"))),
        card(("+33 (0)6 12 34 56 78", cc("+33612345678"))),
        card(("+44 20 7946 0018", cc("+442079460018"))),
        card(("+44 (0) 7911 123456", cc("+447911123456"))),
        card(("+34 912 34 56 78", cc("+34912345678"))),
        card(("+39 06 6982 0000", cc("+390669820000"))),
        card(("+39 347 123 4567", cc("+393471234567"))),
        card(("+31 (0)20 555 1234", cc("+31205551234"))),
        card(("+48 601 234 567", cc("+48601234567"))),
        card(("+351 919 109 619", cc("+351919109619"))),
        card(("+46 70-123 45 67", cc("+46701234567"))),
        card(("+41 44 668 18 00", cc("+41446681800"))),
        card(("+43 664 1234567", cc("+436641234567"))),
        card(("+7 (495) 123-45-67", cc("+74951234567"))),
        card(("+81 3-1234-5678", cc("+81312345678"))),
        card(("+86 138 0013 8000", cc("+8613800138000"))),
        card(("+82 10-1234-5678", cc("+821012345678"))),
        card(("+91 98765 43210", cc("+919876543210"))),
        card(("+55 11 91234-5678", cc("+5511912345678"))),
        card(("+52 55 1234 5678", cc("+525512345678"))),
        card(("+61 2 9876 5432", cc("+61298765432"))),
        card(("+966 50 123 4567", cc("+966501234567"))),
        card(("+971 50 123 4567", cc("+971501234567"))),
        card(("+20 10 1234 5678", cc("+201012345678"))),
        card(("+90 532 123 45 67", cc("+905321234567"))),
        card(("+972 52-123-4567", cc("+972521234567"))),
        card(("+30 694 123 4567", cc("+306941234567"))),
        card(("+27 82 123 4567", cc("+27821234567"))),
        card(("+234 803 123 4567", cc("+2348031234567"))),
        card(("+66 81 234 5678", cc("+66812345678"))),
        card(("+1 416-979-1234", cc("+14169791234"))),
    ]

    /// International numbers after the exit codes people dial from home: `00` and, with a North
    /// American default region, `011` decide; the others (`0011`, `010`, `8~10`) only where the
    /// card's evidence puts the caller in the country that dials them.
    static let exitCodes: [Row] = [
        card(("00966 59 255 4721", cc("+966592554721"))),
        card(("0049 30 90182000", cc("+493090182000"))),
        card(("0049 (0)151 62794932", cc("+4915162794932"))),
        card(("00 33 1 42 68 53 00", cc("+33142685300"))),
        card(("0044 20 7946 0018", cc("+442079460018"))),
        card(("0039 06 6982 0000", cc("+390669820000"))),
        card(("00351 919 109 619", cc("+351919109619"))),
        card(("0048 22 555 12 34", cc("+48225551234"))),
        card(("011 49 30 9018 2000", cc("+493090182000"))),
        card(("011-44-7911-123456", cc("+447911123456"))),
        card(("011 52 55 1234 5678", cc("+525512345678"))),
        card(("0011 44 20 7946 0018", .undecided("+442079460018"))),
        card(("0011 64 9 309 1234", .undecided("+6493091234"))),
        card(("010 33 1 42 68 53 00", .undecided("+33142685300"))),
        card(("010-82-2-312-3456", .undecided("+8223123456"))),
        card(("8~10 49 151 62794932", .undecided("+4915162794932"))),
        card(("8 10 33 6 12 34 56 78", .undecided("+33612345678"))),
        card(("810 44 20 7946 0018", .undecided("+442079460018"))),
        card(("0011 44 20 7946 0018", cc("+442079460018")), country: "Australia"),
        card(("0011 64 9 309 1234", cc("+6493091234")), iso: "AU"),
        card(("010 33 1 42 68 53 00", cc("+33142685300")), country: "日本"),
        card(("010-82-2-312-3456", cc("+8223123456")), iso: "JP"),
        card(("8~10 49 151 62794932", cc("+4915162794932")), country: "Россия"),
        card(("8 10 33 6 12 34 56 78", cc("+33612345678")), iso: "RU"),
        card(("810 44 20 7946 0018", cc("+442079460018")), country: "Russia"),
    ]

    /// National numbers on contacts whose address gives the country by ISO code or by name.
    static let addresses: [Row] = [
        card(("030 90182000", address("+493090182000")), iso: "DE"),
        card(("0151 62794932", address("+4915162794932")), country: "Germany"),
        card(("01 42 68 53 00", address("+33142685300")), iso: "fr"),
        card(("06.12.34.56.78", address("+33612345678")), country: "France"),
        card(("020 7946 0018", address("+442079460018")), country: "UK"),
        card(("07911 123456", address("+447911123456")), country: "United Kingdom"),
        card(("912 34 56 78", address("+34912345678")), iso: "ES"),
        card(("06 6982 0000", address("+390669820000")), country: "Italy"),
        card(("020-5551234", address("+31205551234")), iso: "NL"),
        card(("22 555 12 34", address("+48225551234")), iso: "PL"),
        card(("08-123 456 78", address("+46812345678")), iso: "SE"),
        card(("044 668 18 00", address("+41446681800")), iso: "CH"),
        card(("0664 1234567", address("+436641234567")), iso: "AT"),
        card(("8 (495) 123-45-67", address("+74951234567")), iso: "RU"),
        card(("03-1234-5678", address("+81312345678")), iso: "JP"),
        card(("010-6552 9988", address("+861065529988")), iso: "CN"),
        card(("02-312-3456", address("+8223123456")), iso: "KR"),
        card(("022 2345 6789", address("+912223456789")), iso: "IN"),
        card(("(21) 2345-6789", address("+552123456789")), iso: "BR"),
        card(("(02) 9876 5432", address("+61298765432")), iso: "AU"),
        card(("011 234 5678", address("+966112345678")), iso: "SA"),
        card(("050 123 4567", address("+971501234567")), iso: "AE"),
        card(("0532 123 45 67", address("+905321234567")), iso: "TR"),
        card(("082 123 4567", address("+27821234567")), country: "South Africa"),
        card(("0803 123 4567", address("+2348031234567")), country: "Nigeria"),
        card(("(416) 979-1234", address("+14169791234")), country: "Canada"),
        card(("(650) 253-0000", address("+16502530000")), country: "U.S.A."),
        card(("0114 496 0000", address("+441144960000")), country: "England"),
    ]

    /// National numbers whose only hint is the address's country name in another language or its own script.
    static let nativeScripts: [Row] = [
        card(("054-954-9601", address("+966549549601")), country: "السعودية"),
        card(("0151 62794932", address("+4915162794932")), country: "Deutschland"),
        card(("030 9018 2000", address("+493090182000")), country: "Allemagne"),
        card(("090-1234-5678", address("+819012345678")), country: "日本"),
        card(("8 916 123-45-67", address("+79161234567")), country: "Россия"),
        card(("138 0013 8000", address("+8613800138000")), country: "中国"),
        card(("010-1234-5678", address("+821012345678")), country: "대한민국"),
        card(("694 123 4567", address("+306941234567")), country: "Ελλάδα"),
        card(("052-123-4567", address("+972521234567")), country: "ישראל"),
        card(("081 234 5678", address("+66812345678")), country: "ประเทศไทย"),
        card(("098765 43210", address("+919876543210")), country: "भारत"),
        card(("010 1234 5678", address("+201012345678")), country: "مصر"),
        card(("0912 345 6789", address("+989123456789")), country: "ایران"),
        card(("0532 123 45 67", address("+905321234567")), country: "Türkiye"),
        card(("601 234 567", address("+48601234567")), country: "Polska"),
        card(("612 34 56 78", address("+34612345678")), country: "España"),
        card(("347 123 4567", address("+393471234567")), country: "Italia"),
        card(("06-12345678", address("+31612345678")), country: "Nederland"),
        card(("(11) 91234-5678", address("+5511912345678")), country: "Brasil"),
        card(("55 1234 5678", address("+525512345678")), country: "México"),
        card(("070-123 45 67", address("+46701234567")), country: "Sverige"),
        card(("079 123 45 67", address("+41791234567")), country: "Schweiz"),
        card(("0664 1234567", address("+436641234567")), country: "Österreich"),
        card(("21 345 6789", address("+351213456789")), country: "Portugal"),
        card(("0412 345 678", address("+61412345678")), country: "Australia"),
    ]

    /// National numbers beside a number written with its country code.
    static let otherNumbers: [Row] = [
        card(("+48 601 234 567", cc("+48601234567")), ("22 555 12 34", others("+48225551234"))),
        card(("+33 6 12 34 56 78", cc("+33612345678")), ("01 42 68 53 00", others("+33142685300"))),
        card(("0049 151 62794932", cc("+4915162794932")), ("030 9018 2000", others("+493090182000"))),
        card(("+351 919 109 619", cc("+351919109619")), ("21 345 6789", others("+351213456789"))),
        card(("+44 7911 123456", cc("+447911123456")), ("020 7946 0018", others("+442079460018"))),
        card(("+81 90-1234-5678", cc("+819012345678")), ("03-1234-5678", others("+81312345678"))),
        card(("+966 50 123 4567", cc("+966501234567")), ("054-954-9601", others("+966549549601"))),
        card(("+39 347 123 4567", cc("+393471234567")), ("06 6982 0000", others("+390669820000"))),
        card(("+55 11 91234-5678", cc("+5511912345678")), ("(21) 2345-6789", others("+552123456789"))),
    ]

    /// National numbers whose only hint is a country-code email domain.
    static let emails: [Row] = [
        card(("015162794932", email("+4915162794932")), email: "sabine.neumann@web.de"),
        card(("06 12 34 56 78", email("+33612345678")), email: "jdupont@orange.fr"),
        card(("090-1234-5678", email("+819012345678")), email: "tanaka@yahoo.co.jp"),
        card(("8 916 123 45 67", email("+79161234567")), email: "ivanov@mail.ru"),
        card(("222 556 417", email("+48222556417")), email: "michal.wojcik@interia.pl"),
        card(("347 123 4567", email("+393471234567")), email: "rossi@libero.it"),
        card(("07911 123456", email("+447911123456")), email: "jones@btinternet.co.uk"),
        card(("(11) 91234-5678", email("+5511912345678")), email: "silva@terra.com.br"),
        card(("919 109 619", email("+351919109619")), email: "pereira@sapo.pt"),
        card(("079 123 45 67", email("+41791234567")), email: "mueller@bluewin.ch"),
        card(("0412 345 678", email("+61412345678")), email: "smith@bigpond.com.au"),
        card(("010-1234-5678", email("+821012345678")), email: "kim@hanmail.co.kr"),
    ]

    /// The default region's own numbers, written its ways.
    static let defaults: [Row] = [
        card(("(650) 253-0000", home("+16502530000"))),
        card(("650.253.0000", home("+16502530000"))),
        card(("1-212-736-5000", home("+12127365000"))),
        card(("212 736 5000", home("+12127365000")), email: "someone@gmail.com"),
        card(("(212)736-5000", home("+12127365000"))),
        card(("+1 (650) 253-0000", cc("+16502530000"))),
    ]

    /// Numbers with extensions (E.164 leaves the extension out).
    static let extensions: [Row] = [
        card(("+1 650-253-0000 x123", cc("+16502530000"))),
        card(("(212) 736-5000 ext. 7", home("+12127365000"))),
        card(("030 9018 2000 ext. 45", address("+493090182000")), iso: "DE"),
        card(("+33 1 42 68 53 00;ext=12", cc("+33142685300"))),
        card(("+44 20 7946 0018 extn 201", cc("+442079460018"))),
    ]

    /// Full-width and Arabic-Indic (and Persian) digits.
    static let digits: [Row] = [
        card(("０３－１２３４－５６７８", address("+81312345678")), country: "日本"),
        card(("＋８１ ９０ １２３４ ５６７８", cc("+819012345678"))),
        card(("٠٥٤٩٥٤٩٦٠١", address("+966549549601")), country: "المملكة العربية السعودية"),
        card(("+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧", cc("+966501234567"))),
        card(("٠١٠ ١٢٣٤ ٥٦٧٨", address("+201012345678")), iso: "EG"),
        card(("۰۹۱۲ ۳۴۵ ۶۷۸۹", address("+989123456789")), iso: "IR"),
    ]

    /// Values in phone fields that are no number.
    static let junkValues: [Row] = [
        card(("+", junk)), card(("0", junk)), card(("n/a", junk)), card(("N/A", junk)), card(("call reception", junk)),
        card(("-", junk)), card(("tbd", junk)), card(("123", junk)), card(("0000", junk)), card(("?", junk)),
        card(("ask Maria at the front desk", junk)), card(("see email", junk)), card(("keine", junk)),
        card(("x", junk)), card(("...", junk)), card(("00", junk)), card(("+49", junk)), card(("1234", junk), iso: "DE"),
    ]

    /// Foreign national numbers with nothing on the card to place them.
    static let undecided: [Row] = [
        card(("919 109 619", .undecided("+351919109619"))),
        card(("015162794932", .undecided("+4915162794932"))),
        card(("06 12 34 56 78", .undecided("+33612345678"))),
        card(("054-954-9601", .undecided("+966549549601"))),
        card(("222556417", .undecided("+48222556417")), email: "wojcik@gmail.com"),
    ]
}
