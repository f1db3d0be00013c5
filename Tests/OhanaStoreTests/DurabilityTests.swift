import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import Testing
import OhanaTestSupport

@Suite("Durability", .serialized)
struct DurabilityTests {
    /// How many times the writer is killed.
    static let kills = 30
    /// The number of contacts each writer transaction stores (see Tests/OhanaStoreWriter/main.swift).
    static let partsPerTransaction = 10

    @Test("a writer killed with SIGKILL mid-stream leaves a sound store holding exactly its committed transactions",
          arguments: StorageBackend.allCases)
    func survivesKills(backend: StorageBackend) async throws {
        let writer = try #require(Self.writerExecutable(), "ohana-store-writer was not built next to the test bundle")
        let directory = try TemporaryDirectory()
        let location = try await backend.newLocation(in: directory)
        var generator = SystemRandomNumberGenerator()
        var next = 0
        var survived = 0
        for round in 0..<Self.kills {
            let process = try ChildProcess(writer, arguments: [location, String(next)])
            try await Task.sleep(for: .microseconds(UInt64.random(in: 40_000...350_000, using: &generator)))
            guard process.isRunning else {
                let ended = await process.exitStatus()
                Issue.record("round \(round): the writer stopped by itself (\(ended)): \(process.errors)")
                return
            }
            process.send(SIGKILL)
            #expect(await process.exitStatus() == .signaled(SIGKILL))
            let reported = process.output
                .split(separator: "\n").compactMap { line in
                    line.hasPrefix("committed ") ? Int(line.dropFirst("committed ".count)) : nil
                }

            let store = try await storeBackends.open(location)
            if let sqlite = store as? SQLiteContactStorage {
                #expect(try sqlite.store.integrityProblems().isEmpty, "round \(round): integrity check failed")
            }
            var parts: [Int: Int] = [:]
            var counter: String?
            for contact in try await store.allContacts(order: .insertion) {
                if contact.id == "counter" { counter = contact.note; continue }
                let pieces = contact.id.rawValue.split(separator: "-")
                guard pieces.count == 3, pieces[0] == "tx", let sequence = Int(pieces[1]) else {
                    Issue.record("unexpected contact \(contact.id)")
                    continue
                }
                parts[sequence, default: 0] += 1
            }
            let present = Set(parts.keys)
            // No transaction is half applied.
            for (sequence, count) in parts where count != Self.partsPerTransaction {
                Issue.record("round \(round): transaction \(sequence) is half applied (\(count) of \(Self.partsPerTransaction))")
            }
            // Every transaction the writer reported is there, in one unbroken run from 0.
            #expect(present == Set(0..<present.count), "round \(round): transactions missing in the middle")
            for sequence in reported where !present.contains(sequence) {
                Issue.record("round \(round): committed transaction \(sequence) was lost")
            }
            // At most one more: the one committed just before the kill, not yet reported.
            let lastReported = reported.last ?? (next - 1)
            #expect(present.count - 1 <= lastReported + 1, "round \(round): more transactions than were run")
            #expect(counter == (present.isEmpty ? nil : String(present.count - 1)))
            try await store.shutDown()
            next = present.count
            survived += 1
        }
        #expect(next > 0, "the writer never committed a transaction")
        print("durability (\(backend)): survived \(survived) SIGKILLs of the writer; \(next) transactions committed, "
              + "all present, none half applied, integrity_check ok after every kill")
    }

    /// The writer executable, built beside the test bundle (`.build/debug/ohana-store-writer`).
    static func writerExecutable() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("ohana-store-writer")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
