import Foundation
import Ohana
import OhanaDuplicates
import OhanaStore

/// A decision on a duplicate cluster.
public enum MergeDecision: String, Codable, Sendable {
    /// Not decided yet.
    case pending
    /// Merge the cluster's contacts into one.
    case accepted
    /// The contacts are different people.
    case keptApart
}

/// A cluster of contacts the duplicate detection thinks are one person.
struct MergeCluster: Sendable {
    /// A stable id derived from the member ids.
    var id: String
    var memberIDs: [ContactID]
    var reasons: [String]
    var decision: MergeDecision

    /// The stable id of a set of contact ids (FNV-1a over the sorted ids, 16 hex digits).
    static func id(for members: [ContactID]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for id in members.map(\.rawValue).sorted() {
            for byte in id.utf8 + [0] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Duplicate review: the clusters found, the decisions taken (kept in the store), and applying
/// accepted merges.
struct MergeReview: Sendable {
    let store: any ContactStorage
    /// The default region for phone numbers, the one the page formats them with.
    let region: String
    var decisions = ContactMergeDecisions()
    var clusters: [MergeCluster] = []

    init(store: any ContactStorage, region: String) {
        self.store = store
        self.region = region
    }

    var pendingClusters: [MergeCluster] { clusters.filter { $0.decision == .pending } }

    /// Reads the decisions recorded in the store.
    mutating func load() async throws(AddressBookError) {
        do {
            decisions = try await store.mergeDecisions()
        } catch {
            throw AddressBookError(.internalError, "cannot read the merge decisions from the store: \(error)")
        }
    }

    /// Finds the duplicate clusters in `contacts`, marking the ones already decided.
    ///
    /// The analysis runs without the decisions so that decided clusters stay visible (and can be
    /// undone); each cluster shows the decision recorded for exactly its contacts.
    mutating func analyze(_ contacts: [Contact]) async throws(AddressBookError) {
        let report = DuplicateMerging(rules: DuplicateRules(defaultRegion: region)).analyze(contacts)
        let reasons = Self.reasons(of: report)
        clusters = zip(report.clusters, reasons).map { cluster, reasons in
            MergeCluster(
                id: MergeCluster.id(for: cluster.contactIDs), memberIDs: cluster.contactIDs, reasons: reasons,
                decision: decision(for: cluster.contactIDs))
        }
    }

    /// Each cluster's reasons, one line per matching pair: `A and B: rule (evidence, …)`; the
    /// merge review and the links between accounts (``ContactLinking``) word them alike.
    static func reasons(of report: DuplicateReport) -> [[String]] {
        var names: [ContactID: String] = [:]
        for cluster in report.clusters {
            for (id, name) in zip(cluster.contactIDs, cluster.names) { names[id] = name.isEmpty ? id.rawValue : name }
        }
        return report.clusters.map { cluster in
            cluster.matches.map { match in
                let evidence = match.evidence.map(\.description).joined(separator: ", ")
                return "\(names[match.first] ?? match.first.rawValue) and \(names[match.second] ?? match.second.rawValue): "
                    + match.rule + (evidence.isEmpty ? "" : " (\(evidence))")
            }
        }
    }
}

extension MergeReview {
    /// The decisions after deciding a cluster: any earlier decision for the same contacts is
    /// replaced. The caller records them in the store, then ``adopt(_:)``s them.
    func deciding(cluster id: String, _ decision: MergeDecision) throws(AddressBookError) -> ContactMergeDecisions {
        guard let cluster = clusters.first(where: { $0.id == id }) else {
            throw AddressBookError(.notFound, "no duplicate cluster '\(id)' (reload the merge review)")
        }
        let members = Set(cluster.memberIDs)
        var updated = decisions
        updated.keptTogether.removeAll { Set($0) == members }
        updated.keptApart.removeAll { Set($0) == members }
        switch decision {
        case .accepted: updated.keptTogether.append(cluster.memberIDs)
        case .keptApart: updated.keptApart.append(cluster.memberIDs)
        case .pending: break
        }
        return updated
    }

    /// Takes decisions another process recorded: each cluster shows the one for exactly its contacts.
    mutating func adopt(_ recorded: ContactMergeDecisions) {
        decisions = recorded
        for index in clusters.indices { clusters[index].decision = decision(for: clusters[index].memberIDs) }
    }

    /// The decision recorded for a set of contacts.
    func decision(for members: [ContactID]) -> MergeDecision {
        let set = Set(members)
        if decisions.keptTogether.contains(where: { Set($0) == set }) { return .accepted }
        if decisions.keptApart.contains(where: { Set($0) == set }) { return .keptApart }
        return .pending
    }
}

extension MergeReview {
    /// Merges the accepted clusters, and nothing else, in the store; returns how many were merged.
    ///
    /// Runs the library's duplicate merging with no rules and the accepted groups as "kept
    /// together" on the stored contacts (not the display copies), then stores each merged contact
    /// (which keeps the first member's id) in place of its members, in one transaction. The store
    /// keeps the members' versions so that the next import updates the merged contact.
    func apply(to store: any ContactStorage) async throws -> Int {
        let region = self.region
        let accepted = clusters.filter { $0.decision == .accepted }.map(\.memberIDs)
        guard !accepted.isEmpty else { return 0 }
        return try await store.mergeContacts { stored in
            let merging = DuplicateMerging(
                rules: DuplicateRules(rules: [], defaultRegion: region), overrides: DuplicateOverrides(keptTogether: accepted))
            let (merged, report) = merging.merge(stored)
            let position = Dictionary(stored.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            let mergedByID = Dictionary(merged.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            return report.clusters.compactMap { cluster in
                let members = cluster.contactIDs.compactMap { position[$0] }.sorted().map { stored[$0] }
                guard members.count > 1, let result = mergedByID[members[0].id] else { return nil }
                return ContactMergeGroup(merged: result, members: members)
            }
        }
    }
}
