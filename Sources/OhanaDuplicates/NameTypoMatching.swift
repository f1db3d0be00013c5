import Ohana

// Names with a typo as evidence of their own, for books whose cards carry no phone or email to
// share (a club's list, a patient register: names, addresses and birthdays). Only a rule that asks
// for the name alone (`--rule name`) turns it on: such a rule then also accepts two names one typo
// apart, weighed below the same name, so that a birthday must agree as well.

extension NameSignature {
    /// Whether the two names are one person's with one word mistyped: as many words each, all
    /// equal (order aside) but one pair that is a typo of one name
    /// (``NameTypos/isTypo(_:_:extraEdits:)``), not two names people carry (`wordCounts`, the
    /// book's; the nickname table's names).
    func differsByOneTypo(from other: NameSignature, nicknames: NicknameTable, wordCounts: NameWordCounts?) -> Bool {
        guard !isOrganization, !other.isOrganization, !words.isEmpty, words.count == other.words.count else { return false }
        var rest = other.words
        var unmatched: [String] = []
        for word in words {
            if let k = rest.firstIndex(of: word) { rest.remove(at: k) } else { unmatched.append(word) }
        }
        guard unmatched.count == 1, rest.count == 1 else { return false }
        let (a, b) = (unmatched[0], rest[0])
        return Self.isTypoOfOneName(a, b, Array(a.utf8), Array(b.utf8), nicknames, wordCounts)
    }

    /// Keys two names one typo apart share (a deletion neighbourhood, as SymSpell builds): for each
    /// word long enough for a typo (``NameTypos/allowedEdits(length:)``), the other words' hashes
    /// with the word itself and with each of its letters left out in turn. A letter inserted,
    /// dropped, changed, or two swapped: both names then have one key alike. Names of one to five
    /// words; none for others.
    func typoKeys(into keys: inout [UInt64]) {
        guard !isOrganization, (1...5).contains(words.count) else { return }
        let hashes = words.map(stableHash)
        let total = hashes.reduce(0, &+)
        for (k, word) in words.enumerated() where NameTypos.allowedEdits(length: word.utf8.count) > 0 {
            let others = total &- hashes[k]
            let bytes = Array(word.utf8)
            keys.append(others &+ Self.variantHash(bytes[...], skipping: bytes.count))
            for skipped in bytes.indices { keys.append(others &+ Self.variantHash(bytes[...], skipping: skipped)) }
        }
    }

    /// The hash of `bytes` without the one at `skipping` (none when past the end), apart from
    /// whole words' hashes.
    private static func variantHash(_ bytes: ArraySlice<UInt8>, skipping: Int) -> UInt64 {
        var hash = StreamingHash(seed: 0x7970_6F73)
        for k in bytes.indices where k != skipping { hash.add(bytes[k]) }
        return hash.value
    }
}

extension MatchWeights {
    /// Names one typo apart (``NameSignature/differsByOneTypo(from:nicknames:wordCounts:)``),
    /// where the same name would weigh `sameName`: three bits less, at least a compatible name's.
    static func typoName(sameName: Double) -> Double {
        max(compatibleName, sameName - 3)
    }
}

extension DuplicateDetector {
    /// Whether a rule asks for the name alone: then names one typo apart count as the name for
    /// the rules that ask for it (``typoNamePairs(_:_:)``).
    var matchesNameTypos: Bool {
        rules.rules.contains { $0.requirements == [.name] }
    }

    /// The pairs of person cards whose names are one typo apart (``NameSignature/differsByOneTypo(from:nicknames:wordCounts:)``),
    /// sorted, first index in the high half. Each different name is keyed once
    /// (``NameSignature/typoKeys(into:)``; a book holds many cards of one name), the names that
    /// share a key are compared word by word on every core, and the cards of two names one typo
    /// apart are paired. Blocks of more than ``DuplicateRules/maximumBlockSize`` names are compared
    /// between neighbours only.
    ///
    /// Complexity: O(*n* log *n*) in the number of contacts (a dozen keys a name).
    func typoNamePairs(_ contacts: [Contact], _ tables: KeyTables) -> [UInt64] {
        let people = tables.entries.indices.filter { tables.entries[$0].nameCount > 0 && !tables.entries[$0].isOrganizationOnly }
        let rules = self.rules
        let signatures = parallelMap(people, minimumPerWorker: 1_024, state: { KeyExtractor(rules: rules) }) { extractor, index in
            NameSignature(contacts[index], extractor: &extractor)
        }
        // The different names, each with its cards.
        var nameOf: [[String]: Int32] = [:]
        var names: [NameSignature] = []
        var cards: [[Int32]] = []
        for (index, signature) in zip(people, signatures) where !signature.isOrganization {
            let words = signature.words.sorted()
            if let known = nameOf[words] {
                cards[Int(known)].append(Int32(index))
            } else {
                nameOf[words] = Int32(names.count)
                names.append(signature)
                cards.append([Int32(index)])
            }
        }
        nameOf = [:]
        var keyed: [BlockKey] = []
        var keys: [UInt64] = []
        for (name, signature) in names.enumerated() {
            keys.removeAll(keepingCapacity: true)
            signature.typoKeys(into: &keys)
            for key in keys { keyed.append(BlockKey(hash: key, index: Int32(name), slot: -1)) }
        }
        Self.sortOnEveryCore(&keyed, by: HashIndexOrder.self)
        var namePairs: [UInt64] = []
        var low = 0
        while low < keyed.count {
            var high = low + 1
            while high < keyed.count && keyed[high].hash == keyed[low].hash { high += 1 }
            let members = distinctMembers(keyed[low..<high])
            let window = min(members.count, rules.maximumBlockSize)
            for a in members.indices {
                for b in (a + 1)..<min(members.count, a + window) {
                    namePairs.append(UInt64(UInt32(members[a])) << 32 | UInt64(UInt32(members[b])))
                }
            }
            low = high
        }
        keyed = []
        Self.sortUnique(&namePairs)
        let wordCounts = tables.wordCounts
        let (candidates, different) = (namePairs, names)
        let chunks = stride(from: 0, to: candidates.count, by: 16_384).map { $0..<min(candidates.count, $0 + 16_384) }
        let typos = parallelMap(chunks, minimumPerWorker: 1, state: {}) { _, range -> [UInt64] in
            candidates[range].filter { pair in
                different[Int(pair >> 32)].differsByOneTypo(from: different[Int(pair & 0xFFFF_FFFF)], nicknames: rules.nicknames,
                                                           wordCounts: wordCounts)
            }
        }
        var pairs: [UInt64] = []
        for pair in typos.joined() {
            for i in cards[Int(pair >> 32)] {
                for j in cards[Int(pair & 0xFFFF_FFFF)] {
                    pairs.append(UInt64(UInt32(min(i, j))) << 32 | UInt64(UInt32(max(i, j))))
                }
            }
        }
        Self.sortUnique(&pairs)
        return pairs
    }

    /// Block keys by hash, then contact or name (two keys equal in both are the same value).
    private enum HashIndexOrder: SortOrder {
        static func precedes(_ lhs: BlockKey, _ rhs: BlockKey) -> Bool {
            (lhs.hash, lhs.index) < (rhs.hash, rhs.index)
        }
    }

    /// Whether sorted `values` hold `value` (a binary search).
    static func sortedContains(_ values: [UInt64], _ value: UInt64) -> Bool {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }
}
