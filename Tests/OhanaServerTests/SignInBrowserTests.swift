import Foundation
import Hummingbird
import Logging
import OhanaAccounts
import OhanaServer
import Testing

/// Sign-in in a real browser: the server on a free loopback port with accounts, so sign-in is
/// required; Chromium signs in as a viewer, is refused a merge, and signs out.
@Suite struct SignInBrowserTests {
    @Test(.timeLimit(.minutes(12)))
    func signInRoleRefusedAndSignOut() async throws {
        let book = try await TestAddressBook.make()
        try await AccountBook(store: await book.addressBook.store, cost: 4).add(name: "vera", role: .viewer, password: "vera password")
        guard let outcome = try await BrowserTests.runScript(signInBrowserScript, named: "signin_test.py",
                                                             serving: book.addressBook) else { return }
        #expect(outcome.status == 0, "sign-in browser test failed:\n\(outcome.output)")
        #expect(outcome.output.contains("browser: ok"), "\(outcome.output)")
        let trail = try await AuditTrail(store: await book.addressBook.store).entries()
        #expect(trail.isEmpty, "a refused merge left an audit entry: \(trail)")
    }
}
