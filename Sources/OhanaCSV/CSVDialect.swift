import Foundation

/// The contacts CSV layouts Ohana reads and writes.
public enum CSVDialect: String, CaseIterable, Sendable {
    /// Google Contacts CSV: numbered `E-mail 1 - Value`, `Phone 1 - Label` columns, ` ::: ` multi-values.
    case google
    /// Outlook CSV: fixed columns such as `E-mail Address`, `Business Phone`, `Home Street`.
    case outlook

    /// The dialect a header row belongs to, or `nil` when it looks like neither.
    ///
    /// Counts the columns only one of the dialects uses; the dialect with more of them wins. A header
    /// with only columns both read alike (First Name, Last Name, Notes) is read as Google's.
    /// Complexity: O(*n*) in the number of columns.
    public static func detect(header: [String]) -> CSVDialect? {
        var google = 0
        var outlook = 0
        var shared = 0
        for raw in header {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if googleMarkers.contains(name) || GoogleColumn(header: name) != nil {
                google += 1
            } else if outlookMarkers.contains(name) {
                outlook += 1
            } else if sharedColumns.contains(name) {
                shared += 1
            }
        }
        // Columns both dialects read the same way (First Name, Notes) make either one right.
        if google == 0 && outlook == 0 { return shared > 0 ? .google : nil }
        return google >= outlook ? .google : .outlook
    }

    private static let googleMarkers: Set<String> = [
        "given name", "additional name", "family name", "group membership", "labels", "name prefix",
        "name suffix", "organization name", "organization title", "phonetic first name", "given name yomi",
    ]

    private static let sharedColumns: Set<String> = [
        "first name", "middle name", "last name", "nickname", "birthday", "notes",
    ]

    private static let outlookMarkers: Set<String> = [
        "e-mail address", "e-mail 2 address", "e-mail 3 address", "business phone", "home phone",
        "mobile phone", "business street", "home street", "home city", "business city", "categories",
        "company", "job title", "suffix", "title", "primary phone", "business fax", "home fax",
    ]
}

/// A numbered Google column such as `Phone 2 - Label`: its section, number and part.
struct GoogleColumn: Hashable {
    /// The section, lowercased: `e-mail`, `phone`, `address`, `website`, `im`, `custom field`, ...
    var section: String
    /// The number after the section.
    var number: Int
    /// The part after ` - `, lowercased: `type`, `label`, `value`, `street`, ...
    var part: String

    /// Parses a lowercased header; `nil` when it is not of the form `Section N - Part`.
    init?(header: String) {
        guard let dash = header.range(of: " - ") else { return nil }
        let head = header[..<dash.lowerBound]
        let part = header[dash.upperBound...]
        guard let space = head.lastIndex(of: " "), !part.isEmpty else { return nil }
        guard let number = Int(head[head.index(after: space)...]), number >= 0 else { return nil }
        let section = head[..<space]
        guard !section.isEmpty else { return nil }
        self.section = String(section)
        self.number = number
        self.part = String(part)
    }
}
