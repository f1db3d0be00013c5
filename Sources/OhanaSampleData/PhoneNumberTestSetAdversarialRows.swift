import Ohana

/// Cards of ``PhoneNumberTestSet`` shaped like the ones that trip a resolver in real address books
/// (issue #33): numbers that are not valid in the country the card's address names (people move,
/// numbers are copied from elsewhere), exit codes of one country on a card from another, evidence
/// of every kind that disagrees, and numbers written in one country's style on a card whose other
/// evidence points elsewhere. Each number's truth is what its author meant; where the card does
/// not decide it, `undecided` accepts the right number or none, never another.
enum PhoneNumberTestSetAdversarialRows {
    typealias Rows = PhoneNumberTestSetRows
    typealias Truth = PhoneNumberTestSet.Truth

    static let rows: [Row] = issueExamples + invalidWithAddress + conflicts + foreignWriting + localities

    typealias Row = PhoneNumberTestSetRows.Row

    private static func cc(_ e164: String) -> Truth { Rows.cc(e164) }
    private static func address(_ e164: String) -> Truth { Rows.address(e164) }
    private static func others(_ e164: String) -> Truth { Rows.others(e164) }
    private static func email(_ e164: String) -> Truth { Rows.email(e164) }
    private static func home(_ e164: String) -> Truth { Rows.home(e164) }
    private static func open(_ e164: String) -> Truth { .undecided(e164) }
    private static func locality(_ e164: String) -> Truth { Rows.locality(e164) }

    /// Every example of the issue's text.
    static let issueExamples: [Row] = [
        // A Dubai mobile on a card with a Denver address: not a US number.
        Rows.card(("056 921 0546", open("+971569210546")), country: "USA"),
        // A Manchester number on a card with an address in the UAE.
        Rows.card(("0161 707 8562", open("+441617078562")), country: "United Arab Emirates"),
        // A Berlin number on a card with an Australian address.
        Rows.card(("030 62516842", open("+493062516842")), country: "Australia"),
        Rows.card(("00000000", Rows.junk), country: "Australia"),
        Rows.card(("(555) CALL-NOW", Rows.junk), iso: "GB"),
        Rows.card(("(555) CALL-NOW", Rows.junk)),
        // Beijing's 010 is Japan's exit code; the +86 number places both national numbers.
        Rows.card(
            ("+86 138 0013 8000", cc("+8613800138000")), ("01049439744", others("+861049439744")),
            ("021 2388 5168", others("+862123885168"))),
        // Without the +86 number, 010 read as Japan's exit code must not place the Shanghai number.
        Rows.card(("01049439744", open("+861049439744")), ("021 2388 5168", open("+862123885168"))),
        // Written the North American way on a card with a Mexican email.
        Rows.card(("713-660-0344", open("+17136600344")), email: "lupita.garza@prodigy.net.mx"),
        // Mexico City's 55 grouped the Mexican way, on a card with a Mexican email.
        Rows.card(("(55) 1996-0480", email("+525519960480")), email: "jorge@prodigy.net.mx"),
        // Munich written the German way; a German and a Japanese address, X-ABADR:de.
        Rows.card(("089/2992940", address("+49892992940")), country: "Deutschland", also: ["Japan"], abadr: "de"),
        // Valid in India and in the US, on a card with an Indian address.
        Rows.card(("70123 45678", address("+917012345678")), iso: "IN"),
        Rows.card(("(701) 234-5678", open("+17012345678")), iso: "IN"),
        // Osaka written the Japanese way on a card with a Dutch address and a Japanese email.
        Rows.card(("06-2326-4385", open("+81623264385")), iso: "NL", email: "k.sato@docomo.ne.jp"),
    ]

    /// National numbers of one country on a card whose address is in another, where they are not valid.
    static let invalidWithAddress: [Row] = [
        Rows.card(("0151 62794932", open("+4915162794932")), country: "France"),
        Rows.card(("07911 123456", open("+447911123456")), country: "Australia"),
        Rows.card(("0412 345 678", open("+61412345678")), country: "United Kingdom"),
        Rows.card(("22 555 12 34", open("+48225551234")), iso: "US"),
        Rows.card(("030 90182000", open("+493090182000")), iso: "FR"),
        Rows.card(("(11) 91234-5678", open("+5511912345678")), country: "United States"),
        Rows.card(("09 309 1234", open("+6493091234")), country: "Australia"),
        Rows.card(("030-1234-5678", open("+493012345678")), iso: "JP"),
        Rows.card(("612 34 56 78", open("+34612345678")), country: "Portugal"),
        Rows.card(("0412 345 678", open("+61412345678")), country: "New Zealand"),
        Rows.card(("055 1234 5678", open("+525512345678")), country: "México"),
        Rows.card(("555-0123", Rows.junk), iso: "US"),
    ]

