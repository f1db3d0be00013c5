import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaAddressBook
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import Testing

/// The merge review reads numbers in the address book's region, and invents no country code for
/// a number written the way another region writes its numbers.
@Suite struct MergeReviewRegionTests {
    @Test("with Germany as the region, Quimby's North American (415) 555-0142 is not made German in the review's reasons")
    func noInventedCountryCode() async throws {
        let made = try await TestAddressBook.make(generated: 0)
        defer { try? FileManager.default.removeItem(at: made.folder) }
        let addressBook = AddressBook(store: SQLiteContactStorage(made.store), region: "DE")
        try await addressBook.reload()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: addressBook))
        try await app.test(.router) { client in
            let report = try APITests.decode(MergeReport.self, try await client.execute(uri: "/api/merges", method: .get))
            let cluster = try #require(report.clusters.first { Set($0.contacts.map(\.id)) == ["dup-a", "dup-b"] })
            let reasons = cluster.reasons.joined(separator: "\n")
            #expect(!reasons.contains("+49"), "\(reasons)")
            #expect(!reasons.contains("4155 550142"), "\(reasons)")
        }
    }
}
