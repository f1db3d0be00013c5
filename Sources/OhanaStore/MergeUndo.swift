import Foundation
import Ohana

/// What undoing a merge, or taking one member out of it, left in the store.
public struct MergeUndoResult: Hashable, Sendable {
    /// The member contacts stored on their own again, as they were recorded.
    public var restored: [Contact]
    /// The merged contact rebuilt from the members that stay together; `nil` when the merge was undone whole.
    public var remaining: Contact?
}

extension ContactWriteTransaction {
    /// Undoes the merge that made the stored contact `id`: the merged contact is removed and each
    /// member is stored again as its latest recorded version (byte for byte what was merged, unless
    /// an import updated it since); the members are recorded as kept apart, so that they are not
    /// proposed again, and no longer as kept together.
    ///
    /// Throws ``ContactStoreError`` when `id` is not a merged contact with recorded members.
    @discardableResult
    public func undoMerge(of id: ContactID) throws -> MergeUndoResult {
        let members = try recordedMembers(of: id)
        try forgetMembers(ofRemoved: id)
        _ = try remove(id: id)
        for member in members { _ = try save(member) }
        try recordSplit(members.map(\.id), apartFrom: members.map(\.id))
        return MergeUndoResult(restored: members, remaining: nil)
    }

    /// Takes one member out of the merged contact `id` without undoing the rest: the member is
    /// stored on its own again, and the others are merged anew with `merge` (which keeps the
    /// first one's id); with one other member left, the merge is undone whole. The member is
    /// recorded as kept apart from the others.
    @discardableResult
    public func removeMember(
        _ memberID: ContactID, fromMerged id: ContactID, remerging merge: ([Contact]) throws -> Contact
    ) throws -> MergeUndoResult {
        let members = try recordedMembers(of: id)
        guard let removed = members.first(where: { $0.id == memberID }) else {
            throw ContactStoreError.contactNotFound(memberID)
        }
        let others = members.filter { $0.id != memberID }
        guard others.count > 1 else { return try undoMerge(of: id) }
        try forgetMembers(ofRemoved: id)
        _ = try remove(id: id)
        let merged = try merge(others)
        try saveMerged(merged, members: others)
        _ = try save(removed)
        try recordSplit([memberID], apartFrom: others.map(\.id))
        return MergeUndoResult(restored: [removed], remaining: merged)
    }

    /// The members recorded for a merged contact; throws when there are none.
    private func recordedMembers(of id: ContactID) throws -> [Contact] {
        let members = try mergedMembers(of: id)
        guard !members.isEmpty else { throw ContactStoreError.contactNotFound(id) }
        return members
    }

    /// Drops `split` from the kept-together decisions and keeps each of them apart from `others`.
    private func recordSplit(_ split: [ContactID], apartFrom others: [ContactID]) throws {
        try setMergeDecisions(try mergeDecisions().recordingSplit(split, apartFrom: others))
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

extension SQLiteContactStore {
    /// Undoes the merge that made the stored contact `id` (see ``ContactWriteTransaction/undoMerge(of:)``).
    @discardableResult
    public func undoMerge(of id: ContactID) throws -> MergeUndoResult {
        try write { try $0.undoMerge(of: id) }
    }

    /// Takes one member out of a merged contact (see ``ContactWriteTransaction/removeMember(_:fromMerged:remerging:)``).
    @discardableResult
    public func removeMember(
        _ memberID: ContactID, fromMerged id: ContactID, remerging merge: ([Contact]) throws -> Contact
    ) throws -> MergeUndoResult {
        try write { try $0.removeMember(memberID, fromMerged: id, remerging: merge) }
    }
}
