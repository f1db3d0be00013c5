import Foundation
import Ohana

/// Reads vCard 2.1, 3.0 and 4.0 into contacts, tolerating what real clients write.
///
/// Reading never throws for bad cards: each problem becomes a ``Diagnostic`` naming the source and
/// line, and reading goes on with the next card. Limits are set by ``VCardReadingOptions``.
public struct VCardReader: Sendable {
    /// The options and limits in effect.
    public let options: VCardReadingOptions

    /// Creates a reader.
    public init(options: VCardReadingOptions = .init()) {
        self.options = options
    }

    /// Reads every card in `data`; `source` names the input in diagnostics.
    public func read(_ data: Data, source: String) -> LoadedContacts {
        var parser = VCardStreamParser(options: options, source: source)
        data.withUnsafeBytes { raw in
            parser.feed(raw.bindMemory(to: UInt8.self))
        }
        parser.finish()
        return parser.takeAll()
    }

    /// Reads a file in chunks, so memory holds the contacts but never the whole file.
    ///
    /// Throws only when the file cannot be opened or read.
    public func read(contentsOf fileURL: URL) throws -> LoadedContacts {
        var parser = VCardStreamParser(options: options, source: fileURL.path)
        let handle = try FileHandle(forReadingFrom: fileURL)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: VCardStreamParser.chunkSize), !chunk.isEmpty {
            chunk.withUnsafeBytes { parser.feed($0.bindMemory(to: UInt8.self)) }
        }
        parser.finish()
        return parser.takeAll()
    }

    /// Reads a file incrementally and delivers its contacts in batches of at most `batchSize`.
    ///
    /// The file is read only as fast as batches are consumed, so memory holds one batch and the
    /// card being read, not the file. Each batch carries the diagnostics found while reading it.
    /// The stream throws only when the file cannot be opened or read.
    public func contacts(in fileURL: URL, batchSize: Int = 1000) -> AsyncThrowingStream<LoadedContacts, any Error> {
        let source = FileBatchSource(fileURL: fileURL, options: options, batchSize: max(1, batchSize))
        return AsyncThrowingStream(unfolding: { try await source.next() })
    }
}

/// Pulls chunks from a file as batches are asked for.
private actor FileBatchSource {
    private let fileURL: URL
    private let batchSize: Int
    private var parser: VCardStreamParser
    private var handle: FileHandle?
    private var done = false

    init(fileURL: URL, options: VCardReadingOptions, batchSize: Int) {
        self.fileURL = fileURL
        self.batchSize = batchSize
        self.parser = VCardStreamParser(options: options, source: fileURL.path)
    }

    func next() throws -> LoadedContacts? {
        if handle == nil, !done { handle = try FileHandle(forReadingFrom: fileURL) }
        while !done, parser.pendingContacts < batchSize {
            guard let handle else { break }
            let chunk = try handle.read(upToCount: VCardStreamParser.chunkSize) ?? Data()
            if chunk.isEmpty {
                parser.finish()
                try? handle.close()
                self.handle = nil
                done = true
            } else {
                chunk.withUnsafeBytes { parser.feed($0.bindMemory(to: UInt8.self)) }
            }
        }
        return parser.takeBatch(max: batchSize)
    }
}

/// The reading pipeline, fed with bytes: lines → cards → contacts, with diagnostics.
struct VCardStreamParser {
    static let chunkSize = 1 << 16

    private let options: VCardReadingOptions
    private let source: String
    private var lines: LineReader
    private var cards: CardParser
    private var seenUIDs: [String: Int] = [:]
    private var contacts: [Contact] = []
    private var contactsTaken = 0
    private var diagnostics: [Diagnostic] = []

    init(options: VCardReadingOptions, source: String) {
        self.options = options
        self.source = source
        self.lines = LineReader(maxLineLength: options.maxLineLength, maxPropertySize: options.maxPropertySize)
        self.cards = CardParser(options: options)
    }

    /// Contacts read and not yet taken.
    var pendingContacts: Int { contacts.count - contactsTaken }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var logical: [LogicalLine] = []
        lines.feed(bytes) { logical.append($0) }
        process(logical)
    }

    mutating func finish() {
        var logical: [LogicalLine] = []
        lines.finish { logical.append($0) }
        process(logical)
        var finished: [RawCard] = []
        var reports: [Diagnostic] = []
        let source = self.source
        cards.finish(card: { finished.append($0) }, report: { line, severity, message in
            reports.append(Diagnostic(severity, source: source, line: line, message: message))
        })
        diagnostics.append(contentsOf: reports)
        for card in finished { deliver(card) }
    }

    private mutating func process(_ logical: [LogicalLine]) {
        let source = self.source
        for d in lines.takeDiagnostics() {
            diagnostics.append(Diagnostic(d.severity, source: source, line: d.line, message: d.message))
        }
        for line in logical {
            var finished: RawCard?
            var reports: [Diagnostic] = []
            cards.consume(line, card: { finished = $0 }, report: { line, severity, message in
                reports.append(Diagnostic(severity, source: source, line: line, message: message))
            })
            diagnostics.append(contentsOf: reports)
            if let finished { deliver(finished) }
        }
    }

    private mutating func deliver(_ card: RawCard) {
        var reports: [Diagnostic] = []
        let source = self.source
        var mapper = CardMapper(card: card) { line, severity, message in
            reports.append(Diagnostic(severity, source: source, line: line, message: message))
        }
        var contact = mapper.map()
        diagnostics.append(contentsOf: reports)
        if let uid = mapper.uid {
            if let first = seenUIDs[uid] {
                diagnostics.append(Diagnostic(.warning, source: source, line: card.startLine,
                    message: "UID \(uid.prefix(60)) repeats the card at line \(first); given a new identifier"))
            } else {
                seenUIDs[uid] = card.startLine
                contact.id = ContactID(rawValue: uid)
            }
        }
        contact.provenance = [Provenance(providerID: options.providerID, recordID: mapper.uid)]
        contacts.append(contact)
    }

    /// Takes up to `max` contacts and the diagnostics so far; `nil` when there is nothing to take.
    mutating func takeBatch(max: Int) -> LoadedContacts? {
        let end = Swift.min(contacts.count, contactsTaken + max)
        guard end > contactsTaken || !diagnostics.isEmpty else { return nil }
        let batch = Array(contacts[contactsTaken..<end])
        contacts.removeFirst(end)
        contactsTaken = 0
        let found = Self.inLineOrder(diagnostics)
        diagnostics.removeAll()
        return LoadedContacts(contacts: batch, diagnostics: found)
    }

    /// Diagnostics sorted by line (stable: problems on one line keep the order they were found in).
    private static func inLineOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (la, lb) = (a.element.line ?? 0, b.element.line ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// Takes everything read so far.
    mutating func takeAll() -> LoadedContacts {
        let result = LoadedContacts(contacts: Array(contacts[contactsTaken...]), diagnostics: Self.inLineOrder(diagnostics))
        contacts = []
        contactsTaken = 0
        diagnostics = []
        return result
    }
}
