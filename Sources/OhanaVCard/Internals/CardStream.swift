import Ohana

/// One card read: its contact (whose identifier is given later, in input order), the card's UID
/// and the line it begins on.
struct ReadCard: Sendable {
    var contact: Contact
    var uid: IdentifierText?
    /// ``ContactIdentifiers/key(of:)`` of the UID.
    var uidKey: StableHashWords?
    var startLine: Int
}

/// One sequential pass over a run of bytes: lines → cards → contacts, with diagnostics.
///
/// Several of these run side by side on runs that begin at a card boundary (see ``CardBlockReader``);
/// `firstLine` numbers the run's first line (1 for a run renumbered afterwards, see
/// ``RunResult/shiftLines(by:)``; the line the whole input gives it otherwise).
struct CardStream {
    private let source: String
    private let providerID: String
    private var lines: LineReader
    private var cards: CardParser
    private let sharedTexts: SharedTexts
    /// Cards read and not yet taken, in input order.
    private(set) var read: [ReadCard] = []
    /// Problems found and not yet taken, in the order they were found.
    private(set) var diagnostics: [Diagnostic] = []

    /// `shared` holds the texts cards repeat; by default the stream has a table of its own.
    init(options: VCardReadingOptions, source: String, firstLine: Int = 1, cardsBefore: Int = 0, shared: SharedTexts = SharedTexts()) {
        self.source = source
        self.sharedTexts = shared
        self.providerID = options.providerID
        self.lines = LineReader(maxLineLength: options.maxLineLength, maxPropertySize: options.maxPropertySize, firstLine: firstLine)
        self.cards = CardParser(options: options, cardsBefore: cardsBefore)
    }

    /// The number the next line gets: the first line's number plus the line breaks read.
    var nextLine: Int { lines.nextLineNumber }

    /// Whether a diagnostic's message names another line than its own (see ``CardBlockReader``).
    var mentionedOtherLines: Bool { cards.mentionedOtherLines }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        let owned = Array(bytes)  // one copy a run: lines are slices of it
        readLines { $0.feed(owned, emit: $1) }
    }

    /// Ends the input: what is still open is completed and reported.
    mutating func finish() {
        readLines { $0.finish(emit: $1) }
        finishCards()
    }

    /// Ends a run that was cut right before a `BEGIN:VCARD` line. Returns `false`, and leaves the
    /// cards unfinished, when the run did not end between cards (a card, an `AGENT` or text outside
    /// cards still open), so that it must be read again as part of what follows.
    mutating func finishRun() -> Bool {
        readLines { $0.finish(emit: $1) }
        guard cards.isBetweenCards else { return false }
        finishCards()
        return true
    }

    private mutating func finishCards() {
        var finished: [RawCard] = []
        var reports: [Diagnostic] = []
        let source = self.source
        cards.finish(card: { finished.append($0) }, report: { line, severity, message in
            reports.append(Diagnostic(severity, source: source, line: line, message: message))
        })
        for card in finished { deliver(card, reporting: &reports) }
        diagnostics.append(contentsOf: reports)
    }

    /// Runs `body` on the line reader and hands each logical line it completes to the card parser
    /// as soon as it is complete (gathering the lines first grew an array of them a run long). The
    /// line reader's diagnostics come first, then those of the cards, as when lines were gathered.
    private mutating func readLines(_ body: (inout LineReader, (consuming LogicalLine) -> Void) -> Void) {
        // Taken out of `self` while it reads, so that each line can be consumed by `self` at once.
        var reader = LineReader(maxLineLength: 0, maxPropertySize: 0)
        swap(&reader, &lines)
        var found: [Diagnostic] = []
        body(&reader) { consume($0, reporting: &found) }
        swap(&reader, &lines)
        let source = self.source
        for d in lines.takeDiagnostics() {
            diagnostics.append(Diagnostic(d.severity, source: source, line: d.line, message: d.message))
        }
        if !found.isEmpty { diagnostics.append(contentsOf: found) }
    }

    private mutating func consume(_ line: consuming LogicalLine, reporting found: inout [Diagnostic]) {
        var finished: RawCard?
        let source = self.source
        cards.consume(line, card: { finished = $0 }, report: { line, severity, message in
            found.append(Diagnostic(severity, source: source, line: line, message: message))
        })
        if let card = finished.take() { deliver(card, reporting: &found) }
    }

    private mutating func deliver(_ card: consuming RawCard, reporting found: inout [Diagnostic]) {
        let startLine = card.startLine
        // Moved into the mapper: its properties are then held once, and taken out without copies.
        var mapper = CardMapper(card: card, shared: sharedTexts)
        // The contact goes straight into the card read, and the card read straight into the array,
        // where it is finished in place: a local finished first was copied into the array (its
        // contact's strings retained and released once more: about 18 per card, counted with a perf
        // probe).
        self.read.append(ReadCard(contact: mapper.map(), uid: mapper.uid, uidKey: nil, startLine: startLine))
        for problem in mapper.problems {
            found.append(Diagnostic(problem.severity, source: source, line: problem.line, message: problem.message))
        }
        let last = self.read.count - 1, uid = self.read[last].uid
        self.read[last].contact.provenanceRecords = ProvenanceRecords(providerID: providerID, record: uid)
        self.read[last].uidKey = uid.map(ContactIdentifiers.key(of:))
    }

    /// Takes the cards and diagnostics found so far.
    mutating func take() -> (cards: [ReadCard], diagnostics: [Diagnostic]) {
        defer {
            read.removeAll()
            diagnostics.removeAll()
        }
        return (read, diagnostics)
    }
}
