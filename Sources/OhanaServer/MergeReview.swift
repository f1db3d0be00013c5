import Foundation
import Ohana
import OhanaDuplicates
import OhanaStore

/// The merge decisions file kept beside the store (`<store>.merge-decisions.json`): the user's
/// ``DuplicateOverrides`` (groups kept together, groups kept apart) as JSON, so the decisions hold
/// on the next import and the next analysis.
public enum MergeDecisionsFile {
    /// Reads the decisions; a missing file gives none.
    public static func load(from url: URL) throws(AddressBookError) -> DuplicateOverrides {
        guard FileManager.default.fileExists(atPath: url.path) else { return DuplicateOverrides() }
        do {
            return try JSONDecoder().decode(DuplicateOverrides.self, from: Data(contentsOf: url))
        } catch {
            throw AddressBookError(.internalError, "\(url.path): cannot read merge decisions: \(error)")
        }
    }

    /// Writes the decisions atomically.
    public static func save(_ overrides: DuplicateOverrides, to url: URL) throws(AddressBookError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(overrides).write(to: url, options: .atomic)
        } catch {
            throw AddressBookError(.internalError, "\(url.path): cannot write merge decisions: \(error)")
        }
    }
}

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

/// Duplicate review: the clusters found, the decisions taken, and applying accepted merges.
struct MergeReview: Sendable {
    let decisionsURL: URL
    var decisions = DuplicateOverrides()
    var clusters: [MergeCluster] = []

    init(decisionsURL: URL) { self.decisionsURL = decisionsURL }

    var pendingClusters: [MergeCluster] { clusters.filter { $0.decision == .pending } }

    mutating func load() throws(AddressBookError) {
        decisions = try MergeDecisionsFile.load(from: decisionsURL)
    }

    /// Finds the duplicate clusters in `contacts`, marking the ones already decided.
    ///
    /// The analysis runs without the decisions so that decided clusters stay visible (and can be
    /// undone); each cluster shows the decision recorded for exactly its contacts.
    mutating func analyze(_ contacts: [Contact]) async throws(AddressBookError) {
        let report = DuplicateMerging().analyze(contacts)
        var names: [ContactID: String] = [:]
        for cluster in report.clusters {
            for (id, name) in zip(cluster.contactIDs, cluster.names) { names[id] = name.isEmpty ? id.rawValue : name }
        }
        clusters = report.clusters.map { cluster in
            let reasons = cluster.matches.map { match in
                let evidence = match.evidence.map(\.description).joined(separator: ", ")
                return "\(names[match.first] ?? match.first.rawValue) and \(names[match.second] ?? match.second.rawValue): "
                    + match.rule + (evidence.isEmpty ? "" : " (\(evidence))")
            }
            return MergeCluster(
                id: MergeCluster.id(for: cluster.contactIDs), memberIDs: cluster.contactIDs, reasons: reasons,
                decision: decision(for: cluster.contactIDs))
        }
    }
}

extension MergeReview {
    /// Records a decision for a cluster: replaces any earlier decision for the same contacts and
    /// writes the decisions file.
    mutating func decide(cluster id: String, _ decision: MergeDecision) throws(AddressBookError) {
        guard let index = clusters.firstIndex(where: { $0.id == id }) else {
            throw AddressBookError(.notFound, "no duplicate cluster '\(id)' (reload the merge review)")
        }
        let members = Set(clusters[index].memberIDs)
        var updated = decisions
        updated.keptTogether.removeAll { Set($0) == members }
        updated.keptApart.removeAll { Set($0) == members }
        switch decision {
        case .accepted: updated.keepTogether(clusters[index].memberIDs)
        case .keptApart: updated.keepApart(clusters[index].memberIDs)
        case .pending: break
        }
        try MergeDecisionsFile.save(updated, to: decisionsURL)
        decisions = updated
        clusters[index].decision = decision
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
    /// together", on the stored contacts (not the display copies), then replaces the members of
    /// each group with the merged contact (which keeps the first member's id) in one transaction.
    func apply(to store: ContactStore) async throws -> Int {
        let accepted = clusters.filter { $0.decision == .accepted }.map(\.memberIDs)
        guard !accepted.isEmpty else { return 0 }
        let merging = DuplicateMerging(
            rules: DuplicateRules(rules: []), overrides: DuplicateOverrides(keptTogether: accepted))
        let stored = try await store.read { try $0.allContacts(order: .insertion) }
        let (merged, report) = merging.merge(stored)
        let mergedIDs = Set(report.clusters.flatMap(\.contactIDs))
        let results = merged.filter { mergedIDs.contains($0.id) }
        let keptIDs = Set(results.map(\.id))
        try await store.write { transaction in
            for contact in results { _ = try transaction.save(contact) }
            for id in mergedIDs where !keptIDs.contains(id) { _ = try transaction.remove(id: id) }
        }
        return report.clusters.count
    }
}
