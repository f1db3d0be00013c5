import Ohana

/// The properties of one card, before mapping.
struct RawCard {
    var startLine: Int
    var version: VCardVersion?
    var properties: [RawProperty]
    var skippedProperties = false

    init(startLine: Int) {
        self.startLine = startLine
        // Room for a typical card's properties at once, not grown 1, 2, 4, 8, 16.
        properties = []
        properties.reserveCapacity(16)
    }
}

/// Groups logical lines into cards: BEGIN/END, VERSION, nested cards and 2.1 `AGENT` cards, junk
/// outside cards. Calls back with each complete card and with every problem found.
struct CardParser {
    private let options: VCardReadingOptions
    private var open: [RawCard] = []
    /// A 2.1 `AGENT:` whose card follows on the next lines: the lines captured so far and the depth.
    private var agent: (lines: [String], depth: Int, line: Int, tooDeep: Bool)?
    private var junkStart: Int?
    private(set) var cardCount = 0
    private(set) var stopped = false
    /// Whether a message named a line other than its own (which a run read with its lines numbered
    /// from 1 cannot shift afterwards).
    private(set) var mentionedOtherLines = false
    /// Parameter lists already parsed (`TYPE=cell`), shared by the lines that repeat them.
    private var parameterCache = ParameterCache()

    /// `cardsBefore` counts the cards the input held before this parser's part of it.
    init(options: VCardReadingOptions, cardsBefore: Int = 0) {
        self.options = options
        self.cardCount = cardsBefore
    }

    /// Whether the lines so far end between cards: no card, `AGENT` or text outside cards is open.
    var isBetweenCards: Bool { open.isEmpty && agent == nil && junkStart == nil && !stopped }

    typealias Report = (_ line: Int?, _ severity: Diagnostic.Severity, _ message: String) -> Void

    mutating func consume(_ line: LogicalLine, card: (RawCard) -> Void, report: Report) {
        guard !stopped else { return }
        if let capture = agent {
            captureAgentLine(line, capture: capture, report: report)
            return
        }
        if line.bytes.first == 0x23 {  // '#'
            report(line.line, .warning, "comment line ignored")
            return
        }
        let property: RawProperty
        // The warning closure captures the line's number, not the line: a closure capturing the
        // line made the parser's specialized copy take the line as an owned copy.
        let lineNumber = line.line
        do {
            property = try ContentLineParser.parse(line, cache: &parameterCache) { report(lineNumber, .warning, $0) }
        } catch {
            if open.isEmpty {
                noteJunk(line.line)
                return
            }
            switch error {
            case .noColon: report(line.line, .error, "line has no ':' between name and value; skipped")
            case .invalidName(let name): report(line.line, .error, "'\(name.prefix(40))' is not a valid property name; line skipped")
            }
            return
        }
        let kind = property.kind
        let structural = kind == .begin || kind == .end || kind == .version
        let rawWord = structural ? String(decoding: property.value.prefix(64), as: UTF8.self) : ""
        let valueWord = rawWord.trimmedSpaces
        if (kind == .begin || kind == .end), rawWord != valueWord, valueWord.uppercased() == "VCARD" {
            report(line.line, .warning, "\(property.key):VCARD has white space around VCARD")
        }
        if kind == .begin {
            guard valueWord.uppercased() == "VCARD" else {
                if open.isEmpty { noteJunk(line.line) } else {
                    report(line.line, .error, "BEGIN:\(valueWord.prefix(40)) inside a card; line skipped")
                }
                return
            }
            endJunk(report: report)
            if var parent = open.last, let last = parent.properties.last, last.kind == .agent,
                last.value.allSatisfy({ $0 == 0x20 || $0 == 0x09 })
            {
                // 2.1: the AGENT's card follows on its own lines; keep it as the AGENT's value.
                parent.properties.removeLast()
                open[open.count - 1] = parent
                agent = ([String(decoding: line.bytes, as: UTF8.self)], 1, last.line, open.count + 1 > options.maxNestingDepth)
                agentProperty = last
                return
            }
            if let maxCards = options.maxCards, cardCount + open.count >= maxCards {
                report(line.line, .error, "more than \(maxCards) cards; the rest of the input is not read")
                stopped = true
                return
            }
            if let parent = open.last {
                if open.count >= options.maxNestingDepth {
                    report(line.line, .error, "cards nested deeper than \(options.maxNestingDepth) levels; the inner card is skipped")
                    agent = ([], 1, line.line, true)
                    agentProperty = nil
                    return
                }
                mentionedOtherLines = true
                report(line.line, .warning, "card begins inside the card begun at line \(parent.startLine); read as a card of its own")
            }
            open.append(RawCard(startLine: line.line))
            return
        }
        if kind == .end {
            guard var finished = open.popLast() else {
                noteJunk(line.line)
                report(line.line, .error, "END:\(valueWord.prefix(40)) without BEGIN:VCARD")
                return
            }
            if valueWord.uppercased() != "VCARD" {
                report(line.line, .warning, "END:\(valueWord.prefix(40)) read as END:VCARD")
            }
            if finished.version == nil {
                report(finished.startLine, .warning, "card has no VERSION; read as vCard 2.1")
            }
            finished.version = finished.version ?? .v2_1
            cardCount += 1
            card(finished)
            return
        }
        guard !open.isEmpty else {
            noteJunk(line.line)
            return
        }
        if kind == .version {
            switch valueWord {
            case "2.1", "2.0", "1.0": open[open.count - 1].version = .v2_1
            case "3.0", "3": open[open.count - 1].version = .v3_0
            case "4.0", "4": open[open.count - 1].version = .v4_0
            default:
                report(line.line, .warning, "unknown VERSION '\(valueWord.prefix(20))'; read as 3.0")
                open[open.count - 1].version = .v3_0
            }
            if !["2.1", "3.0", "4.0"].contains(valueWord), ["2.0", "1.0", "3", "4"].contains(valueWord) {
                report(line.line, .warning, "VERSION:\(valueWord) read as \(open[open.count - 1].version!.rawValue)")
            }
            return
        }
        if open[open.count - 1].properties.count >= options.maxPropertiesPerCard {
            if !open[open.count - 1].skippedProperties {
                report(line.line, .error, "card has more than \(options.maxPropertiesPerCard) properties; the rest are skipped")
                open[open.count - 1].skippedProperties = true
            }
            return
        }
        open[open.count - 1].properties.append(consume property)  // moved, not copied
    }

