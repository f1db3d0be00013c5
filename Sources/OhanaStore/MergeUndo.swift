import Foundation
import Ohana

/// What undoing a merge, or taking one member out of it, left in the store.
public struct MergeUndoResult: Hashable, Sendable {
    /// The member contacts stored on their own again, as they were recorded.
    public var restored: [Contact]
    /// The merged contact rebuilt from the members that stay together; `nil` when the merge was undone whole.
    public var remaining: Contact?
}

/// Undoing a merge, or taking one member out of it, decided once for every backend from the
/// merged contact's recorded members (`SQLiteWriteTransaction.undoMerge(of:)` (OhanaStoreSQLite),
/// `SQLiteWriteTransaction.removeMember(_:fromMerged:remerging:)` (OhanaStoreSQLite)).
///
/// A backend applies it in order: the merged contact is removed with its members' records;
/// ``remaining`` (when some members stay together) is saved merged with its members; ``restored``
/// is stored on its own; the merge decisions become ``decisions(after:)``.
package struct MergeSplit {
    /// The members stored on their own again, as recorded.
    package let restored: [Contact]
    /// The merged contact rebuilt from the members that stay together, with those members; `nil`
    /// when the merge is undone whole.
    package let remaining: (merged: Contact, members: [Contact])?
    private let split: [ContactID]
    private let others: [ContactID]

    /// Plans undoing the merge that made `id` whole. Throws ``ContactStoreError/contactNotFound(_:)``
    /// when `id` has no recorded members.
    package init(undoing id: ContactID, members: [Contact]) throws {
        guard !members.isEmpty else { throw ContactStoreError.contactNotFound(id) }
        restored = members
        remaining = nil
        split = members.map(\.id)
        others = split
    }

    /// Plans taking `memberID` out of the merge that made `id` and merging the others anew with
    /// `merge`; with one other member left, the merge is undone whole. Throws
    /// ``ContactStoreError/contactNotFound(_:)`` when `id` has no recorded members or `memberID`
    /// is not one of them.
    package init(removing memberID: ContactID, from id: ContactID, members: [Contact],
                 merge: ([Contact]) throws -> Contact) throws {
        guard !members.isEmpty else { throw ContactStoreError.contactNotFound(id) }
        guard let removed = members.first(where: { $0.id == memberID }) else {
            throw ContactStoreError.contactNotFound(memberID)
        }
        let staying = members.filter { $0.id != memberID }
        guard staying.count > 1 else {
            self = try MergeSplit(undoing: id, members: members)
            return
        }
        restored = [removed]
        remaining = (try merge(staying), staying)
        split = [memberID]
        others = staying.map(\.id)
    }

    /// What the caller is told.
    package var result: MergeUndoResult { MergeUndoResult(restored: restored, remaining: remaining?.merged) }

    /// The merge decisions after the split: the leaving members no longer kept together with the
    /// rest, and kept apart from it (see ``ContactMergeDecisions/recordingSplit(_:apartFrom:)``).
    package func decisions(after decisions: ContactMergeDecisions) -> ContactMergeDecisions {
        decisions.recordingSplit(split, apartFrom: others)
    }

    /// The member versions a merged contact of `members` records, in merge order (see
    /// `SQLiteWriteTransaction.saveMerged(_:members:)` (OhanaStoreSQLite)): a member that is itself a merged
    /// contact contributes its own recorded members (`recorded`, with whether each is a fixed
    /// snapshot), any other member itself.
    package static func memberVersions(
        of members: [Contact], recorded: [ContactID: [(contact: Contact, isSnapshot: Bool)]]
    ) -> [(contact: Contact, isSnapshot: Bool)] {
        members.flatMap { member in
            let own = recorded[member.id] ?? []
            return own.isEmpty ? [(member, false)] : own
        }
    }
}

extension ContactMergeDecisions {
    /// The decisions after the contacts `split` leave a merged group `others` (all of it when
    /// `split` is the whole group): `split` no longer kept together with the rest, and kept apart
    /// from it (the whole group as one kept-apart group, else each pair of leaving and staying).
    public func recordingSplit(_ split: [ContactID], apartFrom others: [ContactID]) -> ContactMergeDecisions {
        var decisions = self
        let leaving = Set(split)
        let rest = others.filter { !leaving.contains($0) }
        decisions.keptTogether = decisions.keptTogether.compactMap { group in
            if split.count == others.count { return leaving.isDisjoint(with: group) ? group : nil }
            let kept = group.filter { !leaving.contains($0) }
            return kept.count > 1 ? kept : nil
        }
        if split.count == others.count {
            decisions.keptApart.append(split)
        } else {
            for id in split { for other in rest { decisions.keptApart.append([id, other]) } }
        }
        return decisions
    }
}
