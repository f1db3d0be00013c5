import Foundation
import Ohana

/// Why the store refused an operation.
public enum ContactStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but is not an Ohana contact store; it was left untouched.
    case notAStore(path: String, reason: String)
    /// The file was written by a newer version of Ohana (it has migrations this version does not know); it was left untouched.
    case newerVersion(path: String, unknownMigrations: [String])
    /// The file could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// A contact with this id is already stored.
    case duplicateID(ContactID)
    /// No contact with this id is stored.
    case contactNotFound(ContactID)
    /// A stored record could not be decoded.
    case corruptRecord(id: ContactID?, reason: String)
    /// The change token does not belong to this store (or is malformed); reload everything.
    case unknownChangeToken(String)
    /// The change history the token needs was pruned; reload everything.
    case expiredChangeToken(String)
    /// A child store's changes conflict with changes made meanwhile in its parent; nothing was merged.
    case mergeConflicts([MergeConflict])
    /// The store was closed, or (a child store) already merged or discarded.
    case closed
    /// The store given to `merge(_:)` is not a child of this store.
    case notAChild
    /// A copy between stores did not end up with the source's contacts (counts or content hashes differ).
    case copyMismatch(String)
    /// The PostgreSQL server asks for a password and none was given (`PGPASSWORD`, or a prompt).
    case passwordRequired(location: String)
    /// No connection could be made to the database server at `address` (`HOST:PORT`): why, and what to do.
    case cannotConnect(address: String, reason: String, advice: String)
    /// The database server was reached but refused the store at `location`: the server's reason, and what to do.
    case refusedByServer(location: String, reason: String, advice: String)
    /// The store at `location` was opened without a way to make child stores (a ``ChildStoreFactory``).
    case noChildStores(location: String)
    /// A contact changed (or was deleted) since the version an edit was made on; nothing was written.
    case versionConflict(ContactVersionConflict)
    /// No revision with this number is in the store's revision journal.
    case noSuchRevision(Int64)

    /// The error in one line.
    public var description: String {
        switch self {
        case .notAStore(let path, let reason):
            "\(path): not an Ohana contact store (\(reason)); the file was left unchanged"
        case .newerVersion(let path, let unknown):
            "\(path): written by a newer version of Ohana (unknown schema migrations: \(unknown.joined(separator: ", "))); "
                + "upgrade Ohana to open it; the file was left unchanged"
        case .cannotOpen(let path, let reason):
            "\(path): cannot open the contact store: \(reason)"
        case .duplicateID(let id):
            "a contact with id \(id) is already stored"
        case .contactNotFound(let id):
            "no contact with id \(id) is stored"
        case .corruptRecord(let id, let reason):
            "stored contact \(id?.rawValue ?? "?") cannot be decoded: \(reason)"
        case .unknownChangeToken(let token):
            "change token '\(token)' is unknown to this store; reload all contacts and take a new token"
        case .expiredChangeToken(let token):
            "change token '\(token)' has expired (its change history was pruned); reload all contacts and take a new token"
        case .mergeConflicts(let conflicts):
            "merge refused: \(conflicts.count) contact\(conflicts.count == 1 ? "" : "s") changed in both stores ("
                + conflicts.prefix(5).map(\.contactID.rawValue).joined(separator: ", ")
                + (conflicts.count > 5 ? ", …" : "") + "); nothing was merged"
        case .closed:
            "the store is closed (a child store is closed once merged or discarded)"
        case .notAChild:
            "the store to merge is not a child of this store"
        case .copyMismatch(let reason):
            "the copy between stores does not match: \(reason)"
        case .passwordRequired(let location):
            "\(location): the server asks for a password; set PGPASSWORD (never put it in the URL)"
        case .cannotConnect(let address, let reason, let advice):
            "cannot connect to PostgreSQL at \(address) (\(reason)): \(advice)"
        case .noChildStores(let location):
            "\(location): this store was opened without child stores (give it a ChildStoreFactory, such as ChildStoreFactory.sqliteInMemory)"
        case .refusedByServer(let location, let reason, let advice):
            "\(location): PostgreSQL refused: \(reason): \(advice)"
        case .versionConflict(let conflict):
            if conflict.expectedVersion < 0 {
                // Undoing a delete expects no stored contact.
                "contact \(conflict.contactID) was stored again since it was deleted (it is at version "
                    + "\(conflict.current?.version ?? 0) now); nothing was written"
            } else if let current = conflict.current {
                "contact \(conflict.contactID) changed since version \(conflict.expectedVersion) (it is at version "
                    + "\(current.version) now); nothing was written: read it again and redo the change"
            } else {
                "contact \(conflict.contactID) was deleted since version \(conflict.expectedVersion); nothing was written"
            }
        case .noSuchRevision(let number):
            "no revision \(number) in this store's edit history"
        }
    }
}

/// One contact changed both in a child store and, since the child was made, in its parent.
public struct MergeConflict: Hashable, Sendable {
    /// The contact's id.
    public var contactID: ContactID
    /// The child store's version; `nil` when the child removed it.
    public var childVersion: Contact?
    /// The parent store's current version; `nil` when the parent removed it.
    public var parentVersion: Contact?

    /// Creates a conflict record.
    public init(contactID: ContactID, childVersion: Contact?, parentVersion: Contact?) {
        self.contactID = contactID
        self.childVersion = childVersion
        self.parentVersion = parentVersion
    }
}
