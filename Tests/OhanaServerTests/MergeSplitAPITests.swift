import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaAddressBook
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import Testing

/// Splitting merged contacts through the API: merge through the API, split through the API, and
/// the store holds the original contacts again, byte for byte.
@Suite struct MergeSplitAPITests {
    typealias API = APITests

    /// A third card of Robert Quimby: with `dup-a` and `dup-b` a cluster of three.
    static let third = Contact(
        id: "dup-c", givenName: "Robert", familyName: "Quimby", fields: [.phone("415-555-0142", label: .work)],
        provenance: [Provenance(providerID: "test", recordID: "dup-c")])

    func withClient(
        adding extra: [Contact] = [], _ body: @escaping @Sendable (any TestClientProtocol, TestAddressBook) async throws -> Void
    ) async throws {
        let book = try await TestAddressBook.make()
        if !extra.isEmpty {
            _ = try await book.store.save(extra, mode: .upsertBySourceRecord)
            try await book.addressBook.reload()
        }
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in try await body(client, book) }
    }

    /// The stored contacts as the store's JSON, sorted by id: equal means byte for byte.
    static func encoded(_ store: SQLiteContactStore) throws -> [Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try store.allContacts().sorted { $0.id < $1.id }.map { try encoder.encode($0) }
    }

    func report(_ client: any TestClientProtocol) async throws -> MergeReport {
        try API.decode(MergeReport.self, try await client.execute(uri: "/api/merges", method: .get))
    }

    /// Accepts the cluster of the Quimby cards and applies it, through the API.
    func mergeQuimbys(_ client: any TestClientProtocol, expecting members: Set<String>) async throws {
        let cluster = try #require(try await report(client).clusters.first { Set($0.contacts.map(\.id)) == members })
        #expect(try await client.execute(uri: "/api/merges/\(cluster.id)/accept", method: .post).status == .ok)
        let applied = try API.decode(MergeApplyResult.self, try await client.execute(uri: "/api/merges/apply", method: .post))
        #expect(applied.mergedClusters == 1)
    }

    func post(_ client: any TestClientProtocol, _ uri: String) async throws -> MergeSplitResult {
        let response = try await client.execute(uri: uri, method: .post)
        #expect(response.status == .ok, "\(uri): \(API.text(response))")
        return try API.decode(MergeSplitResult.self, response)
    }

    func listedIDs(_ client: any TestClientProtocol) async throws -> Set<String> {
        let page = try API.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?limit=500", method: .get))
        return Set(page.contacts.map(\.id))
    }

    @Test func splitRestoresTheOriginalContactsByteForByte() async throws {
        try await withClient { client, book in
            let before = try Self.encoded(book.store)
            try await mergeQuimbys(client, expecting: ["dup-a", "dup-b"])
            #expect(try book.store.allContacts().count == book.contacts.count - 1)
            #expect(try await !listedIDs(client).contains("dup-b"))

            // The merged contact is offered for splitting, in the review and in its detail.
            let merged = try await report(client).merged
            #expect(merged.map(\.contact.id) == ["dup-a"])
            #expect(merged.first?.members.map(\.id) == ["dup-a", "dup-b"])
            #expect(merged.first?.members.map(\.name) == ["Robert Quimby", "Bob Quimby"])
            let detail = try API.decode(ContactDetail.self, try await client.execute(uri: "/api/contacts/dup-a", method: .get))
            #expect(detail.mergedMembers.map(\.id) == ["dup-a", "dup-b"])

            let result = try await post(client, "/api/merged/dup-a/split")
            #expect(result.restored.map(\.id) == ["dup-a", "dup-b"])
            #expect(result.remaining == nil)
            #expect(result.contactsBefore == book.contacts.count - 1)
            #expect(result.contactsAfter == book.contacts.count)
            #expect(result.message.contains("Split into 2 contacts"), "\(result.message)")

            #expect(try Self.encoded(book.store) == before)
            #expect(try await listedIDs(client).isSuperset(of: ["dup-a", "dup-b"]))
            let after = try await report(client)
            #expect(after.merged.isEmpty)
            // Split contacts are kept apart: still shown as a cluster, decided.
            #expect(after.clusters.first { Set($0.contacts.map(\.id)) == ["dup-a", "dup-b"] }?.decision == .keptApart)
            let plain = try API.decode(ContactDetail.self, try await client.execute(uri: "/api/contacts/dup-a", method: .get))
            #expect(plain.mergedMembers.isEmpty)
            try await API.expectBadRequest(
                client, "/api/merged/dup-a/split", method: .post, status: .notFound, mentioning: "no recorded members")
        }
    }

    @Test func takingOneMemberOutKeepsTheOthersMerged() async throws {
        try await withClient(adding: [Self.third]) { client, book in
            let originalB = try #require(try await book.store.read { try $0.contact(withID: "dup-b") })
            try await mergeQuimbys(client, expecting: ["dup-a", "dup-b", "dup-c"])
            let count = try book.store.allContacts().count

            let result = try await post(client, "/api/merged/dup-a/members/dup-b/remove")
            #expect(result.restored.map(\.id) == ["dup-b"])
            #expect(result.remaining?.id == "dup-a")
            #expect(result.contactsAfter == count + 1)
            #expect(try await book.store.read { try $0.contact(withID: "dup-b") } == originalB)
            let rest = try #require(try await book.store.read { try $0.contact(withID: "dup-a") })
            #expect(rest.mergedContactIDs == ["dup-c"])
            #expect(try await book.store.read { try $0.contact(withID: "dup-c") } == nil)
            let merged = try await report(client).merged
            #expect(merged.first?.members.map(\.id) == ["dup-a", "dup-c"])
            #expect(try book.store.mergeDecisions().keptApart.map(Set.init).contains(["dup-b", "dup-a"]))
        }
    }

    @Test func badSplitRequestsAreRefused() async throws {
        try await withClient { client, _ in
            try await API.expectBadRequest(
                client, "/api/merged/zoe/split", method: .post, status: .notFound, mentioning: "no recorded members to split")
            try await API.expectBadRequest(
                client, "/api/merged/nobody-at-all/split", method: .post, status: .notFound, mentioning: "no contact with id")
            try await mergeQuimbys(client, expecting: ["dup-a", "dup-b"])
            try await API.expectBadRequest(
                client, "/api/merged/dup-a/members/zoe/remove", method: .post, status: .notFound, mentioning: "is not a member")
            try await API.expectBadRequest(client, "/api/merged/dup-a/split?all=1", method: .post, mentioning: "unknown query parameter 'all'")
        }
    }
}
