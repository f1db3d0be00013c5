import Foundation
import Ohana

/// What saving one contact did.
public enum ContactSaveOutcome: Hashable, Sendable {
    /// The contact was new.
    case added
    /// A stored contact was replaced with different content.
    case updated
    /// The stored contact already had exactly this content; nothing was written.
    case unchanged
}

/// How ``ContactStorage/save(_:mode:)`` treats what is already stored.
public enum ContactSaveMode: Hashable, Sendable {
    /// The store afterwards holds exactly the given contacts: others are removed, equal ids are replaced.
    case replace
    /// Each contact replaces the stored one from the same provider and source record (keeping the
    /// stored id), else the one with the same id; otherwise it is added. Nothing is removed.
    case upsertBySourceRecord
    /// Each contact replaces the stored one with the same id, otherwise it is added; nothing is
    /// removed. Copies between stores use it: ids are kept exactly.
    case upsertByID
}

/// What saving a batch of contacts did.
public struct ContactSaveSummary: Hashable, Sendable, CustomStringConvertible {
    /// How many contacts were added.
    public var added = 0
    /// How many stored contacts were changed.
    public var updated = 0
    /// How many contacts were already stored with the same content.
    public var unchanged = 0
    /// How many stored contacts were removed (``ContactSaveMode/replace`` only).
    public var removed = 0

    /// Creates an empty summary.
    public init() {}

    /// Counts one outcome.
    package mutating func count(_ outcome: ContactSaveOutcome) {
        switch outcome {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
    }

    /// The counts in words.
    public var description: String {
        "\(added) added, \(updated) updated, \(unchanged) unchanged, \(removed) removed"
    }
}

/// How ``ContactStorage/commitChild(_:policy:)`` treats contacts changed in both the child and the parent.
public enum ChildCommitPolicy: Hashable, Sendable {
    /// Merge nothing and throw ``ContactStoreError/mergeConflicts(_:)`` listing every conflict.
    case failOnConflict
    /// The child's version wins.
    case preferChild
    /// The parent's version is kept; the child's other changes are merged.
    case preferParent
}

/// The order contacts are listed in.
public enum ContactOrder: Hashable, Sendable {
    /// The order they were first stored in.
    case insertion
    /// By full name, ignoring case and diacritics.
    case name
}
