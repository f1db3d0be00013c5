import Ohana

/// One key of one contact in a block: the value's hash, the contact, and the key's slot in the pool.
struct BlockKey {
    var hash: UInt64
    var index: Int32
    var slot: Int32
}

/// The rules in the orders a pair is checked against them (``DuplicateDetector/ruleOrders``).
struct RuleOrders: Sendable {
    /// Every rule, by index.
    var all: [(index: Int, mask: UInt8)]
    /// The rules that need no phone, then those that do, each by index.
    var phoneLast: [(index: Int, mask: UInt8)]
    /// Whether a rule asks for the organization alone.
    var needsOrganizationOnly: Bool
    /// The rules that need the name, by index, when names one typo apart may stand for it
    /// (``DuplicateDetector/matchesNameTypos``); else none.
    var typoNameRules: [(index: Int, mask: UInt8)] = []
}

/// What comparing two contacts found.
enum PairOutcome {
    /// No rule is satisfied.
    case none
    /// A rule is satisfied (the names may still need a word-by-word check).
    case match(Edge)
    /// A rule is satisfied by the shared values, but the names belong to two people.
    case conflict(Edge)
}

extension DuplicateDetector {
    // MARK: Blocks and counts

    /// Every key of one kind of every contact, sorted by value then contact: runs of one value are blocks.
    ///
    /// Complexity: O(*k* log *k*) in the number of keys.
    func sortedBlockKeys(_ kind: DuplicateEvidence, _ tables: KeyTables) -> [BlockKey] {
        var keyed: [BlockKey] = []
        keyed.reserveCapacity(tables.entries.count * 2)
        let trailing = rules.matchingTrailingDigits > 0 ? 1 : 0
        for (i, e) in tables.entries.enumerated() {
            let index = Int32(i)
            switch kind {
            case .name:
                for slot in names(e, tables.pool).indices { keyed.append(BlockKey(hash: tables.pool[slot], index: index, slot: Int32(slot))) }
            case .email:
                for slot in emails(e, tables.pool).indices { keyed.append(BlockKey(hash: tables.pool[slot], index: index, slot: Int32(slot))) }
            case .organization:
                if e.organization != 0 { keyed.append(BlockKey(hash: e.organization, index: index, slot: -1)) }
            case .birthday, .address:
                break
            case .phone:
                let pairs = phonePairs(e, tables.pool)
                var k = pairs.startIndex
                while k < pairs.endIndex {
                    let slot = k + trailing
                    if tables.pool[slot] != 0 { keyed.append(BlockKey(hash: tables.pool[slot], index: index, slot: Int32(slot))) }
                    k += 2
                }
            }
        }
        keyed.sort { ($0.hash, $0.index, $0.slot) < ($1.hash, $1.index, $1.slot) }
        return keyed
    }

    /// The contacts of one block, each once, in index order.
    func distinctMembers(_ block: ArraySlice<BlockKey>) -> [Int32] {
        var members: [Int32] = []
        members.reserveCapacity(block.count)
        for key in block where members.last != key.index { members.append(key.index) }
        return members
    }

    /// Hashes with their slots, by hash, then slot.
    private enum HashSlotOrder: SortOrder {
        static func precedes(_ lhs: (hash: UInt64, slot: Int32), _ rhs: (hash: UInt64, slot: Int32)) -> Bool {
            (lhs.hash, lhs.slot) < (rhs.hash, rhs.slot)
        }
    }

    /// Counts the contacts that carry each first name form and each name word (the name's term
    /// frequency), and sets each contact's ``CompactKeys/nameWeight`` from the likelier of the two:
    /// the contacts with the whole name, or those expected to have it from its words' frequencies
    /// (Giorgos Papadopoulos proves little even when the book holds one, since both words are common).
    ///
    /// Complexity: O(*n* log *n*).
    func countNames(_ tables: inout KeyTables) {
        func countRuns(_ keyed: inout [(hash: UInt64, slot: Int32)], _ each: (UInt64, Int) -> Void) {
            Self.sortOnEveryCore(&keyed, by: HashSlotOrder.self)
            var low = 0
            while low < keyed.count {
                var high = low + 1
                while high < keyed.count && keyed[high].hash == keyed[low].hash { high += 1 }
                for k in low..<high { tables.counts[Int(keyed[k].slot)] = UInt32(high - low) }
                each(keyed[low].hash, high - low)
                low = high
            }
        }
        var firsts: [(hash: UInt64, slot: Int32)] = []
        firsts.reserveCapacity(tables.entries.count)
        for e in tables.entries where e.nameCount > 0 { firsts.append((tables.pool[Int(e.start)], e.start)) }
        countRuns(&firsts) { _, _ in }
        firsts = []
        var words: [(hash: UInt64, slot: Int32)] = []
        words.reserveCapacity(tables.entries.count * 2)
        for e in tables.entries { for slot in nameWords(e, tables.pool) { words.append((tables.pool[slot], Int32(slot))) } }
        var wordCounts: [UInt64: UInt32] = [:]
        countRuns(&words) { hash, count in wordCounts[hash] = UInt32(count) }
        tables.wordCounts = NameWordCounts(counts: wordCounts)
        let n = Double(max(1, tables.entries.count))
        for k in tables.entries.indices {
            let e = tables.entries[k]
            guard e.nameCount > 0 else { continue }
            var expected = n
            for slot in nameWords(e, tables.pool) { expected *= Double(tables.counts[slot]) / n }
            let whole = Double(tables.counts[Int(e.start)])
            let count = e.wordCount > 0 ? max(whole, expected) : whole
            tables.entries[k].nameWeight = Float(MatchWeights.sameName(count: count))
        }
    }

