import Foundation
import Hummingbird
import Logging
import OhanaAccounts
import OhanaServer
import Testing

/// Sign-in in a real browser: the server on a free loopback port with accounts, so sign-in is
/// required; Chromium signs in as a viewer, is refused a merge, and signs out.
@Suite struct SignInBrowserTests {
    @Test(.timeLimit(.minutes(5)))
    func signInRoleRefusedAndSignOut() async throws {
        let missing = await BrowserTests.missingPrerequisites()
        guard missing.isEmpty else {
            Issue.record("The browser test needs \(missing.joined(separator: ", ")): run scripts/setup.sh --test")
            return
        }
        let book = try await TestAddressBook.make()
        try await AccountBook(store: await book.addressBook.store, cost: 4).add(name: "vera", role: .viewer, password: "vera password")
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "ohana.serve.test")
        logger.logLevel = .critical
        let app = try AddressBookServer.makeApplication(addressBook: book.addressBook, host: "127.0.0.1", port: 0,
                                                        logger: logger) { port in continuation.yield(port) }
        let folder = BrowserTests.screenshotFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("signin_test.py")
        try signInBrowserScript.write(to: script, atomically: true, encoding: .utf8)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else {
                Issue.record("the server did not start")
                group.cancelAll()
                return
            }
            let outcome = try await BrowserTests.run(BrowserTests.python, [script.path, "http://127.0.0.1:\(port)/", folder.path],
                                                     timeout: 240)
            group.cancelAll()
            #expect(outcome.status == 0, "sign-in browser test failed:\n\(outcome.output)")
            #expect(outcome.output.contains("browser: ok"), "\(outcome.output)")
        }
        let trail = try await AuditTrail(store: await book.addressBook.store).entries()
        #expect(trail.isEmpty, "a refused merge left an audit entry: \(trail)")
    }
}
