import Foundation

/// The language a card's titles are in (RFC 9555 section 2.3.11 with RFC 6350 section 5.4's
/// `ALTID`): of `TITLE;ALTID=1;LANGUAGE=fr:Patron`, `TITLE;ALTID=1;LANGUAGE=en:Boss` and
/// `TITLE;ALTID=2;LANGUAGE=en:Chief vCard Evangelist`, the titles are Boss and Chief vCard
/// Evangelist, and Patron is Boss in `fr`: the card's language is the one most titles are in.
///
/// The contact holds the first `TITLE` as its own, so the card built from it has that title's
/// language; this pass turns such a card round, JSON to JSON, when another language has more titles:
/// the title becomes its localization in that language, that language's titles the card's, and
/// `language` that language. The members it changed travel as they were in a vendor member, which the
/// reader puts back before reading, so nothing is lost.
enum DefaultLanguage {
    static let key = Vendor.prefix + "titlesLanguage"
    /// The members the pass may change.
    static let members = ["titles", "localizations", "vCardProps", "language"]

    static func apply(_ m: inout [String: JSONValue]) {
        // Only a language the builder took from the properties' LANGUAGE parameters, not a LANGUAGE property.
        guard m[Localizations.languageFromParameters] == true, let own = m["language"]?.string, let titles = m["titles"]?.object, titles.count == 1,
            let (id, title) = titles.first, let name = title["name"]?.string, title.object?.count == 1
        else { return }
        let path = "titles/\(id)/name"
        var localizations = m["localizations"]?.object ?? [:]
        // Titles by language: the own one, its localizations, and other TITLEs with an ALTID of their own.
        var counts: [String: Int] = [own: 1]
        for (language, entry) in localizations where entry[path]?.string != nil { counts[language, default: 0] += 1 }
        let props = m["vCardProps"]?.array ?? []
        func otherTitle(_ p: JSONValue) -> (language: String, name: String)? {
            guard let parts = p.array, parts.count == 4, parts[0].string == "title", let params = parts[1].object,
                Set(params.keys) == ["altid", "language"], let language = params["language"]?.string, let value = parts[3].string
            else { return nil }
            return (language, value)
        }
        for p in props { if let t = otherTitle(p) { counts[t.language, default: 0] += 1 } }
        guard let (best, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
            best != own, count > counts[own] ?? 0, let other = localizations[best]?[path]?.string
        else { return }
        var before: [String: JSONValue] = [:]
        for key in members { before[key] = m[key] ?? .null }
        var newTitles: [String: JSONValue] = [id: ["name": .string(other)]]
        var kept: [JSONValue] = []
        var n = 1
        for p in props {
            guard let t = otherTitle(p), t.language == best else { kept.append(p); continue }
            n += 1
            while titles["TITLE-\(n)"] != nil || newTitles["TITLE-\(n)"] != nil { n += 1 }
            newTitles["TITLE-\(n)"] = ["name": .string(t.name)]
        }
        var bestEntry = localizations[best]?.object ?? [:]
        bestEntry[path] = nil
        localizations[best] = bestEntry.isEmpty ? nil : .object(bestEntry)
        var ownEntry = localizations[own]?.object ?? [:]
        ownEntry[path] = .string(name)
        localizations[own] = .object(ownEntry)
        m["titles"] = .object(newTitles)
        m["localizations"] = .object(localizations)
        m["vCardProps"] = kept.isEmpty ? nil : .array(kept)
        m["language"] = .string(best)
        m[key] = .object(before)
    }

    /// The members as the pass found them.
    static func undo(_ m: [String: JSONValue]) -> [String: JSONValue] {
        guard let before = m[key]?.object else { return m }
        var result = m
        result[key] = nil
        for name in members { result[name] = before[name] == .null ? nil : before[name] }
        return result
    }
}
