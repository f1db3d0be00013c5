import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaCardDAV
import OhanaSync
import OhanaStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether an input argument names a CardDAV server (`carddav://` or `carddavs://`).
func isCardDAVArgument(_ argument: String) -> Bool {
    let lowered = argument.lowercased()
    return lowered.hasPrefix("carddav://") || lowered.hasPrefix("carddavs://")
}

/// Makes the CardDAV provider for a `carddav://user@host:port/path` argument (`carddavs://` for TLS).
///
/// The password comes from `OHANA_CARDDAV_PASSWORD`, or a prompt when standard input is a terminal;
/// never from a flag or the URL. A URL without a user name connects without credentials.
func makeCardDAVProvider(for argument: String) throws -> CardDAVContactsProvider {
    guard let url = URL(string: argument), let host = url.host, !host.isEmpty else {
        throw ToolError("\(argument): not a CardDAV URL; write carddav://user@host:port/path")
    }
    if url.password != nil {
        throw ToolError("\(redactedCardDAVURL(argument)): do not put the password in the URL; set OHANA_CARDDAV_PASSWORD or answer the prompt")
    }
    var credential: ProviderCredential?
    if let user = url.user?.removingPercentEncoding, !user.isEmpty {
        if let password = ProcessInfo.processInfo.environment["OHANA_CARDDAV_PASSWORD"] {
            credential = .password(user: user, password: password)
        } else if isatty(STDIN_FILENO) == 1, let typed = getpass("Password for \(user) at \(host): ") {
            credential = .password(user: user, password: String(cString: typed))
        } else {
            throw ToolError("\(argument): a password is needed for \(user); set OHANA_CARDDAV_PASSWORD (or run on a terminal to be asked)")
        }
    }
    do {
        return try CardDAVContactsProvider(url: url, credential: credential)
    } catch {
        throw ToolError(error.description)
    }
}

/// A CardDAV URL's text without a password.
func redactedCardDAVURL(_ argument: String) -> String {
    guard var components = URLComponents(string: argument), components.password != nil else { return argument }
    components.password = nil
    return components.string ?? argument
}

/// Which side wins a field changed on both sides, as `--prefer` spells it.
enum SyncPreference: String, ExpressibleByArgument, CaseIterable {
    case local, remote

    var preference: ConflictPreference { self == .local ? .local : .remote }
}

