import Ohana

/// How TYPE values, `X-ABLabel` and labels translate, both ways.
enum VCardLabels {
    /// Apple's `_$!<Name>!$_` labels that stand for a standard label.
    private static let appleStandard: [String: ContactFieldLabel] = [
        "mobile": .mobile, "home": .home, "work": .work, "main": .main, "homefax": .homeFax,
        "workfax": .workFax, "pager": .pager, "other": .other, "iphone": .iPhone,
    ]

    /// Apple's own label names, written back in `_$!<Name>!$_` form.
    static let appleNames: Set<String> = [
        "AssistantPhone", "HomePage", "Anniversary", "OtherFAX", "Father", "Mother", "Parent", "Brother",
        "Sister", "Child", "Friend", "Spouse", "Partner", "Assistant", "Manager", "School", "Callback", "Car",
        "Radio", "Telex", "TTYTDD", "CompanyMain",
    ]

    /// The label an `X-ABLabel` value names.
    static func label(fromAppleLabel text: String) -> ContactFieldLabel {
        var name = text
        if name.hasPrefix("_$!<"), name.hasSuffix(">!$_"), name.count >= 8 {
            name = String(name.dropFirst(4).dropLast(4))
            if let standard = appleStandard[name.lowercased()] { return standard }
            return ContactFieldLabel(rawValue: name)
        }
        if name == "iPhone" { return .iPhone }
        return ContactFieldLabel(rawValue: name)
    }

    /// The `X-ABLabel` value for a label.
    static func appleLabel(for label: ContactFieldLabel) -> String {
        switch label {
        case .mobile: "_$!<Mobile>!$_"
        case .home: "_$!<Home>!$_"
        case .work: "_$!<Work>!$_"
        case .main: "_$!<Main>!$_"
        case .homeFax: "_$!<HomeFAX>!$_"
        case .workFax: "_$!<WorkFAX>!$_"
        case .pager: "_$!<Pager>!$_"
        case .other: "_$!<Other>!$_"
        case .iPhone: "iPhone"
        default: appleNames.contains(label.rawValue) ? "_$!<\(label.rawValue)>!$_" : label.rawValue
        }
    }

    /// The standard label a set of TYPE values gives, and the values (upper case) that gave it.
    static func label(fromTypes types: [String], isPhone: Bool) -> (ContactFieldLabel, [String])? {
        guard !types.isEmpty else { return nil }
        // Each TYPE value is matched once against the known words (packed, upper case) into a set of bits.
        var words: UInt16 = 0
        for type in types { words |= Word.bit(of: type) }
        func has(_ word: Word) -> Bool { words & word.rawValue != 0 }
        if isPhone {
            if has(.iphone) { return (.iPhone, Word.iphoneCell) }
            if has(.cell) { return (.mobile, Word.cellOnly) }
            if has(.mobile) { return (.mobile, Word.mobileOnly) }
            if has(.pager) { return (.pager, Word.pagerOnly) }
            if has(.main) { return (.main, Word.mainOnly) }
            if has(.fax) {
                if has(.home) { return (.homeFax, Word.faxHome) }
                if has(.work) { return (.workFax, Word.faxWork) }
                return (.fax, Word.faxOnly)
            }
        }
        if has(.home) { return (.home, Word.homeOnly) }
        if has(.work) { return (.work, Word.workOnly) }
        if has(.other) { return (.other, Word.otherOnly) }
        return nil
    }

    /// The TYPE words that give a standard label, as bits.
    private struct Word: OptionSet {
        let rawValue: UInt16
        static let iphone = Word(rawValue: 1 << 0), cell = Word(rawValue: 1 << 1), mobile = Word(rawValue: 1 << 2)
        static let pager = Word(rawValue: 1 << 3), main = Word(rawValue: 1 << 4), fax = Word(rawValue: 1 << 5)
        static let home = Word(rawValue: 1 << 6), work = Word(rawValue: 1 << 7), other = Word(rawValue: 1 << 8)

        static let iphoneCell = ["IPHONE", "CELL"], cellOnly = ["CELL"], mobileOnly = ["MOBILE"], pagerOnly = ["PAGER"]
        static let mainOnly = ["MAIN"], faxHome = ["FAX", "HOME"], faxWork = ["FAX", "WORK"], faxOnly = ["FAX"]
        static let homeOnly = ["HOME"], workOnly = ["WORK"], otherOnly = ["OTHER"]

        private static let packed: [(UInt64, UInt16)] = [
            ("IPHONE", iphone), ("CELL", cell), ("MOBILE", mobile), ("PAGER", pager), ("MAIN", main), ("FAX", fax),
            ("HOME", home), ("WORK", work), ("OTHER", other),
        ].map { (word, bit: Word) in (pack(word.utf8)!, bit.rawValue) }

        /// Up to 8 ASCII bytes in upper case as one number; `nil` for longer or non-ASCII text.
        private static func pack(_ utf8: some Collection<UInt8>) -> UInt64? {
            guard utf8.count <= 8 else { return nil }
            var value: UInt64 = 0
            for byte in utf8 {
                guard byte < 0x80 else { return nil }
                value = value << 8 | UInt64(asciiUpper(byte))
            }
            return value
        }

        /// The bit of the known word `text` is in upper case, or 0.
        static func bit(of text: String) -> UInt16 {
            // Read through a pointer: the string's UTF-8 view cost 240 instructions a word.
            var utf8 = text
            let ascii = utf8.withUTF8 { bytes -> UInt64?? in
                // Non-ASCII text can upper-case to a word ("ıphone" is "IPHONE"): packed below.
                bytes.contains { $0 >= 0x80 } ? nil : .some(pack(bytes))
            }
            guard let value = ascii ?? pack(text.uppercased().utf8) else { return 0 }
            for (word, bit) in packed where word == value { return bit }
            return 0
        }
    }

    /// Whether `text` in upper case is `word` (an ASCII upper-case word), without building the upper-case text when `text` is ASCII.
    static func equalsUpper(_ text: String, _ word: String) -> Bool {
        // Both stored contiguously (as read strings are): compared byte by byte through pointers,
        // not through the generic zip of the two UTF-8 views.
        if let equal = text.utf8.withContiguousStorageIfAvailable({ t in
            word.utf8.withContiguousStorageIfAvailable { w -> Bool? in
                guard t.count == w.count else { return t.allSatisfy { $0 < 0x80 } ? false : nil }
                for i in t.indices {
                    guard t[i] < 0x80 else { return nil }
                    if asciiUpper(t[i]) != w[i] { return t[i...].allSatisfy { $0 < 0x80 } ? false : nil }
                }
                return true
            } ?? nil
        }) ?? nil {
            return equal
        }
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.uppercased() == word }
        guard utf8.count == word.utf8.count else { return false }
        return zip(utf8, word.utf8).allSatisfy { asciiUpper($0) == $1 }
    }

    /// The TYPE values that give a standard label, or `nil` for a custom one.
    static func types(for label: ContactFieldLabel, isPhone: Bool) -> [String]? {
        switch label {
        case .home: ["HOME"]
        case .work: ["WORK"]
        case .other: ["OTHER"]
        case .mobile where isPhone: ["CELL"]
        case .iPhone where isPhone: ["IPHONE", "CELL"]
        case .main where isPhone: ["MAIN"]
        case .fax where isPhone: ["FAX"]
        case .homeFax where isPhone: ["HOME", "FAX"]
        case .workFax where isPhone: ["WORK", "FAX"]
        case .pager where isPhone: ["PAGER"]
        default: nil
        }
    }
}
