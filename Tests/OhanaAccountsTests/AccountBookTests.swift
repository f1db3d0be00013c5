import Foundation
import OhanaAccounts
import OhanaStore
import OhanaStoreSQLite
import OhanaTestSupport
import Testing

@Suite("Accounts kept in the store")
struct AccountBookTests {
    @Test("accounts are added, listed, checked, re-passworded and removed, and survive reopening", arguments: AccountStoreBackend.allCases)
    func lifecycle(backend: AccountStoreBackend) async throws {
        let directory = try TemporaryDirectory()
        let location = try await backend.newLocation(in: directory)
        let store = try await accountStoreBackends.open(location)
        let book = AccountBook(store: store, cost: 4)
        #expect(try await book.hasAccounts() == false)
        try await book.add(name: "ana", role: .admin, password: "correct horse")
        try await book.add(name: "bo", role: .viewer, password: "battery staple")
        await #expect(throws: AccountError.self) { try await book.add(name: "ana", role: .viewer, password: "another one") }
        await #expect(throws: AccountError.self) { try await book.add(name: "cy", role: .viewer, password: "short") }
        await #expect(throws: AccountError.self) { try await book.add(name: "a b", role: .viewer, password: "long enough") }
        #expect(try await book.list().map(\.name) == ["ana", "bo"])
        #expect(try await book.list().map(\.role) == [.admin, .viewer])
        #expect(try await book.verifyPassword(name: "ana", password: "correct horse")?.role == .admin)
        #expect(try await book.verifyPassword(name: "ana", password: "correct horsE") == nil)
        #expect(try await book.verifyPassword(name: "nobody", password: "correct horse") == nil)
        // The hash is bcrypt's, salted: never the password.
        let stored = try await store.accounts()
        #expect(stored[0].passwordHash.hasPrefix("$2b$04$") && !stored[0].passwordHash.contains("correct"))

        try await book.changePassword(of: "bo", to: "a new password")
        #expect(try await book.verifyPassword(name: "bo", password: "battery staple") == nil)
        #expect(try await book.verifyPassword(name: "bo", password: "a new password")?.name == "bo")
        try await store.shutDown()

        let reopened = try await accountStoreBackends.open(location)
        let again = AccountBook(store: reopened, cost: 4)
        #expect(try await again.verifyPassword(name: "bo", password: "a new password")?.name == "bo")
        try await again.remove(named: "bo")
        await #expect(throws: AccountError.self) { try await again.remove(named: "bo") }
        #expect(try await again.list().map(\.name) == ["ana"])
        try await reopened.shutDown()
    }

    @Test("an API token is shown once, kept only as its SHA-256, and names its account", arguments: AccountStoreBackend.allCases)
    func tokens(backend: AccountStoreBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await accountStoreBackends.open(try await backend.newLocation(in: directory))
        let book = AccountBook(store: store, cost: 4)
        try await book.add(name: "script", role: .editor, password: "password one")
        let token = try await book.issueToken(for: "script")
        let second = try await book.issueToken(for: "script")
        #expect(token != second && token.hasPrefix("ohana_") && token.count == 6 + 64)
        let kept = try await store.accounts()[0].tokenHashes
        #expect(kept.count == 2 && !kept.contains(token) && !kept.contains(second))
        #expect(try await book.verifyToken(token)?.name == "script")
        #expect(try await book.verifyToken(second)?.role == .editor)
        #expect(try await book.verifyToken(token + "0") == nil)
        #expect(try await book.verifyToken("") == nil)
        #expect(try await book.list()[0].tokenCount == 2)
        try await store.shutDown()
    }

    @Test("the audit trail keeps each write in order and answers from a time on", arguments: AccountStoreBackend.allCases)
    func audit(backend: AccountStoreBackend) async throws {
        let directory = try TemporaryDirectory()
        let store = try await accountStoreBackends.open(try await backend.newLocation(in: directory))
        let trail = AuditTrail(store: store)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try await trail.record(account: "ana", action: "merge", detail: "cluster 3", time: start)
        let second = try await trail.record(account: "os:root", action: "import", detail: "12 contacts from a.vcf",
                                            time: start.addingTimeInterval(60))
        #expect(first.id < second.id)
        #expect(try await trail.entries().map(\.action) == ["merge", "import"])
        #expect(try await trail.entries(since: start.addingTimeInterval(30)).map(\.account) == ["os:root"])
        #expect(try await trail.entries()[1].time == start.addingTimeInterval(60))
        try await store.shutDown()
    }

    @Test("a store copy keeps the accounts and the audit trail, both ways", arguments: AccountStoreBackend.allCases)
    func copied(backend: AccountStoreBackend) async throws {
        let directory = try TemporaryDirectory()
        let source = SQLiteContactStorage(try SQLiteContactStore(fileURL: directory.file("source.sqlite")))
        let book = AccountBook(store: source, cost: 4)
        try await book.add(name: "ana", role: .admin, password: "correct horse")
        let token = try await book.issueToken(for: "ana")
        try await AuditTrail(store: source).record(account: "ana", action: "split", detail: "merged contact x")
        let target = try await accountStoreBackends.open(try await backend.newLocation(in: directory))
        _ = try await ContactStoreCopy().run(from: source, to: target)
        #expect(try await target.accounts() == source.accounts())
        #expect(try await target.auditEntries(since: nil) == source.auditEntries(since: nil))
        let copy = AccountBook(store: target, cost: 4)
        #expect(try await copy.verifyPassword(name: "ana", password: "correct horse")?.role == .admin)
        #expect(try await copy.verifyToken(token)?.name == "ana")
        // Numbering goes on after the copied entries.
        let next = try await AuditTrail(store: target).record(account: "ana", action: "merge", detail: "after the copy")
        #expect(next.id > (try await source.auditEntries(since: nil).last?.id ?? .max))
        try await source.shutDown()
        try await target.shutDown()
    }
}
