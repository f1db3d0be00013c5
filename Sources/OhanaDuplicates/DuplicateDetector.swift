import Dispatch
import Foundation
import Logging
import Ohana

/// Stage timings of duplicate detection and merging, at debug level.
let duplicatesLogger = Logger(label: "ohana.duplicates")

/// The seconds since `start`, rounded to milliseconds, for log metadata.
func secondsSince(_ start: ContinuousClock.Instant) -> Logger.MetadataValue {
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return "\((seconds * 1000).rounded() / 1000)"
}

/// The compact, hashed keys of one contact, for comparing many pairs quickly.
struct CompactKeys {
    var start: Int32 = 0
    var nameCount: UInt8 = 0
    var phoneCount: UInt8 = 0
    var emailCount: UInt8 = 0
    var organization: UInt64 = 0
}

/// A pair of contacts (by index) that a rule joined, and the rule (its index; -1 for an override).
struct Edge: Comparable {
    var first: Int32
    var second: Int32
    var rule: Int32

    static func < (lhs: Edge, rhs: Edge) -> Bool {
        (lhs.first, lhs.second, lhs.rule) < (rhs.first, rhs.second, rhs.rule)
    }
}

/// The outcome of detection: which contact joins which, before explanations are written.
struct Detection {
    /// The cluster root of each contact.
    var roots: [Int32]
    /// The edges that joined two clusters, in the order they were applied.
    var unions: [Edge]
    /// The edges a keep-apart override refused.
    var refused: [Edge]
    /// Oversized blocks: kind, shared hash, one member.
    var oversized: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)]
    var comparedPairs: Int
}

/// Finds duplicate clusters with blocking keys and union-find: O(*n* log *n*) in the number of contacts.
struct DuplicateDetector {
    let rules: DuplicateRules
    let overrides: DuplicateOverrides

