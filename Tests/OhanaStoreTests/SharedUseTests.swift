import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import Testing
import OhanaTestSupport

@Suite("Shared use by several processes", .serialized)
struct SharedUseTests {
    @Test("two processes writing to one store at the same time lose nothing", arguments: StorageBackend.allCases)
    func concurrentWriters(backend: StorageBackend) async throws {
        let writer = try #require(DurabilityTests.writerExecutable(), "ohana-store-writer was not built next to the test bundle")
        let directory = try TemporaryDirectory()
        let location = try await backend.newLocation(in: directory)
        // Create the store first, so that the two writers do not race to make its schema.
        try await storeBackends.open(location).shutDown()
        let firsts = [0, 1_000_000]
        var processes: [ChildProcess] = []
        for first in firsts {
            processes.append(try ChildProcess(writer, arguments: [location, String(first)]))
        }
        try await Task.sleep(for: .milliseconds(1_500))
        var reported: [Int] = []
        for process in processes {
            #expect(process.isRunning, "a writer stopped by itself: \(process.errors)")
            process.send(SIGKILL)
            _ = await process.exitStatus()
            reported += process.output
                .split(separator: "\n").compactMap { line in
                    line.hasPrefix("committed ") ? Int(line.dropFirst("committed ".count)) : nil
                }
        }
        let store = try await storeBackends.open(location)
        var parts: [Int: Int] = [:]
        for contact in try await store.allContacts(order: .insertion) where contact.id != "counter" {
            let pieces = contact.id.rawValue.split(separator: "-")
            if pieces.count == 3, let sequence = Int(pieces[1]) { parts[sequence, default: 0] += 1 }
        }
        #expect(reported.contains { $0 < 1_000_000 } && reported.contains { $0 >= 1_000_000 },
                "both writers committed while the other was writing")
        for sequence in reported {
            #expect(parts[sequence] == DurabilityTests.partsPerTransaction, "transaction \(sequence) lost or half applied")
        }
        for (sequence, count) in parts {
            #expect(count == DurabilityTests.partsPerTransaction, "transaction \(sequence) half applied")
        }
        // Every committed transaction is one change the other process can see through its token.
        let token = try await store.currentChangeToken()
        #expect(token.sequence >= Int64(reported.count))
        try await store.shutDown()
        print("shared use (\(backend)): two writers committed \(reported.count) transactions concurrently, all present")
    }
}
