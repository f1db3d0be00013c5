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
        guard NameTypos.isTypo(Array(a.utf8), Array(b.utf8)) else { return false }
        if nicknames.isKnownName(a) && nicknames.isKnownName(b) { return false }
        return !(wordCounts?.areTwoNames(a, b) ?? false)
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

    /// The pairs of person cards whose names may be one typo apart (``NameSignature/typoKeys(into:)``),
    /// first index in the high half; blocks of more than ``DuplicateRules/maximumBlockSize``
    /// cards are compared between neighbours only.
    ///
    /// Complexity: O(*n* log *n*) in the number of contacts (a dozen keys each).
    func typoNamePairs(_ contacts: [Contact], _ tables: KeyTables) -> [UInt64] {
        let people = tables.entries.indices.filter { tables.entries[$0].nameCount > 0 && !tables.entries[$0].isOrganizationOnly }
        let rules = self.rules
        let keyLists = parallelMap(people, minimumPerWorker: 1_024, state: { KeyExtractor(rules: rules) }) { extractor, index -> [UInt64] in
            var keys: [UInt64] = []
            NameSignature(contacts[index], extractor: &extractor).typoKeys(into: &keys)
            return keys
        }
        var keyed: [BlockKey] = []
        keyed.reserveCapacity(keyLists.reduce(0) { $0 + $1.count })
        for (index, keys) in zip(people, keyLists) {
            for key in keys { keyed.append(BlockKey(hash: key, index: Int32(index), slot: -1)) }
        }
        keyed.sort { ($0.hash, $0.index) < ($1.hash, $1.index) }
        var pairs: [UInt64] = []
        // Not reported: a typo key is no value a person would recognise.
        var oversized: [(kind: DuplicateEvidence, hash: UInt64, member: Int, size: Int)] = []
        appendPairs(inBlocksOf: keyed, .name, tables, to: &pairs, oversized: &oversized)
        Self.sortUnique(&pairs)
        return pairs
    }
}
