import Foundation
import Ohana
import OhanaStore

extension AddressBook {
    /// Every duplicate cluster found, with its reasons and the decision taken.
    public func mergeReport() -> MergeReport {
        let list = list(.fullName)
        let sections = Dictionary(zip(list.contacts.map(\.id), list.sectionOfRow), uniquingKeysWith: { a, _ in a })
        let order: [MergeDecision: Int] = [.pending: 0, .accepted: 1, .keptApart: 2]
        let clusters = review.clusters.enumerated().sorted { a, b in
            let (x, y) = (order[a.element.decision] ?? 0, order[b.element.decision] ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        return MergeReport(
            clusters: clusters.map { cluster in
                ClusterReport(
                    id: cluster.id, decision: cluster.decision, reasons: cluster.reasons,
                    contacts: cluster.memberIDs.compactMap { id in
                        contactIfPresent(id).map { Self.row($0, section: sections[id] ?? "#") }
                    })
            },
            pending: clusters.count { $0.decision == .pending },
            accepted: clusters.count { $0.decision == .accepted },
            keptApart: clusters.count { $0.decision == .keptApart },
            merged: mergedContacts(),
            decisionsFile: store.locationDescription)
    }

    /// Records a decision on a cluster in the store.
    /// A cluster id is 16 hex digits, as ``mergeReport()`` gives them; anything else is a bad request.
    public func decide(cluster id: String, _ decision: MergeDecision) async throws(AddressBookError) -> MergeReport {
        guard id.count == 16, id.allSatisfy(\.isHexDigit) else {
            throw AddressBookError(.badRequest, "'\(id.prefix(40))' is not a cluster id (16 hex digits from GET /api/merges)")
        }
        let updated = try review.deciding(cluster: id, decision)
        do {
            try await store.setMergeDecisions(updated)
        } catch {
            throw AddressBookError(.internalError, "cannot record the merge decision in the store: \(error)")
        }
        review.adopt(updated)
        return mergeReport()
    }

    /// Merges the accepted clusters in the store, then reloads.
    public func applyMerges() async throws -> MergeApplyResult {
        let before = contactCount
        let merged = try await review.apply(to: store)
        try await reload()
        let after = contactCount
        EventTrackers.shared.track(TrackedEvent("duplicates.merges_applied", [
            "clusters": .integer(merged), "contacts_before": .integer(before), "contacts_after": .integer(after),
        ]))
        let message = merged == 0
            ? "Nothing to apply: accept a cluster first."
            : "Merged \(merged) cluster\(merged == 1 ? "" : "s"): \(before) contacts became \(after)."
        return MergeApplyResult(mergedClusters: merged, contactsBefore: before, contactsAfter: after, message: message)
    }

    // MARK: Splitting merged contacts

    /// The merged contacts in the store that can be split again, by name, with their members.
    func mergedContacts() -> [MergedContactReport] {
        let rows = mergedMembers.keys.compactMap { id in
            contactIfPresent(id).map { Self.row($0, section: Self.section(of: $0)) }
        }
        return rows.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map { row in
            MergedContactReport(contact: row, members: memberRows(of: ContactID(rawValue: row.id)))
        }
    }

    /// Rows for the recorded members of a merged contact; empty when it is none.
    func memberRows(of id: ContactID) -> [ContactRow] {
        (mergedMembers[id] ?? []).map { Self.row($0, section: Self.section(of: $0)) }
    }

    static func section(of contact: Contact) -> String {
        SectionKey(name: AlphabeticalSort.Mode.fullName.sortName(of: contact)).title
    }

    /// Undoes the merge that made the stored contact `id`: its members are stored on their own
    /// again as they were recorded and kept apart from now on (``ContactStoreService/undoMerge(of:removingMember:)``,
    /// as `ohana dedupe --undo` does); then reloads.
    public func splitMerge(of id: String) async throws -> MergeSplitResult {
        try await undo(ContactID(rawValue: id), member: nil)
    }

    /// Takes the member `memberID` out of the merged contact `id` and stores it on its own again;
    /// the other members stay merged (or are split too when only one is left), as
    /// `ohana dedupe --undo ID --remove-member MEMBER` does. Then reloads.
    public func removeMember(_ memberID: String, fromMerged id: String) async throws -> MergeSplitResult {
        try await undo(ContactID(rawValue: id), member: ContactID(rawValue: memberID))
    }

    private func undo(_ id: ContactID, member: ContactID?) async throws -> MergeSplitResult {
        guard let members = mergedMembers[id] else {
            let what = contactIfPresent(id) == nil ? "no contact with id" : "no recorded members to split for the contact"
            throw AddressBookError(.notFound, "\(what) '\(id.rawValue)'")
        }
        if let member, !members.contains(where: { $0.id == member }) {
            throw AddressBookError(.notFound, "'\(member.rawValue)' is not a member of the merged contact '\(id.rawValue)'")
        }
        let before = contactCount
        let result = try await ContactStoreService(store: store).undoMerge(of: id, removingMember: member)
        try await reload()
        let restored = result.restored.map { Self.row($0, section: Self.section(of: $0)) }
        let names = restored.map(\.name).joined(separator: ", ")
        let message = result.remaining.map { "Took \(names) out of \($0.fullName); \(before) contacts became \(contactCount)." }
            ?? "Split into \(restored.count) contacts (\(names)): \(before) contacts became \(contactCount)."
        return MergeSplitResult(
            restored: restored, remaining: result.remaining.map { Self.row($0, section: Self.section(of: $0)) },
            contactsBefore: before, contactsAfter: contactCount, message: message)
    }
}
