import Foundation
import Ohana

/// Pairwise precision and recall of duplicate clusters against the ground truth on the cards.
public struct PairwiseQuality: Sendable, CustomStringConvertible {
    /// Pairs of contacts put in one cluster.
    public var predictedPairs: Int
    /// Of those, pairs that are one person.
    public var correctPairs: Int
    /// Pairs of contacts that are one person.
    public var truePairs: Int
    /// The size of the largest cluster found.
    public var largestCluster: Int
    /// The size of the largest true cluster.
    public var largestTrueCluster: Int
    /// Clusters found that hold more than one person.
    public var impureClusters: Int

    /// Measures `clusters` (contact ids; singletons may be left out) against the person id each
    /// contact carries in `customProperties[personKey]`.
    ///
    /// Complexity: O(*n* + Σ cluster size²).
    public init(clusters: [[ContactID]], contacts: [Contact], personKey: String = HardDuplicateBook.personKey) {
        var person: [ContactID: String] = [:]
        var sizes: [String: Int] = [:]
        for contact in contacts {
            let id = contact.customProperties[personKey]?.stringValue ?? contact.id.rawValue
            person[contact.id] = id
            sizes[id, default: 0] += 1
        }
        predictedPairs = 0
        correctPairs = 0
        impureClusters = 0
        largestCluster = clusters.map(\.count).max() ?? 1
        for ids in clusters {
            if Set(ids.map { person[$0] }).count > 1 { impureClusters += 1 }
            for i in ids.indices {
                for j in ids.indices where j > i {
                    predictedPairs += 1
                    if person[ids[i]] == person[ids[j]] { correctPairs += 1 }
                }
            }
        }
        truePairs = sizes.values.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
        largestTrueCluster = sizes.values.max() ?? 1
    }

    /// Correct pairs over predicted pairs (1 when nothing was predicted).
    public var precision: Double { predictedPairs == 0 ? 1 : Double(correctPairs) / Double(predictedPairs) }
    /// Correct pairs over true pairs (1 when there are none).
    public var recall: Double { truePairs == 0 ? 1 : Double(correctPairs) / Double(truePairs) }

    /// For example: `precision 0.9912 (1130/1140 pairs), recall 0.9650 (1130/1171 pairs), largest cluster 4 (true 4)`.
    public var description: String {
        String(format: "precision %.4f (%d/%d pairs), recall %.4f (%d/%d pairs), largest cluster %d (true %d), %d impure clusters",
               precision, correctPairs, predictedPairs, recall, correctPairs, truePairs, largestCluster, largestTrueCluster, impureClusters)
    }
}
