// A two-way sync in a process of its own, for the kill tests (Tests/OhanaCardDAVTests): the test
// kills it with SIGKILL at random points during a push, then syncs again and compares.
//
// Usage: ohana-sync-worker STORE ADDRESS-BOOK-URL USER PASSWORD [push-new]
//        ohana-sync-worker accounts STORE [NAME=PASSWORD...]
// (STORE: a SQLite file path or a postgres:// URL.) The second form syncs every account of the
// store as `ohana sync --store STORE` does (AccountsTwoWaySync), each account's password given as
// NAME=PASSWORD and looked up as the library does (CardDAVCredentials, from its own variable).
import Foundation
import Ohana
import OhanaCardDAV
import OhanaSync
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite

let arguments = CommandLine.arguments
let backends = ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite])
if arguments.count >= 3, arguments[1] == "accounts" {
    var environment: [String: String] = [:]
    for pair in arguments.dropFirst(3) {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        environment[CardDAVCredentials.variable(for: String(pair[..<equals]))] = String(pair[pair.index(after: equals)...])
    }
    let credentials = CardDAVCredentials(environment: environment, netrcText: "")
    do {
        let store = try await backends.open(arguments[2])
        let outcomes = try await AccountsTwoWaySync(store: store).run { account in
            guard let user = account.user, let found = credentials.password(for: account) else { return nil }
            return .password(user: user, password: found.password)
        }
        for outcome in outcomes {
            print("\(outcome.account.name): " + (outcome.report?.summary ?? "failed: \(outcome.failure ?? "")"))
        }
        exit(outcomes.contains { $0.failure != nil } ? 1 : 0)
    } catch {
        FileHandle.standardError.write(Data("ohana-sync-worker: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 5 || arguments.count == 6, let url = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("""
        usage: ohana-sync-worker STORE ADDRESS-BOOK-URL USER PASSWORD [push-new]
               ohana-sync-worker accounts STORE [NAME=PASSWORD...]

        """.utf8))
    exit(2)
}
do {
    let store = try await backends.open(arguments[1])
    let provider = try CardDAVContactsProvider(url: url, credential: .password(user: arguments[3], password: arguments[4]))
    let options = TwoWaySyncOptions(pushNew: arguments.count == 6 && arguments[5] == "push-new")
    let report = try await CardDAVTwoWaySync(provider: provider, store: store, options: options).run()
    print(report.summary)
} catch {
    FileHandle.standardError.write(Data("ohana-sync-worker: \(error)\n".utf8))
    exit(1)
}
