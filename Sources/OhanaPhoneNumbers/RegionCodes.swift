import Foundation
import Synchronization
import Ohana

/// Region (country) codes: finding the ISO 3166 code for a country name, and the current one.
public enum RegionCodes {
    /// The ISO 3166-1 alpha-2 code for a country given by code or name, such as `"DE"` for
    /// "Germany", "Deutschland", "Allemagne", "ドイツ", "de" or "DEU"; `nil` when the name is unknown.
    ///
    /// Case, accents, width, punctuation and extra spaces do not matter. Names are CLDR's, in every
    /// language the platform's locale data has (read through Foundation once per process, the first
    /// time a name is not among the common languages', and then only the languages that write in
    /// that name's scripts; every language only for a name in another script than ASCII that about
    /// eighty languages do not have), plus common short forms ("USA", "UK").
    /// A single word of a longer name that belongs to one country only (`السعودية` of
    /// `المملكة العربية السعودية`) names that country too.
    public static func region(forCountry name: String) -> String? {
        let key = fold(name)
        guard !key.isEmpty else { return nil }
        if let code = table[key] { return code }
        let wider = FallbackNames.table(for: key, everyLanguage: false)
        if let code = wider.names[key] ?? wider.words[key] { return code }
        // Only text in another script than ASCII can be a name the wider languages do not have.
        guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let all = FallbackNames.table(for: key, everyLanguage: true)
        return all.names[key] ?? all.words[key]
    }

    /// Builds the common languages' table now rather than at the first lookup.
    static func prepareCommonNames() {
        _ = table.count
    }

