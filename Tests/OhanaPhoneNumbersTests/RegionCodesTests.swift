import Foundation
import OhanaPhoneNumbers
import Testing

@Suite("RegionCodes")
struct RegionCodesTests {
    @Test("country codes and names in several languages map to ISO codes", arguments: [
        ("DE", "DE"), ("de", "DE"), ("Germany", "DE"), ("Deutschland", "DE"), ("Allemagne", "DE"),
        ("GERMANY", "DE"), ("  germany ", "DE"),
        ("United States", "US"), ("USA", "US"), ("U.S.A.", "US"), ("united states of america", "US"),
        ("Estados Unidos", "US"),
        ("United Kingdom", "GB"), ("UK", "GB"), ("England", "GB"), ("Royaume-Uni", "GB"),
        ("France", "FR"), ("Frankreich", "FR"),
        ("Brasil", "BR"), ("Brazil", "BR"), ("Brasilien", "BR"),
        ("日本", "JP"), ("Japan", "JP"), ("japon", "JP"),
        ("México", "MX"), ("Mexico", "MX"), ("MEXICO", "MX"),
        ("India", "IN"), ("Indien", "IN"),
        ("Österreich", "AT"), ("osterreich", "AT"), ("Schweiz", "CH"), ("Suisse", "CH"),
        ("España", "ES"), ("Espana", "ES"), ("Italia", "IT"), ("Nederland", "NL"), ("Holland", "NL"),
        ("Россия", "RU"), ("中国", "CN"), ("China", "CN"), ("Burma", "MM"), ("Myanmar", "MM"), ("대한민국", "KR"), ("Türkiye", "TR"), ("Côte d’Ivoire", "CI"),
    ])
    func lookups(_ name: String, _ code: String) {
        #expect(RegionCodes.region(forCountry: name) == code)
    }

    @Test("names in languages beyond the common ones, in their own scripts, and a word naming one country", arguments: [
        ("Ujerumani", "DE"), ("Þýskaland", "DE"), ("Yr Almaen", "DE"), ("Saksa", "DE"), ("ジャーマニー", nil),
        ("السعودية", "SA"), ("المملكة العربية السعودية", "SA"), ("Ελλάδα", "GR"), ("ישראל", "IL"), ("भारत", "IN"),
        ("مصر", "EG"), ("ایران", "IR"), ("ประเทศไทย", "TH"), ("Polska", "PL"), ("Sverige", "SE"), ("Україна", "UA"),
    ])
    func allLanguages(_ name: String, _ code: String?) {
        #expect(RegionCodes.region(forCountry: name) == code)
    }

    /// Languages outside the common and wider ones, each in its own script: the last fallback reads
    /// only the languages writing in the name's scripts, and must still find every one of them.
    @Test("a name in any language of the locale data is found, in that language's script", arguments: [
        "be", "tt", "ti", "dz", "chr", "sd", "ug", "as", "or", "bo", "ks", "mni", "sat", "ckb", "dv", "iu", "ba", "os",
    ])
    func everyLanguage(_ language: String) {
        let locale = Locale(identifier: language)
        for code in ["DE", "JP", "EG", "BR", "NZ"] {
            // Only names in another script than Latin: the locale data of some of these languages
            // falls back to English for some regions.
            guard let name = locale.localizedString(forRegionCode: code),
                name.unicodeScalars.contains(where: { $0.value > 0x24F && $0.properties.isAlphabetic })
            else { continue }
            #expect(RegionCodes.region(forCountry: name) == code, "\(language): \(name)")
        }
    }

    @Test("unknown names give nil", arguments: [
        "", "   ", "Atlantis", "Middle Earth", "ZZ", "123", "-", "भार", "Санкт-П", "United States of Amer",
    ])
    func unknown(_ name: String) {
        #expect(RegionCodes.region(forCountry: name) == nil)
    }

    @Test("the current region is a two-letter code")
    func current() {
        let code = RegionCodes.current
        #expect(code.count == 2)
        #expect(code == code.uppercased())
        if let region = Locale.current.region?.identifier, region.count == 2 {
            #expect(code == region.uppercased())
        } else {
            #expect(code == "US")
        }
    }
}
