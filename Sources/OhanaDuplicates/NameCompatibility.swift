import Ohana

/// How two names relate when a match rests on a shared phone or email rather than on the name.
enum NameRelation: Equatable {
    /// The same folded name (word order, case, accents, script and nicknames aside).
    case same
    /// One name a nickname, initial, shorter form or one-letter typo of the other.
    case compatible
    /// One contact has no name (and is no organization card).
    case missing
    /// Two different people: different given names, or a person and an organization, or two organizations.
    case conflicting
}

/// The folded words of a contact's name, for telling whether two names can be one person.
struct NameSignature {
    /// The folded words of the person's name, or of the organization for an organization card.
    var words: [String]
    /// Whether the card names only an organization.
    var isOrganization: Bool
    /// Whether the name is written in a script other than Latin (its words are a transliteration).
    var isTransliterated: Bool

    init(words: [String], isOrganization: Bool, isTransliterated: Bool = false) {
        self.words = words
        self.isOrganization = isOrganization
        self.isTransliterated = isTransliterated
    }

    /// The signature of `contact`, folded by `extractor` (whose word caches it fills).
    init(_ contact: Contact, extractor: inout KeyExtractor) {
        var words = extractor.words(contact.givenName) + extractor.words(contact.middleName) + extractor.words(contact.familyName)
        var written = [contact.givenName, contact.familyName]
        if words.isEmpty {
            words = NameTitles.strip(extractor.words(contact.formattedName))
            written = [contact.formattedName]
        }
        // Chinese characters read as the pinyin their owners write; other scripts' Latin spellings vary.
        isTransliterated = written.contains { text in
            text?.unicodeScalars.contains { scalar in
                let v = scalar.value
                return v >= 0x370 && !(0x1E00...0x1EFF).contains(v) && !(0x2000...0x206F).contains(v)
                    && !(0x3400...0x4DBF).contains(v) && !(0x4E00...0x9FFF).contains(v)
            } ?? false
        }
        isOrganization = false
        if words.isEmpty {
            words = extractor.words(contact.organization)
            isOrganization = !words.isEmpty
        }
        self.words = words
    }

    /// How this name relates to `other`'s; `nicknames` tells which short forms stand for which names.
    ///
    /// Complexity: O(*w*²) in the number of words, a handful.
    /// `extraEdits` allows that many more typo edits per word (``NameTypos/isTypo(_:_:extraEdits:)``).
    func relation(to other: NameSignature, nicknames: NicknameTable, wordCounts: NameWordCounts? = nil, extraEdits: Int = 0) -> NameRelation {
        // A card with neither a name nor an organization fits anyone.
        if words.isEmpty || other.words.isEmpty { return .missing }
        // An organization card is only its organization.
        if isOrganization != other.isOrganization { return .conflicting }
        if words.sorted() == other.words.sorted() { return .same }
        // Parts run together or split (`Xiaoming Wang`, `王小明` read as `wang xiao ming`).
        let joined = words.joined()
        if joined == other.words.joined() || words.reversed().joined() == other.words.joined()
            || words.sorted().joined() == other.words.sorted().joined() || joined == other.words.reversed().joined() {
            return .same
        }
        if isOrganization { return .conflicting }
        // Every word of the shorter name must stand for a different word of the longer one.
        let (short, long) = words.count <= other.words.count ? (words, other.words) : (other.words, words)
        var used = [Bool](repeating: false, count: long.count)
        var allExact = true
        for word in short {
            var found = false
            // Prefer an exact match, then a nickname, initial or typo.
            for (k, candidate) in long.enumerated() where !used[k] && candidate == word {
                used[k] = true
                found = true
                break
            }
            if !found {
                for (k, candidate) in long.enumerated() where !used[k] && Self.wordsMatch(word, candidate, nicknames, wordCounts, extraEdits: extraEdits) {
                    used[k] = true
                    found = true
                    allExact = false
                    break
                }
            }
            guard found else { return isTransliterated != other.isTransliterated && sounds(like: other) ? .compatible : .conflicting }
        }
        // Extra words in the longer name (a middle name, a second family name) are allowed.
        return allExact && short.count == long.count ? .same : .compatible
    }