    /// The current locale's region code, or `"US"` when the locale has none: the POSIX locale
    /// variables first (`LC_ALL`, `LC_TELEPHONE`, `LANG`, as in `de_DE.UTF-8`; Foundation on Linux does
    /// not read them), then Foundation's current locale.
    public static var current: String {
        let environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            // The first variable set decides, as the C library reads them (`C` and `POSIX` name no region).
            return posixRegion(value) ?? foundationRegion
        }
        return foundationRegion
    }

    private static var foundationRegion: String {
        if let code = Locale.current.region?.identifier, isAlpha2(code) { return code.uppercased() }
        return "US"
    }

    /// The region of a POSIX locale name such as `de_DE.UTF-8` or `sr_RS@latin`; `nil` for `C`, `POSIX` or no region.
    static func posixRegion(_ locale: String) -> String? {
        let name = locale.split(separator: ".", maxSplits: 1).first.map { $0.split(separator: "@", maxSplits: 1).first ?? $0 } ?? ""
        let parts = name.split(separator: "_")
        guard parts.count >= 2, let region = parts.last, isAlpha2(String(region)) else { return nil }
        return region.uppercased()
    }

    /// The one default region of the library: the region assumed for numbers written without a
    /// country code when a caller names none, by phone formatting, duplicate detection and what is
    /// built on them (the address book's page, its merge review, the store's phone keys). The
    /// locale's region (``current``) until set; setting an empty code goes back to it.
    public static var defaultRegion: String {
        get { configuredRegion.withLock { $0 } ?? current }
        set { configuredRegion.withLock { $0 = newValue.isEmpty ? nil : newValue.uppercased() } }
    }

    private static let configuredRegion = Mutex<String?>(nil)

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

    /// The fallbacks when a name is not in the common languages' table: first about fifty more
    /// languages, then every language of the platform's locale data, each with the words of its
    /// names that belong to one country only. A name can only equal a name written in its own
    /// script, so each table holds the common one and the names of only those languages that write
    /// in the scripts of the name looked up (Latin for a name in ASCII letters): every language's
    /// names take about 0.7 s of processor time, which a one-card book with a mistyped country in
    /// Devanagari paid before its first number was formatted. Each table is built once per process.
    private enum FallbackNames {
        static let widerLanguages = [
            "fa", "ur", "bn", "ta", "te", "mr", "gu", "kn", "ml", "pa", "ne", "si", "ms", "fil", "sw", "am", "ha", "yo",
            "ig", "zu", "af", "ca", "eu", "gl", "hr", "sr", "bs", "sl", "sk", "bg", "mk", "sq", "lt", "lv", "et", "is",
            "ga", "cy", "hy", "ka", "az", "kk", "uz", "mn", "km", "lo", "my", "ps", "ky", "tk", "so", "yue",
        ]

        /// The wider languages with the script classes of their names.
        static let wider = classified(widerLanguages)

        /// The wider languages, then every other language of the locale data (sorted), with their
        /// classes (the common and wider ones again would add no name: the first name wins).
        static let every: [(code: String, classes: Set<Int>)] = {
            let identifiers = Locale.availableIdentifiers.compactMap { Locale(identifier: $0).language.languageCode?.identifier }
            let read = Set(RegionCodes.languages + widerLanguages)
            return wider + classified(Set(identifiers).subtracting(read).sorted())
        }()

        /// The tables built so far, by their kind and the script classes they cover.
        private static let built = Mutex<[Set<Int>: (names: [String: String], words: [String: String])]>([:])

        /// The table for `key` (a folded name): the common names and those of the wider languages
        /// (or of every language) that write in `key`'s scripts, and their unique words.
        static func table(for key: String, everyLanguage: Bool) -> (names: [String: String], words: [String: String]) {
            let classes = scriptClasses(of: key)
            // The cache tells the two kinds apart by a class no script has.
            let cacheKey = everyLanguage ? classes.union([Int.max]) : classes
            if let table = built.withLock({ $0[cacheKey] }) { return table }
            // A language whose sample names have no letters at all is read for every name.
            let chosen = (everyLanguage ? every : wider).filter { language in
                language.classes.isEmpty || !language.classes.isDisjoint(with: classes)
            }
            var names = RegionCodes.table
            addNames(in: chosen.map(\.code), to: &names)
            let table = (names, uniqueWords(of: names))
            built.withLock { $0[cacheKey] = table }
            return table
        }

        /// `languages` with the script classes of their names for three regions and for themselves
        /// (four lookups each, instead of one per region).
        private static func classified(_ languages: [String]) -> [(code: String, classes: Set<Int>)] {
            languages.map { code in
                let locale = Locale(identifier: code)
                // The language's name for itself is in its own script even where its locale data
                // has few region names (and falls back to English for these three).
                let samples = ["US", "DE", "CN"].compactMap { locale.localizedString(forRegionCode: $0) }
                    + [locale.localizedString(forLanguageCode: code)].compactMap { $0 }
                // Folded, as the names looked up are: folding moves some letters to another block
                // (Cherokee capitals fold to its small letters, U+13A0 to U+AB70).
                return (code, scriptClasses(of: fold(samples.joined(separator: " "))))
            }
        }

        static let latin = 0

        /// The scripts of `text`'s letters (ASCII letters are Latin): for each of the scripts the
        /// locale data writes names in, the ranges of its letters; any other letter by its
        /// 128-code-point block.
        static func scriptClasses(of text: String) -> Set<Int> {
            var classes = Set<Int>()
            for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
                let value = scalar.value
                if value < 0x80 {
                    classes.insert(latin)
                } else if let script = scriptRanges.firstIndex(where: { $0.contains { $0.contains(value) } }) {
                    classes.insert(script)
                } else {
                    classes.insert(-1 - Int(value >> 7))
                }
            }
            return classes
        }

        /// Letters of the scripts of the locale data's languages, by script (the first is Latin).
        private static let scriptRanges: [[ClosedRange<UInt32>]] = [
            [0x80...0x2AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFF21...0xFF5A],
            [0x370...0x3FF, 0x1F00...0x1FFF],  // Greek
            [0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F],  // Cyrillic
            [0x530...0x58F],  // Armenian
            [0x590...0x5FF, 0xFB1D...0xFB4F],  // Hebrew
            [0x600...0x6FF, 0x750...0x77F, 0x870...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF],  // Arabic
            [0x700...0x74F],  // Syriac
            [0x780...0x7BF],  // Thaana
            [0x7C0...0x7FF],  // N'Ko
            [0x900...0x97F, 0xA8E0...0xA8FF],  // Devanagari
            [0x980...0x9FF], [0xA00...0xA7F], [0xA80...0xAFF], [0xB00...0xB7F], [0xB80...0xBFF],
            [0xC00...0xC7F], [0xC80...0xCFF], [0xD00...0xD7F], [0xD80...0xDFF],  // Bengali ... Sinhala
            [0xE00...0xE7F], [0xE80...0xEFF], [0xF00...0xFFF],  // Thai, Lao, Tibetan
            [0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F],  // Myanmar
            [0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F],  // Georgian
            [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF],  // Hangul
            [0x1200...0x139F, 0x2D80...0x2DDF, 0xAB00...0xAB2F],  // Ethiopic
            [0x13A0...0x13FF, 0xAB70...0xABBF],  // Cherokee
            [0x1400...0x167F, 0x18B0...0x18FF],  // Canadian syllabics
            [0x1780...0x17FF, 0x19E0...0x19FF],  // Khmer
            [0x1800...0x18AF],  // Mongolian
            [0x1C50...0x1C7F],  // Ol Chiki
            [0x2D30...0x2D7F],  // Tifinagh
            [0x2E80...0x2FDF, 0x3005...0x3007, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x9FFF, 0xF900...0xFAFF,
             0xFF66...0xFF9F, 0x20000...0x3FFFF],  // CJK ideographs and kana
            [0xA000...0xA4CF],  // Yi
            [0xA500...0xA63F],  // Vai
            [0xA6A0...0xA6FF],  // Bamum
            [0xA980...0xA9DF],  // Javanese
            [0xAAE0...0xAAFF, 0xABC0...0xABFF],  // Meetei Mayek
            [0x104B0...0x104FF],  // Osage
            [0x11100...0x1114F],  // Chakma
            [0x1E900...0x1E95F],  // Adlam
        ]
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
        TextFolding.fold(text, options: [.matching, .lettersAndDigitsOnly])
    }
}