/// `ohana sync carddav://user@host/path --store PATH`: two-way sync of the store with a CardDAV account.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the contact store with a CardDAV server both ways, merging edits field by field.",
        discussion: """
            Cards changed on the server are pulled; contacts changed in the store since the last sync (edits, \
            removals, merges) are pushed to the cards they came from, guarded by ETags. When both sides changed \
            a card, changes to different fields combine; a field changed on both sides keeps both values when \
            it is multi-valued and the local value otherwise, unless --prefer says which side wins. The last \
            synced version of every card and a journal of server writes live in the store, so an interrupted \
            sync resumes without losing or duplicating a card. The password comes from OHANA_CARDDAV_PASSWORD \
            or a prompt, never from a flag. Use carddavs:// for TLS. Exits with status 1 when a card could not be \
            written (the server's reason is printed; the other cards are synced).
            Example: OHANA_CARDDAV_PASSWORD=… ohana sync carddav://alice@localhost:5232/alice/book/ --store contacts.sqlite --dry-run
            """)

    @Argument(help: "The CardDAV URL: carddav://user@host:port/path (carddavs:// for TLS). Without it, every account of the store (ohana account add).")
    var url: String?

    @Option(name: .long, help: ArgumentHelp("Without a URL: sync only this account of the store.", valueName: "name"))
    var account: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var regionOptions: RegionOptions

    @Flag(help: "Also create on the server (in the first address book) the contacts that have no card there, such as those imported from files.")
    var pushNew = false

    @Option(help: "Which side wins a field changed on both sides: local or remote (default: keep both values of multi-valued fields, local for single values).")
    var prefer: SyncPreference?

    @Flag(help: "Print what would be pulled and pushed, per card with field-level diffs, and change nothing.")
    var dryRun = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if url != nil && account != nil { throw ValidationError("--account names an account of the store; give it without a URL") }
    }

    func run() async throws {
        let options = TwoWaySyncOptions(preference: prefer?.preference ?? .keepBoth, pushNew: pushNew, dryRun: dryRun)
        guard let url else { return try await syncAccounts(options: options) }
        guard isCardDAVArgument(url) else { throw ValidationError("\(url): not a carddav:// or carddavs:// URL") }
        let provider = try makeCardDAVProvider(for: url)
        let store = try await storeOptions.openStorage()
        let report: TwoWaySyncReport
        do {
            report = try await CardDAVTwoWaySync(provider: provider, store: store, options: options).run()
        } catch let error as CardDAVError {
            throw ToolError(error.description)
        } catch {
            throw ToolError("\(store.locationDescription): \(error)")
        }
        if !dryRun { try await recordToolWrite(in: store, action: "sync", detail: "\(redactedCardDAVURL(url)): \(report.summary)") }
        try await store.shutDown()
        for diagnostic in report.diagnostics { printError(diagnostic.description) }
        if dryRun {
            for action in report.actions { print(action) }
            print("\(redactedCardDAVURL(url)): dry run, nothing changed; would have \(report.summary)")
            return
        }
        if Self.printReport(report, for: redactedCardDAVURL(url)) > 0 { throw ExitCode(1) }
    }

    /// Prints a report's summary, conflicts and error count; returns the number of errors.
    static func printReport(_ report: TwoWaySyncReport, for name: String) -> Int {
        print("\(name): \(report.summary); \(report.cardsTransferred) cards transferred"
              + (report.resumedWrites > 0 ? "; \(report.resumedWrites) interrupted writes of the last sync settled" : ""))
        for (action, conflict) in report.conflicts {
            print("conflict \(action.name) (\(action.href)): \(conflict)")
        }
        // The others were synced; a card the server would not take (or an address book not read) fails the run.
        let errors = report.diagnostics.count { $0.severity == .error }
        if errors > 0 {
            let unwritten = report.unwrittenCards.count
            printError("\(errors) error\(errors == 1 ? "" : "s")"
                       + (unwritten > 0 ? "; \(unwritten) card\(unwritten == 1 ? "" : "s") not written" : ""))
        }
        return errors
    }

    /// Syncs every account of the store (or `--account`), each reported on its own; any error fails the run.
    func syncAccounts(options: TwoWaySyncOptions) async throws {
        let store = try await storeOptions.openStorage()
        let all = try await CardDAVAccounts.load(from: store)
        if all.accounts.isEmpty {
            try await store.shutDown()
            throw ToolError("\(store.locationDescription) has no CardDAV account: give a URL, or add one with ohana account add NAME carddav://USER@HOST/PATH")
        }
        let selected: [CardDAVAccount]?
        do {
            selected = try account.map { [try all.account(named: $0)] }
        } catch {
            try await store.shutDown()
            throw ToolError("\(error)")
        }
        let credentials = CardDAVCredentials()
        let outcomes = try await AccountsTwoWaySync(store: store, options: options).run(accounts: selected) { account in
            guard let user = account.user, !user.isEmpty else { return nil }
            if let found = credentials.password(for: account) { return .password(user: user, password: found.password) }
            if isatty(STDIN_FILENO) == 1, let typed = getpass("Password for \(user) at \(account.host ?? "") (account \(account.name)): ") {
                return .password(user: user, password: String(cString: typed))
            }
            throw ToolError("account \(account.name): no password for \(user); set \(CardDAVCredentials.variable(for: account.name)), "
                            + "add it to ~/.netrc, or run on a terminal to be asked")
        }
        var linking: ContactLinking.Result?
        if !dryRun {
            for outcome in outcomes {
                guard let report = outcome.report else { continue }
                try await recordToolWrite(in: store, action: "sync", detail: "account \(outcome.account.name): \(report.summary)")
            }
            // The cards of one person in different accounts are linked, never merged (ohana links reviews them).
            if all.accounts.count > 1 {
                linking = try await ContactLinking(region: regionOptions.effectiveRegion).link(in: store, sourceNames: all.sourceNames())
            }
        }
        try await store.shutDown()
        var errors = 0
        for outcome in outcomes {
            guard let report = outcome.report else {
                printError("account \(outcome.account.name): not synced: \(outcome.failure ?? "unknown error")")
                errors += 1
                continue
            }
            for diagnostic in report.diagnostics { printError(diagnostic.description) }
            if dryRun {
                for action in report.actions { print(action) }
                print("\(outcome.account.name): dry run, nothing changed; would have \(report.summary)")
            } else {
                errors += Self.printReport(report, for: outcome.account.name)
            }
        }
        if let linking { print(linking.summary + (linking.links > 0 ? " (ohana links reviews them)" : "")) }
        if errors > 0 { throw ExitCode(1) }
    }
}
