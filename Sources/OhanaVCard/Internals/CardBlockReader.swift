import Foundation
import Ohana

/// Reads a vCard input fed in chunks, parsing blocks of cards on every core.
///
/// Bytes are gathered into blocks of about ``blockSize`` that end right before a `BEGIN:VCARD` line
/// following an `END:VCARD` line. A block is cut the same way into one run per core; the runs are
/// read side by side, each numbering its lines as the whole input does, and their cards and
/// diagnostics are joined in input order. A run that does not end between cards (a quoted-printable
/// soft break that swallows `END:VCARD`, an `AGENT`, a nested card) gives up its result: from its
/// start on, the rest of the input is read by one sequential ``CardStream``, exactly as before.
/// Identifiers are given in input order, so the result never depends on how the input was split.
struct CardBlockReader {
    /// Bytes gathered before a block is read.
    private let blockSize: Int
    /// The most bytes held while no card boundary is found; past this the input is read sequentially.
    private let maxPending: Int
    /// The smallest run worth reading on a core of its own.
    private let minimumRun: Int
    /// How many runs were read side by side (for tests).
    private(set) var runsRead = 0
    /// The size of the whole input when it is read at once (``VCardReader/read(contentsOf:)``): after
    /// the first block the contacts array is sized for the cards the rest will likely hold, instead
    /// of growing (and being copied) a doubling at a time on one core. Room not used is never touched.
    var expectedInputBytes: Int?

    private let options: VCardReadingOptions
    private let source: String
    private let workers: Int
    private var pending: [UInt8] = []
    private var nextLine = 1
    private var cardsRead = 0
    private var sequential: CardStream?
    private var identifiers: ContactIdentifiers
    private var contacts: [Contact] = []
    private var contactsTaken = 0
    private var diagnostics: [Diagnostic] = []

    init(options: VCardReadingOptions, source: String, blockSize: Int = 1 << 19, minimumRun: Int = 1 << 16) {
        self.options = options
        self.blockSize = blockSize
        self.maxPending = 8 * blockSize
        self.minimumRun = minimumRun
        self.source = source
        self.identifiers = ContactIdentifiers(source: source)
        // A card limit counts cards in order: read sequentially then.
        self.workers = options.maxCards == nil ? processorCount : 1
        if options.maxCards != nil { sequential = CardStream(options: options, source: source) }
    }

    /// Contacts read and not yet taken.
    var pendingContacts: Int { contacts.count - contactsTaken }

