import Foundation
import Ohana

/// What duplicate detection found: the clusters of contacts it merges (or would merge) and why.
public struct DuplicateReport: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The number of contacts examined.
    public var contactsIn: Int
    /// The number of contacts after merging every cluster.
    public var contactsOut: Int
    /// The clusters of two or more contacts, in the order of their first contact.
    public var clusters: [DuplicateCluster]
    /// Matches the rules found but a keep-apart override refused.
    public var refusedMatches: [DuplicateMatch]
    /// Blocks of contacts sharing one key that were too large to compare pair by pair.
    public var oversizedBlocks: [OversizedBlock]
    /// The number of candidate pairs the rules were checked on.
    public var comparedPairs: Int
    /// Matches the shared values satisfied a rule for but that were not merged: names of two
    /// people, or a cluster that would hold two people or grow too large (the clusters split).
    public var rejectedMatches: [RejectedMatch]
    /// The most widely shared phone numbers and addresses (a switchboard, `info@`), which are no
    /// evidence of one person on their own.
    public var sharedValues: [SharedValue]
    /// Matches not merged beyond the first 2,000 of each reason, counted but not listed (a million-card
    /// book has hundreds of thousands, a list no one reads); ``rejectedMatches`` plus these are all of them.
    public var unlistedRejectedMatches: Int?
    /// ``unlistedRejectedMatches`` by reason ("names of two people", "clusters of two people",
    /// "evidence too weak", "cluster too large"); `nil` or empty when every match not merged is listed.
    public var unlistedRejectedMatchesByReason: [String: Int]?

    /// Creates a report.
    public init(
        contactsIn: Int, contactsOut: Int, clusters: [DuplicateCluster], refusedMatches: [DuplicateMatch] = [],
        oversizedBlocks: [OversizedBlock] = [], comparedPairs: Int = 0, rejectedMatches: [RejectedMatch] = [],
        sharedValues: [SharedValue] = [], unlistedRejectedMatches: Int? = nil,
        unlistedRejectedMatchesByReason: [String: Int]? = nil
    ) {
        self.unlistedRejectedMatches = unlistedRejectedMatches
        self.unlistedRejectedMatchesByReason = unlistedRejectedMatchesByReason
        self.rejectedMatches = rejectedMatches
        self.sharedValues = sharedValues
        self.contactsIn = contactsIn
        self.contactsOut = contactsOut
        self.clusters = clusters
        self.refusedMatches = refusedMatches
        self.oversizedBlocks = oversizedBlocks
        self.comparedPairs = comparedPairs
    }

    /// One line: contacts in, clusters, contacts out.
    public var summary: String {
        "\(contactsIn) contacts in, \(clusters.count) duplicate clusters, \(contactsOut) contacts out"
    }

    /// The summary, then each cluster with its reasons, one per line.
    public var description: String {
        var lines = [summary]
        for cluster in clusters { lines.append(cluster.description) }
        for match in refusedMatches { lines.append("kept apart: \(match.description)") }
        for rejected in rejectedMatches { lines.append(rejected.description) }
        if let byReason = unlistedRejectedMatchesByReason, !byReason.isEmpty {
            for (reason, count) in byReason.sorted(by: { $0.key < $1.key }) where count > 0 {
                lines.append("\(count) more matches not merged (\(reason)), not listed")
            }
        } else if let unlisted = unlistedRejectedMatches, unlisted > 0 {
            lines.append("\(unlisted) more matches not merged, not listed")
        }
        for value in sharedValues { lines.append(value.description) }
        for block in oversizedBlocks { lines.append(block.description) }
        return lines.joined(separator: "\n")
    }
}

/// Contacts found to be one person, with the matches that joined them.
public struct DuplicateCluster: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The contacts, in input order; the first one's id is the merged contact's.
    public var contactIDs: [ContactID]
    /// The names of the contacts, in the same order, for display.
    public var names: [String]
    /// The matches that joined the contacts (one fewer than the contacts).
    public var matches: [DuplicateMatch]

    /// Creates a cluster.
    public init(contactIDs: [ContactID], names: [String], matches: [DuplicateMatch]) {
        self.contactIDs = contactIDs
        self.names = names
        self.matches = matches
    }

    /// The cluster's contacts and reasons, several lines.
    public var description: String {
        var lines = ["cluster of \(contactIDs.count): " + zip(contactIDs, names).map { "\($1.isEmpty ? "(no name)" : $1) [\($0)]" }.joined(separator: ", ")]
        for match in matches { lines.append("  " + match.description) }
        return lines.joined(separator: "\n")
    }
}

