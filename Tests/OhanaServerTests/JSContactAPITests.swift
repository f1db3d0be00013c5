import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaServer
import Testing

/// The contact routes answer `Accept: application/jscontact+json` with JSContact cards (RFC 9553).
@Suite struct JSContactAPITests {
    static let accept: HTTPFields = [.accept: "application/jscontact+json"]

    @Test func oneContactIsACardAndAPageIsAnArrayOfCards() async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in
            let one = try await client.execute(uri: "/api/contacts/zoe", method: .get, headers: Self.accept)
            #expect(one.status == .ok)
            #expect(one.headers[.contentType]?.hasPrefix("application/jscontact+json") == true)
            let card = try JSONSerialization.jsonObject(with: Data(one.body.readableBytesView)) as? [String: Any]
            #expect(card?["@type"] as? String == "Card")
            #expect(card?["uid"] as? String == "zoe")
            let components = (card?["name"] as? [String: Any])?["components"] as? [[String: String]]
            #expect(components?.contains(["kind": "given", "value": "Zoë"]) == true)

            let page = try await client.execute(uri: "/api/contacts?limit=5", method: .get, headers: Self.accept)
            let cards = try JSONSerialization.jsonObject(with: Data(page.body.readableBytesView)) as? [[String: Any]]
            #expect(cards?.count == 5)
            #expect(cards?.allSatisfy { $0["@type"] as? String == "Card" } == true)

            // Without the header the routes answer as before.
            let plain = try await client.execute(uri: "/api/contacts/zoe", method: .get)
            #expect(plain.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }
}
