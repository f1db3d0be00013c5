import Foundation

/// Finds logic that belongs in the library in a front end's Swift source (issue #37: "front ends
/// translate only"). Two rules, applied to the code with comments removed and the text of string
/// literals blanked (what a string interpolation computes, `\(...)`, is code and is kept):
///
/// 1. **Format switch**: a `switch` whose subject is a file's `pathExtension`, or one of whose `case`
///    labels names an address-book format: `vcard`, `vcf`, `csv` or `jscontact`, written `.name` or
///    `"name"` (case ignored). `json` alone is not enough, so a log format's `switch` (text or json)
///    is not one; a switch over contact formats names at least one of the others unless it hides them
///    all behind `default` (not caught).
/// 2. **Loop over contacts**: a `for … in …` whose pattern or sequence names a contact (an identifier
///    containing `contact`), or whose body reads a contact's property (``contactMembers``) from the loop
///    variable; or a sequence operation (``sequenceOperations``: `map`, `filter`, `reduce`, …) whose
///    receiver names a contact (`contacts.map`, `loaded.contacts.filter`, `store.contacts(…).map`), or
///    whose closure or key path reads a contact's property from its element (`$0.fullName`,
///    `{ person in person.phoneNumbers … }`, `\.emailAddresses`). "Names a contact" means a value's
///    identifier (lower-case first letter) containing `contact`; `ContactFormat(…)` is a type. For
///    `first`, `count`, `min`, `max`, which are also properties, braces count only when they read an
///    element (`$0`, or a `name in` head): `if let c = contacts.first { … }` opens a body.
///
/// 3. **Store call**: a call of one of the contact store's operations (``storeOperations``: reads,
///    writes, merges, undo, the change feed) on a value whose identifier names a store (`store`,
///    `storage`, `target.store`; lower-case first letter, so `ContactStoreService(…)` is a type). Front
///    ends open and close a store and hand it to the library (``OhanaAddressBook/ContactStoreService``,
///    ``OhanaAddressBook/AddressBook``, the sync engine, the store copy), which drives it.
///
/// Argument parsing is left alone: splitting `--rule name+phone` or mapping inputs to providers names
/// no contact and reads no contact property. Not caught: `while` loops, and a receiver or element that
/// is a contact under a name that does not say so and whose properties are not read in the closure.
struct FrontEndScanner {
    /// Properties only a `Contact` has (``Ohana/Contact``); reading one from an element makes it a contact.
    static let contactMembers = [
        "fullName", "givenName", "familyName", "middleName", "namePrefix", "nameSuffix", "nickname",
        "phoneNumbers", "emailAddresses", "postalAddresses", "customProperties", "organization",
        "jobTitle", "photo", "fields", "provenance", "birthday",
    ]
    /// The sequence operations that visit every element.
    static let sequenceOperations = [
        "map", "compactMap", "flatMap", "filter", "reduce", "forEach", "sorted", "first", "contains",
        "allSatisfy", "count", "min", "max", "partition",
    ]
    /// The contact store's operations (``OhanaStore/ContactStorage``) a front end leaves to the library.
    static let storeOperations = [
        "save", "upsert", "remove", "contact", "contacts", "allContacts", "contactCount", "search",
        "currentChangeToken", "changes", "makeChild", "commitChild", "mergeDecisions", "setMergeDecisions",
        "allMergedMembers", "mergeContacts", "undoMerge", "removeMember", "bookkeeping", "replaceBookkeeping",
        "syncSnapshot", "pendingSyncWrites", "applySyncWrites", "providerSyncState", "sync",
    ]
    /// Format names that only address-book formats use.
    static let formatNames = ["vcard", "vcf", "csv", "jscontact"]

    /// One finding: where, which rule, and the line.
    struct Finding: CustomStringConvertible {
        var file: String
        var line: Int
        var rule: String
        var text: String
        var description: String { "\(file):\(line): \(rule): \(text.trimmingCharacters(in: .whitespaces))" }
    }