/// Two contacts a rule (or an override) joined, and the values it matched on.
public struct DuplicateMatch: Hashable, Codable, Sendable, CustomStringConvertible {
    /// One contact.
    public var first: ContactID
    /// The other contact.
    public var second: ContactID
    /// The name of the rule that matched, or "kept together" for an override.
    public var rule: String
    /// The evidence: every kind of value the two contacts share, and how their names relate.
    public var evidence: [MatchedValue]
    /// The match weight: the sum of the evidence's weights, in bits (`nil` for an override).
    public var score: Double?

    /// Creates a match.
    public init(first: ContactID, second: ContactID, rule: String, evidence: [MatchedValue], score: Double? = nil) {
        self.first = first
        self.second = second
        self.rule = rule
        self.evidence = evidence
        self.score = score
    }

    /// For example: `A ~ B [name and phone]: phone +14155550100 (+10.0) and name 'robert smith' ~
    /// 'bob smith' (nickname, +8.0); score 18.0`.
    public var description: String {
        let reasons = evidence.isEmpty ? rule : evidence.map(\.description).joined(separator: " and ")
        return "\(first) ~ \(second) [\(rule)]: \(reasons)" + (score.map { "; score " + String(format: "%.1f", $0) } ?? "")
    }
}

/// A match the rules found that was not merged, and why.
public struct RejectedMatch: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The match, with its evidence and score.
    public var match: DuplicateMatch
    /// Why it was not merged, such as "names of two people".
    public var reason: String

    /// Creates a rejected match.
    public init(match: DuplicateMatch, reason: String) {
        self.match = match
        self.reason = reason
    }

    /// For example: `not merged (names of two people): A ~ B [shared email]: ...`.
    public var description: String { "not merged (\(reason)): \(match.description)" }
}

/// A phone number or email address so many differently named contacts carry that it is no
/// evidence of one person on its own.
public struct SharedValue: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The kind of value.
    public var kind: DuplicateEvidence
    /// The value.
    public var value: String
    /// How many differently named contacts carry it.
    public var contacts: Int

    /// Creates a record of a shared value.
    public init(kind: DuplicateEvidence, value: String, contacts: Int) {
        self.kind = kind
        self.value = value
        self.contacts = contacts
    }

    /// For example: `shared email 'info@acme.com': 57 differently named contacts, no evidence on its own`.
    public var description: String {
        "shared \(kind.rawValue) '\(value)': \(contacts) differently named contacts, no evidence on its own"
    }
}

/// One value two contacts share, as each wrote it, with how they differ.
public struct MatchedValue: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The kind of evidence.
    public var kind: DuplicateEvidence
    /// The value as the first contact has it (normalised where that is what matched).
    public var first: String
    /// The value as the second contact has it.
    public var second: String
    /// How the values differ when they are not written alike, such as "nickname" or "last 8 digits".
    public var note: String?
    /// The evidence's weight in the match score, in bits (negative against a match).
    public var weight: Double?
    /// How many contacts in the book carry the value (differently named ones, for phones and emails).
    public var count: Int?

    /// Creates a matched value.
    public init(kind: DuplicateEvidence, first: String, second: String, note: String? = nil, weight: Double? = nil, count: Int? = nil) {
        self.kind = kind
        self.first = first
        self.second = second
        self.note = note
        self.weight = weight
        self.count = count
    }

    /// For example: `name 'robert smith' ~ 'bob smith' (nickname, +7.0)` or `phone +14155550100 (+10.0)`.
    public var description: String {
        let values = first == second ? quoteIfNeeded(first) : "'\(first)' ~ '\(second)'"
        let details = [note, weight.map(MatchWeights.format)].compactMap { $0 }
        return "\(kind.rawValue) \(values)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }

    private func quoteIfNeeded(_ value: String) -> String {
        value.contains(" ") || kind == .name || kind == .organization ? "'\(value)'" : value
    }
}

/// A block of contacts that share one key and was too large to compare pair by pair.
public struct OversizedBlock: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The kind of key.
    public var kind: DuplicateEvidence
    /// The shared value.
    public var value: String
    /// How many contacts share it.
    public var size: Int

    /// Creates a record of an oversized block.
    public init(kind: DuplicateEvidence, value: String, size: Int) {
        self.kind = kind
        self.value = value
        self.size = size
    }

    /// For example: `oversized block: 812 contacts share phone +14155550100 (neighbours compared only)`.
    public var description: String {
        "oversized block: \(size) contacts share \(kind.rawValue) '\(value)' (only neighbours in name order compared)"
    }
}
