import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import OhanaAccounts
import OhanaServer
import Testing

/// An address book with three accounts (one per role, passwords "NAME password") and the router on
/// it with sign-in required.
struct SignedInServer {
    let book: TestAddressBook
    let router: Router<ServerRequestContext>
    let tokens: [AccountRole: String]

    static let names: [AccountRole: String] = [.viewer: "vera", .editor: "eddie", .admin: "ada"]

    static func make(mode: ServerAccess.Mode = .required,
                     throttle: SignInThrottle.Policy = SignInThrottle.Policy(delayStep: .milliseconds(5))) async throws -> SignedInServer {
        let book = try await TestAddressBook.make()
        let accounts = AccountBook(store: await book.addressBook.store, cost: 4)
        var tokens: [AccountRole: String] = [:]
        for (role, name) in names {
            try await accounts.add(name: name, role: role, password: name + " password")
            tokens[role] = try await accounts.issueToken(for: name)
        }
        // Quiet: the failed sign-ins the tests make are logged as warnings.
        var logger = Logger(label: "ohana.serve.test")
        logger.logLevel = .error
        let router = AddressBookServer.makeRouter(addressBook: book.addressBook,
                                                  access: ServerAccess(mode: mode, throttle: throttle), logger: logger)
        return SignedInServer(book: book, router: router, tokens: tokens)
    }

    /// A signed-in session: its cookie header and CSRF token.
    struct Session {
        var cookie: String
        var csrf: String
        var setCookie: String

        /// Headers of a write in this session, with or without its CSRF token.
        func headers(csrf withToken: Bool = true) -> HTTPFields {
            var fields: HTTPFields = [.cookie: cookie, .contentType: "application/json"]
            if withToken { fields[FieldName("X-CSRF-Token")!] = csrf }
            return fields
        }
    }

    static func signIn(_ client: any TestClientProtocol, as role: AccountRole) async throws -> Session {
        let name = names[role]!
        let response = try await client.execute(
            uri: "/api/login", method: .post, headers: APITests.jsonHeaders,
            body: try APITests.jsonBody(["user": name, "password": name + " password"]))
        try #require(response.status == .ok)
        let setCookie = try #require(response.headers[.setCookie])
        struct Info: Decodable { var user: String; var role: String; var csrf: String }
        let info = try APITests.decode(Info.self, response)
        #expect(info.user == name && info.role == role.rawValue)
        let cookie = String(setCookie.split(separator: ";")[0])
        return Session(cookie: cookie, csrf: info.csrf, setCookie: setCookie)
    }
}
