import Foundation
import Ohana

/// The group and parameters the vCard reader keeps for a single-valued property, such as
/// `vcard.NOTE` = `["", "CREATED=20221123T150132Z", "AUTHOR-NAME=John"]` (group first, then each
/// parameter as `NAME=value,value` in vCard 3.0 parameter syntax). Parameters JSContact has a
/// member for are taken out of them, and put back when reading the card, only when that gives
/// the same details again.
struct DetailParameters: Equatable {
    /// The details' key in a contact's custom properties (`vcard.NOTE`).
    static func key(_ property: String) -> String { "vcard.\(property)" }

    /// The property's group, empty when it has none.
    var group: String
    /// Every parameter, in order, as written.
    var entries: [String]

    init(group: String = "", entries: [String] = []) {
        self.group = group
        self.entries = entries
    }

    init?(_ value: CustomValue?) {
        guard case .strings(let strings)? = value, let first = strings.first else { return nil }
        self.init(group: first, entries: Array(strings.dropFirst()))
    }

    /// The details as the reader keeps them; nil when there is nothing to keep.
    var customValue: CustomValue? {
        group.isEmpty && entries.isEmpty ? nil : .strings([group] + entries)
    }

    /// Removes the parameters named (upper case) and returns their values, by name; nil (and
    /// nothing removed) when one of them is written in a way ``putting(_:)`` would not give back,
    /// or appears twice.
    mutating func take(_ names: [String]) -> [String: [String]]? {
        var taken: [String: [String]] = [:]
        var rest: [String] = []
        var order: [String] = []
        for entry in entries {
            guard let (name, values) = Self.decode(entry), names.contains(name.uppercased()) else {
                rest.append(entry)
                continue
            }
            guard taken[name.uppercased()] == nil, name == name.uppercased() else { return nil }
            taken[name] = values
            order.append(name)
        }
        // Put back after the others, in the order of `names`.
        let back = DetailParameters(group: group, entries: rest).putting(names.compactMap { n in taken[n].map { (n, $0) } })
        guard back == self else { return nil }
        entries = rest
        return taken
    }

    /// Removes the first parameter (after an `ALTID`, which localizations put first) when it is
    /// `NAME=value` (one value, written as ``encode(_:_:)`` writes it) and returns the value; nil,
    /// and nothing removed, otherwise.
    mutating func takeFirst(_ name: String) -> String? {
        let at = entries.first?.hasPrefix("ALTID=") == true ? 1 : 0
        guard at < entries.count, let (n, values) = Self.decode(entries[at]), n == name, values.count == 1,
            Self.encode(n, values) == entries[at]
        else { return nil }
        entries.remove(at: at)
        return values[0]
    }

    /// The details with parameters added after the others.
    func putting(_ parameters: [(String, [String])]) -> DetailParameters {
        DetailParameters(group: group, entries: entries + parameters.map { Self.encode($0.0, $0.1) })
    }

    /// `NAME=value,value`, values quoted as the vCard reader writes them (vCard 3.0 syntax).
    static func encode(_ name: String, _ values: [String]) -> String {
        name + "=" + values.map { value in
            var v = value
            if v.contains("\"") || v.contains("\n") {
                v = v.replacingOccurrences(of: "^", with: "^^").replacingOccurrences(of: "\n", with: "^n")
                    .replacingOccurrences(of: "\"", with: "^'")
            }
            if v.isEmpty || v.contains(where: { ":;, ^".contains($0) }) { return "\"\(v)\"" }
            return v
        }.joined(separator: ",")
    }

    /// The name and values of `NAME=value,"value"`.
    static func decode(_ entry: String) -> (String, [String])? {
        guard let eq = entry.firstIndex(of: "=") else { return nil }
        var values: [String] = []
        var current = "", quoted = false, wasQuoted = false
        for c in entry[entry.index(after: eq)...] {
            if c == "\"" { quoted.toggle(); wasQuoted = true; continue }
            if c == ",", !quoted {
                values.append(wasQuoted ? uncaret(current) : current)
                current = ""; wasQuoted = false
                continue
            }
            current.append(c)
        }
        values.append(wasQuoted ? uncaret(current) : current)
        return (String(entry[..<eq]), values)
    }

    private static func uncaret(_ s: String) -> String {
        guard s.contains("^") else { return s }
        var out = "", caret = false
        for c in s {
            if caret {
                out += c == "n" ? "\n" : c == "'" ? "\"" : c == "^" ? "^" : "^\(c)"
                caret = false
            } else if c == "^" { caret = true } else { out.append(c) }
        }
        return caret ? out + "^" : out
    }
}

extension Contact {
    /// The kept details of a single-valued vCard property (`NOTE`, `ORG`, `N`...).
    func details(_ property: String) -> DetailParameters {
        DetailParameters(customProperties[DetailParameters.key(property)]) ?? DetailParameters()
    }

    /// Sets the kept details of a single-valued vCard property.
    mutating func setDetails(_ details: DetailParameters, of property: String) {
        customProperties[DetailParameters.key(property)] = details.customValue
    }
}
