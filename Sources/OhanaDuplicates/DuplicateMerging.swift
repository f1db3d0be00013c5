import Foundation
import Ohana

/// A post processor that finds contacts that are one person and merges them without loss,
/// by rules a user can read and tune, and explains every merge.
///
/// Candidates are found through blocking keys (normalised phone numbers, email addresses, folded
/// names) and joined with union-find; no two contacts are compared unless they share a key, so the
/// cost grows as O(*n* log *n*).
///
/// ```swift
/// let dedupe = DuplicateMerging()
/// let report = dedupe.analyze(contacts)          // dry run: what would merge, and why
/// let (merged, _) = dedupe.merge(contacts)       // the merged contacts and the same report
/// ```
public struct DuplicateMerging: ContactsPostProcessor {
    /// What counts as equal and which evidence is enough.
    public var rules: DuplicateRules
    /// Decisions by contact id that override the rules.
    public var overrides: DuplicateOverrides

    /// Creates a duplicate merger.
    public init(rules: DuplicateRules = .default, overrides: DuplicateOverrides = DuplicateOverrides()) {
        self.rules = rules
        self.overrides = overrides
    }

    /// "DuplicateMerging".
    public var name: String { "DuplicateMerging" }

    /// Returns the contacts with every cluster of duplicates merged into one, in input order.
    public func process(_ contacts: [Contact]) async throws -> [Contact] {
        let detection = DuplicateDetector(rules: rules, overrides: overrides).detect(contacts)
        let clock = ContinuousClock.now
        defer {
            duplicatesLogger.debug("duplicate merging: clusters merged", metadata: [
                "contacts": "\(contacts.count)", "seconds": secondsSince(clock)])
        }
        return apply(detection, to: contacts)
    }

    /// Reports the clusters that would be merged, and why, without changing anything (a dry run).
    public func analyze(_ contacts: [Contact]) -> DuplicateReport {
        let detection = DuplicateDetector(rules: rules, overrides: overrides).detect(contacts)
        return report(detection, contacts: contacts)
    }

    /// Merges the duplicates and returns the merged contacts with the report explaining them.
    public func merge(_ contacts: [Contact]) -> (contacts: [Contact], report: DuplicateReport) {
        let detection = DuplicateDetector(rules: rules, overrides: overrides).detect(contacts)
        return (apply(detection, to: contacts), report(detection, contacts: contacts))
    }

    // MARK: Applying

    private func apply(_ detection: Detection, to contacts: [Contact]) -> [Contact] {
        // A cluster: its members in input order, listed where its first member is.
        var sizes = [Int32](repeating: 0, count: contacts.count)
        for root in detection.roots { sizes[Int(root)] += 1 }
        var clusterOf: [Int32: Int] = [:]
        var clusters: [[Int]] = []
        for (index, root) in detection.roots.enumerated() where sizes[Int(root)] > 1 {
            if let cluster = clusterOf[root] {
                clusters[cluster].append(index)
            } else {
                clusterOf[root] = clusters.count
                clusters.append([index])
            }
        }
        // Merging is independent per cluster: spread it over the cores.
        let merger = ContactMerger(rules: rules)
        let rules = self.rules
        let merged = parallelMap(clusters, minimumPerWorker: 16, state: { KeyExtractor(rules: rules) }) { extractor, members in
            merger.merge(members.map { contacts[$0] }, extractor: &extractor)
        }
        var result: [Contact] = []
        result.reserveCapacity(contacts.count - detection.unions.count)
        var next = 0
        for (index, contact) in contacts.enumerated() {
            guard let cluster = clusterOf[detection.roots[index]] else {
                result.append(contact)
                continue
            }
            if cluster == next && clusters[cluster][0] == index {
                result.append(merged[cluster])
                next += 1
            }
        }
        return result
    }

    // MARK: Explaining

    /// One worker's state while explaining: an extractor and the keys it has computed.
    private struct Explaining {
        var extractor: KeyExtractor
        var keysCache: [Int: ContactKeys] = [:]

        mutating func keys(_ index: Int, _ contacts: [Contact]) -> ContactKeys {
            if let cached = keysCache[index] { return cached }
            let computed = extractor.keys(of: contacts[index])
            keysCache[index] = computed
            return computed
        }
    }

    private func match(_ edge: Edge, _ contacts: [Contact], _ state: inout Explaining) -> DuplicateMatch {
        let a = Int(edge.first)
        let b = Int(edge.second)
        guard edge.rule >= 0 else {
            return DuplicateMatch(first: contacts[a].id, second: contacts[b].id, rule: "kept together", evidence: [])
        }
        let rule = rules.rules[Int(edge.rule)]
        let keysA = state.keys(a, contacts)
        let keysB = state.keys(b, contacts)
        let evidence = explain(rule, keysA, keysB, contacts[a], contacts[b], extractor: &state.extractor)
        return DuplicateMatch(first: contacts[a].id, second: contacts[b].id, rule: rule.name, evidence: evidence)
    }

