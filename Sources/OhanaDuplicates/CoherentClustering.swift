import Ohana

/// Builds clusters from matches, strongest first, so that every member fits every other member:
/// no chaining from one person to another through a shared value.
///
/// A match joins two clusters only when no two of their members have names of two different
/// people, no keep-apart override separates them and the result stays within
/// ``DuplicateRules/maximumClusterSize``. With clusters that small, each join costs O(1), and the
/// whole O(*e* log *e*) in the number of matches.
struct CoherentClustering {
    let rules: DuplicateRules
    let overrides: DuplicateOverrides
    let contacts: [Contact]
    let tables: KeyTables
    /// The folded names of the contacts that take part in a match, by index.
    private var signatures: [NameSignature?]
    /// Contact indices by id, for overrides.
    private var indexByID: [ContactID: [Int32]] = [:]
    /// Folds the names needed later, one at a time.
    private var extractor: KeyExtractor

    init(rules: DuplicateRules, overrides: DuplicateOverrides, contacts: [Contact], tables: KeyTables) {
        self.rules = rules
        self.overrides = overrides
        self.contacts = contacts
        self.tables = tables
        signatures = []
        extractor = KeyExtractor(rules: rules)
        if !overrides.isEmpty {
            for (i, contact) in contacts.enumerated() { indexByID[contact.id, default: []].append(Int32(i)) }
        }
    }

    /// Folds the names of the contacts in `edges` that need a word-by-word comparison (on every
    /// core), then drops the edges whose names belong to two people, listing them in `rejected`,
    /// and those whose only phone evidence turns out to be two numbers.
    mutating func checkNames(_ edges: inout [Edge], rejected: inout [(edge: Edge, reason: Rejection)]) {
        var wanted: [Int32] = []
        for edge in edges where edge.needsNameCheck { wanted.append(edge.first); wanted.append(edge.second) }
        for group in overrides.keptTogether + overrides.keptApart { for id in group { wanted += indexByID[id] ?? [] } }
        wanted = Array(Set(wanted)).sorted()
        let rules = self.rules
        let contacts = self.contacts
        let folded = parallelMap(wanted, minimumPerWorker: 512, state: { KeyExtractor(rules: rules) }) { extractor, index in
            NameSignature(contacts[Int(index)], extractor: &extractor)
        }
        signatures = [NameSignature?](repeating: nil, count: contacts.count)
        for (index, signature) in zip(wanted, folded) { signatures[Int(index)] = signature }

        var kept: [Edge] = []
        kept.reserveCapacity(edges.count)
        for var edge in edges {
            guard edge.needsNameCheck else {
                kept.append(edge)
                continue
            }
            switch relation(edge.first, edge.second) {
            case .conflicting:
                edge.score += Float(MatchWeights.conflictingName)
                rejected.append((edge, .namesConflict))
            case .compatible:
                edge.score += Float(MatchWeights.compatibleName)
                kept.append(edge)
            case .same:
                edge.score += sameNameWeight(edge.first, edge.second)
                kept.append(edge)
            case .missing:
                kept.append(edge)
            }
        }
        // Parsing costs most: only for the matches the names allow.
        confirmPhones(&kept)
        weigh(&kept, rejected: &rejected)
        edges = kept
    }

    /// The weight of one name on two cards whose words agree.
    func sameNameWeight(_ a: Int32, _ b: Int32) -> Float {
        min(tables.entries[Int(a)].nameWeight, tables.entries[Int(b)].nameWeight)
    }

    /// Adds to each match the evidence no rule asks for (``OtherEvidence``: a mailbox name,
    /// birthdays, cities, mobiles), on every core, and drops, listing them in `rejected`, the
    /// matches that then weigh less than ``DuplicateRules/minimumMatchWeight``.
    private func weigh(_ edges: inout [Edge], rejected: inout [(edge: Edge, reason: Rejection)]) {
        let rules = self.rules
        let contacts = self.contacts
        let tables = self.tables
        // What the evidence must add for a rule's match to be kept; a match of identical cards is kept whatever it weighs.
        let pairs = edges.map { ($0.first, $0.second, $0.rule >= 0 ? rules.minimumMatchWeight - Double($0.score) : -.infinity) }
        let weights = parallelMap(pairs, minimumPerWorker: 256, state: { KeyExtractor(rules: rules) }) { extractor, pair in
            // Through a buffer pointer the two contacts are read in place, not copied (a retain and
            // release of each of their values, for each of a million matches).
            contacts.withUnsafeBufferPointer { contacts -> Double in
                guard let base = contacts.baseAddress else { return 0 }
                let emails = (tables.emails(of: Int(pair.0)), tables.emails(of: Int(pair.1)))
                return OtherEvidence.weight(base + Int(pair.0), base + Int(pair.1), emails: emails, rules: rules, enough: pair.2,
                                            extractor: &extractor)
            }
        }
        var kept: [Edge] = []
        kept.reserveCapacity(edges.count)
        for (var edge, weight) in zip(edges, weights) {
            edge.score += Float(weight)
            if edge.rule >= 0 && Double(edge.score) < rules.minimumMatchWeight {
                rejected.append((edge, .tooWeak))
            } else {
                kept.append(edge)
            }
        }
        edges = kept
    }