    /// The source as written.
    let source: [Character]
    /// The source with comments and string-literal text blanked (interpolations kept), same length.
    let code: [Character]
    /// The source with only comments blanked, same length (for `case "vcf":` labels).
    let codeWithStrings: [Character]

    init(_ text: String) {
        source = Array(text)
        var lexer = Lexer(source)
        lexer.run()
        code = lexer.code
        codeWithStrings = lexer.withStrings
    }

    /// Every finding of the three rules in the source, named `file`.
    func findings(file: String) -> [Finding] {
        (formatSwitches() + contactLoops() + storeCalls()).sorted { $0.offset < $1.offset }.map {
            Finding(file: file, line: lineNumber(at: $0.offset), rule: $0.rule, text: lineText(at: $0.offset))
        }
    }

    // MARK: Rule 1: format switches

    func formatSwitches() -> [(offset: Int, rule: String)] {
        var found: [(offset: Int, rule: String)] = []
        for start in keywordOffsets("switch") {
            guard let open = index(of: "{", from: start + 6), let close = matching(open) else { continue }
            let subject = String(code[(start + 6)..<open])
            let body = String(codeWithStrings[open..<close])
            let labels = caseLabels(body)
            let namesFormat = Self.formatNames.contains { name in
                labels.range(of: "[.\"]\(name)\\b", options: [.regularExpression, .caseInsensitive]) != nil
            }
            if subject.contains("pathExtension") || namesFormat { found.append((start, "format switch")) }
        }
        return found
    }

    /// The text of the `case` labels of a switch body: each from `case` to its `:`.
    private func caseLabels(_ body: String) -> String {
        let regex = try! NSRegularExpression(pattern: "\\bcase\\s[^:\\n]*")
        let range = NSRange(body.startIndex..., in: body)
        return regex.matches(in: body, range: range).compactMap { Range($0.range, in: body).map { String(body[$0]) } }
            .joined(separator: "\n")
    }

    // MARK: Rule 2: loops over contacts

