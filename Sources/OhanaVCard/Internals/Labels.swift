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
        func has(_ word: String) -> Bool { types.contains { equalsUpper($0, word) } }
        if isPhone {
            if has("IPHONE") { return (.iPhone, ["IPHONE", "CELL"]) }
            if has("CELL") { return (.mobile, ["CELL"]) }
            if has("MOBILE") { return (.mobile, ["MOBILE"]) }
            if has("PAGER") { return (.pager, ["PAGER"]) }
            if has("MAIN") { return (.main, ["MAIN"]) }
            if has("FAX") {
                if has("HOME") { return (.homeFax, ["FAX", "HOME"]) }
                if has("WORK") { return (.workFax, ["FAX", "WORK"]) }
                return (.fax, ["FAX"])
            }
        }
        if has("HOME") { return (.home, ["HOME"]) }
        if has("WORK") { return (.work, ["WORK"]) }
        if has("OTHER") { return (.other, ["OTHER"]) }
        return nil
    }

    /// Whether `text` in upper case is `word` (an ASCII upper-case word), without building the upper-case text when `text` is ASCII.
    static func equalsUpper(_ text: String, _ word: String) -> Bool {
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