    /// Counts, for each phone or email value, the differently named contacts that carry it, people
    /// and organization cards apart (a contact without a name counts on its own), and writes to
    /// each slot the count of its contact's kind; returns the values carried by more than
    /// ``DuplicateRules/maximumSharedValueCount``.
    ///
    /// The kinds (`keyed[k]` lists the sorted keys of `kinds[k]`) are counted on every core: each
    /// writes the count slots of its own values (a phone's or an email's), never another kind's.
    func countHolders(_ kinds: [DuplicateEvidence], _ keyed: [[BlockKey]], _ tables: inout KeyTables)
        -> [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] {
        let entries = tables.entries
        let detector = self
        let shared = tables.counts.withUnsafeMutableBufferPointer { counts in
            let output = CountSlots(base: counts.baseAddress)
            return parallelMap(Array(kinds.indices), minimumPerWorker: 1, state: {}) { _, k in
                detector.countHolders(kinds[k], keyed[k], entries, into: output)
            }
        }
        return shared.flatMap { $0 }
    }

    private func countHolders(_ kind: DuplicateEvidence, _ keyed: [BlockKey], _ entries: [CompactKeys], into output: CountSlots)
        -> [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] {
        guard let counts = output.base else { return [] }
        var shared: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] = []
        var people: [UInt64] = []
        var organizations: [UInt64] = []
        func distinct(_ values: inout [UInt64]) -> Int {
            guard values.count > 1 else { return values.count }
            values.sort()
            var count = 1
            for k in values.indices.dropFirst() where values[k] != values[k - 1] { count += 1 }
            return count
        }
        var low = 0
        while low < keyed.count {
            var high = low + 1
            while high < keyed.count && keyed[high].hash == keyed[low].hash { high += 1 }
            people.removeAll(keepingCapacity: true)
            organizations.removeAll(keepingCapacity: true)
            for key in keyed[low..<high] {
                let entry = entries[Int(key.index)]
                if entry.isOrganizationOnly {
                    organizations.append(entry.identity)
                } else {
                    people.append(entry.identity != 0 ? entry.identity : UInt64(UInt32(key.index)) | 1 << 63)
                }
            }
            var peopleCount = distinct(&people)
            let organizationCount = distinct(&organizations)
            // A value on an organization's card is the organization's (an office line, `office@`):
            // its staff share it, so for people it weighs as widely shared as evidence may be.
            if organizationCount > 0 && peopleCount > 0 { peopleCount = max(peopleCount, rules.maximumSharedValueCount) }
            for key in keyed[low..<high] {
                let count = UInt32(entries[Int(key.index)].isOrganizationOnly ? organizationCount : peopleCount)
                counts[Int(key.slot)] = count
                // A phone's E.164 slot sits just before its trailing-digits slot.
                if kind == .phone && rules.matchingTrailingDigits > 0 { counts[Int(key.slot) - 1] = count }
            }
            let most = max(peopleCount, organizationCount)
            if most > rules.maximumSharedValueCount { shared.append((kind, keyed[low].hash, Int(keyed[low].index), most)) }
            low = high
        }
        return shared
    }

    // MARK: Comparing two contacts

    /// The bit of one kind of evidence in an evidence mask.
    static func bit(_ kind: DuplicateEvidence) -> UInt8 {
        switch kind {
        case .name: 1
        case .phone: 2
        case .email: 4
        case .organization: 8
        case .birthday: 16
        case .address: 32
        }
    }

    /// Each rule's requirements as a mask of ``bit(_:)``s.
    var ruleMasks: [UInt8] {
        rules.rules.map { rule in rule.requirements.reduce(0) { $0 | Self.bit($1) } }
    }

    /// The rules (index and mask) in the orders ``compare(_:_:_:_:)`` tries them, made once for
    /// every pair: in index order, and with the rules that need a phone last (for a pair whose
    /// phones agree only in their last digits).
    var ruleOrders: RuleOrders {
        let masks = ruleMasks
        let all = masks.enumerated().map { (index: $0.offset, mask: $0.element) }
        return RuleOrders(
            all: all, phoneLast: all.filter { $0.mask & 2 == 0 } + all.filter { $0.mask & 2 != 0 },
            needsOrganizationOnly: masks.contains(8),
            typoNameRules: matchesNameTypos ? all.filter { $0.mask & 1 != 0 } : [])
    }

    /// Whether two contacts share a phone or email that no other name carries (a role address aside).
    func sharesPersonalValue(_ a: CompactKeys, _ b: CompactKeys, _ tables: KeyTables) -> Bool {
        let pool = tables.pool
        let emailsA = emails(a, pool)
        let emailsB = emails(b, pool)
        for sa in emailsA.indices where tables.counts[sa] == 1 && a.roleEmails & (1 << UInt32(sa - emailsA.startIndex)) == 0 {
            if emailsB.contains(pool[sa]) { return true }
        }
        let pa = phonePairs(a, pool)
        let pb = phonePairs(b, pool)
        var x = pa.startIndex
        while x < pa.endIndex {
            if tables.counts[x + 1] == 1 {
                var y = pb.startIndex
                while y < pb.endIndex {
                    if pa[x + 1] == pb[y + 1] { return true }
                    y += 2
                }
            }
            x += 2
        }
        return false
    }

    /// Whether each contact has an email (or each a phone) that only its name carries and the other lacks.
    func ownValuesDisagree(_ a: CompactKeys, _ b: CompactKeys, _ tables: KeyTables) -> Bool {
        let pool = tables.pool
        func ownEmail(_ x: CompactKeys, notIn y: CompactKeys) -> Bool {
            let list = emails(x, pool)
            let other = emails(y, pool)
            return list.indices.contains { tables.counts[$0] == 1 && x.roleEmails & (1 << UInt32($0 - list.startIndex)) == 0 && !other.contains(pool[$0]) }
        }
        func ownPhone(_ x: CompactKeys, notIn y: CompactKeys) -> Bool {
            let list = phonePairs(x, pool)
            let other = phonePairs(y, pool)
            return stride(from: list.startIndex, to: list.endIndex, by: 2).contains { k in
                tables.counts[k + 1] == 1 && !stride(from: other.startIndex, to: other.endIndex, by: 2).contains { pool[$0 + 1] == pool[k + 1] }
            }
        }
        return (ownEmail(a, notIn: b) && ownEmail(b, notIn: a)) || (ownPhone(a, notIn: b) && ownPhone(b, notIn: a))
    }

    /// Compares two contacts: the evidence they share, its weight, and the first rule it satisfies.
    ///
    /// A phone or email counts as evidence only when it is no role address and at most
    /// ``DuplicateRules/maximumSharedValueCount`` differently named contacts carry it; a rule that
    /// does not need the name still needs names that can be one person. Names one typo apart
    /// (`namesOneTypoApart`, known from ``typoNamePairs(_:_:)``) stand for the name in the rules
    /// that need it when a rule asks for the name alone, weighed ``MatchWeights/typoName(sameName:)``.
    func compare(_ i: Int32, _ j: Int32, _ tables: KeyTables, _ orders: RuleOrders, namesOneTypoApart: Bool = false) -> PairOutcome {
        let a = tables.entries[Int(i)]
        let b = tables.entries[Int(j)]
        let pool = tables.pool
        let limit = UInt32(rules.maximumSharedValueCount)
        var found: UInt8 = 0
        var score = 0.0

        let namesA = names(a, pool)
        let nameMatch = namesA.contains { names(b, pool).contains($0) }
        if nameMatch {
            found |= 1
            score += Double(min(a.nameWeight, b.nameWeight))
        }

        var emailWeight = -1.0
        var emailCount = UInt32.max
        let emailsA = emails(a, pool)
        let emailsB = emails(b, pool)
        for sa in emailsA.indices {
            for sb in emailsB.indices where pool[sa] == pool[sb] {
                let isRole = a.roleEmails & (1 << UInt32(sa - emailsA.startIndex)) != 0
                    || b.roleEmails & (1 << UInt32(sb - emailsB.startIndex)) != 0
                let count = tables.counts[sa]
                if !isRole && count <= limit { found |= 4 }
                emailWeight = max(emailWeight, MatchWeights.email(count: Int(count), isRole: isRole))
                emailCount = min(emailCount, isRole ? .max : count)
            }
        }

        let pa = phonePairs(a, pool)
        let pb = phonePairs(b, pool)
        var phoneWeight = -1.0
        var phoneCount = UInt32.max
        var exact = false
        var loose = false
        var x = pa.startIndex
        while x < pa.endIndex {
            var y = pb.startIndex
            while y < pb.endIndex {
                let count = max(tables.counts[x], tables.counts[x + 1])
                if pa[x] != 0 && pa[x] == pb[y] {
                    if count <= limit { exact = true }
                    phoneWeight = max(phoneWeight, MatchWeights.phone(count: Int(count), loose: false))
                    phoneCount = min(phoneCount, count)
                } else if rules.matchingTrailingDigits > 0 && pa[x + 1] == pb[y + 1] {
                    if count <= limit { loose = true }
                    phoneWeight = max(phoneWeight, MatchWeights.phone(count: Int(count), loose: true))
                    phoneCount = min(phoneCount, count)
                }
                y += 2
            }
            x += 2
        }
        if exact || loose { found |= 2 }
        // A phone and an address both shared with others (a household's line and address) say
        // one thing, that the cards are of one household: only the heavier counts.
        if phoneCount > 1 && emailCount > 1 {
            score += max(0, phoneWeight, emailWeight)
        } else {
            score += max(0, phoneWeight) + max(0, emailWeight)
        }
        // Values shared with other people (a small company's line, a family address) say nothing
        // when each card has a value of its own of the same kind that the other lacks.
        if found & 6 != 0 && !sharesPersonalValue(a, b, tables) && ownValuesDisagree(a, b, tables) { found &= ~6 }
        if a.organization != 0 && a.organization == b.organization {
            found |= 8
            if !a.isOrganizationOnly { score += MatchWeights.organization }
        }
        // Names one typo apart stand for the name, where a rule asks for the name alone.
        let mayBeTypo = namesOneTypoApart && !orders.typoNameRules.isEmpty && !nameMatch
            && !NameGeneration.conflict(a.generation, b.generation)
        guard found & ~8 != 0 || orders.needsOrganizationOnly || mayBeTypo else { return .none }

        // Rules the pair meets without a phone matched on its last digits alone come first: such a
        // match is parsed before it counts (two different valid numbers, `+1 212 555 0199` and
        // `+1 312 555 0199`, share their last 8 digits), so a rule that needs it is the last resort.
        // (The two orders are made once, not per pair: ``ruleOrders``.)
        let needsLoosePhone = { (mask: UInt8) in !exact && mask & 2 != 0 }
        for (index, mask) in exact ? orders.all : orders.phoneLast where mask != 0 && mask & found == mask {
            // A match in the last digits alone is enough only alongside names that are one person's.
            if !exact && mask & 2 != 0 && mask & 1 == 0 && (a.nameCount == 0 || b.nameCount == 0) { continue }
            var edge = Edge(first: i, second: j, rule: Int32(index), score: Float(score))
            edge.phoneNeedsParse = needsLoosePhone(mask)
            edge.phoneMatchHasName = mask & 1 != 0
            // A father and his son (`Sr.`, `Jr.`): two people, whatever they share.
            if NameGeneration.conflict(a.generation, b.generation) {
                edge.score += Float(MatchWeights.conflictingName)
                return .conflict(edge)
            }
            if mask & 1 == 0 && !nameMatch && a.nameCount > 0 && b.nameCount > 0 {
                // Organization cards only merge with cards of the same organization, and never with people.
                if a.isOrganizationOnly || b.isOrganizationOnly {
                    edge.score += Float(MatchWeights.conflictingName)
                    return .conflict(edge)
                }
                edge.needsNameCheck = true
            }
            return .match(edge)
        }
        guard mayBeTypo else { return .none }
        let typoWeight = MatchWeights.typoName(sameName: Double(min(a.nameWeight, b.nameWeight)))
        for (index, mask) in orders.typoNameRules where mask & (found | 1) == mask {
            var edge = Edge(first: i, second: j, rule: Int32(index), score: Float(score + typoWeight))
            edge.phoneNeedsParse = needsLoosePhone(mask)
            edge.phoneMatchHasName = true
            return .match(edge)
        }
        return .none
    }
}

/// The count slots of ``KeyTables/counts``, written by one worker per kind of value (each kind's
/// slots its own).
private struct CountSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt32>?
}
