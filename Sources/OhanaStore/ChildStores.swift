import Foundation
import Ohana

/// Options for opening a store, the same for every backend.
public struct ContactStoreConfiguration: Sendable {
    /// The most removed contacts the change history remembers; older removals are pruned and
    /// tokens from before them expire. A negative value keeps every removal.
    public var removalHistoryLimit: Int
    /// How long to wait for another process's write lock before failing, in seconds.
    public var busyTimeout: TimeInterval

    /// Creates a configuration.
    public init(removalHistoryLimit: Int = 10_000, busyTimeout: TimeInterval = 10) {
        self.removalHistoryLimit = removalHistoryLimit
        self.busyTimeout = busyTimeout
    }
}

/// A child store: an in-memory copy of a store's contacts whose writes reach the store it was made
/// from only when committed with ``ContactStorage/commitChild(_:policy:)``, or are thrown away with
/// ``discard()``. The SQLite backend's child stores are `SQLiteContactStore`s.
public protocol ContactChildStore: AnyObject, Sendable {
    /// Whether this store is a child store.
    var isChild: Bool { get }
    /// Throws the child's changes away and closes it.
    func discard()
}

/// What a store needs of a child store it commits, whichever backend holds the child.
package protocol CommittableChildStore: ContactChildStore {
    /// The store the child was made from, when that store is of another backend than the child.
    var foreignParent: (any AnyObject & Sendable)? { get }
    /// The parent's change number when the child was made.
    var baseSequence: Int64 { get }
    /// What the child changed since it was made, one net change per contact.
    func netChangesSinceMade() throws -> [NetChange]
    /// Closes the child after its changes were committed.
    func closeMergedChild()
}

/// Makes the in-memory child stores of a backend that keeps none of its own: the PostgreSQL
/// backend's children are in-memory SQLite stores, made by the factory the SQLite backend offers.
public struct ChildStoreFactory: Sendable {
    /// Makes a child of `parent` holding `contacts` (the parent's at change number `baseSequence`).
    package let make: @Sendable (_ parent: any AnyObject & Sendable, _ contacts: [Contact], _ baseSequence: Int64,
                                 _ configuration: ContactStoreConfiguration) throws -> any CommittableChildStore

    /// A factory from a backend's maker.
    package init(make: @escaping @Sendable (_ parent: any AnyObject & Sendable, _ contacts: [Contact], _ baseSequence: Int64,
                                            _ configuration: ContactStoreConfiguration) throws -> any CommittableChildStore) {
        self.make = make
    }
}
