import Ohana

/// Contacts as a readable text table, the `table` output of ``ContactWriter``.
public enum ContactTable {
    /// Renders contacts as a text table: name, phones, emails, organization (columns at most 40
    /// terminal columns wide); then, for each ambiguous number, its candidate regions and their evidence
    /// (too long for a column); then the count.
    public static func render(_ contacts: [Contact]) -> String {
        var rows: [[String]] = [["NAME", "PHONES", "EMAILS", "ORGANIZATION"]]
        var notes: [String] = []
        for contact in contacts {
            let phones = contact.phoneNumbers.map { field -> String in
                guard let details = field.phoneNumber else { return field.value }
                // Unresolved, ambiguous and junk numbers are shown as written, with their mark.
                switch details.status {
                case .unresolved?: return field.value + " (unresolved)"
                case .junk?: return field.value + " (not a number)"
                case .ambiguous?:
                    let name = contact.fullName.isEmpty ? "(no name)" : contact.fullName
                    notes.append("\(name): \(field.value): ambiguous: \(details.problem ?? "no region clearly wins")")
                    return field.value + " (ambiguous: " + (details.candidates ?? []).map(\.region).joined(separator: " or ") + ", see below)"
                default: break
                }
                let shown = details.international ?? details.e164 ?? field.value
                return shown + (!details.isParsed || !details.isValid ? " (invalid)" : "")
            }
            rows.append([
                contact.fullName.isEmpty ? "(no name)" : contact.fullName,
                phones.joined(separator: ", "),
                contact.emailAddresses.map(\.value).joined(separator: ", "),
                contact.organization ?? "",
            ])
        }
        let widths = (0..<4).map { column in min(40, rows.map { displayWidth($0[column]) }.max() ?? 0) }
        func clip(_ text: String, _ width: Int) -> String {
            var out = ""
            var used = 0
            if displayWidth(text) > width {
                for ch in text {
                    let w = displayWidth(ch)
                    if used + w > width - 1 { break }
                    out.append(ch)
                    used += w
                }
                out.append("…")
                used += 1
            } else {
                out = text
                used = displayWidth(text)
            }
            return out + String(repeating: " ", count: max(0, width - used))
        }
        var out = ""
        for row in rows {
            out += zip(row, widths).map { clip($0, $1) }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        if !notes.isEmpty { out += "\n" + notes.map { $0 + "\n" }.joined() + "\n" }
        out += "\(contacts.count) contact\(contacts.count == 1 ? "" : "s")\n"
        return out
    }

    /// Terminal columns a string takes: East Asian wide and full-width characters take two.
    public static func displayWidth(_ text: String) -> Int { text.reduce(0) { $0 + displayWidth($1) } }

    /// Terminal columns a character takes.
    public static func displayWidth(_ ch: Character) -> Int {
        guard let scalar = ch.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
