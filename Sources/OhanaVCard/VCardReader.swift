import Foundation
import Ohana
import Synchronization

/// Reads vCard 2.1, 3.0 and 4.0 into contacts, tolerating what real clients write.
///
/// Reading never throws for bad cards: each problem becomes a ``Diagnostic`` naming the source and
/// line, and reading goes on with the next card. Limits are set by ``VCardReadingOptions``. Cards are
/// parsed on every core; contacts and diagnostics come out in input order all the same.
///
/// A card's `UID` becomes its contact's identifier. A card without one (or repeating one read before
/// in the same input) gets an identifier derived from the source and the card's position, so reading
/// the same file twice gives the same identifiers.
public struct VCardReader: Sendable {
    /// The options and limits in effect.
    public let options: VCardReadingOptions

    /// Bytes read from a file at a time.
    static let chunkSize = 1 << 20

    /// Creates a reader.
    public init(options: VCardReadingOptions = .init()) {
        self.options = options
    }

    /// Reads every card in `data`; `source` names the input in diagnostics.
    public func read(_ data: Data, source: String) -> LoadedContacts {
        var parser = CardBlockReader(options: options, source: source)
        parser.expectedInputBytes = data.count
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
        var parser = CardBlockReader(options: options, source: fileURL.path)
        var file = try FileChunks(fileURL, chunkSize: VCardReader.chunkSize)
        parser.expectedInputBytes = file.size
        while try file.next({ parser.feed($0) }) {}
        parser.finish()
        return parser.takeAll()
    }

    /// Reads a file incrementally and delivers its contacts in batches of at most `batchSize`.
    ///
    /// The file is read only as fast as batches are consumed, so memory holds one batch and the
    /// card being read, not the file. Each batch carries the diagnostics found while reading it.
    /// The stream throws only when the file cannot be opened or read.
    /// While a batch is being consumed the next one is already read, so reading and what the consumer
    /// does with a batch (encoding, writing) overlap; memory holds two batches.
    public func contacts(in fileURL: URL, batchSize: Int = 1000) -> AsyncThrowingStream<LoadedContacts, any Error> {
        let source = FileBatchSource(fileURL: fileURL, options: options, batchSize: max(1, batchSize))
        let ahead = Mutex<Task<LoadedContacts?, any Error>?>(nil)
        return AsyncThrowingStream(unfolding: {
            let task = ahead.withLock { $0.take() } ?? Task { try await source.next() }
            guard let batch = try await task.value else { return nil }
            ahead.withLock { $0 = Task { try await source.next() } }
            return batch
        })
    }
}

/// Pulls chunks from a file as batches are asked for.
private actor FileBatchSource {
    private let fileURL: URL
    private let batchSize: Int
    private var parser: CardBlockReader
    private var file: FileChunks?
    private var done = false

    init(fileURL: URL, options: VCardReadingOptions, batchSize: Int) {
        self.fileURL = fileURL
        self.batchSize = batchSize
        // Smaller blocks than reading all at once: fewer cards wait beside the batch handed out.
        // Runs of 32 KiB, eight a block: with four, two cores waited for each other at every block's end.
        self.parser = CardBlockReader(
            options: options, source: fileURL.path, blockSize: FileBatchSource.chunkSize, minimumRun: FileBatchSource.chunkSize / 8)
    }

    /// Bytes read (and parsed) at a time: about 850 generated cards.
    static let chunkSize = 1 << 18

    func next() throws -> LoadedContacts? {
        if file == nil, !done { file = try FileChunks(fileURL, chunkSize: FileBatchSource.chunkSize) }
        // Until a batch's worth has its identifiers: the cards of the block read last get theirs as
        // one job of the next block, on whichever core is free. Taken with the batch, they were
        // identified on one core while the other waited (a tenth of the streaming read's time).
        while !done, parser.deliveredContacts < batchSize {  // not done: the file is open
            if try !file!.next({ parser.feed($0) }) {
                parser.finish()
                file = nil  // closes the file
                done = true
            }
        }
        return parser.takeBatch(max: batchSize)
    }
}