    func detect(_ contacts: [Contact]) -> Detection {
        let n = contacts.count
        var clock = ContinuousClock.now
        func tick(_ stage: String) {
            duplicatesLogger.debug("duplicate detection: \(stage)", metadata: ["contacts": "\(n)", "seconds": secondsSince(clock)])
            clock = .now
        }
        var (entries, pool) = extractCompactKeys(contacts)
        tick("keys extracted")
        if needsExactPhones && rules.matchingTrailingDigits > 0 {
            fillExactPhones(contacts, entries, &pool)
        }

        // Blocks: for each rule, the most selective kind of key it needs.
        var blockKinds = Set<DuplicateEvidence>()
        for rule in rules.rules {
            if rule.requirements.contains(.email) { blockKinds.insert(.email) }
            else if rule.requirements.contains(.phone) { blockKinds.insert(.phone) }
            else if rule.requirements.contains(.name) { blockKinds.insert(.name) }
            else if rule.requirements.contains(.organization) { blockKinds.insert(.organization) }
        }
        var seen = Set<UInt64>()
        let masks = ruleMasks
        var edges: [Edge] = []
        var oversized: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] = []
        var compared = 0
        for kind in DuplicateEvidence.allCases where blockKinds.contains(kind) {
            var keyed: [(UInt64, Int32)] = []
            keyed.reserveCapacity(n * 2)
            for (i, entry) in entries.enumerated() {
                appendBlockHashes(kind, entry, pool, index: Int32(i), to: &keyed)
            }
            keyed.sort { $0 < $1 }
            var low = 0
            while low < keyed.count {
                var high = low + 1
                while high < keyed.count && keyed[high].0 == keyed[low].0 { high += 1 }
                guard high - low > 1 else {
                    low = high
                    continue
                }
                // appendBlockHashes gives a contact each key once, so a block's members are distinct.
                var members = keyed[low..<high].map(\.1)
                let window: Int
                if members.count > rules.maximumBlockSize {
                    oversized.append((kind, keyed[low].0, Int(members[0]), members.count))
                    members.sort { (firstNameHash(entries[Int($0)], pool), $0) < (firstNameHash(entries[Int($1)], pool), $1) }
                    window = rules.maximumBlockSize
                } else {
                    window = members.count
                }
                for a in 0..<members.count {
                    for b in (a + 1)..<min(members.count, a + window) {
                        let i = min(members[a], members[b])
                        let j = max(members[a], members[b])
                        guard seen.insert(UInt64(UInt32(i)) << 32 | UInt64(UInt32(j))).inserted else { continue }
                        compared += 1
                        if let rule = firstMatchingRule(entries[Int(i)], entries[Int(j)], pool, masks) {
                            edges.append(Edge(first: i, second: j, rule: Int32(rule)))
                        }
                    }
                }
                low = high
            }
        }
        tick("blocks compared")
        edges.sort()
        var result = unite(n: n, edges: edges, contacts: contacts)
        tick("clusters joined")
        result.oversized = oversized
        result.comparedPairs = compared
        return result
    }

    // MARK: Keys

    func extractCompactKeys(_ contacts: [Contact]) -> ([CompactKeys], [UInt64]) {
        // One contiguous range, and one extractor with its caches, per core.
        let n = contacts.count
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, (n + 4_095) / 4_096))
        let ranges = (0..<workers).map { (($0 * n / workers)..<(($0 + 1) * n / workers)) }
        let rules = self.rules
        let chunks = parallelMap(ranges, minimumPerWorker: 1, state: { KeyExtractor(rules: rules) }) { extractor, range in
            var entries: [CompactKeys] = []
            var pool: [UInt64] = []
            entries.reserveCapacity(range.count)
            pool.reserveCapacity(range.count * 8)
            for index in range { entries.append(Self.compact(extractor.keys(of: contacts[index]), into: &pool)) }
            return (entries, pool)
        }
        var entries: [CompactKeys] = []
        var pool: [UInt64] = []
        entries.reserveCapacity(n)
        for (chunkEntries, chunkPool) in chunks {
            let offset = Int32(pool.count)
            for var entry in chunkEntries {
                entry.start += offset
                entries.append(entry)
            }
            pool.append(contentsOf: chunkPool)
        }
        return (entries, pool)
    }

    /// Whether some rule accepts a phone number without the name, so that a match in the last
    /// digits alone is not enough and numbers must be compared in E.164.
    var needsExactPhones: Bool {
        rules.rules.contains { $0.requirements.contains(.phone) && !$0.requirements.contains(.name) }
    }

    /// Parses the numbers that share their last digits with another contact's (the only ones an
    /// exact comparison can concern) and writes their E.164 hashes into the pool.
    func fillExactPhones(_ contacts: [Contact], _ entries: [CompactKeys], _ pool: inout [UInt64]) {
        var keyed: [(UInt64, Int32)] = []
        for (i, entry) in entries.enumerated() {
            appendBlockHashes(.phone, entry, pool, index: Int32(i), to: &keyed)
        }
        keyed.sort { $0 < $1 }
        var candidates: [Int32] = []
        var low = 0
        while low < keyed.count {
            var high = low + 1
            while high < keyed.count && keyed[high].0 == keyed[low].0 { high += 1 }
            if high - low > 1 { candidates.append(contentsOf: keyed[low..<high].map(\.1)) }
            low = high
        }
        let unique = Array(Set(candidates)).sorted()
        let rules = self.rules
        let snapshot = pool
        let patches = parallelMap(unique, minimumPerWorker: 256, state: { KeyExtractor(rules: rules) }) { extractor, candidate in
            let index = Int(candidate)
            let entry = entries[index]
            let base = Int(entry.start) + Int(entry.nameCount)
            var found: [(slot: Int, hash: UInt64)] = []
            for (k, phone) in extractor.phones(of: contacts[index]).prefix(Int(entry.phoneCount)).enumerated()
            where snapshot[base + 2 * k] == 0 {
                if let e164 = extractor.parse(phone, of: contacts[index]) { found.append((base + 2 * k, stableHash(e164))) }
            }
            return found
        }
        for (slot, hash) in patches.joined() { pool[slot] = hash }
    }

    static func compact(_ keys: ContactKeys, into pool: inout [UInt64]) -> CompactKeys {
        var entry = CompactKeys(start: Int32(pool.count))
        let names = keys.nameForms.prefix(255)
        let phones = keys.phones.prefix(127)
        let emails = keys.emails.prefix(255)
        for form in names { pool.append(stableHash(form)) }
        for phone in phones {
            pool.append(phone.e164.map(stableHash) ?? 0)
            pool.append(stableHash(phone.trailing))
        }
        for email in emails { pool.append(stableHash(email.normalized)) }
        entry.nameCount = UInt8(names.count)
        entry.phoneCount = UInt8(phones.count)
        entry.emailCount = UInt8(emails.count)
        entry.organization = keys.organization.map(stableHash) ?? 0
        return entry
    }

    func names(_ e: CompactKeys, _ pool: [UInt64]) -> ArraySlice<UInt64> {
        let s = Int(e.start)
        return pool[s..<(s + Int(e.nameCount))]
    }

    func phonePairs(_ e: CompactKeys, _ pool: [UInt64]) -> ArraySlice<UInt64> {
        let s = Int(e.start) + Int(e.nameCount)
        return pool[s..<(s + 2 * Int(e.phoneCount))]
    }

    func emails(_ e: CompactKeys, _ pool: [UInt64]) -> ArraySlice<UInt64> {
        let s = Int(e.start) + Int(e.nameCount) + 2 * Int(e.phoneCount)
        return pool[s..<(s + Int(e.emailCount))]
    }

    func firstNameHash(_ e: CompactKeys, _ pool: [UInt64]) -> UInt64 {
        e.nameCount > 0 ? pool[Int(e.start)] : 0
    }

    /// Appends the distinct block hashes of one kind of a contact, with its index, to `keyed`.
    func appendBlockHashes(_ kind: DuplicateEvidence, _ e: CompactKeys, _ pool: [UInt64], index: Int32,
                           to keyed: inout [(UInt64, Int32)]) {
        let first = keyed.count
        func add(_ hash: UInt64) {
            guard hash != 0 else { return }
            for k in first..<keyed.count where keyed[k].0 == hash { return }
            keyed.append((hash, index))
        }
        switch kind {
        case .name: for hash in names(e, pool) { add(hash) }
        case .email: for hash in emails(e, pool) { add(hash) }
        case .organization: add(e.organization)
        case .phone:
            let pairs = phonePairs(e, pool)
            let offset = rules.matchingTrailingDigits > 0 ? 1 : 0
            var k = pairs.startIndex
            while k < pairs.endIndex {
                add(pairs[k + offset])
                k += 2
            }
        }
    }

    /// The bit of one kind of evidence in an evidence mask.
    static func bit(_ kind: DuplicateEvidence) -> UInt8 {
        switch kind {
        case .name: 1
        case .phone: 2
        case .email: 4
        case .organization: 8
        }
    }

    /// The evidence two contacts share, as a mask of ``bit(_:)``s, plus whether the phone match is
    /// only in trailing digits.
    func evidence(_ a: CompactKeys, _ b: CompactKeys, _ pool: [UInt64]) -> (mask: UInt8, phoneIsLoose: Bool) {
        var found: UInt8 = 0
        if intersects(names(a, pool), names(b, pool)) { found |= 1 }
        if intersects(emails(a, pool), emails(b, pool)) { found |= 4 }
        if a.organization != 0 && a.organization == b.organization { found |= 8 }
        let pa = phonePairs(a, pool)
        let pb = phonePairs(b, pool)
        var exact = false
        var loose = false
        var i = pa.startIndex
        while i < pa.endIndex {
            var j = pb.startIndex
            while j < pb.endIndex {
                if pa[i] != 0 && pa[i] == pb[j] { exact = true }
                if rules.matchingTrailingDigits > 0 && pa[i + 1] == pb[j + 1] { loose = true }
                j += 2
            }
            i += 2
        }
        if exact || loose { found |= 2 }
        return (found, !exact && loose)
    }

    /// The index of the first rule the evidence of two contacts satisfies.
    ///
    /// `ruleMasks` holds each rule's requirements as a mask (see ``ruleMasks``).
    func firstMatchingRule(_ a: CompactKeys, _ b: CompactKeys, _ pool: [UInt64], _ ruleMasks: [UInt8]) -> Int? {
        let (found, phoneIsLoose) = evidence(a, b, pool)
        guard found != 0 else { return nil }
        for (index, mask) in ruleMasks.enumerated() where mask != 0 && mask & found == mask {
            // A match in the last digits alone is enough only alongside the name.
            if phoneIsLoose && mask & 2 != 0 && mask & 1 == 0 { continue }
            return index
        }
        return nil
    }

    /// Each rule's requirements as a mask of ``bit(_:)``s.
    var ruleMasks: [UInt8] {
        rules.rules.map { rule in rule.requirements.reduce(0) { $0 | Self.bit($1) } }
    }

    private func intersects(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>) -> Bool {
        for x in a where b.contains(x) { return true }
        return false
    }

    // MARK: Union-find with overrides

    func unite(n: Int, edges: [Edge], contacts: [Contact]) -> Detection {
        var parent = Array(0..<Int32(n))
        var size = [Int32](repeating: 1, count: n)
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

        var indexByID: [ContactID: [Int32]] = [:]
        if !overrides.isEmpty {
            for (i, contact) in contacts.enumerated() { indexByID[contact.id, default: []].append(Int32(i)) }
        }
        // Keep-apart: each constrained contact's partners; each root's constrained members.
        var apartPartners: [Int32: [Int32]] = [:]
        for group in overrides.keptApart {
            let members = group.flatMap { indexByID[$0] ?? [] }
            for a in members { for b in members where a != b { apartPartners[a, default: []].append(b) } }
        }
        var constrainedMembers: [Int32: [Int32]] = [:]
        for member in apartPartners.keys { constrainedMembers[member] = [member] }

        func canJoin(_ ra: Int32, _ rb: Int32) -> Bool {
            guard let membersA = constrainedMembers[ra], let membersB = constrainedMembers[rb] else { return true }
            let (small, otherRoot) = membersA.count <= membersB.count ? (membersA, rb) : (membersB, ra)
            for member in small {
                for partner in apartPartners[member] ?? [] where find(partner) == otherRoot { return false }
            }
            return true
        }

        func join(_ ra: Int32, _ rb: Int32) {
            let (big, small) = size[Int(ra)] >= size[Int(rb)] ? (ra, rb) : (rb, ra)
            parent[Int(small)] = big
            size[Int(big)] += size[Int(small)]
            if let moved = constrainedMembers.removeValue(forKey: small) {
                constrainedMembers[big, default: []].append(contentsOf: moved)
            }
        }

        var unions: [Edge] = []
        var refused: [Edge] = []
        for group in overrides.keptTogether {
            let members = group.flatMap { indexByID[$0] ?? [] }.sorted()
            guard let first = members.first else { continue }
            for other in members.dropFirst() {
                let ra = find(first)
                let rb = find(other)
                guard ra != rb else { continue }
                join(ra, rb)
                unions.append(Edge(first: first, second: other, rule: -1))
            }
        }
        for edge in edges {
            let ra = find(edge.first)
            let rb = find(edge.second)
            guard ra != rb else { continue }
            if canJoin(ra, rb) {
                join(ra, rb)
                unions.append(edge)
            } else {
                refused.append(edge)
            }
        }
        let roots = (0..<Int32(n)).map { find($0) }
        return Detection(roots: roots, unions: unions, refused: refused, oversized: [], comparedPairs: 0)
    }
}
