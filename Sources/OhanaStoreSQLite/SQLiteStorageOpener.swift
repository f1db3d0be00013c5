import Foundation
import Ohana
import OhanaStore

extension ContactStorageOpener {
    /// The SQLite backend's opener: it takes every location that is not a URL (`scheme://…`) as a
    /// file path (`~` expanded), and opens the store file there, creating it when missing (a file
    /// that is there is a store that exists).
    public static let sqlite = ContactStorageOpener(
        name: "SQLite",
        accepts: { !SQLiteContactStorage.isURL($0) },
        describe: { SQLiteContactStorage.expandedPath($0) },
        open: { location, _ in
            SQLiteContactStorage(try SQLiteContactStore(fileURL: URL(fileURLWithPath: SQLiteContactStorage.expandedPath(location))))
        },
        exists: { FileManager.default.fileExists(atPath: SQLiteContactStorage.expandedPath($0)) })
}

extension ChildStoreFactory {
    /// Child stores as in-memory SQLite stores, for a backend that keeps none of its own (PostgreSQL).
    public static let sqliteInMemory = ChildStoreFactory { parent, contacts, baseSequence, configuration in
        try SQLiteContactStore.child(of: parent, contacts: contacts, baseSequence: baseSequence, configuration: configuration)
    }
}

extension SQLiteContactStore: ContactChildStore {}

extension SQLiteContactStore: CommittableChildStore {}

extension SQLiteContactStorage {
    /// Whether `location` starts with a URL scheme (`postgres://…`) rather than naming a file.
    static func isURL(_ location: String) -> Bool {
        guard let separator = location.range(of: "://") else { return false }
        let scheme = location[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// `location` with a leading `~` expanded to the home folder.
    static func expandedPath(_ location: String) -> String {
        (location as NSString).expandingTildeInPath
    }
}
