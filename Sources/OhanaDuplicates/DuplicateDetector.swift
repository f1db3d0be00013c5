import Dispatch
import Foundation
import Logging
import Ohana

/// Stage timings of duplicate detection and merging, at debug level.
let duplicatesLogger = Logger(label: "ohana.duplicates")

/// The seconds since `start`, rounded to milliseconds, for log metadata.
func secondsSince(_ start: ContinuousClock.Instant) -> Logger.MetadataValue {
    let elapsed = ContinuousClock.now - start
    let seconds = elapsed.inSeconds
    return "\((seconds * 1000).rounded() / 1000)"
}

/// The compact, hashed keys of one contact, for comparing many pairs quickly.
///
/// The 8-byte values first, then the 4-byte, then the bytes: 48 bytes a contact, not 56.
struct CompactKeys {
    /// Who the card is, for counting the people that share a value: the hash of its first name
    /// form (nicknames read as the full name, word order aside); 0 without a name.
    var identity: UInt64 = 0
    var organization: UInt64 = 0
    /// ``ContactKeys/fingerprint``: equal for identical cards, 0 for none.
    var fingerprint: UInt64 = 0
    var start: Int32 = 0
    /// Bit *k* set: email *k* is a role address (`info@`).
    var roleEmails: UInt32 = 0
    /// The weight of agreeing on this name, lower the more contacts carry it or its words.
    var nameWeight: Float = 0
    var nameCount: UInt8 = 0
    var phoneCount: UInt8 = 0
    var emailCount: UInt8 = 0
    /// The folded words of the person's name, after the emails in the pool.
    var wordCount: UInt8 = 0
    var isOrganizationOnly = false
    /// The generation the name's suffix names (``NameGeneration/of(_:)``): 0 for none.
    var generation: UInt8 = 0

    init(start: Int32) {
        self.start = start
    }

    /// The slots of the pool that hold the hashes of the contact's normalised email addresses
    /// (after its name forms, and its phones' two hashes each).
    var emailSlots: Range<Int> {
        let s = Int(start) + Int(nameCount) + 2 * Int(phoneCount)
        return s..<(s + Int(emailCount))
    }
}

/// A pair of contacts (by index) that a rule joined, the rule (its index; -1 for an override),
/// and the match weight of their evidence.
struct Edge {
    var first: Int32
    var second: Int32
    var rule: Int32
    var score: Float
    /// Whether the names still have to be compared word by word (the rule did not need them).
    var needsNameCheck = false
    /// Whether the shared phone is known only by its last digits: the numbers are parsed to
    /// confirm it is one number.
    var phoneNeedsParse = false
    /// Whether the rule also needs the names: then only two numbers written with their country
    /// codes (`+1 212 555 0199`, `+1 312 555 0199`) can disprove the match, not a region guessed for a national one.
    var phoneMatchHasName = false

    /// The rule index of a match between identical cards.
    static let identicalCards: Int32 = -2
    /// The score that puts matches between identical cards first.
    static let identicalScore: Float = 100

    /// Strongest first, then by contacts: the order clusters are built in. Total: of two matches
    /// of one pair with one score (a rule's and identical cards'), the rule's comes first, where a
    /// stable sort of the list as made put it.
    enum StrengthOrder: SortOrder {
        static func precedes(_ lhs: Edge, _ rhs: Edge) -> Bool {
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            return (lhs.first, lhs.second, rhs.rule) < (rhs.first, rhs.second, lhs.rule)
        }
    }
}

/// Why a match that the rules found was not applied.
enum Rejection: Equatable {
    /// The names belong to two different people (or a person and an organization).
    case namesConflict
    /// Two members of the clusters the match would join (their indices) are two people.
    case incoherent(Int32, Int32)
    /// The cluster would grow beyond ``DuplicateRules/maximumClusterSize``.
    case clusterTooLarge
    /// The evidence, counter evidence included, weighs less than ``DuplicateRules/minimumMatchWeight``.
    case tooWeak
}