    /// Whether a transliterated name and a name in Latin letters can be one: their consonant
    /// skeletons agree word by word or run together (ICU writes 지우 as `jiu`, its owner `Jiwoo`;
    /// Дмитрий as `dmitrij`, its owner `Dmitry`); a short word of vowels (이 as `i`) fits a short word.
    func sounds(like other: NameSignature) -> Bool {
        let mine = words.map(Self.skeleton)
        let theirs = other.words.map(Self.skeleton)
        if mine.joined() == theirs.joined() || mine.reversed().joined() == theirs.joined() { return true }
        // Arabic and Hebrew write no short vowels, and an initial ʿain folds to nothing (عبد الله as
        // `bd allh`, `Abdallah` to its owner): the consonants alone may agree, at least six of them
        // (fewer say little: 준호 and Yujin are both `jn` and a vowel).
        func consonants(_ skeletons: [String]) -> String { String(skeletons.joined().filter { !"aeiou".contains($0) }) }
        let bare = consonants(theirs)
        if bare.count >= 6 && (consonants(mine) == bare || consonants(mine.reversed()) == bare) { return true }
        let short = words.count <= other.words.count ? (words, mine) : (other.words, theirs)
        let long = words.count <= other.words.count ? (other.words, theirs) : (words, mine)
        var used = [Bool](repeating: false, count: long.0.count)
        for (word, sound) in zip(short.0, short.1) {
            let match = long.0.indices.first { k in
                guard !used[k] else { return false }
                let (other, otherSound) = (long.0[k], long.1[k])
                if sound == otherSound && !sound.isEmpty { return true }
                // An initial ㄹ or ㄴ that a romanization drops (임 as `im`, `Lim` to its owner).
                if let f = sound.first, let g = otherSound.first, "aeiou".contains(f) != "aeiou".contains(g),
                   "ln".contains(f) || "ln".contains(g), sound.dropFirst() == otherSound.dropFirst(), sound.count > 1 {
                    return true
                }
                // A syllable of vowels (이 as `i`, `Lee` to its owner) against a short word; an initial.
                if (sound.isEmpty || otherSound.isEmpty) && word.count <= 3 && other.count <= 3 { return true }
                return (word.count == 1 || other.count == 1) && word.first == other.first
            }
            guard let k = match else { return false }
            used[k] = true
        }
        return true
    }

