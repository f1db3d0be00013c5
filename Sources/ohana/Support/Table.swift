import Ohana

/// Renders contacts as a readable text table: name, phones, emails, organization.
func renderTable(_ contacts: [Contact]) -> String {
    var rows: [[String]] = [["NAME", "PHONES", "EMAILS", "ORGANIZATION"]]
    for contact in contacts {
        let phones = contact.phoneNumbers.map { field -> String in
            let shown = field.phoneNumber?.international ?? field.phoneNumber?.e164 ?? field.value
            let mark = (field.phoneNumber.map { !$0.isParsed || !$0.isValid } ?? false) ? " (invalid)" : ""
            return shown + mark
        }
        rows.append([
            contact.fullName.isEmpty ? "(no name)" : contact.fullName,
            phones.joined(separator: ", "),
            contact.emailAddresses.map(\.value).joined(separator: ", "),
            contact.organization ?? "",
        ])
    }
    let widths = (0..<4).map { column in min(40, rows.map { $0[column].count }.max() ?? 0) }
    func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text.padding(toLength: width, withPad: " ", startingAt: 0) : String(text.prefix(width - 1)) + "…"
    }
    var out = ""
    for row in rows {
        out += zip(row, widths).map { clip($0, $1) }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    out += "\(contacts.count) contact\(contacts.count == 1 ? "" : "s")\n"
    return out
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
