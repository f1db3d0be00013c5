import ArgumentParser
import Foundation
import OhanaStore

/// `ohana store`: work on contact stores themselves.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Work on contact stores themselves (copy one into another).",
        subcommands: [StoreCopyCommand.self])
}

/// `ohana store copy --from A --to B`: copies a store (contacts, merges, sync state) into another.
/// `migrate`, its name before, is kept as an alias.
struct StoreCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a contact store into another (SQLite file or postgres:// URL, either way).",
        discussion: """
            Contacts keep their ids. The copy is written in batches (a progress bar on a terminal), then \
            the merge decisions, the member versions of merged contacts, the providers' sync state and the \
            records of two-way CardDAV sync (synced cards, unsettled writes), the change history, and the accounts \
            and audit trail of `ohana user` and `ohana audit`; then it is verified: the target \
            must hold as many contacts as the source, with the same content hash, and the same decisions, \
            members and sync records. Safe to rerun: what is already equal is not rewritten, and contacts the \
            source no longer has are removed from the target. The target also takes the source's change \
            history, so change tokens handed out by the source go on working against the target. \
            PostgreSQL passwords come from PGPASSWORD or a prompt. (`ohana store migrate` is the same command.)
            """,
        aliases: ["migrate"])

    @Option(name: .long, help: ArgumentHelp("The store to copy from.", valueName: "path|url"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("The store to copy into (created when missing).", valueName: "path|url"))
    var to: String

    @Option(name: .long, help: "Contacts per transaction.")
    var batchSize = 5_000

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
    }

    func run() async throws {
        let source = try await StoreOptions.open(StoreOptions.location(from))
        let target = try await StoreOptions.open(StoreOptions.location(to))
        let bar = ProgressBar()
        let report: ContactStoreCopy.Report
        do {
            report = try await ContactStoreCopy(batchSize: batchSize).run(from: source, to: target) { copied, total in
                bar.update(copied, of: total, "\(copied) of \(total) contacts")
            }
        } catch let error as ContactStoreError {
            bar.finish()
            throw ToolError(error.description)
        }
        bar.finish()
        try await source.shutDown()
        try await target.shutDown()
        print("\(source.locationDescription) → \(target.locationDescription): \(report)")
    }
}
