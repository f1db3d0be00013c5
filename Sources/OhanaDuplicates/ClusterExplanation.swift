import Ohana

/// The merged matches of a detection grouped by cluster in flat arrays, not in dictionaries of
/// arrays: the clusters in the order of their first member, each with its members in input order
/// and its matches in the order they were applied (as ``DuplicateMerging/report(_:contacts:explaining:)``
/// lists them).
struct ClusterGrouping: Sendable {
    /// The members of every cluster, one cluster after another (contact indices).
    private var members: [Int32] = []
    /// Where each cluster's members start in ``members``, and their end last.
    private var memberStarts: [Int32] = [0]
    /// The matches of every cluster (indices in the unions), one cluster after another.
    private var matches: [Int32] = []
    /// Where each cluster's matches start in ``matches``, and their end last.
    private var matchStarts: [Int32] = [0]

    /// Groups `unions` (the matches applied, each joining two clusters) by the root their contacts
    /// share in `roots` (the root of each contact); a root without a union is no cluster.
    init(unions: [Edge], roots: [Int32]) {
        // Each root's cluster: -1 none, -2 one not numbered yet.
        var clusterOfRoot = [Int32](repeating: -1, count: roots.count)
        for edge in unions { clusterOfRoot[Int(roots[Int(edge.first)])] = -2 }
        var memberCounts: [Int32] = []
        for root in roots where clusterOfRoot[Int(root)] != -1 {
            if clusterOfRoot[Int(root)] == -2 {
                clusterOfRoot[Int(root)] = Int32(memberCounts.count)
                memberCounts.append(0)
            }
            memberCounts[Int(clusterOfRoot[Int(root)])] += 1
        }
        memberStarts = Self.starts(memberCounts)
        members = [Int32](repeating: 0, count: Int(memberStarts.last!))
        var next = memberStarts
        for (index, root) in roots.enumerated() where clusterOfRoot[Int(root)] >= 0 {
            let cluster = Int(clusterOfRoot[Int(root)])
            members[Int(next[cluster])] = Int32(index)
            next[cluster] += 1
        }
        var matchCounts = [Int32](repeating: 0, count: memberCounts.count)
        for edge in unions { matchCounts[Int(clusterOfRoot[Int(roots[Int(edge.first)])])] += 1 }
        matchStarts = Self.starts(matchCounts)
        matches = [Int32](repeating: 0, count: unions.count)
        next = matchStarts
        for (index, edge) in unions.enumerated() {
            let cluster = Int(clusterOfRoot[Int(roots[Int(edge.first)])])
            matches[Int(next[cluster])] = Int32(index)
            next[cluster] += 1
        }
    }

    /// 0, then the running sums of `counts`.
    private static func starts(_ counts: [Int32]) -> [Int32] {
        var starts = [Int32](repeating: 0, count: counts.count + 1)
        for (index, count) in counts.enumerated() { starts[index + 1] = starts[index] + count }
        return starts
    }

    /// How many clusters there are.
    var count: Int { memberStarts.count - 1 }

    /// The contact indices of cluster `cluster`, in input order.
    func members(of cluster: Int) -> ArraySlice<Int32> {
        members[Int(memberStarts[cluster])..<Int(memberStarts[cluster + 1])]
    }

    /// The indices in the unions of cluster `cluster`'s matches, in the order they were applied.
    func matches(of cluster: Int) -> ArraySlice<Int32> {
        matches[Int(matchStarts[cluster])..<Int(matchStarts[cluster + 1])]
    }
}

/// One worker's state while explaining: an extractor, and the contacts of the matches at hand (one
/// cluster's, or one match's) with their keys and their numbers' resolutions, made once for all
/// their matches. Contacts are read in place, through a pointer into the book: ``forget()`` before
/// the pointer is let go.
struct Explaining {
    var extractor: KeyExtractor
    private var indices: [Int] = []
    private var keys: [ContactKeys] = []
    private var phones: [ExplainedPhones] = []

    init(extractor: KeyExtractor) {
        self.extractor = extractor
    }

    /// Drops the contacts at hand.
    mutating func forget() {
        indices.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        phones.removeAll(keepingCapacity: true)
    }

    /// The place of the contact at `base + index` among those at hand, its keys made on first ask
    /// (explanations never compare fingerprints: not computed). A cluster holds a few contacts.
    mutating func slot(_ index: Int, _ base: UnsafePointer<Contact>) -> Int {
        if let known = indices.firstIndex(of: index) { return known }
        indices.append(index)
        keys.append(extractor.keys(at: base + index, fingerprinting: false))
        phones.append(ExplainedPhones(contact: base + index))
        return indices.count - 1
    }

    /// The keys of the contact at `slot`.
    func keys(at slot: Int) -> ContactKeys {
        keys[slot]
    }

    /// The numbers of the contact at `slot`, with the resolutions made so far.
    func phones(at slot: Int) -> ExplainedPhones {
        phones[slot]
    }

    /// Keeps `phones` (with the resolutions it made) for the contact at `slot`.
    mutating func setPhones(_ phones: ExplainedPhones, at slot: Int) {
        self.phones[slot] = phones
    }
}

extension DuplicateMerging {
    /// The clusters that `unions` made, in the order of their first member, each with its
    /// contacts' ids and names and its matches explained: on every core, a cluster at a time, each
    /// contact's keys and numbers made once for all its matches.
    func explainedClusters(_ unions: [Edge], roots: [Int32], _ contacts: [Contact], _ tables: KeyTables) -> [DuplicateCluster] {
        let grouping = ClusterGrouping(unions: unions, roots: roots)
        let rules = self.rules
        return parallelMap(Array(0..<grouping.count), minimumPerWorker: 64, state: { Explaining(extractor: KeyExtractor(rules: rules)) }) {
            state, cluster in
            // Read in place: a contact taken out of the array is copied (a retain of each of its values).
            contacts.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                state.forget()
                defer { state.forget() }
                let matches = grouping.matches(of: cluster).map { self.match(unions[Int($0)], base, tables, &state) }
                let members = grouping.members(of: cluster)
                return DuplicateCluster(
                    contactIDs: members.map { base[Int($0)].id }, names: members.map { base[Int($0)].fullName }, matches: matches)
            }
        }
    }

    /// Each of `edges` explained on its own; independent per matched pair, so spread over the cores.
    func explained(_ edges: [Edge], _ contacts: [Contact], _ tables: KeyTables) -> [DuplicateMatch] {
        let rules = self.rules
        return parallelMap(edges, minimumPerWorker: 256, state: { Explaining(extractor: KeyExtractor(rules: rules)) }) { state, edge in
            contacts.withUnsafeBufferPointer { buffer in
                state.forget()
                defer { state.forget() }
                return self.match(edge, buffer.baseAddress!, tables, &state)
            }
        }
    }
}
