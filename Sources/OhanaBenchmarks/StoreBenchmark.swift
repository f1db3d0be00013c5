import ArgumentParser
import Foundation
import Ohana
import OhanaStore
import OhanaSampleData

/// `ohana-bench store --count 100000`: importing generated contacts into a store file and reading them back.
///
/// Stages: `store.import` (one transaction storing every contact with its lookup rows, full-text
/// row and change record), `store.read` (decoding every stored contact after reopening the file),
/// `store.reimport` (upserting the same contacts again by source record: all unchanged) and
/// `store.search` (one full-text query per 100 contacts; its figure counts queries).
struct StoreBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Import generated contacts into a SQLite contact store, then read them back.")

    @Option(help: "How many contacts to generate.")
    var count = 100_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 1

    @Option(help: "The store file to use (default: a temporary file, removed afterwards). It must not exist.")
    var path: String?

    @Option(help: "Also write the generated contacts to this file as a JSON array (the input of scripts/bench-store-peer.py).")
    var exportJSON: String?

    func validate() throws {
        if count < 1 { throw ValidationError("--count must be at least 1") }
        if let path, FileManager.default.fileExists(atPath: path) {
            throw ValidationError("\(path) exists; the benchmark wants a new file")
        }
    }

    func run() async throws {
        let contacts = ContactGenerator(seed: seed).generate(count: count)
        if let exportJSON {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(contacts).write(to: URL(fileURLWithPath: exportJSON))
        }
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("ohana-bench-store-\(UUID().uuidString)", isDirectory: true)
        let url = path.map { URL(fileURLWithPath: $0) } ?? temporary.appendingPathComponent("contacts.sqlite")
        defer { if path == nil { try? FileManager.default.removeItem(at: temporary) } }

        let store = try ContactStore(fileURL: url)
        try await measure("store.import", contacts: contacts.count) {
            try store.save(contacts, mode: .replace)
        }
        try store.close()

        let reopened = try ContactStore(fileURL: url)
        let loaded = try await measure("store.read", contacts: contacts.count) {
            try reopened.allContacts()
        }
        guard loaded.count == contacts.count else {
            throw ValidationError("read back \(loaded.count) contacts, stored \(contacts.count)")
        }
        try await measure("store.reimport", contacts: contacts.count) {
            try reopened.save(contacts, mode: .upsertBySourceRecord)
        }
        let queries = contacts.indices.filter { $0 % 100 == 0 }.compactMap { contacts[$0].familyName }
        var hits = 0
        try await measure("store.search", contacts: queries.count) {
            try reopened.read { transaction in
                for query in queries { hits += try transaction.search(query, limit: 20).count }
            }
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        FileHandle.standardError.write(Data(
            "store file: \(bytes / 1_048_576) MiB for \(contacts.count) contacts; \(hits) search hits\n".utf8))
    }
}
