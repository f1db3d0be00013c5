import Foundation

/// The content lines of vCard texts in a form where two spellings of one property compare equal:
/// folding undone, names and parameter names in upper case, `TYPE=a,b` and `TYPE=a;TYPE=b` alike
/// (values in upper case, sorted), Apple's `itemN` groups without their number (they only tie lines
/// together). The value is kept exactly.
package enum VCardLines {
    /// The unfolded content lines of a text.
    package static func unfolded(_ text: String) -> [String] {
        // CRLF or LF alike (an XML body such as CardDAV's address-data turns CRLF into LF).
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
            .replacingOccurrences(of: "\n\t", with: "").components(separatedBy: "\n").filter { !$0.isEmpty }
    }

    /// The lines of a text, each in the compared form.
    package static func normalized(_ text: String) -> [String] { unfolded(text).map(normalize) }

    /// One content line in the compared form.
    package static func normalize(_ line: String) -> String {
        // The value starts at the first ':' outside double quotes.
        var inQuotes = false
        var colon = line.endIndex
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() } else if line[index] == ":", !inQuotes { colon = index; break }
        }
        let head = line[..<colon]
        let value = colon < line.endIndex ? String(line[line.index(after: colon)...]) : ""
        var parts = head.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var name = parts.removeFirst()
        var group = ""
        if let dot = name.firstIndex(of: ".") {
            group = String(name[..<dot]).lowercased()
            name = String(name[name.index(after: dot)...])
            if group.hasPrefix("item"), group.dropFirst(4).allSatisfy(\.isNumber) { group = "item" }
            group += "."
        }
        var parameters: [String] = []
        for part in parts {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let parameter = pieces[0].uppercased()
            let values = pieces.count > 1 ? pieces[1].split(separator: ",").map(String.init) : [""]
            for v in values { parameters.append(parameter + "=" + (parameter == "TYPE" ? v.uppercased() : v)) }
        }
        return group + name.uppercased() + parameters.sorted().map { ";" + $0 }.joined() + ":" + value
    }
}
