// A two-way sync in a process of its own, for the kill test (Tests/OhanaCardDAVTests): the test
// kills it with SIGKILL at random points during a push, then syncs again and compares.
//
// Usage: ohana-sync-worker STORE ADDRESS-BOOK-URL USER PASSWORD [push-new]
// (STORE: a SQLite file path or a postgres:// URL.)
import Foundation
import Ohana
import OhanaCardDAV
import OhanaSync
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite

let arguments = CommandLine.arguments
guard arguments.count == 5 || arguments.count == 6, let url = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: ohana-sync-worker STORE ADDRESS-BOOK-URL USER PASSWORD [push-new]\n".utf8))
    exit(2)
}
do {
    let store = try await ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite]).open(arguments[1])
    let provider = try CardDAVContactsProvider(url: url, credential: .password(user: arguments[3], password: arguments[4]))
    let options = TwoWaySyncOptions(pushNew: arguments.count == 6 && arguments[5] == "push-new")
    let report = try await CardDAVTwoWaySync(provider: provider, store: store, options: options).run()
    print(report.summary)
} catch {
    FileHandle.standardError.write(Data("ohana-sync-worker: \(error)\n".utf8))
    exit(1)
}
