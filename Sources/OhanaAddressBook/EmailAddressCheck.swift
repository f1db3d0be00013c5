/// Whether an email address as written can be delivered to: the checks a person cleaning an address
/// book would make by eye (RFC 5321's `local@domain`, simplified), never a guess at what was meant.
///
/// It finds what cannot be an address (`n/a`, `call reception`, `anna.example.com`, `a@@b.de`,
/// `anna@`, `anna @ example.com`) and leaves alone what a mail server might accept (quoted local
/// parts, `+` tags, internationalised domains, `user@localhost`-like intranet names are flagged
/// only for having no dot). Nothing is changed: the review offers the value to the person.
public enum EmailAddressCheck {
    /// Why `address` cannot be an email address as written, in a few words; `nil` when it can be one.
    ///
    /// Complexity: O(n) in the address's length.
    public static func problem(in address: String) -> String? {
        var text = Substring(address.trimmingWhitespace())
        if text.isEmpty { return "empty" }
        if text.lowercased().hasPrefix("mailto:") { text = text.dropFirst("mailto:".count) }
        if !text.contains("@") { return "no @" }
        let (local, domain, ats) = split(text)
        if ats == 0 { return "no @ outside quotes" }
        if domain.contains(where: \.isWhitespace) || (!local.hasPrefix("\"") && local.contains(where: \.isWhitespace)) {
            return "contains a space"
        }
        if ats > 1 { return "more than one @" }
        if local.isEmpty { return "nothing before the @" }
        if domain.isEmpty { return "nothing after the @" }
        if domain.hasPrefix("[") && domain.hasSuffix("]") { return nil }  // an address literal, [192.0.2.1]
        if !local.hasPrefix("\"") && (local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..")) {
            return "a dot at the start or end of the name, or two dots"
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return "the domain has no dot" }
        for label in labels {
            if label.isEmpty { return "an empty part in the domain" }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "a domain part starts or ends with -" }
            if label.contains(where: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
                return "a character a domain cannot hold"
            }
        }
        if labels.last!.allSatisfy(\.isNumber) { return "the domain ends in a number" }
        return nil
    }

    /// The local part, the domain (after the last `@` outside quotes) and how many such `@` there are.
    private static func split(_ text: Substring) -> (local: Substring, domain: Substring, ats: Int) {
        var quoted = false
        var ats = 0
        var last = text.startIndex
        var escaped = false
        for index in text.indices {
            let character = text[index]
            if escaped { escaped = false; continue }
            if quoted && character == "\\" { escaped = true; continue }
            if character == "\"" { quoted.toggle(); continue }
            if character == "@" && !quoted { ats += 1; last = index }
        }
        return (text[..<last], text[text.index(after: last)...], ats)
    }
}
