import Foundation

/// Where an account's password comes from, never the store: an environment variable of the
/// account (`OHANA_CARDDAV_PASSWORD_WORK` for the account `work`), else `~/.netrc` (the file curl,
/// git and others read: `machine HOST login USER password SECRET`), else `OHANA_CARDDAV_PASSWORD`.
/// A front end asks on the terminal when none has it.
public struct CardDAVCredentials: Sendable {
    /// The environment read.
    public var environment: [String: String]
    /// The netrc entries read.
    public var netrc: [NetrcEntry]

    /// Reads the process's environment and `$NETRC` or `~/.netrc` (none when missing or unreadable).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, netrcText: String? = nil) {
        self.environment = environment
        let text = netrcText ?? {
            let path = environment["NETRC"] ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".netrc").path
            return try? String(contentsOfFile: path, encoding: .utf8)
        }()
        self.netrc = text.map(NetrcEntry.parse) ?? []
    }

    /// The environment variable that holds one account's password.
    public static func variable(for accountName: String) -> String {
        "OHANA_CARDDAV_PASSWORD_" + String(accountName.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The account's password and where it came from (for messages), or `nil` when none has it.
    public func password(for account: CardDAVAccount) -> (password: String, source: String)? {
        let own = Self.variable(for: account.name)
        if let value = environment[own], !value.isEmpty { return (value, own) }
        if let host = account.host?.lowercased() {
            let user = account.user
            let entry = netrc.first { $0.machine?.lowercased() == host && (user == nil || $0.login == nil || $0.login == user) }
                ?? netrc.first { $0.machine == nil && (user == nil || $0.login == nil || $0.login == user) }
            if let entry, let password = entry.password { return (password, "~/.netrc") }
        }
        if let value = environment["OHANA_CARDDAV_PASSWORD"], !value.isEmpty { return (value, "OHANA_CARDDAV_PASSWORD") }
        return nil
    }
}

/// One entry of a netrc file: `machine` (`nil` for `default`), `login`, `password`.
public struct NetrcEntry: Hashable, Sendable {
    /// The host, or `nil` for the `default` entry.
    public var machine: String?
    /// The user name.
    public var login: String?
    /// The password.
    public var password: String?

    /// The entries of a netrc text, in order. Tokens are separated by white space and may be
    /// double-quoted (with `\` escapes); `macdef` bodies (up to a blank line) and unknown tokens are skipped.
    public static func parse(_ text: String) -> [NetrcEntry] {
        var entries: [NetrcEntry] = []
        var tokens = tokenize(text).makeIterator()
        while let token = tokens.next() {
            switch token {
            case "machine":
                entries.append(NetrcEntry(machine: tokens.next()))
            case "default":
                entries.append(NetrcEntry(machine: nil))
            case "login", "password", "account":
                let value = tokens.next()
                guard !entries.isEmpty else { continue }
                if token == "login" { entries[entries.count - 1].login = value }
                if token == "password" { entries[entries.count - 1].password = value }
            case "macdef":
                _ = tokens.next()
                while let next = tokens.next(), next != "\u{0}" {}
            default:
                continue
            }
        }
        return entries
    }

    /// The tokens of a netrc text; a `macdef` body ends at a blank line, given as a NUL token.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var inToken = false
        var previousNewline = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            if quoted {
                if character == "\\" { escaped = true } else if character == "\"" { quoted = false } else { current.append(character) }
                continue
            }
            if character.isWhitespace {
                if inToken { tokens.append(current); current = ""; inToken = false }
                if character.isNewline {
                    if previousNewline { tokens.append("\u{0}") }
                    previousNewline = true
                }
                continue
            }
            previousNewline = false
            inToken = true
            if character == "\"" { quoted = true } else { current.append(character) }
        }
        if inToken { tokens.append(current) }
        return tokens
    }
}
