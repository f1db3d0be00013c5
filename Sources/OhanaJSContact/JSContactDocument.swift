import Foundation
import Ohana

/// JSContact files: one card, or an array of cards (a group's card, of kind `group`, first), read
/// into contacts and written from them; the draft's `CardGroup` is read too.
public enum JSContactDocument {
    /// Whether data looks like JSContact: a JSON object or array whose first object has `"@type": "Card"`
    /// (or `"CardGroup"`). Looks only at the start of the data.
    public static func isJSContact(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(8192), as: UTF8.self)
        guard let first = head.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { return false }
        let squeezed = head.filter { !$0.isWhitespace }
        return squeezed.contains("\"@type\":\"Card\"") || squeezed.contains("\"@type\":\"CardGroup\"")
    }

    /// Reads every valid card; an invalid card is an error naming its line, member path and rule,
    /// and the other cards still load. Throws only when the data is not JSON at all.
    public static func read(_ data: Data, source: String) throws(ContactsProviderError) -> LoadedContacts {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .invalidData(providerID: "jscontact", source: source, line: nil, reason: "not valid JSON")
        }
        var cards: [JSONValue]
        switch value {
        case .array(let elements): cards = elements
        case .object(let members) where members["@type"]?.string == "CardGroup":
            cards = (members["card"].map { [$0] } ?? []) + (members["cards"]?.array ?? [])
        default: cards = [value]
        }
        let lines = elementLines(data, count: cards.count, isArray: value.array != nil)
        var result = LoadedContacts(contacts: [])
        let converter = JSContactConverter()
        let groups = fileGroups(cards)
        for (i, json) in cards.enumerated() where !groups.contains(i) {
            var validator = CardValidator()
            validator.validateCard(json, path: "")
            if let first = validator.errors.first {
                let more = validator.errors.count > 1 ? " (and \(validator.errors.count - 1) more)" : ""
                result.diagnostics.append(Diagnostic(.error, source: source, line: lines[i],
                                                     message: "card \(i + 1) skipped: \(first)\(more)"))
                continue
            }
            guard let members = json.object else { continue }
            result.contacts.append(converter.contact(from: Card(members: members)))
        }
        return result
    }

    /// Encodes contacts as a JSON array of cards; as a group, the array starts with the group's card
    /// (RFC 9553 section 2.1.6: kind `group`, its `members` naming every card), named `groupName`
    /// when given, and then with a `uid` that the name decides, so that writing the group again keeps it.
    public static func write(_ contacts: [Contact], asGroup: Bool = false, groupName: String? = nil, pretty: Bool = true) throws -> Data {
        let converter = JSContactConverter()
        let cards = contacts.map(converter.card(from:))
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        if asGroup || groupName != nil {
            let uid = groupName.map { "urn:uuid:" + ContactID(stableFor: "ohana.dev:CardGroup", position: 0, salt: $0).rawValue }
            let group = uid.map { CardGroup(uid: $0, name: groupName, cards: cards) } ?? CardGroup(cards: cards)
            return try encoder.encode([group.card] + group.cards)
        }
        return try encoder.encode(cards)
    }

    /// The positions of the cards of kind `group` whose `members` are all cards of the same file: the
    /// file's own grouping (as ``write(_:asGroup:groupName:pretty:)`` writes it), not contacts.
    static func fileGroups(_ cards: [JSONValue]) -> Set<Int> {
        let uids = Set(cards.compactMap { $0["uid"]?.string })
        var groups = Set<Int>()
        for (i, card) in cards.enumerated() where card["kind"]?.string == "group" {
            guard let members = card["members"]?.object, !members.isEmpty, members.values.allSatisfy({ $0 == .bool(true) }),
                members.keys.allSatisfy({ uids.contains($0) && $0 != card["uid"]?.string })
            else { continue }
            groups.insert(i)
        }
        return groups
    }

    /// The 1-based line where each top-level array element starts (all line 1 for a single card).
    static func elementLines(_ data: Data, count: Int, isArray: Bool) -> [Int?] {
        guard isArray else { return Array(repeating: 1, count: count) }
        var lines: [Int?] = []
        var line = 1, depth = 0
        var inString = false, escaped = false, expecting = false
        for byte in data {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
            if depth == 1, expecting, !isSpace, byte != 0x5D {
                lines.append(line)
                expecting = false
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B:
                depth += 1
                if depth == 1 { expecting = true }
            case 0x7D, 0x5D: depth -= 1
            case 0x2C where depth == 1: expecting = true
            default: break
            }
        }
        if lines.count != count { return Array(repeating: nil, count: count) }
        return lines
    }
}

/// A provider that loads contacts from a JSContact file.
public struct JSContactFileProvider: ContactsDataProvider {
    /// The provider's identifier.
    public let identifier: String
    /// The file to read.
    public let fileURL: URL

    /// Creates a provider for a file.
    public init(fileURL: URL, identifier: String? = nil) {
        self.fileURL = fileURL
        self.identifier = identifier ?? "jscontact:\(fileURL.lastPathComponent)"
    }

    /// Reads the file; a card that is not valid JSContact is a diagnostic, the rest still loads.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        let data = try readContactsFile(fileURL, providerID: identifier)
        var loaded = try JSContactDocument.read(data, source: fileURL.path)
        loaded.contacts = loaded.contacts.map { $0.markingProvenance(providerID: identifier) }
        return loaded
    }
}
