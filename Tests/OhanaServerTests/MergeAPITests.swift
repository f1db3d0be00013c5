import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaAddressBook
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import Testing

/// Merge review through the API: clusters with reasons, decisions kept in the store, applying
/// accepted merges to the store.
@Suite struct MergeAPITests {
    typealias API = APITests

    func withClient(_ body: @escaping @Sendable (any TestClientProtocol, TestAddressBook) async throws -> Void) async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in try await body(client, book) }
    }

    func report(_ client: any TestClientProtocol) async throws -> MergeReport {
        try API.decode(MergeReport.self, try await client.execute(uri: "/api/merges", method: .get))
    }

    func quimbyCluster(_ report: MergeReport) throws -> ClusterReport {
        try #require(report.clusters.first { Set($0.contacts.map(\.id)) == ["dup-a", "dup-b"] })
    }

    func decide(_ client: any TestClientProtocol, _ id: String, _ action: String) async throws -> MergeReport {
        let response = try await client.execute(uri: "/api/merges/\(id)/\(action)", method: .post)
        #expect(response.status == .ok)
        return try API.decode(MergeReport.self, response)
    }

    @Test func clustersComeWithReasons() async throws {
        try await withClient { client, _ in
            let report = try await report(client)
            let cluster = try quimbyCluster(report)
            #expect(cluster.decision == .pending)
            #expect(cluster.id.count == 16)
            let reasons = cluster.reasons.joined(separator: "\n")
            #expect(reasons.contains("Robert Quimby") && reasons.contains("Bob Quimby"), "\(reasons)")
            #expect(reasons.contains("phone") || reasons.contains("email"), "\(reasons)")
            #expect(report.pending == report.clusters.count)
            let stats = try API.decode(StatisticsReport.self, try await client.execute(uri: "/api/statistics", method: .get))
            #expect(stats.duplicateClusters == report.clusters.count)
            #expect(stats.duplicateContacts == report.clusters.reduce(0) { $0 + $1.contacts.count })
        }
    }

    @Test func decisionsAreKeptInTheStoreAndHoldOnReload() async throws {
        try await withClient { client, book in
            let cluster = try quimbyCluster(try await report(client))
            let apart = try await decide(client, cluster.id, "keep-apart")
            #expect(try quimbyCluster(apart).decision == .keptApart)
            let storeFile = book.folder.appendingPathComponent("contacts.sqlite")
            #expect(apart.decisionsFile == storeFile.path)
            #expect(!FileManager.default.fileExists(atPath: storeFile.path + ".merge-decisions.json"))
            let saved = try book.store.mergeDecisions()
            #expect(saved.keptApart.map(Set.init) == [["dup-a", "dup-b"]])
            #expect(saved.keptTogether.isEmpty)

            // A new server on the same store file sees the decision.
            let reopened = try SQLiteContactStore(fileURL: storeFile)
            let again = AddressBook(store: SQLiteContactStorage(reopened))
            try await again.reload()
            #expect(try quimbyCluster(await again.mergeReport()).decision == .keptApart)

            let accepted = try await decide(client, cluster.id, "accept")
            #expect(try quimbyCluster(accepted).decision == .accepted)
            let resaved = try book.store.mergeDecisions()
            #expect(resaved.keptApart.isEmpty)
            #expect(resaved.keptTogether.map(Set.init) == [["dup-a", "dup-b"]])
            let reset = try await decide(client, cluster.id, "reset")
            #expect(try quimbyCluster(reset).decision == .pending)
            #expect(try book.store.mergeDecisions().isEmpty)
        }
    }

    @Test func applyingMergesOnlyTheAcceptedClusters() async throws {
        try await withClient { client, book in
            let nothing = try API.decode(MergeApplyResult.self, try await client.execute(uri: "/api/merges/apply", method: .post))
            #expect(nothing.mergedClusters == 0)
            #expect(nothing.contactsAfter == nothing.contactsBefore)

            let before = try await report(client)
            let cluster = try quimbyCluster(before)
            _ = try await decide(client, cluster.id, "accept")
            let result = try API.decode(MergeApplyResult.self, try await client.execute(uri: "/api/merges/apply", method: .post))
            #expect(result.mergedClusters == 1)
            #expect(result.contactsBefore == book.contacts.count)
            #expect(result.contactsAfter == book.contacts.count - 1)
            #expect(result.message.contains("Merged 1 cluster"))

            let stored = try book.store.allContacts()
            #expect(stored.count == book.contacts.count - 1)
            let quimbys = stored.filter { $0.familyName == "Quimby" }
            #expect(quimbys.count == 1)
            #expect(quimbys.first?.id == "dup-a")
            #expect(quimbys.first?.mergedContactIDs == ["dup-b"])
            // Nothing is lost: both spellings of the email and both numbers' labels survive.
            let values = Set(quimbys.first?.fields.map(\.value) ?? [])
            #expect(values.contains("rquimby@example.com") || values.contains("RQuimby@example.com"))
            // Other clusters were not merged.
            let after = try await report(client)
            #expect(after.clusters.count == before.clusters.count - 1)
            #expect(after.clusters.allSatisfy { $0.decision == .pending })
            let page = try API.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?limit=1", method: .get))
            #expect(page.total == book.contacts.count - 1)
        }
    }

    @Test func badMergeRequestsAreRefused() async throws {
        try await withClient { client, _ in
            try await API.expectBadRequest(client, "/api/merges/xyz/accept", method: .post, mentioning: "is not a cluster id")
            try await API.expectBadRequest(
                client, "/api/merges/0123456789abcdef/accept", method: .post, status: .notFound, mentioning: "no duplicate cluster")
            try await API.expectBadRequest(client, "/api/merges/0123456789abcdef/approve", method: .post, status: .notFound, mentioning: "no API endpoint")
            try await API.expectBadRequest(client, "/api/merges?all=1", mentioning: "unknown query parameter 'all'")
        }
    }
}
