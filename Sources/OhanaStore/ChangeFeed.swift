import Foundation
import Ohana

/// A point in a store's change history, to ask later what changed since.
///
/// Its text form (`description`) is stable and can be saved and parsed back with ``init(_:)``.
public struct ChangeToken: Hashable, Sendable, Codable, LosslessStringConvertible {
    /// The identity of the store the token belongs to.
    public let storeID: String
    /// The number of the last write the token covers.
    public let sequence: Int64

    /// Creates a token.
    package init(storeID: String, sequence: Int64) {
        self.storeID = storeID
        self.sequence = sequence
    }

    /// Parses the text form `storeID:sequence`; `nil` when malformed.
    public init?(_ description: String) {
        guard let colon = description.lastIndex(of: ":"),
              let sequence = Int64(description[description.index(after: colon)...]), sequence >= 0
        else { return nil }
        let storeID = String(description[..<colon])
        guard !storeID.isEmpty else { return nil }
        self.init(storeID: storeID, sequence: sequence)
    }

    /// The text form, `storeID:sequence`.
    public var description: String { "\(storeID):\(sequence)" }

    /// Checks that the token can be answered by a store with this identity, last write and pruned
    /// history (every backend asks the same): ``ContactStoreError/unknownChangeToken(_:)`` for
    /// another store's or a future token, ``ContactStoreError/expiredChangeToken(_:)`` for one
    /// older than the kept history.
    package func check(storeID: String, sequence: Int64, prunedThrough: Int64) throws {
        guard self.storeID == storeID, self.sequence <= sequence else {
            throw ContactStoreError.unknownChangeToken(description)
        }
        guard self.sequence >= prunedThrough else { throw ContactStoreError.expiredChangeToken(description) }
    }

    /// Decodes a token from its text form.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let token = ChangeToken(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a change token: \(text)"))
        }
        self = token
    }

    /// Encodes the token as its text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// What changed in a store between a token and now.
public struct ContactChanges: Sendable, Hashable {
    /// Contacts added since the token (including ones removed and added again), in their current version.
    public var added: [Contact]
    /// Contacts that existed at the token and were changed since, in their current version.
    public var updated: [Contact]
    /// Identifiers of contacts that existed at the token and are gone now.
    public var removed: [ContactID]
    /// The token to ask with next time.
    public var token: ChangeToken

    /// Whether nothing changed.
    public var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty }

    /// Creates a change set.
    public init(added: [Contact], updated: [Contact], removed: [ContactID], token: ChangeToken) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.token = token
    }
}

/// One contact's net change since a point in the change history (a change token, or the moment a
/// child store was made): the change feed and merging a child store both read it.
package struct NetChange: Sendable {
    package var id: ContactID
    /// The current version; `nil` when removed.
    package var version: Contact?
    /// Whether the contact existed at that point.
    package var existedAtBase: Bool

    /// What merging this child change into the parent does.
    package enum Step {
        /// The child's version (or removal) is applied.
        case apply
        /// The parent's version stays.
        case keepParent
        /// Both changed the contact differently, and the policy fails on conflicts.
        case conflict(MergeConflict)
    }

    /// What merging this change does, given the parent's version of the contact and the change
    /// number of its last change there (`nil`: no history row) against the child's base.
    package func step(parentVersion: Contact?, parentSequence: Int64?, base: Int64, policy: ChildCommitPolicy) -> Step {
        // No history row for a contact that existed at the base: removed here, history pruned.
        let changedHere = parentSequence.map { $0 > base } ?? existedAtBase
        guard changedHere, parentVersion != version else { return .apply }
        switch policy {
        case .failOnConflict: return .conflict(MergeConflict(contactID: id, childVersion: version, parentVersion: parentVersion))
        case .preferParent: return .keepParent
        case .preferChild: return .apply
        }
    }

    /// What committing a child's net changes to its parent writes, decided the same for every
    /// backend: the child's versions to save and the ids to remove, in change order, given the
    /// parent's versions of the changed contacts and the change numbers of their last changes
    /// there. Throws ``ContactStoreError/mergeConflicts(_:)`` listing every conflict when the
    /// policy fails on conflicts; nothing is to be written then.
    package static func commitPlan(
        _ changes: [NetChange], parentVersions: [ContactID: Contact], parentSequences: [ContactID: Int64],
        base: Int64, policy: ChildCommitPolicy
    ) throws -> (saves: [Contact], removals: [ContactID]) {
        var conflicts: [MergeConflict] = []
        var saves: [Contact] = []
        var removals: [ContactID] = []
        for change in changes {
            let step = change.step(parentVersion: parentVersions[change.id], parentSequence: parentSequences[change.id],
                                   base: base, policy: policy)
            if case .conflict(let conflict) = step { conflicts.append(conflict) }
            guard conflicts.isEmpty, case .apply = step else { continue }
            if let version = change.version { saves.append(version) } else { removals.append(change.id) }
        }
        if !conflicts.isEmpty { throw ContactStoreError.mergeConflicts(conflicts) }
        return (saves, removals)
    }
}

