import Foundation
import Ohana
import OhanaStore
import OhanaStoreSQLite
import Testing
@testable import OhanaCardDAV

@Suite("Pulling a CardDAV server into a contact store (Radicale)")
struct StoreSyncTests {
    /// A store file in a fresh temporary folder.
    func storeFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-storesync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("contacts.sqlite")
    }

    @Test("syncs in full, then incrementally: the state lives in the store and no side file is written")
    func syncIntoStore() async throws {
        let account = try await TestAccount.make("user9")
        for i in 0..<3 { try await account.put(sampleCard(uid: "st-\(i)", name: "Store \(i)"), named: "st\(i).vcf") }
        let file = try storeFile()
        let store = try SQLiteContactStore(fileURL: file)
        let provider = try account.provider()

        let first = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(first.saved.added == 3 && first.removed == 0)
        #expect(first.changes.recordsTransferred == 3)
        #expect(try store.providerSyncState(for: provider.identifier) != nil)
        let folder = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(!folder.contains { $0.hasSuffix(".json") }, "no side file: \(folder)")

        let listing = try await account.client.cardReferences(in: account.bookURL)
        let gone = try #require(listing.first { $0.href.hasSuffix("/st0.vcf") })
        try await account.client.deleteCard(at: gone.href, in: account.bookURL, etag: gone.etag)
        try await account.put(sampleCard(uid: "st-new", name: "Store New"), named: "stnew.vcf")

        let second = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(second.saved.added == 1 && second.removed == 1)
        #expect(second.changes.recordsTransferred == 1, "only the new card is transferred")
        #expect(try store.allContacts().map(\.fullName).sorted() == ["Store 1", "Store 2", "Store New"])
    }

    @Test("a store of the previous version with a .carddav-sync.json migrates once and syncs incrementally")
    func legacyStateFileMigrates() async throws {
        let account = try await TestAccount.make("user10")
        for i in 0..<4 { try await account.put(sampleCard(uid: "lg-\(i)", name: "Legacy \(i)"), named: "lg\(i).vcf") }
        let file = try storeFile()
        let provider = try account.provider()

        // What the previous `ohana sync` left: the contacts in the store, the state in a side file.
        let old = try await provider.synchronize(from: CardDAVSyncState())
        let previous = try SQLiteContactStore(fileURL: file)
        try await previous.save(old.added, mode: .upsertBySourceRecord)
        try previous.close()
        let sideFile = URL(fileURLWithPath: file.path + ".carddav-sync.json")
        try JSONEncoder().encode([provider.identifier: old.state]).write(to: sideFile)
        // Opening the store with this version moves the side file in.
        let store = try SQLiteContactStore(fileURL: file)

        let log = RequestLog()
        let later = try account.provider(configuration: .init(requestObserver: log.observer))
        let summary = try await store.sync(with: later, remerging: { $0[0] })
        #expect(summary.changes.recordsTransferred == 0, "the migrated state makes the sync incremental")
        #expect(summary.saved.added == 0 && summary.removed == 0)
        #expect(!log.records.contains { $0.purpose == .fetch })
        #expect(!FileManager.default.fileExists(atPath: sideFile.path))
        #expect(FileManager.default.fileExists(atPath: sideFile.path + ".migrated"))
        let kept = try #require(try store.providerSyncState(for: provider.identifier))
        #expect(try JSONDecoder().decode(CardDAVSyncState.self, from: kept.data).addressBooks.count == 1)
        #expect(try store.allContacts().count == 4)

        // A later change comes incrementally, and the renamed file is not read again.
        try await account.put(sampleCard(uid: "lg-new", name: "Legacy New"), named: "lgnew.vcf")
        let next = try await store.sync(with: later, remerging: { $0[0] })
        #expect(next.saved.added == 1 && next.changes.recordsTransferred == 1)
        try store.close()
        #expect(try SQLiteContactStore(fileURL: file).providerSyncState(for: provider.identifier) != nil)
        #expect(FileManager.default.fileExists(atPath: sideFile.path + ".migrated"), "the renamed file is not read again")
    }

    @Test("a first sync removes the contacts of cards stored earlier from the same server but gone now")
    func firstSyncSweepsGoneCards() async throws {
        let account = try await TestAccount.make("user11")
        try await account.put(sampleCard(uid: "sw-1", name: "Sweep Kept"), named: "sw1.vcf")
        let provider = try account.provider()
        let store = try SQLiteContactStore.inMemory()
        let stale = Contact(id: "stale", formattedName: "Sweep Gone",
                            provenance: [Provenance(providerID: provider.identifier, recordID: "/user11/old/gone.vcf")])
        let other = Contact(id: "other", formattedName: "Other Source", provenance: [Provenance(providerID: "file", recordID: "x")])
        try await store.save([stale, other], mode: .upsertBySourceRecord)
        let summary = try await store.sync(with: provider, remerging: { $0[0] })
        #expect(summary.removed == 1)
        #expect(try store.allContacts().map(\.fullName).sorted() == ["Other Source", "Sweep Kept"])
    }
}
