import ArgumentParser
import Foundation
import Ohana
import OhanaBenchmarkSupport
import OhanaDuplicates
import OhanaSampleData

/// `ohana-bench dedupe`: duplicate detection and merging on generated address books.
///
/// For each count, an untimed step generates the contacts (seeded, about 12% near-duplicates,
/// without their ground truth);
/// then stage `dedupe.process` runs the post processor (detect and merge) and stage
/// `dedupe.analyze` the dry run with its explanations. Comparing the figures for 100,000 and
/// 1,000,000 contacts shows how the cost grows. The time of each stage of detection and merging
/// (keys, value counts, blocks, clusters, merging) is printed to standard error before each figure.
///
/// `--quality` instead prints pairwise precision and recall against the ground truth, on the hard
/// book (`HardDuplicateBook`: values shared between people) and on the sample generator's book.
struct DedupeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dedupe",
        abstract: "Detect and merge duplicates in generated address books (default: 100,000 and 1,000,000 contacts).")

    @Option(name: .long, help: "Number of contacts; repeatable.")
    var count: [Int] = [100_000, 1_000_000]

    @Option(name: .long, help: "Generator seed.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Print precision and recall against the ground truth (default count: 20,000).")
    var quality = false

    @Flag(name: .long, help: "Time books whose cards carry their ground truth (a custom property each), as before 2026-11-29.")
    var groundTruth = false

    func validate() throws {
        guard count.allSatisfy({ $0 > 0 }) else { throw ValidationError("--count must be positive") }
    }

    func run() async throws {
        if quality {
            printQuality()
            return
        }
        for n in count {
            // Without the ground truth unless asked: the stages never read it, and a user's book does
            // not carry a custom property on every card (a dictionary each, a ninth of the book's memory).
            let contacts = ContactGenerator(seed: seed, recordsGroundTruth: groundTruth).generate(count: n)
            // The book's own share of each stage's peak: resident before either stage starts (what
            // generating it freed handed back first).
            releaseFreedMemory()
            ProcessMemory.resetPeak()
            let bookMiB = ProcessMemory.peakBytes() / 1_048_576
            FileHandle.standardError.write(Data("dedupe \(n): the generated book held, \(bookMiB) MiB resident\n".utf8))
            let dedupe = DuplicateMerging()
            // Only the count is kept: the merged contacts held on would count in the next stage's peak.
            let mergedCount = try await measure("dedupe.process", contacts: n) {
                try await dedupe.process(contacts).count
            }
            // Nor does what the allocator kept of them: each stage starts from the book alone.
            releaseFreedMemory()
            let report = await measure("dedupe.analyze", contacts: n) {
                dedupe.analyze(contacts)
            }
            FileHandle.standardError.write(Data("dedupe \(n): \(report.summary); \(mergedCount) contacts out; \(report.comparedPairs) pairs compared; \(report.rejectedMatches.count + (report.unlistedRejectedMatches ?? 0)) matches not merged, \(report.rejectedMatches.count) listed; \(report.oversizedBlocks.count) oversized blocks\n".utf8))
        }
    }

    /// One line per book: precision, recall, largest cluster, and the time the dry run took.
    func printQuality() {
        let counts = count == [100_000, 1_000_000] ? [20_000] : count
        for n in counts {
            let books: [(String, [Contact])] = [
                ("hard book", HardDuplicateBook(seed: seed).generate(count: n)),
                ("generated book", ContactGenerator(seed: seed).generate(count: n)),
            ]
            for (name, contacts) in books {
                let start = ContinuousClock.now
                let report = DuplicateMerging().analyze(contacts)
                let elapsed = ContinuousClock.now - start
                let quality = PairwiseQuality(clusters: report.clusters.map(\.contactIDs), contacts: contacts)
                print("dedupe quality, \(name) of \(n) cards (seed \(seed)): \(quality); \(report.rejectedMatches.count + (report.unlistedRejectedMatches ?? 0)) matches not merged; \(elapsed)")
            }
        }
    }
}