    private func report(_ detection: Detection, contacts: [Contact]) -> DuplicateReport {
        // Explanations are independent per matched pair: spread them over the cores.
        let rules = self.rules
        let matches = parallelMap(detection.unions + detection.refused, minimumPerWorker: 256,
                                  state: { Explaining(extractor: KeyExtractor(rules: rules)) }) { state, edge in
            self.match(edge, contacts, &state)
        }
        var matchesByRoot: [Int32: [DuplicateMatch]] = [:]
        for (edge, match) in zip(detection.unions, matches) {
            matchesByRoot[detection.roots[Int(edge.first)], default: []].append(match)
        }
        var state = Explaining(extractor: KeyExtractor(rules: rules))
        var membersByRoot: [Int32: [Int]] = [:]
        var rootOrder: [Int32] = []
        for (index, root) in detection.roots.enumerated() where matchesByRoot[root] != nil {
            if membersByRoot[root] == nil { rootOrder.append(root) }
            membersByRoot[root, default: []].append(index)
        }
        let clusters = rootOrder.map { root -> DuplicateCluster in
            let members = membersByRoot[root]!
            return DuplicateCluster(
                contactIDs: members.map { contacts[$0].id }, names: members.map { contacts[$0].fullName },
                matches: matchesByRoot[root]!)
        }
        let merged = clusters.reduce(0) { $0 + $1.contactIDs.count - 1 }
        let oversized = detection.oversized.map { block -> OversizedBlock in
            OversizedBlock(kind: block.kind, value: blockValue(block.kind, hash: block.hash, state.keys(block.member, contacts)), size: block.size)
        }
        return DuplicateReport(
            contactsIn: contacts.count, contactsOut: contacts.count - merged, clusters: clusters,
            refusedMatches: Array(matches.dropFirst(detection.unions.count)), oversizedBlocks: oversized, comparedPairs: detection.comparedPairs)
    }

    private func blockValue(_ kind: DuplicateEvidence, hash: UInt64, _ keys: ContactKeys) -> String {
        switch kind {
        case .name: return keys.nameForms.first { stableHash($0) == hash }.map { String($0.dropFirst(2)) } ?? keys.displayName
        case .email: return keys.emails.first { stableHash($0.normalized) == hash }?.normalized ?? ""
        case .organization: return keys.organization ?? ""
        case .phone:
            let phone = keys.phones.first { stableHash($0.trailing) == hash || $0.e164.map(stableHash) == hash }
            return phone.map { $0.e164 ?? $0.written } ?? ""
        }
    }

    private func explain(_ rule: DuplicateRule, _ a: ContactKeys, _ b: ContactKeys, _ ca: Contact, _ cb: Contact,
                         extractor: inout KeyExtractor) -> [MatchedValue] {
        var values: [MatchedValue] = []
        for kind in rule.requirements.sorted(by: { order($0) < order($1) }) {
            switch kind {
            case .phone:
                if let (pa, pb) = firstPair(a.phones, b.phones, where: { $0.e164 != nil && $0.e164 == $1.e164 }) {
                    values.append(MatchedValue(kind: .phone, first: pa.e164!, second: pb.e164!))
                } else if let (pa, pb) = firstPair(a.phones, b.phones, where: { $0.trailing == $1.trailing }) {
                    // Numbers are parsed lazily: tell an exact match from one in the last digits now.
                    if let ea = extractor.parse(pa, of: ca), ea == extractor.parse(pb, of: cb) {
                        values.append(MatchedValue(kind: .phone, first: ea, second: ea))
                    } else {
                        values.append(MatchedValue(kind: .phone, first: pa.written, second: pb.written,
                                                   note: "last \(rules.matchingTrailingDigits) digits"))
                    }
                }
            case .email:
                if let (ea, eb) = firstPair(a.emails, b.emails, where: { $0.normalized == $1.normalized }) {
                    var note: String?
                    if ea.written != eb.written {
                        note = ea.written.lowercased() == eb.written.lowercased() ? "case" : "provider rules"
                    }
                    values.append(MatchedValue(kind: .email, first: ea.written, second: eb.written, note: note))
                }
            case .organization:
                values.append(MatchedValue(kind: .organization, first: ca.organization ?? "", second: cb.organization ?? "",
                                           note: ca.organization == cb.organization ? nil : "case and accents"))
            case .name:
                values.append(MatchedValue(kind: .name, first: a.displayName, second: b.displayName,
                                           note: nameNote(a, b, ca, cb)))
            }
        }
        return values
    }

    /// Evidence in the order people read it: phone, email, name, organization.
    private func order(_ kind: DuplicateEvidence) -> Int {
        switch kind {
        case .phone: 0
        case .email: 1
        case .name: 2
        case .organization: 3
        }
    }

    private func nameNote(_ a: ContactKeys, _ b: ContactKeys, _ ca: Contact, _ cb: Contact) -> String? {
        let nameA = [ca.givenName, ca.familyName].compactMap { $0 }.joined(separator: " ")
        let nameB = [cb.givenName, cb.familyName].compactMap { $0 }.joined(separator: " ")
        var notes: [String] = []
        if a.isOrganizationOnly { notes.append("organization") }
        let literal = !Set(a.literalNameForms).isDisjoint(with: b.literalNameForms)
        if !literal { notes.append("nickname") }
        let scriptA = nameA.unicodeScalars.contains { $0.value >= 0x250 }
        let scriptB = nameB.unicodeScalars.contains { $0.value >= 0x250 }
        if scriptA != scriptB { notes.append("script") }
        else if a.displayName == b.displayName && nameA != nameB && nameA.lowercased() != nameB.lowercased()
            && (ca.givenName == nil) == (cb.givenName == nil) {
            notes.append("accents")
        } else if a.displayName == b.displayName && nameA != nameB && nameA.lowercased() == nameB.lowercased() {
            notes.append("case")
        }
        if literal && a.displayName != b.displayName && !notes.contains("script") {
            let sortedA = a.displayName.split(separator: " ").sorted()
            let sortedB = b.displayName.split(separator: " ").sorted()
            notes.append(sortedA == sortedB ? "word order" : "spacing")
        }
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }

    private func firstPair<T>(_ a: [T], _ b: [T], where matches: (T, T) -> Bool) -> (T, T)? {
        for x in a { for y in b where matches(x, y) { return (x, y) } }
        return nil
    }
}