    /// Feeds the next chunk of input.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        if sequential != nil {
            sequential!.feed(bytes)
            collectSequential()
            return
        }
        if pending.isEmpty {
            let used = readBlocks(bytes, final: false)
            if used < bytes.count { pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[used...])) }
            return
        }
        pending.append(contentsOf: bytes)
        guard pending.count >= blockSize else { return }
        var all: [UInt8] = []
        swap(&all, &pending)
        let used = all.withUnsafeBufferPointer { readBlocks($0, final: false) }
        // What is left moves to the front of the same buffer: no new memory for every block.
        all.removeFirst(used)
        pending = all
    }

    /// Ends the input.
    mutating func finish() {
        if sequential == nil {
            let all = pending
            pending = []
            _ = all.withUnsafeBufferPointer { readBlocks($0, final: true) }
        }
        if sequential != nil {
            sequential!.finish()
            collectSequential()
        }
    }

    /// Reads whole blocks from the start of `buffer`; returns how many bytes were used.
    private mutating func readBlocks(_ buffer: UnsafeBufferPointer<UInt8>, final: Bool) -> Int {
        var start = 0
        let count = buffer.count
        while start < count {
            if sequential != nil {
                sequential!.feed(UnsafeBufferPointer(rebasing: buffer[start...]))
                collectSequential()
                return count
            }
            var end: Int
            if count - start <= blockSize {
                guard final else { return start }
                end = count
            } else if let cut = CardBoundaries.lastCut(in: buffer, from: start + 1, through: start + blockSize)
                ?? CardBoundaries.firstCut(in: buffer, from: start + blockSize, before: count)
            {
                end = cut
            } else if final {
                end = count
            } else {
                if count - start > maxPending {
                    startSequential(at: nextLine)
                    continue
                }
                return start
            }
            readRegion(UnsafeBufferPointer(rebasing: buffer[start..<end]), final: final && end == count)
            start = end
        }
        return count
    }

    /// Reads one region that begins at a card boundary, in runs on every core.
    private mutating func readRegion(_ region: UnsafeBufferPointer<UInt8>, final: Bool) {
        var cuts = [0]
        // Four runs a core, taken by whichever core is free (`parallelMap`): a core slowed down by
        // other work on the machine leaves its share to the other instead of holding the block up.
        let runCount = workers > 1 ? min(workers * 4, region.count / minimumRun) : 1
        if runCount > 1 {
            for k in 1..<runCount {
                let target = region.count * k / runCount
                if let cut = CardBoundaries.firstCut(in: region, from: max(target, cuts.last! + 1), before: region.count) {
                    cuts.append(cut)
                }
            }
        }
        cuts.append(region.count)
        let runs = (0..<(cuts.count - 1)).map { (start: cuts[$0], end: cuts[$0 + 1]) }
        let bytes = SendableBytes(region)
        let breaks = runs.count == 1 ? [0] : parallelMap(runs, minimumPerWorker: 1, state: {}) { _, run in
            CardBoundaries.lineBreaks(in: UnsafeBufferPointer(rebasing: bytes.buffer[run.start..<run.end]))
        }
        var firstLines: [Int] = []
        var line = nextLine
        for b in breaks {
            firstLines.append(line)
            line += b
        }
        let options = self.options, source = self.source
        let jobs = runs.indices.map { (run: runs[$0], firstLine: firstLines[$0], last: final && $0 == runs.count - 1) }
        runsRead += runs.count
        var results = parallelMap(jobs, minimumPerWorker: 1, state: {}) { _, job -> RunResult in
            var stream = CardStream(options: options, source: source, firstLine: job.firstLine)
            stream.feed(UnsafeBufferPointer(rebasing: bytes.buffer[job.run.start..<job.run.end]))
            if job.last {
                stream.finish()
            } else if !stream.finishRun() {
                return RunResult(cards: [], diagnostics: [], clean: false)
            }
            let (cards, diagnostics) = stream.take()
            return RunResult(cards: cards, diagnostics: diagnostics, clean: true)
        }
        for i in results.indices {
            guard results[i].clean else {
                // Read from this run on sequentially, as one stream, to the end of the input.
                startSequential(at: firstLines[i])
                sequential!.feed(UnsafeBufferPointer(rebasing: region[runs[i].start...]))
                collectSequential()
                return
            }
            if i == 0, let expected = expectedInputBytes, contacts.isEmpty, expected > region.count {
                let cards = results.reduce(0) { $0 + $1.cards.count }
                contacts.reserveCapacity(Int(Double(cards) * Double(expected) / Double(region.count) * 1.1) + 16)
            }
            var cards: [ReadCard] = []
            swap(&cards, &results[i].cards)  // the only reference: the contacts are not copied on write
            deliver(&cards, results[i].diagnostics)
        }
        nextLine = line
    }

    /// From here on one stream reads the rest of the input; the caller feeds it what is left.
    private mutating func startSequential(at line: Int) {
        sequential = CardStream(options: options, source: source, firstLine: line, cardsBefore: cardsRead)
    }

    private mutating func collectSequential() {
        var (cards, found) = sequential!.take()
        deliver(&cards, found)
    }

    private mutating func deliver(_ cards: inout [ReadCard], _ found: [Diagnostic]) {
        diagnostics.append(contentsOf: found)
        cardsRead += cards.count
        // Popped from the end of the reversed array: each card is moved out, not copied, and its
        // contact moved on (taking each out in place swapped an empty contact in, whose copy and
        // release cost about 40 retains and releases a card).
        cards.withUnsafeMutableBufferPointer { $0.reverse() }
        while var card = cards.popLast() {
            identifiers.identify(&card, diagnostics: &diagnostics)
            contacts.append(Self.take(&card.contact))
        }
    }

    /// Takes up to `max` contacts and the diagnostics so far; `nil` when there is nothing to take.
    mutating func takeBatch(max: Int) -> LoadedContacts? {
        let end = Swift.min(contacts.count, contactsTaken + max)
        guard end > contactsTaken || !diagnostics.isEmpty else { return nil }
        var batch: [Contact] = []
        batch.reserveCapacity(end - contactsTaken)
        for i in contactsTaken..<end { batch.append(Self.take(&contacts[i])) }
        contactsTaken = end
        if contactsTaken == contacts.count || contactsTaken >= 4096 {
            contacts.removeFirst(contactsTaken)
            contactsTaken = 0
        }
        let found = Self.inLineOrder(diagnostics)
        diagnostics.removeAll()
        return LoadedContacts(contacts: batch, diagnostics: found)
    }

    /// Takes everything read so far.
    mutating func takeAll() -> LoadedContacts {
        if contactsTaken > 0 { contacts.removeFirst(contactsTaken) }
        let result = LoadedContacts(contacts: contacts, diagnostics: Self.inLineOrder(diagnostics))
        contacts = []
        contactsTaken = 0
        diagnostics = []
        return result
    }

    /// Takes a contact out of an array by swapping an empty one in: the contact moves, its strings
    /// and arrays are not retained for a copy and released with the original.
    static func take(_ contact: inout Contact) -> Contact {
        var taken = Contact(blankWithID: "")
        swap(&taken, &contact)
        return taken
    }

    /// Diagnostics sorted by line (stable: problems on one line keep the order they were found in).
    private static func inLineOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (la, lb) = (a.element.line ?? 0, b.element.line ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}

/// What one run gave: its cards and diagnostics, or `clean == false` when it did not end between cards.
private struct RunResult: Sendable {
    var cards: [ReadCard]
    var diagnostics: [Diagnostic]
    var clean: Bool
}

/// A read-only view of bytes the workers share while the caller keeps them alive.
private struct SendableBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
}