/// The hashed keys of every contact and how many contacts carry each value.
struct KeyTables {
    var entries: [CompactKeys]
    var pool: [UInt64]
    /// Parallel to `pool`: for a phone or email, how many differently named contacts carry it; for
    /// the first name form and each name word, how many contacts carry it.
    var counts: [UInt32]
    /// How many contacts carry each name word.
    var wordCounts = NameWordCounts(counts: [:])

    /// The hashes of contact `index`'s normalised email addresses (at most 32).
    func emails(of index: Int) -> ArraySlice<UInt64> {
        pool[entries[index].emailSlots]
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
    /// The edges not applied because the contacts are not one person, and why.
    var rejected: [(edge: Edge, reason: Rejection)]
    /// Oversized blocks: kind, shared hash, one member.
    var oversized: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)]
    /// Values too widely shared to be evidence: kind, hash, one member, differently named contacts.
    var shared: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)]
    var comparedPairs: Int
    var tables: KeyTables
}

/// Finds duplicate clusters with blocking keys, frequency-weighted evidence and coherent
/// clusters: O(*n* log *n*) in the number of contacts.
struct DuplicateDetector {
    let rules: DuplicateRules
    let overrides: DuplicateOverrides

    /// Finds the clusters of `contacts`; `onStep` hears each step as it starts.
    func detect(_ contacts: [Contact], onStep: (DuplicateStep) -> Void = { _ in }) -> Detection {
        let n = contacts.count
        var clock = ContinuousClock.now
        func tick(_ stage: String) {
            duplicatesLogger.debug("duplicate detection: \(stage)", metadata: ["contacts": "\(n)", "seconds": secondsSince(clock)])
            clock = .now
        }
        onStep(.readingKeys)
        let (entries, pool) = extractCompactKeys(contacts)
        tick("keys extracted")
        onStep(.countingValues)
        var tables = KeyTables(entries: entries, pool: pool, counts: [UInt32](repeating: 0, count: pool.count))
        countNames(&tables)

        // Blocks: for each rule, the most selective kind of key it needs.
        var blockKinds = Set<DuplicateEvidence>()
        for rule in rules.rules {
            if rule.requirements.contains(.email) { blockKinds.insert(.email) }
            else if rule.requirements.contains(.phone) { blockKinds.insert(.phone) }
            else if rule.requirements.contains(.name) { blockKinds.insert(.name) }
            else if rule.requirements.contains(.organization) { blockKinds.insert(.organization) }
        }
        // Phones and emails are counted whatever the rules block on: the counts weight the evidence.
        var sortedKeys: [DuplicateEvidence: [BlockKey]] = [:]
        var shared: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] = []
        // The two kinds' keys listed and sorted on two cores; then counted, on two cores too.
        let countedKinds = [DuplicateEvidence.phone, .email]
        let keyedKinds = sortedBlockKeys(countedKinds, tables)
        shared += countHolders(countedKinds, keyedKinds, &tables)
        for (kind, keyed) in zip(countedKinds, keyedKinds) where blockKinds.contains(kind) { sortedKeys[kind] = keyed }
        tick("values counted")
        onStep(.comparingPairs)
        // The pairs to compare, each once, in contact order; then compared on every core. Counted
        // first where the keys are at hand, so that the list is made at its size: grown by doubling,
        // it held up to twice the room it needed (tens of megabytes at a million contacts).
        var pairs: [UInt64] = []
        pairs.reserveCapacity(sortedKeys.reduce(0) { $0 + pairCount($1.key, $1.value, tables) })
        var oversized: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] = []
        for kind in DuplicateEvidence.allCases where blockKinds.contains(kind) {
            let keyed = sortedKeys[kind] ?? sortedBlockKeys(kind, tables)
            // Each kind's keys freed once its pairs are listed.
            sortedKeys[kind] = nil
            appendPairs(inBlocksOf: keyed, kind, tables, to: &pairs, oversized: &oversized)
        }
        sortedKeys = [:]
        // Names one typo apart, where a rule asks for the name alone.
        let typoPairs = matchesNameTypos ? typoNamePairs(contacts, tables) : []
        if matchesNameTypos { tick("names one typo apart found (\(typoPairs.count) pairs)") }
        pairs += typoPairs
        Self.sortUnique(&pairs)
        var (edges, rejected) = comparePairs(pairs, tables, typoPairs: typoPairs)
        let compared = pairs.count
        pairs = []
        edges += identicalCards(tables)
        tick("blocks compared")
        onStep(.joiningClusters)
        var clustering = CoherentClustering(rules: rules, overrides: overrides, contacts: contacts, tables: tables)
        clustering.checkNames(&edges, rejected: &rejected)
        tick("names checked, evidence weighed (\(edges.count) matches)")
        Self.sortOnEveryCore(&edges, by: Edge.StrengthOrder.self)
        let (roots, unions, refused, incoherent) = clustering.unite(edges)
        tick("clusters joined")
        shared.sort { ($0.size, $0.member) > ($1.size, $1.member) }
        return Detection(
            roots: roots, unions: unions, refused: refused, rejected: rejected + incoherent, oversized: oversized,
            shared: Array(shared.prefix(50)), comparedPairs: compared, tables: tables)
    }

    /// Compares `pairs` (first index in the high half, second in the low) on every core: the
    /// matches, and the matches whose names conflict, in the order of `pairs`. `typoPairs`
    /// (sorted) are those whose names are one typo apart (``typoNamePairs(_:_:)``).
    func comparePairs(_ pairs: [UInt64], _ tables: KeyTables, typoPairs: [UInt64] = [])
        -> (edges: [Edge], rejected: [(edge: Edge, reason: Rejection)]) {
        let orders = ruleOrders
        let chunkCount = max(1, min(64, pairs.count / 16_384))
        let chunks = (0..<chunkCount).map { ($0 * pairs.count / chunkCount)..<(($0 + 1) * pairs.count / chunkCount) }
        let detector = self
        let results = parallelMap(chunks, minimumPerWorker: 1, state: {}) { _, range -> ([Edge], [Edge]) in
            var matches: [Edge] = []
            var conflicts: [Edge] = []
            for pair in pairs[range] {
                let isTypo = !typoPairs.isEmpty && Self.sortedContains(typoPairs, pair)
                switch detector.compare(Int32(truncatingIfNeeded: pair >> 32), Int32(truncatingIfNeeded: pair), tables, orders,
                                        namesOneTypoApart: isTypo) {
                case .none: break
                case .match(let edge): matches.append(edge)
                case .conflict(let edge): conflicts.append(edge)
                }
            }
            return (matches, conflicts)
        }
        var edges: [Edge] = []
        var rejected: [(edge: Edge, reason: Rejection)] = []
        edges.reserveCapacity(results.reduce(0) { $0 + $1.0.count })
        for (matches, conflicts) in results {
            edges += matches
            rejected += conflicts.map { ($0, .namesConflict) }
        }
        return (edges, rejected)
    }

    /// Matches between cards equal on everything they hold (``ContactKeys/fingerprint``), whatever
    /// the rules say about the values they share: one contact imported twice.
    ///
    /// Complexity: O(*n* log *n*).
    func identicalCards(_ tables: KeyTables) -> [Edge] {
        var keyed: [(fingerprint: UInt64, index: Int32)] = []
        for (index, entry) in tables.entries.enumerated() where entry.fingerprint != 0 {
            keyed.append((entry.fingerprint, Int32(index)))
        }
        Self.sortOnEveryCore(&keyed, by: FingerprintOrder.self)
        var edges: [Edge] = []
        var low = 0
        while low < keyed.count {
            var high = low + 1
            while high < keyed.count && keyed[high].fingerprint == keyed[low].fingerprint { high += 1 }
            for k in (low + 1)..<high {
                edges.append(Edge(first: keyed[low].index, second: keyed[k].index, rule: Edge.identicalCards, score: Edge.identicalScore))
            }
            low = high
        }
        return edges
    }

    /// Cards by fingerprint, then by index.
    private enum FingerprintOrder: SortOrder {
        static func precedes(_ lhs: (fingerprint: UInt64, index: Int32), _ rhs: (fingerprint: UInt64, index: Int32)) -> Bool {
            (lhs.fingerprint, lhs.index) < (rhs.fingerprint, rhs.index)
        }
    }

    // MARK: Keys

    func extractCompactKeys(_ contacts: [Contact]) -> ([CompactKeys], [UInt64]) {
        // One contiguous range, and one extractor with its caches, per core.
        let n = contacts.count
        let workers = max(1, min(processorCount, (n + 4_095) / 4_096))
        let ranges = (0..<workers).map { (($0 * n / workers)..<(($0 + 1) * n / workers)) }
        let rules = self.rules
        let chunks = parallelMap(ranges, minimumPerWorker: 1, state: { KeyExtractor(rules: rules) }) { extractor, range in
            var entries: [CompactKeys] = []
            var pool: [UInt64] = []
            entries.reserveCapacity(range.count)
            pool.reserveCapacity(range.count * 8)
            // Through a buffer pointer the contact is read in place, not copied (a retain per value).
            contacts.withUnsafeBufferPointer { contacts in
                guard let base = contacts.baseAddress else { return }
                for index in range { entries.append(extractor.compactKeys(at: base + index, into: &pool)) }
            }
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

    /// The compact keys of `keys`, its hashes appended to `pool`: what ``KeyExtractor/compactKeys(of:into:)``
    /// makes straight from a contact (kept to check that one against).
    static func compact(_ keys: ContactKeys, rules: DuplicateRules, into pool: inout [UInt64]) -> CompactKeys {
        var entry = CompactKeys(start: Int32(pool.count))
        let names = keys.nameForms.prefix(255)
        let phones = keys.phones.prefix(127)
        let emails = keys.emails.prefix(32)
        for form in names { pool.append(stableHash(form)) }
        for phone in phones {
            pool.append(phone.e164.map(stableHash) ?? 0)
            pool.append(stableHash(phone.trailing))
        }
        for (k, email) in emails.enumerated() {
            pool.append(stableHash(email.normalized))
            if RoleAddresses.isRole(email.normalized, roles: rules.roleLocalParts) { entry.roleEmails |= 1 << UInt32(k) }
        }
        // Each word once (a name seldom repeats one): hashes compared in place, no set built.
        let wordsStart = pool.count
        for word in keys.nameWords.prefix(8) {
            let hash = stableHash(word)
            if !pool[wordsStart...].contains(hash) { pool.append(hash) }
        }
        entry.wordCount = UInt8(pool.count - wordsStart)
        entry.fingerprint = keys.fingerprint
        entry.nameCount = UInt8(names.count)
        entry.phoneCount = UInt8(phones.count)
        entry.emailCount = UInt8(emails.count)
        entry.isOrganizationOnly = keys.isOrganizationOnly
        entry.identity = keys.nameForms.first.map(stableHash) ?? 0
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
        pool[e.emailSlots]
    }

    /// The hashes of the folded words of a person's name.
    func nameWords(_ e: CompactKeys, _ pool: [UInt64]) -> Range<Int> {
        let s = e.emailSlots.upperBound
        return s..<(s + Int(e.wordCount))
    }

    func firstNameHash(_ e: CompactKeys, _ pool: [UInt64]) -> UInt64 {
        e.nameCount > 0 ? pool[Int(e.start)] : 0
    }
}
