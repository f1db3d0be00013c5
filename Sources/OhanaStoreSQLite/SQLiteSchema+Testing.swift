import Foundation
import GRDB
import Ohana
import OhanaStore

extension SQLiteSchema {
    /// Creates (or brings) the database file at `path` to the schema of `identifier` only, as an
    /// older version of Ohana left it. For tests of migrations.
    static func migrateFile(at path: String, upTo identifier: String) throws {
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue, upTo: identifier)
        try queue.close()
    }

    /// Runs raw SQL with text arguments on the database file at `path`, creating it when missing.
    /// For tests that build older, newer and foreign files.
    static func execute(_ sql: String, arguments: [String] = [], inFileAt path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql, arguments: StatementArguments(arguments)) }
        try queue.close()
    }

    /// The names of the tables in the database file at `path`. For tests of migrations.
    static func tableNames(inFileAt path: String) throws -> Set<String> {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try String.fetchSet($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
    }
}
