import Foundation
import Hummingbird
import HummingbirdTesting
import OhanaAccounts
import OhanaServer
import Testing

@Suite("Sign-in, sessions, CSRF and the audit trail over the API")
struct AuthAPITests {
    @Test("without a session reads are refused; a viewer reads but may not merge; writes need the CSRF token")
    func sessionsAndRoles() async throws {
        let server = try await SignedInServer.make()
        try await Application(router: server.router).test(.router) { client in
            #expect(try await client.execute(uri: "/api/contacts", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
            let viewer = try await SignedInServer.signIn(client, as: .viewer)
            #expect(viewer.setCookie.contains("HttpOnly") && viewer.setCookie.contains("SameSite=Strict"))
            #expect(viewer.setCookie.contains("Max-Age=") && !viewer.setCookie.contains("Secure"))
            #expect(try await client.execute(uri: "/api/contacts", method: .get, headers: [.cookie: viewer.cookie]).status == .ok)
            let merge = try await client.execute(uri: "/api/merges/apply", method: .post, headers: viewer.headers())
            #expect(merge.status == .forbidden)
            #expect(try APITests.errorMessage(merge).contains("editor"))

            let editor = try await SignedInServer.signIn(client, as: .editor)
            let bare = try await client.execute(uri: "/api/merges/apply", method: .post, headers: editor.headers(csrf: false))
            #expect(bare.status == .forbidden)
            #expect(try APITests.errorMessage(bare).contains("CSRF"))
            let forged = try await client.execute(uri: "/api/merges/apply", method: .post,
                                                  headers: SignedInServer.Session(cookie: editor.cookie, csrf: viewer.csrf, setCookie: "").headers())
            #expect(forged.status == .forbidden)
            #expect(try await client.execute(uri: "/api/merges/apply", method: .post, headers: editor.headers()).status == .ok)

            // Signing out ends the session: the cookie no longer works.
            let out = try await client.execute(uri: "/api/logout", method: .post, headers: editor.headers())
            #expect(out.status == .noContent && out.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await client.execute(uri: "/api/contacts", method: .get, headers: [.cookie: editor.cookie]).status == .unauthorized)
        }
    }

