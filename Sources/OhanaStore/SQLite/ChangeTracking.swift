import Foundation
import GRDB
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
    init(storeID: String, sequence: Int64) {
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
    func check(storeID: String, sequence: Int64, prunedThrough: Int64) throws {
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

/// What saving one contact did.
public enum ContactSaveOutcome: Hashable, Sendable {
    /// The contact was new.
    case added
    /// A stored contact was replaced with different content.
    case updated
    /// The stored contact already had exactly this content; nothing was written.
    case unchanged
}

/// How ``SQLiteContactStore/save(_:mode:)`` treats what is already stored.
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
    mutating func count(_ outcome: ContactSaveOutcome) {
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

/// How ``SQLiteContactStore/commitChild(_:policy:)`` treats contacts changed in both the child and the parent.
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

/// One contact's net change since a point in the change history (a change token, or the moment a
/// child store was made): the change feed and merging a child store both read it.
struct NetChange: Sendable {
    var id: ContactID
    /// The current version; `nil` when removed.
    var version: Contact?
    /// Whether the contact existed at that point.
    var existedAtBase: Bool

    /// What merging this child change into the parent does.
    enum Step {
        /// The child's version (or removal) is applied.
        case apply
        /// The parent's version stays.
        case keepParent
        /// Both changed the contact differently, and the policy fails on conflicts.
        case conflict(MergeConflict)
    }

    /// What merging this change does, given the parent's version of the contact and the change
    /// number of its last change there (`nil`: no history row) against the child's base.
    func step(parentVersion: Contact?, parentSequence: Int64?, base: Int64, policy: ChildCommitPolicy) -> Step {
        // No history row for a contact that existed at the base: removed here, history pruned.
        let changedHere = parentSequence.map { $0 > base } ?? existedAtBase
        guard changedHere, parentVersion != version else { return .apply }
        switch policy {
        case .failOnConflict: return .conflict(MergeConflict(contactID: id, childVersion: version, parentVersion: parentVersion))
        case .preferParent: return .keepParent
        case .preferChild: return .apply
        }
    }
}

extension ContactReadTransaction {
    /// The net change of every contact changed after change number `base`, in change order; a
    /// contact added and removed again after `base` is left out.
    func netChanges(since base: Int64) throws -> [NetChange] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT contactChange.contactID AS changedID, contactChange.isRemoved, contactChange.addedSequence,
                   contact.id, contact.json, contact.photo, contact.photoType
            FROM contactChange LEFT JOIN contact ON contact.id = contactChange.contactID
            WHERE contactChange.sequence > ?
            ORDER BY contactChange.sequence, contactChange.contactID
            """, arguments: [base])
        var changes: [NetChange] = []
        while let row = try rows.next() {
            let existedAtBase = (row["addedSequence"] as Int64) <= base
            let id = ContactID(rawValue: row["changedID"])
            if row["isRemoved"] as Bool {
                if existedAtBase { changes.append(NetChange(id: id, version: nil, existedAtBase: true)) }
            } else if (row["json"] as Data?) != nil {
                changes.append(NetChange(id: id, version: try codec.decode(row), existedAtBase: existedAtBase))
            }
        }
        return changes
    }

    /// The change number of a contact's last change, if it has a history row.
    func changeSequence(of id: ContactID) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT sequence FROM contactChange WHERE contactID = ?"),
                           arguments: [id.rawValue])
    }
}

extension ContactReadTransaction {
    /// The change history behind the store's tokens (see ``StoreBookkeeping/ChangeHistory``).
    func changeHistory() throws -> StoreBookkeeping.ChangeHistory {
        let info = try storeInfo()
        let entries = try Row.fetchAll(db, sql: """
            SELECT contactID, sequence, isRemoved, addedSequence FROM contactChange ORDER BY contactID
            """).map { row in
            StoreBookkeeping.ChangeHistory.Entry(contactID: ContactID(rawValue: row["contactID"]), sequence: row["sequence"],
                                                 isRemoved: row["isRemoved"], addedSequence: row["addedSequence"])
        }
        return StoreBookkeeping.ChangeHistory(storeID: info.storeID, sequence: info.sequence,
                                              prunedThrough: info.prunedThrough, entries: entries)
    }
}

extension ContactWriteTransaction {
    /// Takes another store's change history, identity included, so that its tokens work here.
    func replaceChangeHistory(_ history: StoreBookkeeping.ChangeHistory) throws {
        try db.execute(sql: "DELETE FROM contactChange")
        let insert = try db.makeStatement(sql: """
            INSERT INTO contactChange (contactID, sequence, isRemoved, addedSequence) VALUES (?, ?, ?, ?)
            """)
        for entry in history.entries {
            try insert.execute(arguments: [entry.contactID.rawValue, entry.sequence, entry.isRemoved, entry.addedSequence])
        }
        try db.execute(sql: "UPDATE storeInfo SET storeID = ?, changeSequence = ?, prunedThrough = ? WHERE id = 1",
                       arguments: [history.storeID, history.sequence, history.prunedThrough])
    }
}
