import ArgumentParser
import Foundation
import OhanaAccounts
import Logging
import OhanaAddressBook
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import OhanaSampleData

/// `ohana serve`: the web address book on the contact store.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a web address book on the contact store: browse, search, pick, review merges, statistics.",
        discussion: """
            Listens on 127.0.0.1 by default, so only this machine can reach it; there, sign-in is \
            required once the store has an account (`ohana user add`). On another address the store \
            must have an account, unless --no-auth is given. --tls-cert and --tls-key serve HTTPS.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var regionOptions: RegionOptions

    @Option(name: .long, help: "Locale whose collation orders names, such as en_US or sv_SE (default: en_US).")
    var locale: String?

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp(
        "Serve this many generated sample contacts from a store in memory instead of the store file (to try it out).",
        valueName: "count"))
    var sample: Int?

    @Flag(name: .long, help: "Expose metrics at /metrics in the Prometheus text format (requests per route, latency, the library's events).")
    var metrics = false

    @Flag(name: .long, help: "Serve without sign-in even on a non-loopback address (anyone who reaches it may read and change the contacts).")
    var noAuth = false

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM).", valueName: "pem"))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The private key (PEM) of --tls-cert.", valueName: "pem"))
    var tlsKey: String?

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        if let sample {
            guard (1...100_000).contains(sample) else { throw ValidationError("--sample must be from 1 to 100000, not \(sample)") }
            guard storeOptions.store == nil else { throw ValidationError("--sample and --store cannot be combined") }
        }
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
    }

    func run() async throws {
        regionOptions.configure()
        // Before anything is loaded, so that the load is counted too.
        let serverMetrics: ServerMetrics? = metrics ? ServerMetrics() : nil
        serverMetrics?.installAsMetricsSystem()
        let store: any ContactStorage
        let source: String
        if let sample {
            store = SQLiteContactStorage(try SQLiteContactStore.inMemory())
            try await ContactStoreService(store: store).replaceContacts(with: ContactGenerator(seed: 1).generate(count: sample))
            source = "generated sample data (a store in memory)"
        } else {
            store = try await storeOptions.openStorage()
            source = store.locationDescription
        }
        let mode: ServerAccess.Mode
        do {
            mode = try ServerAccess.mode(host: host, hasAccounts: try await AccountBook(store: store).hasAccounts(), noAuth: noAuth)
        } catch let refusal as ServerAccess.Refusal {
            throw ToolError(refusal.description)
        }
        warn(mode: mode)
        let addressBook = AddressBook(store: store, locale: locale.map(Locale.init(identifier:)) ?? ContactOrdering.defaultLocale,
                                      region: regionOptions.effectiveRegion)
        do {
            try await addressBook.reload()
        } catch {
            throw ToolError("cannot load \(source): \(error)")
        }
        var logger = Logger(label: "ohana.serve")
        // Notices (start, stop) by default; OHANA_LOG_LEVEL=info adds a line per request.
        logger.logLevel = ProcessInfo.processInfo.environment["OHANA_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .notice
        let count = await addressBook.contactCount
        let host = self.host
        let tls = tlsCert.map { ServerTLS(certificateFile: $0, keyFile: tlsKey ?? "") }
        let scheme = tls == nil ? "http" : "https"
        do {
            try tls?.validate()
        } catch {
            throw ToolError("cannot serve HTTPS with \(tlsCert ?? "") and \(tlsKey ?? ""): \(error)")
        }
        let app = try AddressBookServer.makeApplication(addressBook: addressBook, host: host, port: port, logger: logger,
                                                        metrics: serverMetrics, access: ServerAccess(mode: mode), tls: tls) { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            printError("ohana serve: \(count) contacts from \(source); open \(scheme)://\(shown):\(port)/ (Ctrl-C to stop)")
        }
        try await app.runService()
    }

    /// Warns when anyone who reaches a non-loopback address may use the server, or sign-ins cross the network unencrypted.
    private func warn(mode: ServerAccess.Mode) {
        guard !AddressBookServer.isLoopback(host) else { return }
        let line = String(repeating: "!", count: 78)
        if mode == .off {
            printError("""
                \(line)
                WARNING: ohana serve is listening on \(host), not on a loopback address, with --no-auth.
                Anyone who can reach this machine on port \(port) can read, export and merge
                your contacts: there is no sign-in\(tlsCert == nil ? " and no encryption" : ""). Use --host 127.0.0.1
                unless you really mean to share them.
                \(line)

                """)
        } else if tlsCert == nil {
            printError("note: passwords and sessions cross the network unencrypted; serve with --tls-cert/--tls-key or behind an HTTPS reverse proxy")
        }
    }
}
