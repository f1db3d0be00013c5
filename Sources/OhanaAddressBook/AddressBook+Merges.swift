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
            decisionsFile: store.fileURL?.path ?? "(the store in memory)")
    }

    /// Records a decision on a cluster in the store.
    public func decide(cluster id: String, _ decision: MergeDecision) throws(AddressBookError) -> MergeReport {
        try review.decide(cluster: id, decision)
        return mergeReport()
    }

    /// Merges the accepted clusters in the store, then reloads.
    public func applyMerges() async throws -> MergeApplyResult {
        let before = contactCount
        let merged = try await review.apply(to: store)
        try await reload()
        let after = contactCount
        let message = merged == 0
            ? "Nothing to apply: accept a cluster first."
            : "Merged \(merged) cluster\(merged == 1 ? "" : "s"): \(before) contacts became \(after)."
        return MergeApplyResult(mergedClusters: merged, contactsBefore: before, contactsAfter: after, message: message)
    }
}
