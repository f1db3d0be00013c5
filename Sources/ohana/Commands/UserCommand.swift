import ArgumentParser
import Foundation
import OhanaAccounts
import OhanaStore

/// `ohana user`: the accounts that may sign in to `ohana serve` on a store.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage the accounts that may sign in to `ohana serve` on a store.",
        discussion: """
            Roles: a viewer reads and exports; an editor also edits, merges, splits and reviews; an admin \
            also manages accounts and reads the audit trail. Passwords are kept as bcrypt hashes, API \
            tokens as SHA-256 hashes.
            """,
        subcommands: [UserAddCommand.self, UserPasswdCommand.self, UserRemoveCommand.self, UserListCommand.self,
                      UserTokenCommand.self])
}

/// The password of `user add` and `user passwd`: from a prompt without echo, or the first line of standard input.
struct PasswordOptions: ParsableArguments {
    @Flag(name: .long, help: "Read the password from the first line of standard input instead of a prompt.")
    var passwordStdin = false

    /// The password, asked for twice on a terminal.
    func password(for name: String) throws -> String {
        if passwordStdin {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ToolError("--password-stdin: standard input has no password line")
            }
            return line
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ToolError("no terminal to ask for the password of '\(name)' on: use --password-stdin")
        }
        guard let first = getpass("password for \(name): ").map({ String(cString: $0) }),
              let second = getpass("the same password again: ").map({ String(cString: $0) }) else {
            throw ToolError("no password was given")
        }
        guard first == second else { throw ToolError("the two passwords differ") }
        return first
    }
}

/// Runs an account operation, its refusal in the tool's words.
private func withAccounts<T>(_ storeOptions: StoreOptions, _ body: (AccountBook) async throws -> T) async throws -> T {
    let store = try await storeOptions.openStorage()
    do {
        let result = try await body(AccountBook(store: store))
        try await store.shutDown()
        return result
    } catch let error as AccountError {
        try? await store.shutDown()
        throw ToolError(error.description)
    }
}

/// `ohana user add NAME --role R`.
struct UserAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an account.")

    @Argument(help: "The account's name (letters, digits, '.', '_', '-', '@').")
    var name: String

    @Option(name: .long, help: ArgumentHelp("viewer, editor or admin.", valueName: "role"))
    var role: String

    @OptionGroup var passwordOptions: PasswordOptions

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard AccountRole(rawValue: role) != nil else { throw ValidationError("--role must be viewer, editor or admin, not '\(role)'") }
    }

    func run() async throws {
        let password = try passwordOptions.password(for: name)
        let account = try await withAccounts(storeOptions) {
            try await $0.add(name: name, role: AccountRole(rawValue: role) ?? .viewer, password: password)
        }
        print("added the \(account.role.rawValue) '\(account.name)'")
    }
}

/// `ohana user passwd NAME`.
struct UserPasswdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Change an account's password (its sessions end).")

    @Argument(help: "The account's name.")
    var name: String

    @OptionGroup var passwordOptions: PasswordOptions

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let password = try passwordOptions.password(for: name)
        try await withAccounts(storeOptions) { try await $0.changePassword(of: name, to: password) }
        print("changed the password of '\(name)'")
    }
}

/// `ohana user remove NAME`.
struct UserRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an account (its sessions and tokens end).")

    @Argument(help: "The account's name.")
    var name: String

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        try await withAccounts(storeOptions) { try await $0.remove(named: name) }
        print("removed '\(name)'")
    }
}

/// `ohana user list`.
struct UserListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts: name, role, API tokens, when added.")

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let accounts = try await withAccounts(storeOptions) { try await $0.list() }
        for account in accounts {
            print("\(account.name)\t\(account.role.rawValue)\t\(account.tokenCount) tokens\t\(account.created.ISO8601Format())")
        }
    }
}

/// `ohana user token NAME`.
struct UserTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Issue an API token for scripts (Authorization: Bearer TOKEN); shown this once only.")

    @Argument(help: "The account's name.")
    var name: String

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let token = try await withAccounts(storeOptions) { try await $0.issueToken(for: name) }
        print(token)
    }
}