    /// Drops the edges whose phone evidence is a match in the last digits that parsing shows to
    /// be two different valid numbers (`+1 415 555 0134` and `+44 20 5555 0134`); those it shows
    /// to be one number weigh as an exact match. With a rule that also needs the names, only
    /// numbers both written with their country code disprove it: a national number's region is
    /// guessed from the card's evidence, and a guess (`320 811 2087` read as Minnesota's, not
    /// Italy's) proves nothing against a name.
    private func confirmPhones(_ edges: inout [Edge]) {
        let loose = edges.indices.filter { edges[$0].phoneNeedsParse }
        guard !loose.isEmpty else { return }
        let rules = self.rules
        let contacts = self.contacts
        let pairs = loose.map { (edges[$0].first, edges[$0].second, edges[$0].phoneMatchHasName) }
        // 1: one number; 0: not known, kept as a match on the last digits; -1: two different numbers.
        let verdicts = parallelMap(pairs, minimumPerWorker: 64, state: { KeyExtractor(rules: rules) }) { extractor, pair -> Int8 in
            // Read in place: a contact taken out of the array is copied (a retain of each of its values).
            contacts.withUnsafeBufferPointer { contacts -> Int8 in
                guard let base = contacts.baseAddress else { return 0 }
                return Self.verdict(base + Int(pair.0), base + Int(pair.1), hasName: pair.2, &extractor)
            }
        }
        var dropped = Set<Int>()
        for (index, verdict) in zip(loose, verdicts) {
            if verdict > 0 {
                // Known now to be one number, not only its last digits.
                edges[index].score += Float(MatchWeights.phone(count: 1, loose: false) - MatchWeights.phone(count: 1, loose: true))
            } else if verdict < 0 {
                dropped.insert(index)
            }
        }
        guard !dropped.isEmpty else { return }
        edges = edges.indices.filter { !dropped.contains($0) }.map { edges[$0] }
    }

    /// How the names of two contacts relate: the same when a name form is shared, else word by
    /// word (folding a name not folded yet).
    /// `extraEdits` allows that many more typo edits per word (for members not matched directly).
    mutating func relation(_ a: Int32, _ b: Int32, extraEdits: Int = 0) -> NameRelation {
        let ea = tables.entries[Int(a)]
        let eb = tables.entries[Int(b)]
        if ea.nameCount == 0 || eb.nameCount == 0 { return .missing }
        if NameGeneration.conflict(ea.generation, eb.generation) { return .conflicting }
        let formsB = tables.pool[Int(eb.start)..<(Int(eb.start) + Int(eb.nameCount))]
        for slot in Int(ea.start)..<(Int(ea.start) + Int(ea.nameCount)) where formsB.contains(tables.pool[slot]) { return .same }
        return signature(a).relation(to: signature(b), nicknames: rules.nicknames, wordCounts: tables.wordCounts, extraEdits: extraEdits)
    }

    private mutating func signature(_ index: Int32) -> NameSignature {
        if let known = signatures[Int(index)] { return known }
        let folded = NameSignature(contacts[Int(index)], extractor: &extractor)
        signatures[Int(index)] = folded
        return folded
    }

    /// Joins clusters along `edges` (strongest first) where every member fits every other; returns
    /// each contact's root, the edges applied, those a keep-apart override refused, and those
    /// rejected for incoherence or size.
    mutating func unite(_ edges: [Edge]) -> (roots: [Int32], unions: [Edge], refused: [Edge], rejected: [(edge: Edge, reason: Rejection)]) {
        let n = contacts.count
        var parent = Array(0..<Int32(n))
        var members: [Int32: [Int32]] = [:]
        func find(_ x: Int32) -> Int32 {
            var root = x
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = x
            while parent[Int(node)] != root {
                let next = parent[Int(node)]
                parent[Int(node)] = root
                node = next
            }
            return root
        }
        func membersOf(_ root: Int32) -> [Int32] { members[root] ?? [root] }
        func join(_ ra: Int32, _ rb: Int32) {
            let a = membersOf(ra)
            let b = membersOf(rb)
            let (big, small) = a.count >= b.count ? (ra, rb) : (rb, ra)
            parent[Int(small)] = big
            members[big] = a.count >= b.count ? a + b : b + a
            members[small] = nil
        }

        // Keep-apart: each constrained contact's partners.
        var apartPartners: [Int32: [Int32]] = [:]
        for group in overrides.keptApart {
            let ids = group.flatMap { indexByID[$0] ?? [] }
            for a in ids { for b in ids where a != b { apartPartners[a, default: []].append(b) } }
        }

        var unions: [Edge] = []
        var refused: [Edge] = []
        var rejected: [(edge: Edge, reason: Rejection)] = []
        for group in overrides.keptTogether {
            let ids = group.flatMap { indexByID[$0] ?? [] }.sorted()
            guard let first = ids.first else { continue }
            for other in ids.dropFirst() {
                let ra = find(first)
                let rb = find(other)
                guard ra != rb else { continue }
                join(ra, rb)
                unions.append(Edge(first: first, second: other, rule: -1, score: 0))
            }
        }
        edgeLoop: for edge in edges {
            let ra = find(edge.first)
            let rb = find(edge.second)
            guard ra != rb else { continue }
            let a = membersOf(ra)
            let b = membersOf(rb)
            if !apartPartners.isEmpty {
                for m in a { for partner in apartPartners[m] ?? [] where find(partner) == rb { refused.append(edge); continue edgeLoop } }
            }
            if a.count + b.count > rules.maximumClusterSize {
                rejected.append((edge, .clusterTooLarge))
                continue
            }
            for m in a {
                // Two typos of one name are an edit further apart than each from the name.
                for o in b where relation(m, o, extraEdits: 1) == .conflicting {
                    rejected.append((edge, .incoherent(m, o)))
                    continue edgeLoop
                }
            }
            join(ra, rb)
            unions.append(edge)
        }
        let roots = (0..<Int32(n)).map { find($0) }
        return (roots, unions, refused, rejected)
    }
}
