import ArgumentParser
import Foundation
import OhanaSync

/// `ohana account add|list|remove`: the CardDAV accounts a store syncs with.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Manage the CardDAV accounts the contact store syncs with (ohana sync --store S syncs them all).",
        discussion: """
            Passwords are never kept in the store: each account's comes from the environment variable \
            OHANA_CARDDAV_PASSWORD_NAME (NAME in capitals, other characters as _), else ~/.netrc \
            (machine HOST login USER password SECRET), else OHANA_CARDDAV_PASSWORD, else a prompt.
            """,
        subcommands: [AccountAddCommand.self, AccountListCommand.self, AccountRemoveCommand.self])
}

struct AccountAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a CardDAV account to the contact store.")

    @Argument(help: "The account's name (letters, digits, -, _ and .), such as work or icloud.")
    var name: String

    @Argument(help: "The account's URL: carddav://USER@HOST:PORT/PATH (carddavs:// for TLS), without a password.")
    var url: String

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        do {
            try await CardDAVAccounts.update(in: storage) { accounts throws(CardDAVAccountError) in try accounts.add(CardDAVAccount(name: name, url: url)) }
        } catch let error as CardDAVAccountError {
            try await storage.shutDown()
            throw ToolError(error.description)
        }
        try await storage.shutDown()
        print("added account \(name): \(url)")
    }
}

struct AccountListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the contact store's CardDAV accounts and where each password comes from.")

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let accounts = try await CardDAVAccounts.load(from: storage).accounts
        try await storage.shutDown()
        if accounts.isEmpty { return print("no accounts; add one with ohana account add NAME carddav://USER@HOST/PATH") }
        let credentials = CardDAVCredentials()
        for account in accounts {
            let source = credentials.password(for: account)?.source ?? "asked when syncing"
            print("\(account.name)  \(account.url)  (password: \(source))")
        }
    }
}

struct AccountRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a CardDAV account from the contact store (its contacts stay).")

    @Argument(help: "The account's name.")
    var name: String

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        do {
            try await CardDAVAccounts.update(in: storage) { accounts throws(CardDAVAccountError) in try accounts.remove(named: name) }
        } catch let error as CardDAVAccountError {
            try await storage.shutDown()
            throw ToolError(error.description)
        }
        try await storage.shutDown()
        print("removed account \(name); its contacts stay in the store")
    }
}
