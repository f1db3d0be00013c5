import Dispatch
import Foundation
import Ohana
import OhanaPhoneNumbers

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
    /// Hears each step of a call as it starts (reading keys, counting, comparing, joining, then
    /// explaining and merging when the call does them), and once more, finished, when the call is
    /// done: a progress bar's feed. Called on the calling thread, between steps.
    public var progress: (@Sendable (StepProgress) -> Void)?

    /// Creates a duplicate merger.
    public init(rules: DuplicateRules = .default, overrides: DuplicateOverrides = DuplicateOverrides()) {
        self.rules = rules
        self.overrides = overrides
    }

    /// "DuplicateMerging".
    public var name: String { "DuplicateMerging" }

    /// Loads libphonenumber's metadata and the common country names, which the phone number
    /// keys need, while the data source's providers load.
    public func prepare() async {
        PhoneNumberResolver.prepare()
    }

    /// Returns the contacts with every cluster of duplicates merged into one, in input order.
    public func process(_ contacts: [Contact]) async throws -> [Contact] {
        var steps = ProgressSteps(progress, total: 5)
        // Only the roots are kept: the key tables are freed, and handed back to the system, before
        // the merged contacts are made.
        let roots = DuplicateDetector(rules: rules, overrides: overrides).detect(contacts) { steps.start($0) }.roots
        releaseFreedMemory()
        steps.start(.merging)
        defer { steps.finish() }
        return apply(roots, to: contacts)
    }

    /// Reports the clusters that would be merged, and why, without changing anything (a dry run).
    public func analyze(_ contacts: [Contact]) -> DuplicateReport {
        analyze(contacts, explaining: true)
    }

    /// Reports the clusters that would be merged without changing anything (a dry run); with
    /// `explaining`, why each was (its matches, with their evidence and weights) and the matches
    /// not merged. Without it, each cluster lists its contacts and their names only, for the
    /// cost of detection alone.
    public func analyze(_ contacts: [Contact], explaining: Bool) -> DuplicateReport {
        var steps = ProgressSteps(progress, total: explaining ? 5 : 4)
        let detection = DuplicateDetector(rules: rules, overrides: overrides).detect(contacts) { steps.start($0) }
        if explaining { steps.start(.explaining) }
        defer { steps.finish() }
        return report(consume detection, contacts: contacts, explaining: explaining)
    }

    /// Merges the duplicates and returns the merged contacts with the report explaining them.
    public func merge(_ contacts: [Contact]) -> (contacts: [Contact], report: DuplicateReport) {
        merge(contacts, explaining: true)
    }

    /// Merges the duplicates and returns the merged contacts with the report; with `explaining`,
    /// the report explains each cluster, as ``analyze(_:explaining:)`` does.
    public func merge(_ contacts: [Contact], explaining: Bool) -> (contacts: [Contact], report: DuplicateReport) {
        var steps = ProgressSteps(progress, total: explaining ? 6 : 5)
        // The report first, then the key tables freed before the merged contacts are made.
        let (roots, report) = reported(contacts, explaining: explaining, &steps)
        releaseFreedMemory()
        steps.start(.merging)
        defer { steps.finish() }
        return (apply(roots, to: contacts), report)
    }

    private func reported(_ contacts: [Contact], explaining: Bool, _ steps: inout ProgressSteps) -> (roots: [Int32], report: DuplicateReport) {
        let detection = DuplicateDetector(rules: rules, overrides: overrides).detect(contacts) { steps.start($0) }
        let roots = detection.roots
        if explaining { steps.start(.explaining) }
        return (roots, report(consume detection, contacts: contacts, explaining: explaining))
    }

    // MARK: Applying

    /// The contacts with each cluster (the contacts of one root, `roots[i]` being contact *i*'s)
    /// merged into one, in input order.
    func apply(_ roots: [Int32], to contacts: [Contact]) -> [Contact] {
        let clock = ContinuousClock.now
        defer {
            duplicatesLogger.debug("duplicate merging: clusters merged", metadata: [
                "contacts": "\(contacts.count)", "seconds": secondsSince(clock)])
        }
        // A cluster: its members in input order, listed where its first member is. Each contact's
        // place in the result (-1: merged into an earlier one): a cluster's is its first member's.
        var sizes = [Int32](repeating: 0, count: contacts.count)
        for root in roots { sizes[Int(root)] += 1 }
        var clusterOfRoot = [Int32](repeating: -1, count: contacts.count)
        var clusters: [[Int]] = []
        var slots = [Int32](repeating: -1, count: contacts.count)
        var count: Int32 = 0
        for (index, root) in roots.enumerated() {
            if sizes[Int(root)] > 1 {
                let cluster = clusterOfRoot[Int(root)]
                if cluster >= 0 {
                    clusters[Int(cluster)].append(index)
                    continue
                }
                clusterOfRoot[Int(root)] = Int32(clusters.count)
                clusters.append([index])
            }
            slots[index] = count
            count += 1
        }
        // Merging is independent per cluster: spread it over the cores in chunks that each core
        // takes when it is free, so that a core slowed by other work does not hold up the rest;
        // each core keeps one extractor, whose caches of folded words serve all its chunks. A
        // merged contact is made in its place in the result (not made, then copied there); the
        // others are copied on every core (a copy retains each of a contact's values).
        let merger = ContactMerger(rules: rules)
        let rules = self.rules
        let (slotOf, sizeOf) = (slots, sizes)
        let chunks = (0..<8).map { ($0 * contacts.count / 8)..<(($0 + 1) * contacts.count / 8) }
        return [Contact](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            let output = ContactsOutput(base: buffer.baseAddress)
            _ = parallelMap(clusters, minimumPerWorker: 16, state: { KeyExtractor(rules: rules) }) { extractor, members in
                let merged = merger.merge(members.map { contacts[$0] }, extractor: &extractor)
                (output.base! + Int(slotOf[members[0]])).initialize(to: merged)
            }
            _ = parallelMap(chunks, minimumPerWorker: 1, state: {}) { _, range in
                contacts.withUnsafeBufferPointer { contacts in
                    for index in range where slotOf[index] >= 0 && sizeOf[Int(roots[index])] <= 1 {
                        (output.base! + Int(slotOf[index])).initialize(to: contacts[index])
                    }
                }
            }
            initialized = Int(count)
        }
    }
}

/// The result buffer of ``DuplicateMerging/apply(_:to:)``: workers write disjoint slots.
private struct ContactsOutput: @unchecked Sendable {
    let base: UnsafeMutablePointer<Contact>?
}
