import Foundation
import Ohana
import OhanaCardDAV
import OhanaStore

/// `ohana sync --store S`: every CardDAV account of the store synced two ways, one after the
/// other, each as ``CardDAVTwoWaySync`` does it alone (its own state, synced cards and journal,
/// kept under its provider id, so a sync killed in one account resumes there). Contacts created
/// in the store get their card in the first account only.
public struct AccountsTwoWaySync: Sendable {
    /// One account's outcome: its report, or why it could not be synced (the others still are).
    public struct Outcome: Sendable {
        /// The account.
        public var account: CardDAVAccount
        /// The sync's report, when it ran.
        public var report: TwoWaySyncReport?
        /// Why it did not run or stopped, in one line.
        public var failure: String?
    }

    /// The store synced.
    public let store: any ContactStorage
    /// The options for every account.
    public var options: TwoWaySyncOptions

    /// Creates the sync of a store's accounts.
    public init(store: any ContactStorage, options: TwoWaySyncOptions = .init()) {
        self.store = store
        self.options = options
    }

    /// Syncs `accounts` (by default every account of the store, in the order they were added);
    /// `credential` gives each account's credentials (`nil`: none, or the account's URL has no user).
    public func run(accounts selected: [CardDAVAccount]? = nil,
                    credential: (CardDAVAccount) throws -> ProviderCredential?) async throws -> [Outcome] {
        let all = try await CardDAVAccounts.load(from: store).accounts
        let accounts = selected ?? all
        var outcomes: [Outcome] = []
        for account in accounts {
            var accountOptions = options
            accountOptions.pushesStoreCreatedContacts = account.name == all.first?.name
            do {
                guard let url = URL(string: account.url) else {
                    throw CardDAVAccountError.invalidURL(account.url, "write carddav://USER@HOST:PORT/PATH")
                }
                let provider = try CardDAVContactsProvider(url: url, credential: try credential(account))
                let report = try await CardDAVTwoWaySync(provider: provider, store: store, options: accountOptions).run()
                outcomes.append(Outcome(account: account, report: report))
            } catch {
                outcomes.append(Outcome(account: account, failure: "\(error)"))
            }
        }
        return outcomes
    }
}
