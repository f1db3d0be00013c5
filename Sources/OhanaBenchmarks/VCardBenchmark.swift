import ArgumentParser
import Foundation
import Ohana
import OhanaSampleData
import OhanaBenchmarkSupport
import OhanaVCard

/// `ohana-bench vcard FILE.vcf`: reading a vCard file into contacts and writing them back.
///
/// Stage `vcard.stream` reads the file in batches of 1,000 and keeps none, which shows the memory the
/// streaming reader needs; `vcard.read.in-ohana-bench` parses every card into the contact model and
/// holds them all, like the peers in ../shared/bench (KContacts, Python vobject) do, in this binary
/// that links every module (`ohana-read-bench` does the same read in a program that links only the
/// reader, as the KContacts peer does: its figure is the one compared); `vcard.write` writes the
/// contacts read for one target. An untimed first pass counts the cards, so every figure covers the
/// file already in the page cache, as the peers' do.
struct VCardBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcard",
        abstract: "Read a vCard file into contacts (all at once, then streaming), then write them back.")

    @Argument(help: "A vCard file (such as one written by `ohana generate --format vcard`).")
    var file: String

    @Option(help: "The target written: ios, android, outlook, rfc6350.")
    var target: String = VCardTarget.rfc6350.rawValue

    @Flag(help: "Measure only the streaming read (for files too large to hold, such as 1,000,000 cards).")
    var streamOnly = false

    @Option(help: ArgumentHelp(
        "First write FILE with this many generated contacts (the bytes `ohana generate --count N --seed 1 --format vcard` writes), 100,000 at a time.",
        discussion: "Past 100,000 each further 100,000 contacts come from the next seed, so that memory holds one block."))
    var generate: Int?

    func run() async throws {
        guard let target = VCardTarget(rawValue: target) else {
            throw ValidationError("unknown target '\(target)' (\(VCardTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let url = URL(fileURLWithPath: file)
        if let generate { try Self.writeGenerated(count: generate, to: url) }
        let cards: Int
        do {
            cards = try countVCards(in: url)
        } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }
        let reader = VCardReader()
        // Streaming first, while nothing else is held, so its peak is its own.
        var streamed = 0
        try await measure("vcard.stream", contacts: cards) {
            for try await batch in reader.contacts(in: url, batchSize: 1000) { streamed += batch.contacts.count }
        }
        if streamOnly {
            print(#"{"stage":"vcard.stream.counts","tool":"ohana-swift","cards":\#(cards),"streamed":\#(streamed)}"#)
            return
        }
        let loaded = try await measure("vcard.read.in-ohana-bench", contacts: cards) {
            try reader.read(contentsOf: url)
        }
        let writer = VCardWriter(target: target)
        let written = await measure("vcard.write", contacts: loaded.contacts.count) {
            writer.write(loaded.contacts)
        }
        struct Counts: Codable {
            var tool = "ohana-swift", stage = "vcard.counts"
            var cards: Int, read: Int, streamed: Int, tels: Int, diagnostics: Int, bytesOut: Int
        }
        let counts = Counts(
            cards: cards, read: loaded.contacts.count, streamed: streamed,
            tels: loaded.contacts.reduce(0) { $0 + $1.phoneNumbers.count }, diagnostics: loaded.diagnostics.count,
            bytesOut: written.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(counts), as: UTF8.self))
    }

    /// Writes `count` generated contacts as vCard 4.0 (the rfc6350 target), 100,000 per seed from seed 1.
    static func writeGenerated(count: Int, to url: URL) throws {
        try Data().write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let block = 100_000
        var seed: UInt64 = 1
        var left = count
        while left > 0 {
            let contacts = ContactGenerator(seed: seed).generate(count: min(block, left))
            try handle.write(contentsOf: VCardWriter(target: .rfc6350).write(contacts))
            left -= contacts.count
            seed += 1
        }
    }
}
