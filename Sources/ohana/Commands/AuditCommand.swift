import ArgumentParser
import Foundation
import OhanaAccounts
import OhanaStore

/// `ohana audit`: the store's audit trail of writes.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List the writes recorded in the store's audit trail: time, account, action, what changed.",
        discussion: """
            The server records each write with the signed-in account; the tool records its imports, \
            dedupe merges and sync pushes with the operating-system user (os:NAME).
            """)

    @Option(name: .long, help: ArgumentHelp("Only writes from this day (2026-11-29, UTC) or time (ISO 8601) on.", valueName: "date"))
    var since: String?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let since, AuditTrail.time(since) == nil {
            throw ValidationError("--since must be a day (2026-11-29) or an ISO 8601 time, not '\(since)'")
        }
    }

    func run() async throws {
        let store = try await storeOptions.openStorage()
        let entries = try await AuditTrail(store: store).entries(since: since.flatMap(AuditTrail.time))
        try await store.shutDown()
        for entry in entries {
            print("\(entry.time.ISO8601Format())\t\(entry.account)\t\(entry.action)\t\(entry.detail)")
        }
    }
}
