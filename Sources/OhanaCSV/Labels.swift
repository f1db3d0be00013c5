import Ohana

/// How labels are spelled in Google's `… - Label` / `… - Type` cells and in Outlook's column names.
enum Labels {
    /// Google's spelling of the standard labels, in both directions.
    private static let googleNames: [(ContactFieldLabel, String)] = [
        (.home, "Home"), (.work, "Work"), (.mobile, "Mobile"), (.main, "Main"), (.homeFax, "Home Fax"),
        (.workFax, "Work Fax"), (.fax, "Other Fax"), (.pager, "Pager"), (.other, "Other"), (.iPhone, "iPhone"),
    ]
    private static let googleByName: [String: ContactFieldLabel] = {
        var map = Dictionary(uniqueKeysWithValues: googleNames.map { ($0.1.lowercased(), $0.0) })
        map["fax"] = .fax
        return map
    }()
    private static let googleByLabel = Dictionary(uniqueKeysWithValues: googleNames.map { ($0.0, $0.1) })

    /// Type cells as Google writes them (`Home`, `* Mobile`, …), read without trimming or case folding:
    /// nearly every cell of a real file is one of these.
    private static let googleByWrittenText: [String: (label: ContactFieldLabel?, isPreferred: Bool)] = {
        var map: [String: (label: ContactFieldLabel?, isPreferred: Bool)] = ["": (nil, false), "*": (nil, true)]
        for (label, name) in googleNames + [(.fax, "Fax")] {
            for spelling in [name, name.lowercased()] {
                map[spelling] = (label, false)
                map["* " + spelling] = (label, true)
            }
        }
        return map
    }()

    /// The label a Google type cell names (`* ` marks the preferred value); `nil` label when empty.
    static func fromGoogle(_ text: String) -> (label: ContactFieldLabel?, isPreferred: Bool) {
        if let known = googleByWrittenText[text] { return known }
        var text = Substring(text.trimmingWhitespace(newlines: false))
        var preferred = false
        if text.hasPrefix("*") {
            preferred = true
            text = text.dropFirst().drop(while: { $0 == " " })
        }
        guard !text.isEmpty else { return (nil, preferred) }
        let name = String(text)
        return (googleByName[name.lowercased()] ?? ContactFieldLabel(rawValue: name), preferred)
    }

    /// The Google type cell for a label and preference.
    static func toGoogle(_ label: ContactFieldLabel?, isPreferred: Bool) -> String {
        let name = label.map { googleByLabel[$0] ?? $0.rawValue } ?? ""
        guard isPreferred else { return name }
        return name.isEmpty ? "*" : "* " + name
    }

    /// Outlook's phone columns (without a trailing number) and the labels they stand for, in
    /// Microsoft's column order.
    static let outlookPhones: [(column: String, label: ContactFieldLabel)] = [
        ("Assistant's Phone", "assistant"), ("Business Fax", .workFax), ("Business Phone", .work),
        ("Callback", "callback"), ("Car Phone", "car"), ("Company Main Phone", "company main"),
        ("Home Fax", .homeFax), ("Home Phone", .home), ("ISDN", "ISDN"), ("Mobile Phone", .mobile),
        ("Other Fax", .fax), ("Other Phone", .other), ("Pager", .pager), ("Primary Phone", .main),
        ("Radio Phone", "radio"), ("TTY/TDD Phone", "TTY/TDD"), ("Telex", "telex"),
    ]
    private static let outlookPhoneByColumn: [String: (rank: Int, label: ContactFieldLabel)] = {
        var map: [String: (Int, ContactFieldLabel)] = [:]
        for (i, entry) in outlookPhones.enumerated() { map[entry.column.lowercased()] = (i, entry.label) }
        return map
    }()
    private static let outlookColumnByPhoneLabel: [String: String] = {
        var map: [String: String] = [:]
        for entry in outlookPhones { map[entry.label.rawValue.lowercased()] = entry.column }
        map["iphone"] = "Mobile Phone"
        map["cell"] = "Mobile Phone"
        return map
    }()

    /// The phone label and sort rank of an Outlook column, such as `Home Phone 2`; `nil` when it is
    /// not a phone column.
    static func outlookPhone(column: String) -> (label: ContactFieldLabel, rank: Int)? {
        let base = stripNumber(column)
        if let known = outlookPhoneByColumn[base.lowercased()] { return (known.label, known.rank) }
        if base.lowercased().hasSuffix(" phone"), base.count > 6 {
            return (ContactFieldLabel(rawValue: String(base.dropLast(6))), 1000)
        }
        return nil
    }

    /// The Outlook column (without a number) a phone with this label goes to.
    static func outlookPhoneColumn(for label: ContactFieldLabel?) -> String {
        guard let label, !label.rawValue.isBlank else { return "Other Phone" }
        return outlookColumnByPhoneLabel[label.rawValue.lowercased()] ?? "\(label.rawValue) Phone"
    }

    /// The label an Outlook address prefix (`Home`, `Business`, `Other`, `Home 2`) stands for.
    static func outlookAddressLabel(prefix: String) -> (label: ContactFieldLabel, rank: Int) {
        switch stripNumber(prefix).lowercased() {
        case "business": (.work, 0)
        case "home": (.home, 1)
        case "other": (.other, 2)
        default: (ContactFieldLabel(rawValue: stripNumber(prefix)), 1000)
        }
    }

    /// The Outlook column prefix for an address with this label.
    static func outlookAddressPrefix(for label: ContactFieldLabel?) -> String {
        guard let label, !label.rawValue.isBlank else { return "Other" }
        switch label.rawValue.lowercased() {
        case "work", "business": return "Business"
        case "home": return "Home"
        case "other": return "Other"
        default: return label.rawValue
        }
    }

    /// The text without a trailing ` <number>`: `Home Phone 2` → `Home Phone`.
    static func stripNumber(_ text: String) -> String {
        guard let space = text.lastIndex(of: " "), Int(text[text.index(after: space)...]) != nil else { return text }
        return String(text[..<space])
    }

    /// The trailing number of a column name, or 1: `Home Phone 2` → 2.
    static func trailingNumber(_ text: String) -> Int {
        guard let space = text.lastIndex(of: " "), let n = Int(text[text.index(after: space)...]) else { return 1 }
        return n
    }
}

extension StringProtocol {
    /// Whether the string is empty or holds only white space (`Character.isWhitespace`).
    ///
    /// Decided from the UTF-8 bytes while they are ASCII (a visible ASCII character: not blank;
    /// space, tab, line breaks: go on); the first other byte hands over to the character test,
    /// except that text starting with a scalar that is not white space (a name in another script)
    /// is not blank: a character is white space when its first scalar is.
    var isBlank: Bool {
        var atStart = true
        for byte in utf8 {
            switch byte {
            case 0x21...0x7E: return false
            case 0x20, 0x09...0x0D: atStart = false
            default:
                if atStart, let first = unicodeScalars.first, !first.properties.isWhitespace { return false }
                return allSatisfy(\.isWhitespace)
            }
        }
        return true
    }
}