    /// A word's first letter and the consonants after it, spelled one way: vowels, `y`, `w`, `h`,
    /// a `j` between a vowel and a consonant or the end (`-ij`, `-ajl-`), a `k` before `h` and an `r` before a consonant go; `x` is `ks`, `c` is `ts`, `q` is `k`, and voiced consonants are
    /// their voiceless pairs (`g` `k`, `d` `t`, `b` `p`, `r` `l`: 김 is `gim` to ICU, `Kim` to its
    /// owner); doubled letters are single. A word of vowels only (이 as `i`) is empty.
    static func skeleton(_ word: String) -> String {
        var out: [UInt8] = []
        var previous: UInt8 = 0
        let vowels = "aeiouy".utf8
        let allVowels = word.utf8.allSatisfy { vowels.contains($0) || $0 == UInt8(ascii: "h") }
        if allVowels { return "" }
        let bytes = Array(word.utf8)
        for (n, byte) in bytes.enumerated() {
            defer { previous = byte }
            if n > 0 {
                if vowels.contains(byte) || byte == UInt8(ascii: "w") || byte == UInt8(ascii: "h") { continue }
                if byte == UInt8(ascii: "j") && vowels.contains(previous) && (n == bytes.count - 1 || !vowels.contains(bytes[n + 1])) { continue }
                if byte == UInt8(ascii: "k") && n + 1 < bytes.count && bytes[n + 1] == UInt8(ascii: "h") { continue }
                // A silent r before a consonant (`Park` for 박).
                if byte == UInt8(ascii: "r") && n + 1 < bytes.count && !vowels.contains(bytes[n + 1]) { continue }
            }
            // `ph` is `f` (ICU writes φ as `ph`, its owner `f`).
            if byte == UInt8(ascii: "h") && previous == UInt8(ascii: "p") { continue }
            let mapped: [UInt8] = switch byte {
            case UInt8(ascii: "p") where n + 1 < bytes.count && bytes[n + 1] == UInt8(ascii: "h"): [UInt8(ascii: "f")]
            case UInt8(ascii: "x"): Array("ks".utf8)
            case UInt8(ascii: "c"): Array("ts".utf8)
            case UInt8(ascii: "q"), UInt8(ascii: "g"): [UInt8(ascii: "k")]
            case UInt8(ascii: "d"): [UInt8(ascii: "t")]
            case UInt8(ascii: "b"), UInt8(ascii: "v"): [UInt8(ascii: "p")]
            case UInt8(ascii: "r"): [UInt8(ascii: "l")]
            case UInt8(ascii: "y") where n == 0: [UInt8(ascii: "i")]
            default: [byte]
            }
            for m in mapped where out.last != m { out.append(m) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether two different folded words can be one name: a nickname, an initial, a German
    /// umlaut written out (`jurgen`, `juergen`) or a typo (``NameTypos``) that does not make
    /// another name people carry (`wordCounts`, the book's; the nickname table's names).
    static func wordsMatch(_ a: String, _ b: String, _ nicknames: NicknameTable, _ wordCounts: NameWordCounts? = nil,
                           extraEdits: Int = 0) -> Bool {
        if a == b { return true }
        let ua = Array(a.utf8)
        let ub = Array(b.utf8)
        if ua.count == 1 || ub.count == 1 {
            // An initial stands for the word or, for a nickname, for the full name (A. for Sasha).
            let (initial, word) = ua.count == 1 ? (a, b) : (b, a)
            return word.first == initial.first || nicknames.fullNames(for: word).contains { $0.first == initial.first }
        }
        if nicknames.isNickname(a) || nicknames.isNickname(b) {
            let fa = Set(nicknames.fullNames(for: a))
            let fb = Set(nicknames.fullNames(for: b))
            if !fa.isDisjoint(with: fb) { return true }
            // A nickname on one card, its full name mistyped on another (Maggie, Margaaret): the
            // typo is the full name's, under the rules of any typo below.
            for (nickname, other, word) in [(a, b, ub), (b, a, ua)] where nicknames.isNickname(nickname) && !nicknames.isKnownName(other) {
                for full in nicknames.fullNames(for: nickname) where full != nickname
                    && NameTypos.isTypo(Array(full.utf8), word, extraEdits: extraEdits) && !(wordCounts?.areTwoNames(full, other) ?? false) {
                    return true
                }
            }
        }
        if ua.count != ub.count && umlautsWrittenOut(ua) == umlautsWrittenOut(ub) { return true }
        return isTypoOfOneName(a, b, ua, ub, nicknames, wordCounts, extraEdits: extraEdits)
    }

    /// Whether two different folded words (`ua`, `ub` their bytes) are one name and its typo
    /// (``NameTypos``), not two names people carry (Christian, Christina): both in the nickname
    /// table's names, or both carried by many in the book (`wordCounts`).
    static func isTypoOfOneName(_ a: String, _ b: String, _ ua: [UInt8], _ ub: [UInt8], _ nicknames: NicknameTable,
                                _ wordCounts: NameWordCounts?, extraEdits: Int = 0) -> Bool {
        guard NameTypos.isTypo(ua, ub, extraEdits: extraEdits) else { return false }
        if nicknames.isKnownName(a) && nicknames.isKnownName(b) { return false }
        return !(wordCounts?.areTwoNames(a, b) ?? false)
    }

    /// `ue`, `oe`, `ae` as `u`, `o`, `a`: how German names are spelled without umlauts.
    private static func umlautsWrittenOut(_ word: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(word.count)
        for byte in word {
            if byte == UInt8(ascii: "e"), let last = out.last,
               last == UInt8(ascii: "u") || last == UInt8(ascii: "o") || last == UInt8(ascii: "a") {
                continue
            }
            out.append(byte)
        }
        return out
    }
}
