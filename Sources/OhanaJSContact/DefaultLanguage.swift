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
    static let members = ["titles", "localizations", "language"]

    static func apply(_ m: inout [String: JSONValue]) {
        // Only a language the builder took from the properties' LANGUAGE parameters, not a LANGUAGE property.
        guard m[Localizations.languageFromParameters] == true, let own = m["language"]?.string, let titles = m["titles"]?.object,
            let id = CardReader.ownTitle(m), let title = titles[id], let name = title["name"]?.string, title.object?.count == 1
        else { return }
        let path = "titles/\(id)/name"
        var localizations = m["localizations"]?.object ?? [:]
        // Titles by language: the own one, its localizations, and other titles with an ALTID and a LANGUAGE of their own.
        var counts: [String: Int] = [own: 1]
        for (language, entry) in localizations where entry[path]?.string != nil { counts[language, default: 0] += 1 }
        func language(_ t: JSONValue) -> String? {
            guard let o = t.object, Set(o.keys) == ["name", "vCardParams"], o["name"]?.string != nil, let params = o["vCardParams"]?.object,
                Set(params.keys) == ["altid", "language"], params["altid"]?.string != nil
            else { return nil }
            return params["language"]?.string
        }
        for (key, t) in titles where key != id { if let l = language(t) { counts[l, default: 0] += 1 } }
        guard let (best, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
            best != own, count > counts[own] ?? 0, let other = localizations[best]?[path]?.string
        else { return }
        var before: [String: JSONValue] = [:]
        for key in members { before[key] = m[key] ?? .null }
        var newTitles = titles
        newTitles[id] = ["name": .string(other)]
        for (key, t) in titles where key != id && language(t) == best { newTitles[key] = ["name": t["name"] ?? ""] }
        var bestEntry = localizations[best]?.object ?? [:]
        bestEntry[path] = nil
        localizations[best] = bestEntry.isEmpty ? nil : .object(bestEntry)
        var ownEntry = localizations[own]?.object ?? [:]
        ownEntry[path] = .string(name)
        localizations[own] = .object(ownEntry)
        m["titles"] = .object(newTitles)
        m["localizations"] = .object(localizations)
        m["language"] = .string(best)
        m[key] = .object(before)
    }

    /// The members as the pass found them (every member the vendor member holds: cards written
    /// before titles besides the contact's own became entries also hold their `vCardProps`).
    static func undo(_ m: [String: JSONValue]) -> [String: JSONValue] {
        guard let before = m[key]?.object else { return m }
        var result = m
        result[key] = nil
        for (name, value) in before { result[name] = value == .null ? nil : value }
        return result
    }
}
