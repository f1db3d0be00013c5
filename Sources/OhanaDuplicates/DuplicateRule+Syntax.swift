import Foundation
import Ohana

/// Why a rule written as text (``DuplicateRule/init(parsing:)``) is not a rule.
public enum DuplicateRuleSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A part names no kind of evidence.
    case unknownEvidence(String)
    /// The evidence is only weighed (birthday, address), so a rule requiring it would never match.
    case notRequirable(DuplicateEvidence)
    /// The text names no evidence at all.
    case noEvidence

    /// The reason, ending with what a rule may name.
    public var description: String {
        let use = "use \(DuplicateRule.requirableNames.joined(separator: ", ")) joined by '+'"
        return switch self {
        case .unknownEvidence(let name): "unknown evidence '\(name)'; \(use)"
        case .notRequirable(let kind): "\(kind.rawValue) is only weighed, never enough to merge, so a rule cannot require it; \(use)"
        case .noEvidence: "needs at least one kind of evidence"
        }
    }
}

extension DuplicateRule {
    /// The evidence a written rule may require: `name`, `phone`, `email`, `organization` (`org` too).
    public static let requirableNames = DuplicateEvidence.allCases.filter(\.canBeRequired).map(\.rawValue)

    /// A rule written as evidence joined by `+`, such as `name+phone` or `email` (case and spaces
    /// ignored; `org` for `organization`); its name lists the evidence (`name and phone`).
    public init(parsing text: String) throws(DuplicateRuleSyntaxError) {
        var evidence = Set<DuplicateEvidence>()
        for part in text.split(separator: "+") {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let kind = DuplicateEvidence(rawValue: name) ?? (name == "org" ? .organization : nil) else {
                throw .unknownEvidence(name)
            }
            guard kind.canBeRequired else { throw .notRequirable(kind) }
            evidence.insert(kind)
        }
        guard !evidence.isEmpty else { throw .noEvidence }
        self.init(evidence.sorted().map(\.rawValue).joined(separator: " and "), requiring: evidence)
    }
}

extension DuplicateCluster {
    /// The cluster for a reader, as `ohana dedupe --explain` prints it: a blank line, its contacts by
    /// name (the id when a contact has none), each match by the names of its two contacts with the
    /// values it matched on and its rule, then the ids.
    public var explanationLines: [String] {
        var shown: [ContactID: String] = [:]
        for (id, name) in zip(contactIDs, names) { shown[id] = name.isEmpty ? id.rawValue : name }
        func name(_ id: ContactID) -> String { shown[id] ?? id.rawValue }
        var lines = ["", "\(contactIDs.count) contacts: " + contactIDs.map(name).joined(separator: " | ")]
        for match in matches {
            let reasons = match.evidence.isEmpty ? match.rule : match.evidence.map(\.description).joined(separator: " and ")
            lines.append("  \(name(match.first)) ~ \(name(match.second)): \(reasons) [\(match.rule)]")
        }
        lines.append("  ids: " + contactIDs.map(\.rawValue).joined(separator: ", "))
        return lines
    }
}
