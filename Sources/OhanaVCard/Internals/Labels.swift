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
    static func label(fromTypes types: [String], isPhone: Bool) -> (ContactFieldLabel, Set<String>)? {
        let upper = Set(types.map { $0.uppercased() })
        if isPhone {
            if upper.contains("IPHONE") { return (.iPhone, ["IPHONE", "CELL"]) }
            if upper.contains("CELL") { return (.mobile, ["CELL"]) }
            if upper.contains("MOBILE") { return (.mobile, ["MOBILE"]) }
            if upper.contains("PAGER") { return (.pager, ["PAGER"]) }
            if upper.contains("MAIN") { return (.main, ["MAIN"]) }
            if upper.contains("FAX") {
                if upper.contains("HOME") { return (.homeFax, ["FAX", "HOME"]) }
                if upper.contains("WORK") { return (.workFax, ["FAX", "WORK"]) }
                return (.fax, ["FAX"])
            }
        }
        if upper.contains("HOME") { return (.home, ["HOME"]) }
        if upper.contains("WORK") { return (.work, ["WORK"]) }
        if upper.contains("OTHER") { return (.other, ["OTHER"]) }
        return nil
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
