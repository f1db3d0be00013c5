import Foundation
import Ohana

/// The user's decisions on duplicate contacts, kept in the store so they travel with its file.
///
/// Encoded with the same keys as OhanaDuplicates' `DuplicateOverrides` (`keptTogether`, `keptApart`).
public struct ContactMergeDecisions: Hashable, Codable, Sendable {
    /// Groups of contacts the user merged or accepted for merging.
    public var keptTogether: [[ContactID]]
    /// Groups of contacts the user said are different people, never to be merged.
    public var keptApart: [[ContactID]]

    /// Creates decisions.
    public init(keptTogether: [[ContactID]] = [], keptApart: [[ContactID]] = []) {
        self.keptTogether = keptTogether
        self.keptApart = keptApart
    }

    /// Whether there are no decisions.
    public var isEmpty: Bool { keptTogether.isEmpty && keptApart.isEmpty }
}

/// One group of stored contacts to merge: the merged contact (which keeps one member's id) and
/// the members it replaces.
public struct ContactMergeGroup: Sendable {
    /// The merged contact.
    public var merged: Contact
    /// The stored contacts it replaces, in merge order.
    public var members: [Contact]

    /// Creates a group.
    public init(merged: Contact, members: [Contact]) {
        self.merged = merged
        self.members = members
    }
}

extension ContactMergeDecisions {
    /// The decisions as a backend stores them, in order: whether the group is kept together, and
    /// its ids as a JSON array.
    package func storedRows() throws -> [(isKeptTogether: Bool, contactIDs: String)] {
        let encoder = ContactCodec().encoder
        return try (keptTogether.map { (true, $0) } + keptApart.map { (false, $0) }).map { together, ids in
            (together, String(decoding: try encoder.encode(ids), as: UTF8.self))
        }
    }

    /// Reads the decisions a backend stored (``storedRows()``, in order); a group that is not a
    /// JSON array of ids throws ``ContactStoreError/corruptRecord(id:reason:)``.
    package init(storedRows: [(Bool, String)]) throws {
        self.init()
        let decoder = ContactCodec().decoder
        for (together, json) in storedRows {
            let ids: [ContactID]
            do {
                ids = try decoder.decode([ContactID].self, from: Data(json.utf8))
            } catch {
                throw ContactStoreError.corruptRecord(id: nil, reason: "a merge decision is not a list of contact ids: \(error)")
            }
            if together { keptTogether.append(ids) } else { keptApart.append(ids) }
        }
    }
}