    /// Evidence of every kind that disagrees: address against email, address against another
    /// number's country code, another number against email, email against the default region.
    static let conflicts: [Row] = [
        Rows.card(("030 90182000", address("+493090182000")), iso: "DE", email: "marie@orange.fr"),
        Rows.card(("0412 345 678", address("+61412345678")), country: "Australia", email: "tom@btinternet.co.uk"),
        Rows.card(("+44 7911 123456", cc("+447911123456")), ("030 12345678", address("+493012345678")), iso: "DE"),
        Rows.card(("+39 347 123 4567", cc("+393471234567")), ("06 6982 0000", others("+390669820000")), email: "luca@orange.fr"),
        Rows.card(("+33 6 12 34 56 78", cc("+33612345678")), ("02 9876 5432", address("+61298765432")), iso: "AU"),
        Rows.card(("212 736 5000", open("+12127365000")), email: "max@web.de"),
        Rows.card(("(212) 555-0123", home("+12125550123")), email: "anna@t-online.de"),
        Rows.card(("02 9876 5432", address("+390298765432")), iso: "IT", email: "bruce@bigpond.com.au"),
        Rows.card(("(02) 8123 4567", address("+63281234567")), iso: "PH", email: "maria@optusnet.com.au"),
        Rows.card(("0212 345 6789", open("+902123456789")), iso: "BR", email: "emre@superonline.com.tr"),
        Rows.card(("919 109 619", open("+351919109619")), iso: "ES", email: "joao@sapo.pt"),
        Rows.card(("06 1234 5678", address("+31612345678")), iso: "NL", email: "pierre@free.fr"),
    ]

    /// Numbers written in one country's style on a card whose other evidence points elsewhere.
    static let foreignWriting: [Row] = [
        // A French mobile written the French way, on a card with only a German address: valid in
        // Germany too (Eltville's 06123), and nothing on the card says France.
        Rows.card(("06 12 34 56 78", open("+33612345678")), iso: "DE"),
        Rows.card(("06 12 34 56 78", open("+33612345678")), iso: "DE", email: "claire@orange.fr"),
        Rows.card(("202-555-0143", open("+12025550143")), iso: "PH"),
        Rows.card(("(0212) 345 67 89", address("+902123456789")), iso: "TR", email: "ana@uol.com.br"),
        Rows.card(("2025550143", home("+12025550143")), iso: "PH"),
        Rows.card(("0 20 7946 0018", address("+442079460018")), country: "United Kingdom"),
    ]

    /// Addresses that name no country, only a city or a postal code: a city of one country names
    /// it; a city that exists in several countries (Paris, Texas) and a postal code several
    /// candidate regions write alike (5 digits) name none; neither overturns an address's country.
    static let localities: [Row] = [
        Rows.card(("089 2992940", locality("+49892992940")), city: "München", postalCode: "80331"),
        Rows.card(("03-3211-4111", locality("+81332114111")), city: "東京"),
        // Paris, Texas: a Texan number on a card with a French email; the city is no evidence for France.
        Rows.card(("(903) 785-5531", home("+19037855531")), email: "claire@orange.fr", city: "Paris", postalCode: "75460"),
        // A French mobile on a card with only a Texan address: not valid in the US, and not French by the city.
        Rows.card(("06 12 34 56 78", open("+33612345678")), city: "Paris", postalCode: "75460"),
        // A German address, a French email and a second address with a Paris postal code: 5 digits fit both.
        Rows.card(("06 12 34 56 78", open("+33612345678")), iso: "DE", email: "claire@orange.fr", postalCode: "75008"),
        // Another Dutch number against a French email: the Dutch postal code tips it.
        Rows.card(
            ("+31 20 555 1234", cc("+31205551234")), ("06 1234 5678", others("+31612345678")), email: "pierre@free.fr",
            city: "Amsterdam", postalCode: "1015 CJ"),
        // A German address and a second one in Tokyo: the city does not overturn the country.
        Rows.card(("0623 264385", address("+49623264385")), country: "Deutschland", city: "東京"),
    ]
}
