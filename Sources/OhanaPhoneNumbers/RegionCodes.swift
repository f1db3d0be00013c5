import Foundation
import Ohana

/// Region (country) codes: finding the ISO 3166 code for a country name, and the current one.
public enum RegionCodes {
    /// The ISO 3166-1 alpha-2 code for a country given by code or name, such as `"DE"` for
    /// "Germany", "Deutschland", "Allemagne", "ドイツ", "de" or "DEU"; `nil` when the name is unknown.
    ///
    /// Case, accents, width, punctuation and extra spaces do not matter. Names are CLDR's, in every
    /// language the platform's locale data has (read through Foundation once per process, the first
    /// time a name is not among the common languages', every language only for a name in another
    /// script than ASCII that about eighty languages do not have), plus common short forms ("USA", "UK").
    /// A single word of a longer name that belongs to one country only (`السعودية` of
    /// `المملكة العربية السعودية`) names that country too.
    public static func region(forCountry name: String) -> String? {
        let key = fold(name)
        guard !key.isEmpty else { return nil }
        if let code = table[key] { return code }
        let wider = WiderLanguages.names
        if let code = wider.names[key] ?? wider.words[key] { return code }
        // Only text in another script than ASCII can be a name the wider languages do not have.
        guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let all = AllLanguages.names
        return all.names[key] ?? all.words[key]
    }

    /// The current locale's region code, or `"US"` when the locale has none.
    public static var current: String {
        if let code = Locale.current.region?.identifier, isAlpha2(code) { return code.uppercased() }
        return "US"
    }

    // MARK: - Table

    /// Languages whose region names are looked up, in priority order (the first name wins).
    private static let languages = [
        "en", "de", "fr", "es", "pt", "it", "nl", "sv", "da", "nb", "fi", "pl", "cs", "hu", "ro", "tr",
        "el", "ru", "uk", "ar", "he", "hi", "ja", "ko", "zh-Hans", "zh-Hant", "id", "vi", "th",
    ]

    /// Short forms and older names that locale data does not list.
    private static let aliases: [String: String] = [
        "usa": "US", "u s a": "US", "u s": "US", "united states of america": "US", "america": "US",
        "us of a": "US", "estados unidos de america": "US", "etats unis d amerique": "US",
        "uk": "GB", "u k": "GB", "great britain": "GB", "britain": "GB", "england": "GB", "scotland": "GB",
        "wales": "GB", "northern ireland": "GB", "gbr": "GB", "grossbritannien": "GB",
        "holland": "NL", "the netherlands": "NL", "deu": "DE", "brd": "DE", "fra": "FR", "esp": "ES",
        "ita": "IT", "jpn": "JP", "chn": "CN", "ind": "IN", "bra": "BR", "mex": "MX", "can": "CA",
        "aus": "AU", "che": "CH", "aut": "AT", "nld": "NL", "bel": "BE", "rus": "RU", "kor": "KR",
        "uae": "AE", "emirates": "AE", "korea": "KR", "republic of korea": "KR", "russia": "RU",
        "czech republic": "CZ", "czechia": "CZ", "vietnam": "VN", "ivory coast": "CI", "burma": "MM",
        "swaziland": "SZ", "macedonia": "MK", "east timor": "TL", "vatican": "VA", "persia": "IR",
        "prc": "CN", "roc": "TW", "bosnia": "BA", "turkiye": "TR", "cape verde": "CV",
        // Locale data names China "China mainland" (and so in other languages).
        "china": "CN", "chine": "CN", "cina": "CN", "中国": "CN", "中國": "CN", "Китай": "CN", "중국": "CN",
        "people's republic of china": "CN", "volksrepublik china": "CN",
        // "Country of Thailand", as Thai addresses write it (locale data has "ไทย").
        "ประเทศไทย": "TH",
    ]

    /// ISO codes, names in the common languages and the aliases: what nearly every lookup needs.
    private static let table: [String: String] = {
        var table: [String: String] = [:]
        for code in isoCodes { table[fold(code)] = code }
        addNames(in: languages, to: &table)
        for (name, code) in aliases {
            let key = fold(name)
            if table[key] == nil { table[key] = code }
        }
        return table
    }()

