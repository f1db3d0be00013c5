import Foundation
import Ohana

/// Reads a vCard input fed in chunks, parsing blocks of cards on every core.
///
/// Bytes are gathered into blocks of about ``blockSize`` that end right before a `BEGIN:VCARD` line
/// following an `END:VCARD` line. A block is cut the same way into four runs per core; the runs are
/// read side by side, each numbering its lines from 1 and counting them, then renumbered as the whole
/// input numbers them, and their cards and diagnostics are joined in input order. A run that does
/// not end between cards (a quoted-printable soft break that swallows `END:VCARD`, an `AGENT`, a
/// nested card) gives up its result: from its start on, the rest of the input is read by one
/// sequential ``CardStream``, exactly as before.
/// Identifiers are given in input order, so the result never depends on how the input was split:
/// a block's cards get theirs while the next block's runs are parsed, as one more job among them
/// (``CardDelivery``), or when they are asked for.
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
    private var sequential: CardStream?
    private var delivery: CardDelivery
    /// The texts cards repeat (companies, titles, places), shared across every block (see ``SharedTexts``).
    private let sharedTexts = SharedTextsPool()

    init(options: VCardReadingOptions, source: String, blockSize: Int = 1 << 19, minimumRun: Int = 1 << 16) {
        self.options = options
        self.blockSize = blockSize
        self.maxPending = 8 * blockSize
        self.minimumRun = minimumRun
        self.source = source
        self.delivery = CardDelivery(source: source)
        // A card limit counts cards in order: read sequentially then.
        self.workers = options.maxCards == nil ? processorCount : 1
        if options.maxCards != nil { sequential = CardStream(options: options, source: source) }
    }

    /// Contacts read and given their identifiers, not yet taken: a batch of these is taken without
    /// the one-core work of identifying the cards of the block read last.
    var deliveredContacts: Int { delivery.deliveredContacts }

    /// Whether the cards of the block read last still wait for their identifiers.
    var hasCardsWaiting: Bool { delivery.hasWaiting }

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
        delivery.deliverWaiting()
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
        let options = self.options, source = self.source, pool = self.sharedTexts
        // The cards of the block before get their identifiers as the first job, beside the runs.
        let delivering = delivery.hasWaiting
        // Each run numbers its lines from 1; they are renumbered once the runs before have counted
        // theirs (counting every run's line breaks first took a pass over the bytes and a wait).
        let jobs = (delivering ? [RegionJob.deliverWaiting] : []) + runs.indices.map {
            RegionJob.run(start: runs[$0].start, end: runs[$0].end, last: final && $0 == runs.count - 1)
        }
        runsRead += runs.count
        var results = withUnsafeMutablePointer(to: &delivery) { pointer in
            let delivery = DeliveryPointer(pointer: pointer)
            return parallelMap(jobs, minimumPerWorker: 1, state: { pool.lease() }) { lease, job -> RunResult in
                switch job {
                case .deliverWaiting:
                    delivery.pointer.pointee.deliverWaiting()
                    return RunResult(cards: [], diagnostics: [], clean: true)
                case .run(let start, let end, let last):
                    return Self.readRun(
                        UnsafeBufferPointer(rebasing: bytes.buffer[start..<end]), firstLine: 1, last: last,
                        options: options, source: source, shared: lease.table)
                }
            }
        }
        if delivering { results.removeFirst() }
        let unclean = results.firstIndex(where: { !$0.clean })
        var firstLines: [Int] = []
        var line = nextLine
        for k in results.indices[..<(unclean ?? results.endIndex)] {
            firstLines.append(line)
            line += results[k].lineBreaks
            if results[k].mentionsOtherLines {
                // A message names another line (a card begun inside another): read again knowing
                // where the run begins (rare).
                results[k] = Self.readRun(
                    UnsafeBufferPointer(rebasing: region[runs[k].start..<runs[k].end]), firstLine: firstLines[k],
                    last: final && k == runs.count - 1, options: options, source: source, shared: SharedTexts())
            } else {
                results[k].shiftLines(by: firstLines[k] - 1)
            }
        }
        if final, unclean == nil, let last = results.indices.last, results[last].cards.isEmpty {
            // The input's last run read no card. It did not know whether the input held any before
            // it ("no BEGIN:VCARD line found" or "text outside BEGIN:VCARD … END:VCARD"): read again
            // knowing (rare, and such a run holds no card).
            let before = delivery.cardsRead + results[..<last].reduce(0) { $0 + $1.cards.count }
            if before > 0 {
                results[last] = Self.readRun(
                    UnsafeBufferPointer(rebasing: region[runs[last].start..<runs[last].end]), firstLine: firstLines[last],
                    last: true, cardsBefore: before, options: options, source: source, shared: SharedTexts())
            }
        }
        if let unclean {
            // The runs before it are delivered (starting the stream does); from this run on, one
            // stream reads to the end of the input.
            results.removeSubrange(unclean...)
            delivery.queue(&results)
            startSequential(at: line)  // the runs before it counted their lines up to it
            sequential!.feed(UnsafeBufferPointer(rebasing: region[runs[unclean].start...]))
            collectSequential()
            return
        }
        if let expected = expectedInputBytes, delivery.cardsRead == 0, expected > region.count {
            let cards = results.reduce(0) { $0 + $1.cards.count }
            delivery.reserveCapacity(Int(Double(cards) * Double(expected) / Double(region.count) * 1.1) + 16)
        }
        delivery.queue(&results)
        nextLine = line
    }

    /// From here on one stream reads the rest of the input; the caller feeds it what is left.
    private mutating func startSequential(at line: Int) {
        delivery.deliverWaiting()
        sequential = CardStream(options: options, source: source, firstLine: line, cardsBefore: delivery.cardsRead)
    }

    private mutating func collectSequential() {
        var (cards, found) = sequential!.take()
        delivery.deliverWaiting()
        delivery.deliver(&cards, found)
    }

    /// Reads one run as one stream: `last` ends the input there; otherwise the run must end between
    /// cards (`clean`), or its result is given up.
    private static func readRun(
        _ run: UnsafeBufferPointer<UInt8>, firstLine: Int, last: Bool, cardsBefore: Int = 0,
        options: VCardReadingOptions, source: String, shared: SharedTexts
    ) -> RunResult {
        var stream = CardStream(options: options, source: source, firstLine: firstLine, cardsBefore: cardsBefore, shared: shared)
        stream.feed(run)
        if last {
            stream.finish()
        } else if !stream.finishRun() {
            return RunResult(cards: [], diagnostics: [], clean: false)
        }
        let lineBreaks = stream.nextLine - firstLine, mentionsOtherLines = stream.mentionedOtherLines
        let (cards, diagnostics) = stream.take()
        return RunResult(
            cards: cards, diagnostics: diagnostics, clean: true, lineBreaks: lineBreaks, mentionsOtherLines: mentionsOtherLines)
    }

    /// Takes up to `max` contacts and the diagnostics so far; `nil` when there is nothing to take.
    mutating func takeBatch(max: Int) -> LoadedContacts? {
        delivery.take(max: max)
    }

    /// Takes everything read so far.
    mutating func takeAll() -> LoadedContacts {
        delivery.takeAll()
    }
}

/// One job of a block: the cards of the block before get their identifiers, or one run is parsed.
private enum RegionJob: Sendable {
    case deliverWaiting
    case run(start: Int, end: Int, last: Bool)
}

/// A read-only view of bytes the workers share while the caller keeps them alive.
private struct SendableBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
}