    @Test("an API token signs a script in without a cookie or CSRF token; a wrong one is refused")
    func bearerTokens() async throws {
        let server = try await SignedInServer.make()
        let token = server.tokens[.editor]!
        try await Application(router: server.router).test(.router) { client in
            let editor: HTTPFields = [.authorization: "Bearer " + token]
            #expect(try await client.execute(uri: "/api/contacts", method: .get, headers: editor).status == .ok)
            #expect(try await client.execute(uri: "/api/merges/apply", method: .post, headers: editor).status == .ok)
            let wrong = try await client.execute(uri: "/api/contacts", method: .get, headers: [.authorization: "Bearer ohana_00"])
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test("ten wrong passwords for an account are answered 429, and the right one is then refused too")
    func throttled() async throws {
        let server = try await SignedInServer.make()
        try await Application(router: server.router).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<10 {
                let response = try await client.execute(uri: "/api/login", method: .post, headers: APITests.jsonHeaders,
                                                        body: try APITests.jsonBody(["user": "vera", "password": "guess guess"]))
                statuses.append(response.status)
            }
            #expect(statuses.prefix(9).allSatisfy { $0 == .unauthorized })
            #expect(statuses.last == .tooManyRequests)
            let right = try await client.execute(uri: "/api/login", method: .post, headers: APITests.jsonHeaders,
                                                 body: try APITests.jsonBody(["user": "vera", "password": "vera password"]))
            #expect(right.status == .tooManyRequests)
            // Another account is not locked out by them.
            _ = try await SignedInServer.signIn(client, as: .editor)
        }
    }

    @Test("each write is recorded with its account; only an admin reads the trail")
    func audit() async throws {
        let server = try await SignedInServer.make()
        try await Application(router: server.router).test(.router) { client in
            let editor = try await SignedInServer.signIn(client, as: .editor)
            let cluster = "nope"
            _ = try await client.execute(uri: "/api/merges/apply", method: .post, headers: editor.headers(),
                                         body: ByteBuffer(string: "{\"note\": \"weekly\"}"))
            _ = try await client.execute(uri: "/api/merges/\(cluster)/keep-apart", method: .post, headers: editor.headers())
            #expect(try await client.execute(uri: "/api/audit", method: .get, headers: [.cookie: editor.cookie]).status == .forbidden)
            let admin = try await SignedInServer.signIn(client, as: .admin)
            let trail = try await client.execute(uri: "/api/audit", method: .get, headers: [.cookie: admin.cookie])
            #expect(trail.status == .ok)
            struct Trail: Decodable {
                struct Entry: Decodable { var account: String; var action: String; var detail: String }
                var entries: [Entry]
            }
            let entries = try APITests.decode(Trail.self, trail).entries
            // The failed keep-apart (no such cluster) changed nothing and is not recorded.
            #expect(entries.map(\.action) == ["merge"] && entries.map(\.account) == ["eddie"])
            #expect(entries.first?.detail == "POST /api/merges/apply {\"note\": \"weekly\"}")
            let since = try await client.execute(uri: "/api/audit?since=2999-01-01", method: .get, headers: [.cookie: admin.cookie])
            #expect(try APITests.decode(Trail.self, since).entries.isEmpty)
        }
    }

    @Test("an admin adds and removes accounts from the page; the password never reaches the audit trail")
    func manageAccounts() async throws {
        let server = try await SignedInServer.make()
        try await Application(router: server.router).test(.router) { client in
            let body = try APITests.jsonBody(["name": "newbie", "role": "viewer", "password": "newbie secret"])
            let editor = try await SignedInServer.signIn(client, as: .editor)
            #expect(try await client.execute(uri: "/api/accounts", method: .post, headers: editor.headers(), body: body).status == .forbidden)
            let admin = try await SignedInServer.signIn(client, as: .admin)
            let added = try await client.execute(uri: "/api/accounts", method: .post, headers: admin.headers(), body: body)
            #expect(added.status == .created)
            let again = try await client.execute(uri: "/api/accounts", method: .post, headers: admin.headers(), body: body)
            #expect(try again.status == .badRequest && APITests.errorMessage(again).contains("already"))
            let list = try await client.execute(uri: "/api/accounts", method: .get, headers: [.cookie: admin.cookie])
            #expect(APITests.text(list).contains("\"newbie\"") && !APITests.text(list).contains("$2b$"))
            #expect(try await client.execute(uri: "/api/accounts/newbie", method: .delete, headers: admin.headers()).status == .noContent)
            let trail = APITests.text(try await client.execute(uri: "/api/audit", method: .get, headers: [.cookie: admin.cookie]))
            #expect(trail.contains("account-add") && trail.contains("account-remove") && !trail.contains("newbie secret"))
        }
    }

    @Test("on loopback sign-in is required once an account exists; a non-loopback host needs one unless --no-auth")
    func whenRequired() async throws {
        #expect(throws: ServerAccess.Refusal.self) { try ServerAccess.mode(host: "0.0.0.0", hasAccounts: false, noAuth: false) }
        #expect(try ServerAccess.mode(host: "0.0.0.0", hasAccounts: false, noAuth: true) == .off)
        #expect(try ServerAccess.mode(host: "0.0.0.0", hasAccounts: true, noAuth: false) == .required)
        #expect(try ServerAccess.mode(host: "127.0.0.1", hasAccounts: false, noAuth: false) == .whenAccountsExist)

        let book = try await TestAddressBook.make()
        let router = AddressBookServer.makeRouter(addressBook: book.addressBook)
        try await Application(router: router).test(.router) { client in
            #expect(try await client.execute(uri: "/api/contacts", method: .get).status == .ok)
            try await AccountBook(store: await book.addressBook.store, cost: 4).add(name: "ana", role: .admin, password: "ana password")
            #expect(try await client.execute(uri: "/api/contacts", method: .get).status == .unauthorized)
        }
    }
}
