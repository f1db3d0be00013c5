import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaDuplicates
import OhanaAddressBook
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import OhanaTestSupport
import OhanaVCard
import Testing

/// Merge decisions hold on the next import: a vCard file imported into a real store file, merges
/// decided and applied through the server's API, then the file (changed) imported again the way
/// `ohana import` does.
@Suite struct MergeDecisionsImportTests {
    typealias API = APITests


    struct Setup {
        var folder: URL
        var file: URL
        var store: SQLiteContactStore
    }

    func makeSetup() throws -> Setup {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-merge-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteContactStore(fileURL: folder.appendingPathComponent("contacts.sqlite"))
        return Setup(folder: folder, file: folder.appendingPathComponent("A.vcf"), store: store)
    }

    /// Writes the file and imports it as `ohana import` does.
    @discardableResult
    func importFile(_ setup: Setup, bobOrganization: String, bobEmail: String) async throws -> ContactSaveSummary {
        try Fixtures.mergeReviewVCards(bobOrganization: bobOrganization, bobEmail: bobEmail, unkeyedTwins: true).write(to: setup.file, atomically: true, encoding: .utf8)
        let loaded = try await VCardFileProvider(url: setup.file).loadContacts()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        return try await StoredMerges.importContacts(loaded.contacts, into: SQLiteContactStorage(setup.store))
    }

    func cluster(_ report: MergeReport, named name: String) -> ClusterReport? {
        report.clusters.first { $0.contacts.contains { $0.name.hasPrefix(name) } }
    }