    func contactLoops() -> [(offset: Int, rule: String)] {
        var found: [(offset: Int, rule: String)] = []
        let text = String(code)
        // for PATTERN in SEQUENCE { (not the argument label `for:`)
        for start in keywordOffsets("for") {
            if let next = nextNonSpace(from: start + 3), code[next] == ":" { continue }
            guard let open = index(of: "{", from: start + 3), let close = matching(open) else { continue }
            let head = String(code[(start + 3)..<open])
            guard let inRange = head.range(of: "\\sin\\s", options: .regularExpression) else { continue }
            let pattern = String(head[..<inRange.lowerBound])
            let sequence = String(head[inRange.upperBound...])
            let body = String(code[open..<close])
            let variables = identifiers(in: pattern).filter { !["case", "let", "var", "try", "await"].contains($0) }
            if namesContact(pattern) || namesContact(sequence) || variables.contains(where: { readsContactMember(body, through: $0) }) {
                found.append((start, "loop over contacts"))
            }
        }
        // RECEIVER.operation { … } / (…)
        let operations = Self.sequenceOperations.joined(separator: "|")
        let regex = try! NSRegularExpression(pattern: "\\.(\(operations))\\b\\s*[({]")
        let whole = text as NSString
        for match in regex.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
            let dot = characterOffset(utf16: match.range.location, in: text)
            let argumentStart = characterOffset(utf16: match.range.location + match.range.length - 1, in: text)
            var argument = ""
            var end = argumentStart
            if let close = matching(argumentStart) {
                argument = String(code[argumentStart...close])
                end = close + 1
                // A trailing closure after the parentheses: `sorted(by:) { … }` is rare, `reduce(0) { … }` is not.
                if code[argumentStart] == "(", let next = nextNonSpace(from: end), code[next] == "{", let trailing = matching(next) {
                    argument += String(code[next...trailing])
                }
            }
            // `first`, `count`, `min` and `max` are also properties: `if let c = contacts.first { … }`
            // opens the statement's body, not a closure, unless the braces read an element.
            let name = text[Range(match.range(at: 1), in: text)!]
            if ["first", "count", "min", "max"].contains(name), argument.hasPrefix("{"), closureParameter(argument) == nil,
               !argument.contains("$0") {
                continue
            }
            let receiver = receiverName(before: dot)
            let element = closureParameter(argument)
            if namesContact(receiver) || readsContactMember(argument, through: "$0") || readsContactMember(argument, through: "\\")
                || element.map({ readsContactMember(argument, through: $0) }) == true {
                found.append((dot, "loop over contacts"))
            }
        }
        return found
    }

    // MARK: Rule 3: store calls

    func storeCalls() -> [(offset: Int, rule: String)] {
        let text = String(code)
        let regex = try! NSRegularExpression(pattern: "\\.(\(Self.storeOperations.joined(separator: "|")))\\s*\\(")
        return regex.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)).compactMap { match in
            let dot = characterOffset(utf16: match.range.location, in: text)
            let receiver = receiverName(before: dot)
            let namesStore = receiver.first?.isUppercase == false
                && (receiver.lowercased().contains("store") || receiver.lowercased().contains("storage"))
            return namesStore ? (dot, "store call") : nil
        }
    }

    /// Whether a value's identifier in `text` contains "contact" (any case): `contacts`, `loaded.contacts`,
    /// `contactIDs`. Capitalized identifiers are types (`ContactFormat(…)`, `ContactFormat.allCases`), not values.
    private func namesContact(_ text: String) -> Bool {
        identifiers(in: text).contains { $0.first?.isUppercase == false && $0.lowercased().contains("contact") }
    }

    /// Whether `text` reads a contact's property through `name` (`name.fullName`; `\` for key paths).
    private func readsContactMember(_ text: String, through name: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let members = Self.contactMembers.joined(separator: "|")
        let lead = name == "\\" ? "" : "(?<![A-Za-z0-9_$.])"
        return text.range(of: "\(lead)\(escaped)\\.(\(members))\\b", options: .regularExpression) != nil
    }

    /// A closure's single named parameter: `{ person in`, `{ (person: Contact) -> String in`.
    private func closureParameter(_ argument: String) -> String? {
        let head = "\\{\\s*\\(?\\s*[A-Za-z_][A-Za-z0-9_]*\\s*(:[^{}()]*)?\\)?\\s*(->[^{}]*?)?\\s+in\\b"
        guard let range = argument.range(of: head, options: .regularExpression) else { return nil }
        return identifiers(in: String(argument[range].dropFirst())).first
    }

    /// The identifier a member access is made on: `contacts` in `loaded.contacts.map`, and for a call
    /// or subscript, the name called: `contacts` in `store.contacts(taggedWith: t).map`.
    private func receiverName(before dot: Int) -> String {
        var index = dot - 1
        while index >= 0, code[index] == "?" || code[index] == "!" { index -= 1 }
        if index >= 0, code[index] == ")" || code[index] == "]" {
            guard let open = matchingBackward(index) else { return "" }
            index = open - 1
        }
        var name = ""
        while index >= 0, code[index].isLetter || code[index].isNumber || code[index] == "_" {
            name.insert(code[index], at: name.startIndex)
            index -= 1
        }
        return name
    }

    // MARK: Text helpers

    private func identifiers(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }.map(String.init)
    }

    /// Offsets of `word` as a whole word in the code.
    private func keywordOffsets(_ word: String) -> [Int] {
        let letters = Array(word)
        var offsets: [Int] = []
        var index = 0
        while index + letters.count <= code.count {
            if code[index] == letters[0], Array(code[index..<(index + letters.count)]) == letters,
               index == 0 || !isIdentifierCharacter(code[index - 1]),
               index + letters.count == code.count || !isIdentifierCharacter(code[index + letters.count]) {
                offsets.append(index)
            }
            index += 1
        }
        return offsets
    }

    private func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "." || character == "$"
    }

    private func index(of character: Character, from start: Int) -> Int? {
        var index = start
        while index < code.count {
            if code[index] == character { return index }
            index += 1
        }
        return nil
    }

    private func nextNonSpace(from start: Int) -> Int? {
        var index = start
        while index < code.count, code[index].isWhitespace { index += 1 }
        return index < code.count ? index : nil
    }

    /// The offset of the bracket that closes the one at `open` (`(`, `[` or `{`).
    private func matching(_ open: Int) -> Int? {
        let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
        guard let closer = pairs[code[open]] else { return nil }
        var depth = 0
        var index = open
        while index < code.count {
            if code[index] == code[open] { depth += 1 }
            if code[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the bracket that opens the one that closes at `close`.
    private func matchingBackward(_ close: Int) -> Int? {
        let pairs: [Character: Character] = [")": "(", "]": "["]
        guard let opener = pairs[code[close]] else { return nil }
        var depth = 0
        var index = close
        while index >= 0 {
            if code[index] == code[close] { depth += 1 }
            if code[index] == opener {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    private func characterOffset(utf16 offset: Int, in text: String) -> Int {
        let index = String.Index(utf16Offset: offset, in: text)
        return text.distance(from: text.startIndex, to: index)
    }

    private func lineNumber(at offset: Int) -> Int {
        source[..<offset].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    private func lineText(at offset: Int) -> String {
        var start = offset
        while start > 0, source[start - 1] != "\n" { start -= 1 }
        var end = offset
        while end < source.count, source[end] != "\n" { end += 1 }
        return String(source[start..<end])
    }
}

/// Swift's comments and string literals (plain, multi-line, raw, with interpolations), blanked.
private struct Lexer {
    let source: [Character]
    var code: [Character]
    var withStrings: [Character]
    var index = 0

    init(_ source: [Character]) {
        self.source = source
        code = source
        withStrings = source
    }

    mutating func run() { scanCode(untilParenthesis: false) }

    private mutating func blank(_ offset: Int, keepingString: Bool = false) {
        guard source[offset] != "\n" else { return }
        code[offset] = " "
        if !keepingString { withStrings[offset] = " " }
    }

    private func starts(with text: String, at offset: Int) -> Bool {
        let characters = Array(text)
        return offset + characters.count <= source.count && Array(source[offset..<(offset + characters.count)]) == characters
    }

    /// Code until the end, or until the `)` that closes an interpolation.
    private mutating func scanCode(untilParenthesis: Bool) {
        var depth = 0
        while index < source.count {
            let character = source[index]
            if starts(with: "//", at: index) {
                while index < source.count, source[index] != "\n" { blank(index); index += 1 }
            } else if starts(with: "/*", at: index) {
                var nesting = 0
                repeat {
                    if starts(with: "/*", at: index) { nesting += 1; blank(index); blank(index + 1); index += 2; continue }
                    if starts(with: "*/", at: index) { nesting -= 1; blank(index); blank(index + 1); index += 2; continue }
                    blank(index)
                    index += 1
                } while nesting > 0 && index < source.count
            } else if character == "#" || character == "\"" {
                var hashes = 0
                while index + hashes < source.count, source[index + hashes] == "#" { hashes += 1 }
                guard index + hashes < source.count, source[index + hashes] == "\"" else { index += 1; continue }
                scanString(hashes: hashes)
            } else {
                if untilParenthesis {
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if depth == 0 { return }
                        depth -= 1
                    }
                }
                index += 1
            }
        }
    }

    /// A string literal starting at `index` (its `#`s, then `"` or `"""`).
    private mutating func scanString(hashes: Int) {
        index += hashes
        let multiline = starts(with: "\"\"\"", at: index)
        let quote = multiline ? "\"\"\"" : "\""
        index += quote.count
        let closing = quote + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        while index < source.count {
            if starts(with: closing, at: index) {
                index += closing.count
                return
            }
            if starts(with: escape, at: index) {
                let after = index + escape.count
                if after < source.count, source[after] == "(" {
                    for offset in index...after { blank(offset) }
                    index = after + 1
                    scanCode(untilParenthesis: true)
                    if index < source.count { index += 1 }  // the interpolation's ")"
                    continue
                }
                for offset in index..<min(after + 1, source.count) { blank(offset, keepingString: true) }
                index = after + 1
                continue
            }
            blank(index, keepingString: true)
            index += 1
        }
    }
}
