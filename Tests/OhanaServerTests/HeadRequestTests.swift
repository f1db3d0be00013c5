import Foundation
import Hummingbird
import HummingbirdTesting
import OhanaAddressBook
import OhanaServer
import Testing

/// `HEAD` answers every `GET` route like `GET` (status and headers, the same length) without a body.
@Suite struct HeadRequestTests {
    typealias API = APITests

    @Test(arguments: [
        "/", "/app.js", "/style.css", "/api/contacts?limit=5", "/api/contacts/zoe", "/api/contacts/zoe/photo",
        "/api/search?q=zoe", "/api/pickers", "/api/merges", "/api/statistics",
    ])
    func headAnswersLikeGetWithoutABody(path: String) async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in
            let get = try await client.execute(uri: path, method: .get)
            let head = try await client.execute(uri: path, method: .head)
            #expect(get.status == .ok)
            #expect(head.status == .ok, "HEAD \(path)")
            #expect(head.body.readableBytes == 0)
            #expect(get.body.readableBytes > 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.headers[FieldName("Content-Security-Policy")!] == get.headers[FieldName("Content-Security-Policy")!])
        }
    }

    @Test func headOnAnUnknownPathAnswers404WithoutABody() async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in
            for path in ["/api/nothing-here", "/api/contacts/no-such-contact", "/nothing-here"] {
                let head = try await client.execute(uri: path, method: .head)
                #expect(head.status == .notFound, "HEAD \(path)")
                #expect(head.body.readableBytes == 0, "HEAD \(path)")
            }
        }
    }

    @Test func headWorksOnARunningServer() async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.live) { client in
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            // The connection is still usable: the next request gets its own answer.
            let get = try await client.execute(uri: "/app.js", method: .get)
            #expect(get.status == .ok)
            #expect(API.text(get).contains("fetch("))
        }
    }
}
