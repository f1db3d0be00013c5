import ArgumentParser
import Foundation
import Ohana
import OhanaBenchmarkSupport
import OhanaSampleData
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite

/// `ohana-bench store --count 100000 [--backend sqlite|postgres]`: importing generated contacts into
/// a store and reading them back.
///
/// Stages: `store.import` (one transaction storing every contact with its lookup rows, full-text
/// row and change record), `store.read` (decoding every stored contact after reopening the store),
/// `store.reimport` (upserting the same contacts again by source record: all unchanged) and
/// `store.search` (one full-text query per 100 contacts; its figure counts queries).
struct StoreBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Import generated contacts into a contact store (SQLite or PostgreSQL), then read them back.")

    /// The store backends the benchmark runs on.
    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case sqlite
        case postgres
    }

    @Option(help: "How many contacts to generate.")
    var count = 100_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 1

    @Option(help: "The store backend: sqlite or postgres.")
    var backend: Backend = .sqlite

    @Option(help: "SQLite: a new store file (default: a temporary one); PostgreSQL: a postgres://USER@HOST:PORT/DATABASE URL.")
    var path: String?

    @Option(help: "Also write the generated contacts to this file as a JSON array (the input of scripts/bench-store-peer.py).")
    var exportJSON: String?

    func validate() throws {
        if count < 1 { throw ValidationError("--count must be at least 1") }
        switch backend {
        case .sqlite:
            if let path, FileManager.default.fileExists(atPath: path) {
                throw ValidationError("\(path) exists; the benchmark wants a new file")
            }
        case .postgres:
            if path == nil { throw ValidationError("--backend postgres needs --path postgres://USER@HOST:PORT/DATABASE") }
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
        defer { if path == nil { try? FileManager.default.removeItem(at: temporary) } }
        let file = backend == .sqlite ? path ?? temporary.appendingPathComponent("contacts.sqlite").path : nil
        let location = try ContactStorageBackends([backend == .sqlite ? .sqlite : .postgres()]).location(file ?? path ?? "")
        let prefix = backend == .sqlite ? "store" : "store.postgres"

        let store = try await location.open()
        guard try await store.contactCount() == 0 else {
            throw ValidationError("\(location) is not empty; the benchmark wants an empty store")
        }
        try await measure("\(prefix).import", contacts: contacts.count) {
            try await store.save(contacts, mode: .replace)
        }
        try await store.shutDown()

        let reopened = try await location.open()
        let loaded = try await measure("\(prefix).read", contacts: contacts.count) {
            try await reopened.allContacts(order: .insertion)
        }
        guard loaded.count == contacts.count else {
            throw ValidationError("read back \(loaded.count) contacts, stored \(contacts.count)")
        }
        let summary = try await measure("\(prefix).reimport", contacts: contacts.count) {
            try await reopened.save(contacts, mode: .upsertBySourceRecord)
        }
        guard summary.unchanged == contacts.count else {
            throw ValidationError("re-import found changes: \(summary)")
        }
        let queries = contacts.indices.filter { $0 % 100 == 0 }.compactMap { contacts[$0].familyName }
        var hits = 0
        try await measure("\(prefix).search", contacts: queries.count) {
            if let sqlite = reopened as? SQLiteContactStorage {
                // One read transaction for every query, as an app searching as the user types does.
                hits = try await sqlite.store.read { transaction in
                    try queries.reduce(0) { $0 + (try transaction.search($1, limit: 20).count) }
                }
            } else {
                for query in queries { hits += try await reopened.search(query, limit: 20).count }
            }
        }
        try await reopened.shutDown()
        var size = ""
        if let file, let bytes = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int {
            size = "store file: \(bytes / 1_048_576) MiB; "
        }
        FileHandle.standardError.write(Data("\(size)\(contacts.count) contacts; \(hits) search hits\n".utf8))
    }
}