/// A store's identity and change numbers: the last write, and how far back removals are forgotten.
package struct StoreInfo: Sendable {
    /// The store's identity (in its change tokens).
    package var storeID: String
    /// The change number of the last write.
    package var sequence: Int64
    /// The change number through which the removal history is pruned.
    package var prunedThrough: Int64

    /// Creates the information.
    package init(storeID: String, sequence: Int64, prunedThrough: Int64) {
        self.storeID = storeID
        self.sequence = sequence
        self.prunedThrough = prunedThrough
    }

    /// The token for this state.
    package var token: ChangeToken { ChangeToken(storeID: storeID, sequence: sequence) }
}

/// One row of a store's change log after some change number, with the contact's current stored
/// form: what the change feed and merging a child store are read from.
package struct ChangeLogRow: Sendable {
    /// The contact that changed.
    package var contactID: ContactID
    /// Whether its last change removed it.
    package var isRemoved: Bool
    /// The change number that last added it.
    package var addedSequence: Int64
    /// Its stored form; `nil` when it is not stored.
    package var record: StoredRecord?

    /// Creates a row.
    package init(contactID: ContactID, isRemoved: Bool, addedSequence: Int64, record: StoredRecord?) {
        self.contactID = contactID
        self.isRemoved = isRemoved
        self.addedSequence = addedSequence
        self.record = record
    }
}

extension NetChange {
    /// The net change of every contact in `rows` (the change log after change number `base`, in
    /// change order); a contact added and removed again after `base` is left out. Many versions
    /// are decoded on every core.
    package static func netChanges(_ rows: [ChangeLogRow], since base: Int64) throws -> [NetChange] {
        let kept = rows.filter { $0.isRemoved ? $0.addedSequence <= base : $0.record != nil }
        let versions = try ContactCodec.decodeAll(kept.compactMap { $0.isRemoved ? nil : $0.record })
        var next = versions.makeIterator()
        return kept.map { row in
            NetChange(id: row.contactID, version: row.isRemoved ? nil : next.next(),
                      existedAtBase: row.addedSequence <= base)
        }
    }
}

extension ContactChanges {
    /// The change feed from the change log after change number `base` (``ChangeLogRow``, in
    /// change order; the token given was checked against `info` with ``ChangeToken/check(_:)``),
    /// ending at the store's current token.
    package init(log: [ChangeLogRow], since base: Int64, info: StoreInfo) throws {
        var added: [Contact] = []
        var updated: [Contact] = []
        var removed: [ContactID] = []
        for change in try NetChange.netChanges(log, since: base) {
            if let version = change.version {
                if change.existedAtBase { updated.append(version) } else { added.append(version) }
            } else {
                removed.append(change.id)
            }
        }
        self.init(added: added, updated: updated, removed: removed, token: info.token)
    }
}

extension ChangeToken {
    /// Checks that a store with this information can answer the token (see ``check(storeID:sequence:prunedThrough:)``).
    package func check(_ info: StoreInfo) throws {
        try check(storeID: info.storeID, sequence: info.sequence, prunedThrough: info.prunedThrough)
    }
}
