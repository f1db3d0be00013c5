import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

/// `ohana sync` on a store the previous version wrote (pull-only sync, its state in a side file):
/// the state moves into the store once, and the two-way sync pulls through it incrementally.
@Suite("ohana sync on a store of the previous version (Radicale)")
struct SyncCommandStateTests {
    @Test("a store with a .carddav-sync.json migrates, then ohana sync pulls incrementally and writes no side file")
    func legacyStoreSyncsIncrementally() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let account = try await TestAccount.make("user3")
        for i in 0..<4 { try await account.put(sampleCard(uid: "old-\(i)", name: "Previous \(i)"), named: "old\(i).vcf") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-sync-legacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("contacts.sqlite")
        let host = try #require(account.bookURL.host)
        let port = try #require(account.bookURL.port)
        let url = "carddav://\(account.user)@\(host):\(port)\(account.bookURL.path)/"

        // What the previous `ohana sync URL` left: the contacts in the store, the state in a side file.
        let previous = try CardDAVContactsProvider(url: try #require(URL(string: url)), credential: account.credential)
        let old = try await previous.synchronize(from: CardDAVSyncState())
        do {
            let store = try SQLiteContactStore(fileURL: file)
            try await store.save(old.added, mode: .upsertBySourceRecord)
            try store.close()
        }
        let sideFile = URL(fileURLWithPath: file.path + ".carddav-sync.json")
        try JSONEncoder().encode([previous.identifier: old.state]).write(to: sideFile)

        // Changes on the server since then: one card changed, one removed, one added.
        let references = try await account.client.cardReferences(in: account.bookURL)
        let etag = try #require(references.first { $0.href.hasSuffix("old1.vcf") }?.etag)
        _ = try await account.client.updateCard(sampleCard(uid: "old-1", name: "Previous 1", note: "changed on the server"),
                                                at: account.bookURL.appendingPathComponent("old1.vcf").path, in: account.bookURL, etag: etag)
        try await account.client.deleteCard(at: account.bookURL.appendingPathComponent("old2.vcf").path, in: account.bookURL, etag: nil)
        try await account.put(sampleCard(uid: "new-0", name: "Added Later"), named: "new0.vcf")

        // The store moves the side file in when it opens (a dry run too, as it migrates the schema),
        // so the dry run foresees what the real run does.
        let dry = try run(ohana, ["sync", url, "--store", file.path, "--dry-run"], password: account.password)
        #expect(dry.status == 0, "\(dry.errors)")
        #expect(dry.output.contains("would have pulled 1 added, 1 changed, 1 removed; pushed 0 created"), "\(dry.output)")
        #expect(!FileManager.default.fileExists(atPath: sideFile.path))

        let first = try run(ohana, ["sync", url, "--store", file.path], password: account.password)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("pulled 1 added, 1 changed, 1 removed; pushed 0 created, 0 updated, 0 deleted"), "\(first.output)")
        #expect(!FileManager.default.fileExists(atPath: sideFile.path))
        #expect(FileManager.default.fileExists(atPath: sideFile.path + ".migrated"))
        let store = try SQLiteContactStore(fileURL: file)
        #expect(try store.allContacts().map(\.fullName).sorted() == ["Added Later", "Previous 0", "Previous 1", "Previous 3"])
        #expect(try store.allContacts().first { $0.fullName == "Previous 1" }?.note == "changed on the server")
        let state = try #require(try store.providerSyncState(for: previous.identifier))
        let token = try JSONDecoder().decode(CardDAVSyncState.self, from: state.data).addressBooks.values.first?.syncToken
        #expect(token != nil && token != old.state.addressBooks.values.first?.syncToken, "the token moved on")
        try store.close()

        // Next time only what changed travels: one card.
        let now = try #require(try await account.client.cardReferences(in: account.bookURL).first { $0.href.hasSuffix("old3.vcf") }?.etag)
        _ = try await account.client.updateCard(sampleCard(uid: "old-3", name: "Previous 3", note: "changed again"),
                                                at: account.bookURL.appendingPathComponent("old3.vcf").path, in: account.bookURL, etag: now)
        let second = try run(ohana, ["sync", url, "--store", file.path], password: account.password)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("pulled 0 added, 1 changed, 0 removed"), "\(second.output)")
        #expect(second.output.contains("1 cards transferred"), "\(second.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.contains { $0.hasSuffix(".json") }, "no side file: \(files)")
    }

    @Test("ohana sync on a postgres:// store pulls, pushes an edit made in the store, then has nothing to do")
    func syncsAPostgresStore() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let account = try await TestAccount.make("user3")
        for i in 0..<3 { try await account.put(sampleCard(uid: "pg-\(i)", name: "Shared \(i)"), named: "pg\(i).vcf") }
        let host = try #require(account.bookURL.host)
        let port = try #require(account.bookURL.port)
        let url = "carddav://\(account.user)@\(host):\(port)\(account.bookURL.path)/"
        let database = try await PostgresTestServer.shared.newDatabase()

        let first = try run(ohana, ["sync", url, "--store", database.url], password: account.password)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("pulled 3 added, 0 changed, 0 removed; pushed 0 created, 0 updated, 0 deleted"), "\(first.output)")

        let store = try await ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite]).open(database.url)
        var edited = try #require(try await store.allContacts(order: .name).first { $0.fullName == "Shared 1" })
        edited.note = "edited in the shared store"
        try await store.save([edited], mode: .upsertByID)
        let second = try run(ohana, ["sync", url, "--store", database.url], password: account.password)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("pushed 0 created, 1 updated, 0 deleted"), "\(second.output)")
        let server = try await SyncFixtures.serverContacts(account)
        #expect(server.values.first { $0.fullName == "Shared 1" }?.note == "edited in the shared store")

        let third = try run(ohana, ["sync", url, "--store", database.url], password: account.password)
        #expect(third.output.contains("pulled 0 added, 0 changed, 0 removed; pushed 0 created, 0 updated, 0 deleted"), "\(third.output)")
        // The sync state, synced cards and journal live in the database, under the CLI provider's id.
        let providers = Array(try await store.bookkeeping().providerSyncStates.keys)
        #expect(providers.count == 1)
        let providerID = try #require(providers.first)
        #expect(try await store.pendingSyncWrites(providerID: providerID).isEmpty)
        #expect(try await store.syncSnapshot(providerID: providerID).syncedCards.count == 3)
        try await store.shutDown()
    }

    /// Runs the `ohana` binary with the CardDAV password in its environment.
    func run(_ executable: URL, _ arguments: [String], password: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OHANA_CARDDAV_PASSWORD"] = password
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