    /// The ISO 3166-1 alpha-2 codes Foundation knows.
    private static let isoCodes = Locale.Region.isoRegions.map(\.identifier).filter(isAlpha2)

    /// Adds the folded localized name of every region, in each language, to `table` (the first name wins).
    ///
    /// The languages' names are looked up and folded on every core (for every language, about
    /// 0.4 s on one, while each phone number worker waits for the table), then added in the
    /// languages' order, so the same name wins as when they were added one by one.
    private static func addNames(in languages: [String], to table: inout [String: String]) {
        let codes = isoCodes
        let found = parallelMap(languages, minimumPerWorker: 4, state: {}) { _, language -> [(key: String, code: String)] in
            let locale = Locale(identifier: language)
            var names: [(key: String, code: String)] = []
            for code in codes {
                guard let name = locale.localizedString(forRegionCode: code) else { continue }
                for variant in variants(of: name) {
                    let key = fold(variant)
                    if !key.isEmpty { names.append((key, code)) }
                }
            }
            return names
        }
        for names in found {
            for (key, code) in names where table[key] == nil { table[key] = code }
        }
    }

    /// Names in the common languages and about fifty more (the first fallback, built in a tenth of
    /// the time of every language's), and the words of those names that belong to one country only.
    private enum WiderLanguages {
        static let languages = [
            "fa", "ur", "bn", "ta", "te", "mr", "gu", "kn", "ml", "pa", "ne", "si", "ms", "fil", "sw", "am", "ha", "yo",
            "ig", "zu", "af", "ca", "eu", "gl", "hr", "sr", "bs", "sl", "sk", "bg", "mk", "sq", "lt", "lv", "et", "is",
            "ga", "cy", "hy", "ka", "az", "kk", "uz", "mn", "km", "lo", "my", "ps", "ky", "tk", "so", "yue",
        ]
        static let names: (names: [String: String], words: [String: String]) = {
            var names = RegionCodes.table
            addNames(in: languages, to: &names)
            return (names, uniqueWords(of: names))
        }()
    }

    /// Names in every language of the platform's locale data, and the words of those names that
    /// belong to one country only; built once, on the first non-ASCII name no other table has.
    private enum AllLanguages {
        static let names: (names: [String: String], words: [String: String]) = {
            let identifiers = Locale.availableIdentifiers.compactMap { Locale(identifier: $0).language.languageCode?.identifier }
            var names = WiderLanguages.names.names
            addNames(in: Array(Set(identifiers)).sorted(), to: &names)
            return (names, uniqueWords(of: names))
        }()
    }

    /// The words (of at least 3 letters) of multi-word names that occur in the names of one country only.
    private static func uniqueWords(of names: [String: String]) -> [String: String] {
        var owner: [String: String?] = [:]
        for (name, code) in names where name.contains(" ") {
            for word in name.split(separator: " ") where word.count >= 3 {
                let word = String(word)
                if let existing = owner[word] {
                    if existing != code { owner[word] = .some(nil) }
                } else {
                    owner[word] = .some(code)
                }
            }
        }
        var words: [String: String] = [:]
        for (word, code) in owner { if let code, names[word] == nil { words[word] = code } }
        return words
    }

    /// A name, and for "Myanmar (Burma)" also "Myanmar" and "Burma".
    private static func variants(of name: String) -> [String] {
        guard let open = name.firstIndex(of: "("), let close = name[open...].firstIndex(of: ")") else { return [name] }
        let outside = name[..<open] + name[name.index(after: close)...]
        let inside = name[name.index(after: open)..<close]
        return [name, String(outside), String(inside)]
    }

    private static func isAlpha2(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) }
    }

    /// Lowercased, accents removed, punctuation turned into single spaces, trimmed.
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most names and codes): the same result without Foundation's folding.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingSpace, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    bytes.append(byte | (byte >= UInt8(ascii: "A") ? 0x20 : 0))
                default:
                    pendingSpace = true
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return result
    }
}
