import Foundation
import Ohana
import OhanaStore
import PostgresNIO

/// Child stores of a PostgreSQL store: an in-memory copy of its contacts (made by the store's
/// ``ChildStoreFactory``: in-memory SQLite with `ChildStoreFactory.sqliteInMemory`) for edits that
/// may be thrown away, or committed back with the rules every backend shares (`NetChange.commitPlan`).
extension PostgresContactStore {
    /// Makes a child store: an in-memory copy of this store's contacts, as of one snapshot, that
    /// takes reads and writes like a store of the factory's backend and is later merged with
    /// ``commitChild(_:policy:)`` or thrown away with ``ContactChildStore/discard()``. Merge decisions and sync
    /// records stay in this store. Throws ``ContactStoreError/noChildStores(location:)`` when the store
    /// was opened without a ``ChildStoreFactory``.
    ///
    /// Complexity: O(*n*) for *n* stored contacts.
    public func makeChild() async throws -> any ContactChildStore {
        guard let childStores else { throw ContactStoreError.noChildStores(location: location.description) }
        let (contacts, sequence) = try await readSnapshot { transaction in
            let info = try await Self.storeInfo(transaction.connection, logger: logger)
            let contacts = try await transaction.allContacts()
            return (contacts, info.sequence)
        }
        return try childStores.make(self, contacts, sequence, configuration)
    }

    /// Commits a child store's changes to this store in one transaction, then closes the child.
    ///
    /// A contact the child changed that was also changed here since the child was made is a
    /// conflict. With ``ChildCommitPolicy/failOnConflict`` nothing is merged, the child stays open, and
    /// ``ContactStoreError/mergeConflicts(_:)`` lists every conflict with both versions.
    @discardableResult
    public func commitChild(_ child: any ContactChildStore, policy: ChildCommitPolicy = .failOnConflict) async throws -> ContactSaveSummary {
        guard let child = child as? any CommittableChildStore, child.foreignParent === self else { throw ContactStoreError.notAChild }
        let base = child.baseSequence
        let changes = try child.netChangesSinceMade()
        let summary = try await writeRows { try StoreAlgorithms.commitChild(changes, base: base, policy: policy, in: $0) }
        child.closeMergedChild()
        return summary
    }
}
