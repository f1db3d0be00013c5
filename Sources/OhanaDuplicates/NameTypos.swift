/// Typos in folded name words as people make them: Damerau–Levenshtein edits (a swap of two
/// neighbouring letters is one edit), more of them allowed in longer words.
enum NameTypos {
    /// The edits allowed between two words whose shorter one has `length` letters: none below
    /// four letters (`Jon` and `Jan` are two names), one up to nine, two from ten.
    static func allowedEdits(length: Int) -> Int {
        length < 4 ? 0 : length < 10 ? 1 : 2
    }

    /// Whether two folded words differ the way people mistype one name: within
    /// ``allowedEdits(length:)`` edits, the first letter kept, the last one changed only by a swap
    /// with its neighbour (`Rachel`, `Rachle`; but `Maria` and `Mario`, `Daniel` and `Daniela` are
    /// two names), and a four-letter word only by a swap or a dropped letter (`Lars`, `Lras`).
    ///
    /// `extraEdits` more are allowed where any are: two typos of one name on two cards are two
    /// edits apart (`Deepiika`, `Depika`) though each is one from the name.
    ///
    /// Complexity: O(*m*·*k*) in the word length *m* and the allowed edits *k*.
    static func isTypo(_ a: [UInt8], _ b: [UInt8], extraEdits: Int = 0) -> Bool {
        let shorter = min(a.count, b.count)
        var allowed = allowedEdits(length: shorter)
        if allowed > 0 { allowed += extraEdits }
        guard allowed > 0, a.first == b.first, abs(a.count - b.count) <= allowed, a != b else { return false }
        if a.last != b.last {
            // Only the last two letters swapped; with extra edits (two typos of one name), also
            // another last letter where both are not vowels (`a`, `o`: Maria and Mario stay two).
            let n = a.count
            let swapped = n == b.count && a[n - 1] == b[n - 2] && a[n - 2] == b[n - 1] && a[..<(n - 2)] == b[..<(n - 2)]
            let vowels = "aeiouy".utf8
            guard !swapped, extraEdits > 0, n == b.count, !(vowels.contains(a[n - 1]) && vowels.contains(b[n - 1])) else { return swapped }
        }
        if shorter < 5 && a.count == b.count {
            // Four letters: a swap, never a changed letter.
            let differences = a.indices.filter { a[$0] != b[$0] }
            return differences.count == 2 && differences[1] == differences[0] + 1
                && a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
        }
        return distance(a, b, limit: allowed) <= allowed
    }

    /// The optimal-string-alignment distance (Damerau–Levenshtein without edits inside a swap),
    /// or `limit + 1` as soon as it must exceed `limit`.
    static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        let m = a.count
        let n = b.count
        if abs(m - n) > limit { return limit + 1 }
        var before = [Int](repeating: 0, count: n + 1)
        var previous = Array(0...n)
        var current = [Int](repeating: 0, count: n + 1)
        for i in 1...m {
            current[0] = i
            var rowMinimum = i
            for j in 1...n {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[n]
    }
}

/// How many contacts of one book carry each folded name word: the more carry a name, the less
/// agreeing on it proves, and two words many carry are two names rather than a typo.
struct NameWordCounts: Sendable {
    /// Contacts carrying each word, by ``stableHash(_:)``.
    var counts: [UInt64: UInt32]

    /// The contacts carrying `word` (0 when none).
    func count(_ word: String) -> Int { Int(counts[stableHash(word)] ?? 0) }

    /// Whether two words are both names many contacts carry, in numbers alike (at least four
    /// each, the rarer at least a tenth of the other): two names, not one and its typo.
    func areTwoNames(_ a: String, _ b: String) -> Bool {
        let (x, y) = (count(a), count(b))
        return min(x, y) >= 4 && 10 * min(x, y) >= max(x, y)
    }
}

/// Titles written before a name (`Dr.`, `Prof.`, `Mrs`), folded: not part of who the person is.
enum NameTitles {
    /// Folded titles in English, German, French, Spanish, Italian and Greek (`Καθ.` is `kath`).
    static let builtIn: Set<String> = [
        "dr", "prof", "professor", "mr", "mrs", "ms", "miss", "mx", "sir", "dame", "herr", "frau", "mme", "mlle",
        "sra", "srta", "dott", "dottssa", "ing", "kath", "rev",
    ]

    /// `words` without leading titles, when a name (at least two words) is left after them.
    static func strip(_ words: [String]) -> [String] {
        var start = 0
        while start < words.count - 2 && builtIn.contains(words[start]) { start += 1 }
        return start == 0 ? words : Array(words[start...])
    }
}
