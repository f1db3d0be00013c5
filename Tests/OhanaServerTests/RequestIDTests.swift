import Foundation
import Hummingbird
import HummingbirdTesting
import OhanaAddressBook
import OhanaServer
import Testing

/// Every response carries the request's id in `X-Request-ID`, errors included; a caller's own short
/// id is kept, anything else is replaced.
@Suite struct RequestIDTests {
    static let header = FieldName("X-Request-ID")!

    @Test func everyResponseCarriesAnIDAndEachRequestItsOwn() async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in
            var seen = Set<String>()
            for path in ["/api/contacts?limit=5", "/api/nothing-here", "/api/contacts/no-such-contact", "/", "/api/search?q=zoe"] {
                let response = try await client.execute(uri: path, method: .get)
                let id = try #require(response.headers[Self.header], "no X-Request-ID on \(path) (\(response.status))")
                #expect(!id.isEmpty)
                seen.insert(id)
            }
            #expect(seen.count == 5, "ids repeat: \(seen)")
        }
    }

    @Test func aCallersIDIsKeptAndAForgedOneReplaced() async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in
            let kept = try await client.execute(uri: "/api/statistics", method: .get, headers: [Self.header: "trace-42.a_b"])
            #expect(kept.headers[Self.header] == "trace-42.a_b")
            let forged = "x\" level=critical message=\"forged"
            let replaced = try await client.execute(uri: "/api/statistics", method: .get, headers: [Self.header: forged])
            let id = try #require(replaced.headers[Self.header])
            #expect(id != forged && !id.contains("\""))
        }
    }
}
