import Foundation

/// A write the server refused for what the card is, not because it changed there: an RFC 6352
/// precondition (`valid-address-data`, `no-uid-conflict`, `max-resource-size`,
/// `supported-address-data`…) or a 400/403/409/413/415/422/507 answer. Sending it again changes
/// nothing; the card has to change first.
public struct CardDAVRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The card's URL.
    public var url: String
    /// The method refused (`PUT`, `DELETE`).
    public var method: String
    /// The HTTP status.
    public var status: Int
    /// The precondition the server named in its `DAV:error` body (`valid-address-data`), if any.
    public var precondition: String?
    /// The server's reason: the text of its error body, or the status line's reason phrase.
    public var reason: String

    /// Creates a refusal.
    public init(url: String, method: String, status: Int, precondition: String?, reason: String) {
        self.url = url
        self.method = method
        self.status = status
        self.precondition = precondition
        self.reason = reason
    }

    /// The refusal in one line: URL, method, status, precondition and the server's reason.
    public var description: String {
        var text = "\(url): \(method) refused with HTTP \(status)"
        if let precondition { text += " (\(precondition))" }
        if !reason.isEmpty { text += ": \(reason)" }
        return text
    }

    /// The statuses that refuse a write for its content whatever its body says.
    static let contentStatuses: Set<Int> = [400, 403, 409, 413, 415, 422, 507]

    /// The refusal an answer to a write holds: a status of ``contentStatuses``, or a 412 whose body
    /// names a precondition (a plain 412 is an ETag that no longer matches: a conflict, not this).
    static func of(status: Int, reason: String, body: Data, url: String, method: String) -> CardDAVRefusal? {
        guard contentStatuses.contains(status) || status == 412 else { return nil }
        let (precondition, text) = errorBody(body)
        if status == 412, precondition == nil { return nil }
        return CardDAVRefusal(url: url, method: method, status: status, precondition: precondition,
                              reason: text.isEmpty ? reason : text)
    }

    /// The precondition a `DAV:error` body names and the text it holds; for another body, its text
    /// (trimmed, white space runs as one space, at most 300 characters).
    static func errorBody(_ body: Data) -> (precondition: String?, text: String) {
        guard !body.isEmpty else { return (nil, "") }
        if let root = try? SafeXMLParser.parse(body), root.is(DAVNamespace.dav, "error") {
            let named = root.children.first { !$0.is(DAVNamespace.dav, "responsedescription") }
            var texts: [String] = []
            var stack = [root]
            while let node = stack.popLast() {
                if !node.trimmedText.isEmpty { texts.append(node.trimmedText) }
                stack += node.children.reversed()
            }
            return (named?.name, compact(texts.joined(separator: " ")))
        }
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        // An HTML error page: its text without the tags.
        let plain = text.contains("<") ? text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression) : text
        return (nil, compact(plain))
    }

    private static func compact(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let joined = words.joined(separator: " ")
        return joined.count > 300 ? String(joined.prefix(300)) + "…" : joined
    }
}