    private var agentProperty: RawProperty?

    private mutating func captureAgentLine(_ line: LogicalLine, capture: (lines: [String], depth: Int, line: Int, tooDeep: Bool), report: Report) {
        var capture = capture
        let text = String(decoding: line.bytes, as: UTF8.self)
        let upper = text.uppercased()
        if upper.hasPrefix("BEGIN:VCARD") {
            capture.depth += 1
            if open.count + capture.depth > options.maxNestingDepth { capture.tooDeep = true }
        } else if upper.hasPrefix("END:VCARD") {
            capture.depth -= 1
        }
        if !capture.tooDeep, capture.lines.count < options.maxPropertiesPerCard { capture.lines.append(text) }
        if capture.depth > 0 {
            agent = capture
            return
        }
        agent = nil
        guard var property = agentProperty else { return }
        agentProperty = nil
        if capture.tooDeep {
            report(capture.line, .error, "AGENT cards nested deeper than \(options.maxNestingDepth) levels; the AGENT is skipped")
            return
        }
        // Kept as a 3.0-style text value: the card's lines joined with escaped newlines.
        let joined = capture.lines.map { VCardText.escape($0, version: .v3_0) }.joined(separator: "\\n")
        property.value = ArraySlice(joined.utf8)
        property.parameters.removeAll { $0.name == "ENCODING" || $0.name == "CHARSET" }
        if !open.isEmpty { open[open.count - 1].properties.append(property) }
    }

    private mutating func noteJunk(_ line: Int) {
        if junkStart == nil { junkStart = line }
        if firstJunk == nil { firstJunk = line }
    }

    private var firstJunk: Int?

    private mutating func endJunk(report: Report) {
        if let start = junkStart {
            report(start, .warning, "text outside BEGIN:VCARD … END:VCARD ignored")
            junkStart = nil
        }
    }

    /// Ends the input: reports junk and delivers cards that were never ended.
    mutating func finish(card: (RawCard) -> Void, report: Report) {
        if cardCount == 0, open.isEmpty, let first = firstJunk {
            report(first, .error, "no BEGIN:VCARD line found; nothing read")
            junkStart = nil
        }
        endJunk(report: report)
        if let capture = agent {
            report(capture.line, .error, "AGENT card has no END:VCARD; the AGENT is skipped")
            agent = nil
        }
        while var unfinished = open.popLast() {
            report(unfinished.startLine, .warning, "card has no END:VCARD; read up to the end of the input")
            if unfinished.version == nil {
                report(unfinished.startLine, .warning, "card has no VERSION; read as vCard 2.1")
            }
            unfinished.version = unfinished.version ?? .v2_1
            cardCount += 1
            card(unfinished)
        }
    }
}