    func withServer(_ store: SQLiteContactStore, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let book = AddressBook(store: SQLiteContactStorage(store))
        try await book.reload()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book))
        try await app.test(.router) { client in try await body(client) }
    }

    func mergeReport(_ client: any TestClientProtocol) async throws -> MergeReport {
        try API.decode(MergeReport.self, try await client.execute(uri: "/api/merges", method: .get))
    }

    func post(_ client: any TestClientProtocol, _ uri: String) async throws {
        let response = try await client.execute(uri: uri, method: .post)
        #expect(response.status == .ok, "POST \(uri): \(API.text(response))")
    }

    @Test func acceptedMergesStayMergedWithTheFilesNewValuesAndKeptApartStaysApart() async throws {
        let setup = try makeSetup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let first = try await importFile(setup, bobOrganization: "Old Corp", bobEmail: "RQuimby@example.com")
        #expect(first.added == 7)

        try await withServer(setup.store) { client in
            let report = try await mergeReport(client)
            let quimby = try #require(cluster(report, named: "Robert Quimby"))
            let carla = try #require(cluster(report, named: "Carla"))
            let lee = try #require(cluster(report, named: "Ann Lee"))
            #expect(Set(quimby.contacts.map(\.id)) == ["q1", "q2"])
            try await post(client, "/api/merges/\(quimby.id)/accept")
            try await post(client, "/api/merges/\(carla.id)/accept")
            try await post(client, "/api/merges/\(lee.id)/keep-apart")
            let applied = try API.decode(MergeApplyResult.self, try await client.execute(uri: "/api/merges/apply", method: .post))
            #expect(applied.mergedClusters == 2)
            #expect(applied.contactsAfter == 5)
        }
        #expect(try await setup.store.read { try $0.contactCount() } == 5)

        // The file changed: Bob moved to another company and has a new address.
        let second = try await importFile(setup, bobOrganization: "New Corp", bobEmail: "bob@newcorp.example")
        #expect(second.added == 0, "\(second)")
        let stored = try setup.store.allContacts()
        #expect(stored.count == 5, "\(stored.map(\.fullName))")
        let quimbys = stored.filter { $0.familyName == "Quimby" }
        #expect(quimbys.count == 1)
        let quimby = try #require(quimbys.first)
        #expect(quimby.id == "q1")
        #expect(quimby.mergedContactIDs == ["q2"])
        let values = Set(quimby.fields.map(\.value))
        #expect(values.contains("bob@newcorp.example"), "\(values)")
        #expect(values.contains("rquimby@example.com"), "\(values)")
        #expect(quimby.organization == "New Corp")
        let json = String(decoding: try JSONEncoder().encode(quimby), as: UTF8.self)
        #expect(!json.contains("Old Corp"), "a stale value survived: \(json)")
        #expect(!json.contains("RQuimby@example.com"), "a stale value survived: \(json)")
        #expect(Set(quimby.provenance.compactMap(\.recordID)) == ["q1", "q2"])
        #expect(stored.filter { $0.givenName == "Carla" }.count == 1)
        #expect(stored.filter { $0.familyName == "Lee" }.count == 2)
        // The store keeps each member's latest version.
        let members = try await setup.store.read { try $0.mergedMembers(of: "q1") }
        #expect(members.map(\.id) == ["q1", "q2"])
        #expect(members.last?.organization == "New Corp")

        // The same file once more changes nothing.
        let third = try await importFile(setup, bobOrganization: "New Corp", bobEmail: "bob@newcorp.example")
        #expect(third.added == 0 && third.updated == 0, "\(third)")
        #expect(try setup.store.allContacts() == stored)

        // The review on the re-imported store: the Lees are still kept apart, nothing else is pending.
        try await withServer(setup.store) { client in
            let report = try await mergeReport(client)
            #expect(cluster(report, named: "Ann Lee")?.decision == .keptApart)
            #expect(cluster(report, named: "Robert Quimby") == nil)
            #expect(cluster(report, named: "Carla") == nil)
            #expect(report.pending == 0)
            let page = try API.decode(ContactPage.self, try await client.execute(uri: "/api/contacts", method: .get))
            #expect(page.total == 5)
        }
    }

    @Test func anOldDecisionsFileMovesIntoTheStoreOnce() async throws {
        var setup = try makeSetup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        try await importFile(setup, bobOrganization: "Old Corp", bobEmail: "RQuimby@example.com")
        // What the previous version left: the Quimbys merged in the store, decisions in a side file.
        let quimbys = try setup.store.allContacts().filter { $0.familyName == "Quimby" }
        let merged = StoredMerges.mergedContact(of: quimbys)
        try await setup.store.write { transaction in
            _ = try transaction.save(merged)
            _ = try transaction.remove(id: "q2")
        }
        let sideFile = setup.folder.appendingPathComponent("contacts.sqlite.merge-decisions.json")
        try JSONEncoder().encode(DuplicateOverrides(keptTogether: [["q1", "q2"]], keptApart: [["a1", "a2"]])).write(to: sideFile)
        // The next version opens the store: the side file moves in.
        try setup.store.close()
        setup.store = try SQLiteContactStore(fileURL: setup.folder.appendingPathComponent("contacts.sqlite"))

        try await withServer(setup.store) { client in
            let report = try await mergeReport(client)
            #expect(cluster(report, named: "Ann Lee")?.decision == .keptApart)
        }
        #expect(!FileManager.default.fileExists(atPath: sideFile.path))
        #expect(FileManager.default.fileExists(atPath: sideFile.path + ".migrated"))
        let decisions = try setup.store.mergeDecisions()
        #expect(decisions.keptTogether == [["q1", "q2"]])
        #expect(decisions.keptApart == [["a1", "a2"]])

        // The merge made before the move holds on the next import, which brings Bob's new values.
        try await importFile(setup, bobOrganization: "New Corp", bobEmail: "bob@newcorp.example")
        let stored = try setup.store.allContacts()
        #expect(stored.count == 6, "\(stored.map(\.fullName))")
        let quimby = try #require(stored.first { $0.familyName == "Quimby" })
        #expect(stored.filter { $0.familyName == "Quimby" }.count == 1)
        #expect(quimby.id == "q1")
        #expect(Set(quimby.fields.map(\.value)).contains("bob@newcorp.example"))
        #expect(Set(quimby.fields.map(\.value)).contains("rquimby@example.com"))
        // A decision reset after the move is not brought back from the old file.
        try setup.store.setMergeDecisions(ContactMergeDecisions())
        try setup.store.close()
        setup.store = try SQLiteContactStore(fileURL: setup.folder.appendingPathComponent("contacts.sqlite"))
        try await withServer(setup.store) { _ in }
        #expect(try setup.store.mergeDecisions().isEmpty)
    }
}
