import Foundation
import OhanaAccounts
import OhanaStore
import OhanaStoreSQLite
import Testing

@Suite("Signed sessions, CSRF tokens and the sign-in throttle")
struct SessionTests {
    private func makeBook() async throws -> (any ContactStorage, AccountBook) {
        let store = SQLiteContactStorage(try SQLiteContactStore.inMemory())
        let book = AccountBook(store: store, cost: 4)
        try await book.add(name: "ana", role: .editor, password: "correct horse")
        return (store, book)
    }

    @Test("a session names its account until it expires, is forged, or the account signs out")
    func sessions() async throws {
        let (store, book) = try await makeBook()
        let sessions = AccountSessions(store: store, lifetime: 60)
        let account = try #require(try await book.account(named: "ana"))
        let now = Date()
        let cookie = try await sessions.start(for: account, now: now)
        #expect(try await sessions.account(for: cookie, now: now)?.name == "ana")
        #expect(try await sessions.account(for: cookie, now: now.addingTimeInterval(61)) == nil)
        var forged = Array(cookie)
        forged[3] = forged[3] == "A" ? "B" : "A"
        #expect(try await sessions.account(for: String(forged), now: now) == nil)
        #expect(try await sessions.account(for: "garbage", now: now) == nil)
        // Another process on the same store (the key is kept in it) accepts the session.
        #expect(try await AccountSessions(store: store).account(for: cookie, now: now)?.name == "ana")
        try await book.endSessions(of: "ana")
        #expect(try await sessions.account(for: cookie, now: now) == nil)
        let fresh = try await sessions.start(for: account, now: now)
        try await book.changePassword(of: "ana", to: "another horse")
        #expect(try await sessions.account(for: fresh, now: now) == nil)
        try await store.shutDown()
    }

    @Test("a CSRF token belongs to its session only")
    func csrf() async throws {
        let (store, book) = try await makeBook()
        let sessions = AccountSessions(store: store)
        let account = try #require(try await book.account(named: "ana"))
        let one = try await sessions.start(for: account)
        let two = try await sessions.start(for: account)
        let token = try await sessions.csrfToken(for: one)
        #expect(try await sessions.isValidCSRFToken(token, for: one))
        #expect(try await sessions.isValidCSRFToken(token, for: two) == false)
        #expect(try await sessions.isValidCSRFToken("", for: one) == false)
        try await store.shutDown()
    }

    @Test("failed sign-ins are slowed, then refused, per account and per address")
    func throttle() async {
        let policy = SignInThrottle.Policy(freeFailures: 2, delayStep: .milliseconds(100), maximumDelay: .milliseconds(250),
                                           refuseAfter: 5, window: .seconds(60))
        let throttle = SignInThrottle(policy: policy)
        let start = ContinuousClock.now
        var delays: [SignInThrottle.Verdict] = []
        for _ in 0..<5 {
            delays.append(await throttle.verdict(account: "ana", address: "10.0.0.1", now: start))
            await throttle.recordFailure(account: "ana", address: "10.0.0.1", now: start)
        }
        #expect(delays == [.proceed(after: .zero), .proceed(after: .zero), .proceed(after: .zero),
                           .proceed(after: .milliseconds(100)), .proceed(after: .milliseconds(200))])
        #expect(await throttle.verdict(account: "ana", address: "10.0.0.2", now: start) == .refuse)
        #expect(await throttle.verdict(account: "bo", address: "10.0.0.1", now: start) == .refuse)
        #expect(await throttle.verdict(account: "bo", address: "10.0.0.2", now: start) == .proceed(after: .zero))
        #expect(await throttle.verdict(account: "ana", address: "10.0.0.1", now: start + .seconds(61)) == .proceed(after: .zero))
    }
}
