import Foundation
import OhanaJSContact

/// A vCard content line as the suite sees it: group, upper-cased name, raw parameters, raw value.
struct VCardLine: CustomStringConvertible {
    var group: String?
    var name: String
    var params: [(name: String, value: String)]
    var value: String

    var description: String {
        (group.map { $0 + "." } ?? "") + name + params.map { ";\($0.name)=\($0.value)" }.joined() + ":" + value
    }

    /// The unfolded lines of a vCard, without BEGIN and END.
    static func lines(of vcard: String) -> [VCardLine] {
        let unfolded = vcard.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
        return unfolded.components(separatedBy: "\r\n").filter { !$0.isEmpty }.compactMap(parse)
            .filter { $0.name != "BEGIN" && $0.name != "END" }
    }

    /// One line; nil when it has no name or colon.
    static func parse(_ line: String) -> VCardLine? {
        var rest = Substring(line)
        func word() -> String {
            let w = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            rest = rest.dropFirst(w.count)
            return String(w)
        }
        var name = word()
        var group: String?
        if rest.first == "." { group = name; rest = rest.dropFirst(); name = word() }
        guard !name.isEmpty else { return nil }
        var params: [(String, String)] = []
        while rest.first == ";" {
            rest = rest.dropFirst()
            let p = word().uppercased()
            guard rest.first == "=" else { return nil }
            rest = rest.dropFirst()
            var v = ""
            if rest.first == "\"" {
                var escaped = false
                v.append(rest.removeFirst())
                while let c = rest.first {
                    v.append(rest.removeFirst())
                    if c == "\"" && !escaped { break }
                    escaped = c == "\\"
                }
            } else {
                let plain = rest.prefix { $0 != ";" && $0 != ":" && $0 != "\"" }
                v = String(plain)
                rest = rest.dropFirst(plain.count)
            }
            params.append((p, v))
        }
        guard rest.first == ":" else { return nil }
        return VCardLine(group: group, name: name.uppercased(), params: params, value: String(rest.dropFirst()))
    }

    /// Splits on a separator not escaped by a backslash.
    static func split(_ value: String, on separator: Character) -> [String] {
        var parts = [""], previous: Character = " "
        for c in value {
            if c == separator && previous != "\\" { parts.append("") } else { parts[parts.count - 1].append(c) }
            previous = c
        }
        return parts
    }
}

/// The suite's rule for a written vCard: every property is expected, every mandatory expectation is met.
struct VCardMatcher {
    private var groups: [String: String?] = [:]
    private var altIDs: [String: String] = [:]

    /// The reasons the vCard does not match (empty when it does).
    static func mismatches(_ vcard: String, expected: [PropertyMatch], defaults: [PropertyMatch]) -> [String] {
        var matcher = VCardMatcher()
        let lines = VCardLine.lines(of: vcard).map { line in
            var l = line
            l.params.sort { ($0.name, $0.value) < ($1.name, $1.value) }
            return l
        }.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
        var byName: [String: [PropertyMatch]] = Dictionary(grouping: expected, by: \.name)
        for d in defaults where !expected.contains(where: { $0.name == d.name }) { byName[d.name, default: []].append(d) }
        var problems: [String] = []
        for line in lines {
            guard var candidates = byName[line.name] else { problems.append("unexpected \(line)"); continue }
            guard let i = candidates.firstIndex(where: { matcher.matches($0, line) }) else { problems.append("mismatched \(line)"); continue }
            candidates.remove(at: i)
            byName[line.name] = candidates
        }
        for (name, left) in byName.sorted(by: { $0.key < $1.key }) where left.contains(where: \.mandatory) {
            problems.append("missing \(name) (\(left.filter(\.mandatory).compactMap { $0.value.example }.joined(separator: " | ")))")
        }
        return problems
    }

    private mutating func matches(_ m: PropertyMatch, _ line: VCardLine) -> Bool {
        guard m.value.matches(line.value) else { return false }
        var wanted = m.params
        for p in line.params where p.name != "ALTID" {
            guard let i = wanted.firstIndex(where: { $0.name == p.name && $0.value.matches(p.value) }) else { return false }
            wanted.remove(at: i)
        }
        if wanted.contains(where: \.mandatory) { return false }
        let alt = line.params.filter { $0.name == "ALTID" }
        if alt.count > 1 { return false }
        if let id = m.altID {
            if id.mandatory && alt.isEmpty { return false }
            if let a = alt.first?.value {
                if let known = altIDs[id.id] { if known != a { return false } } else {
                    if altIDs.values.contains(a) { return false }
                    altIDs[id.id] = a
                }
            }
        }
        if let g = m.group, line.group != g { return false }
        if let id = m.groupID {
            // As the suite: the first property of a group id fixes it (no group included).
            if let known = groups[id] { if known != line.group { return false } } else {
                if groups.values.contains(line.group) { return false }
                groups[id] = line.group
            }
        }
        return true
    }

    /// The vCards holding the expected properties, one per combination of the spellings the case
    /// allows (at most 64): a set's order is lost in the export, so a spelling may not fit the
    /// others (`JSCOMPS` naming the first credential of a list sorted otherwise).
    static func vcards(for c: SuiteCase) -> [String] {
        // Only what the case requires: an optional property or parameter is one a writer may
        // add (a derived FN, a LABEL spelling the components, a default VALUE), not evidence.
        var lines: [[String]] = [[]]
        let uid = c.vcard.first(where: { $0.name == "UID" })?.value.example ?? c.completeCard.uid ?? ""
        for m in c.vcard where m.mandatory && m.name != "UID" && m.name != "VERSION" {
            var spellings = m.value.examples.map { (params: "", value: $0) }
            if spellings.isEmpty { continue }
            for p in m.params where p.mandatory {
                let values = p.value.examples.map { v -> String in
                    if case .maybeQuoted = p.value, v.contains(where: { ",;:".contains($0) }) { return "\"" + v + "\"" }
                    return v
                }
                if values.isEmpty { continue }
                spellings = spellings.flatMap { s in values.map { (s.params + ";\(p.name)=\($0)", s.value) } }
            }
            // An ALTID only where properties share one (a lone optional ALTID says nothing).
            let altID = m.altID.flatMap { a in a.mandatory || c.vcard.filter({ $0.altID?.id == a.id }).count > 1 ? ";ALTID=\(a.id)" : nil } ?? ""
            let group = (m.group ?? m.groupID).map { $0 + "." } ?? ""
            lines = lines.flatMap { l in spellings.map { l + [group + m.name + $0.params + altID + ":" + $0.value] } }
            if lines.count > 64 { lines = Array(lines.prefix(64)) }
        }
        return lines.map { (["BEGIN:VCARD", "VERSION:4.0", "UID:" + uid] + $0 + ["END:VCARD"]).joined(separator: "\r\n") + "\r\n" }
    }
}
