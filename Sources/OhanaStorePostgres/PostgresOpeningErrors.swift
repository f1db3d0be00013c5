import Foundation
import OhanaStore
import OhanaConnectionErrors
import PostgresNIO

extension PostgresContactStore {
    /// Why opening the store at `location` failed, in the user's words: a connection that could not be
    /// made (refused, unknown host, TLS), a server that refused (password, role, database, rights),
    /// or, for anything else, the server's own message.
    static func openingError(_ error: any Error, location: Location) -> ContactStoreError {
        let address = "\(location.host):\(location.port)"
        if let error = error as? PSQLError, let sqlState = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            switch sqlState {
            case "28P01":
                return .refusedByServer(location: location.description, reason: message,
                                        advice: "check PGPASSWORD (or the password typed at the prompt)")
            case "28000":
                return .refusedByServer(location: location.description, reason: message,
                                        advice: "check the user name and the server's pg_hba.conf for this host and database")
            case "3D000":
                return .refusedByServer(location: location.description, reason: message,
                                        advice: "create it (createdb -h \(location.host) -p \(location.port) \(location.database)) or check the URL's path")
            case "42501":
                return .refusedByServer(location: location.description, reason: message,
                                        advice: "the first run creates the store's tables: run it as the database's owner, or grant CREATE")
            case "53300":
                return .refusedByServer(location: location.description, reason: message,
                                        advice: "the server has no free connection; try again or raise max_connections")
            case "57P03":
                return .refusedByServer(location: location.description, reason: message,
                                        advice: "the server is starting or shutting down; try again in a moment")
            default:
                return .cannotOpen(path: location.description, reason: message)
            }
        }
        // postgres-nio keeps the transport's error as the `underlying` of its own.
        if let failure = ConnectionFailure((error as? PSQLError)?.underlying ?? error) ?? ConnectionFailure(error) {
            return .cannotConnect(address: address, reason: failure.description, advice: failure.advice(server: "PostgreSQL"))
        }
        if let error = error as? PSQLError, error.code == .sslUnsupported {
            return .cannotConnect(address: address, reason: "the server requires TLS",
                                  advice: "Ohana connects to PostgreSQL without TLS: reach the server through a local port or a tunnel")
        }
        return .cannotOpen(path: location.description, reason: reason(error))
    }
}
