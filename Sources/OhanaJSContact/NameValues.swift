import Foundation
import Ohana
import OhanaVCard

/// `N` values of localized names, read and written here rather than through the model's name
/// fields, which hold a component's values joined with `,` and so cannot tell an escaped comma
/// from two values: RFC 9554 section 2.2's seven components, each a list of TEXT values (RFC 6350
/// section 3.4's escapes), in the order of their kinds or, with `JSCOMPS` (RFC 9555 section 3.3.1),
/// in the order the parameter gives. (The vCard reader and writer have their own `JSCOMPS` code;
/// this target does not depend on theirs.)
enum NameValues {
    /// The components' kinds by position.
    static let kinds = ["surname", "given", "given2", "title", "credential", "surname2", "generation"]
    /// Positions that also hold another position's values for older readers (RFC 9554 section 2.2):
    /// the surnames repeat the secondary surnames, the credentials the generation.
    static let copies = [0: 5, 4: 6]

    /// The text split at a separator where it is not escaped; the parts keep their escapes.
    static func split(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for c in text {
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == separator {
                parts.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current)
        return parts
    }

    /// The values of each component of an `N` value, unescaped (seven components, the missing
    /// ones empty); nil with more than seven.
    static func fields(_ value: String) -> [[String]]? {
        var fields = split(value, at: ";").map { $0.isEmpty ? [] : split($0, at: ",").map { VCardText.unescape($0) } }
        guard fields.count <= kinds.count else { return nil }
        while fields.count < kinds.count { fields.append([]) }
        return fields
    }

    /// The `N` value of components' values.
    static func value(_ fields: [[String]]) -> String {
        fields.map { $0.map { VCardText.escape($0) }.joined(separator: ",") }.joined(separator: ";")
    }

    // MARK: Without an order

    /// One component per value, in `N` order, the copies for older readers left out.
    static func unorderedComponents(_ fields: [[String]]) -> [NameOrAddressComponent] {
        var components: [NameOrAddressComponent] = []
        for (position, values) in fields.enumerated() {
            let copied = copies[position].map { fields[$0] } ?? []
            for v in values where !v.isEmpty && !copied.contains(v) { components.append(NameOrAddressComponent(kind: kinds[position], value: v)) }
        }
        return components
    }

    /// The values by component, as the model's name fields give them (the secondary surnames also
    /// among the surnames, the generation first among the credentials when there are secondary
    /// surnames or a generation); nil when a component has a kind with no position.
    static func unorderedFields(_ components: [NameOrAddressComponent]) -> [[String]]? {
        var byKind: [String: [String]] = [:]
        for c in components {
            guard kinds.contains(c.kind) else { return nil }
            byKind[c.kind, default: []].append(c.value)
        }
        func list(_ names: String...) -> [String] { names.flatMap { byKind[$0] ?? [] } }
        let hasTail = byKind["surname2"] != nil || byKind["generation"] != nil
        return [list("surname", "surname2"), list("given"), list("given2"), list("title"),
                hasTail ? list("generation", "credential") : list("credential"), list("surname2"), list("generation")]
    }

    // MARK: With JSCOMPS

    /// The components in the order a `JSCOMPS` value gives, and its default separator; nil when
    /// the parameter does not fit the values (RFC 9555 section 3.3.1).
    static func orderedComponents(_ parameter: String, fields: [[String]]) -> (components: [NameOrAddressComponent], defaultSeparator: String?)? {
        let entries = splitEntries(parameter)
        guard let first = entries.first, first.isEmpty || first.hasPrefix("s,") else { return nil }
        var components: [NameOrAddressComponent] = []
        var referenced = Set<[Int]>()
        for entry in entries.dropFirst() {
            if entry.hasPrefix("s,") {
                components.append(NameOrAddressComponent(kind: "separator", value: String(entry.dropFirst(2))))
                continue
            }
            let numbers = entry.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(numbers.count), let position = numbers[0], kinds.indices.contains(position),
                let index = numbers.count == 2 ? numbers[1] : 0, fields[position].indices.contains(index),
                referenced.insert([position, index]).inserted
            else { return nil }
            components.append(NameOrAddressComponent(kind: kinds[position], value: fields[position][index]))
        }
        // Every value is named, or is the copy of one for older readers.
        for (position, values) in fields.enumerated() {
            let copied = copies[position].map { fields[$0] } ?? []
            for (index, v) in values.enumerated() where !v.isEmpty && !referenced.contains([position, index]) && !copied.contains(v) {
                return nil
            }
        }
        return (components, first.isEmpty ? nil : String(first.dropFirst(2)))
    }

    /// The values by component and the `JSCOMPS` value for ordered components (the copies for older
    /// readers after the values named); nil when a component has a kind with no position.
    static func orderedFields(_ components: [NameOrAddressComponent], defaultSeparator: String?) -> (fields: [[String]], parameter: String)? {
        var fields: [[String]] = Array(repeating: [], count: kinds.count)
        var entries = [defaultSeparator.map { "s," + escapeSeparator($0) } ?? ""]
        for c in components {
            if c.kind == "separator" {
                entries.append("s," + escapeSeparator(c.value))
                continue
            }
            guard let position = kinds.firstIndex(of: c.kind) else { return nil }
            fields[position].append(c.value)
            entries.append(fields[position].count == 1 ? "\(position)" : "\(position),\(fields[position].count - 1)")
        }
        for (position, source) in copies.sorted(by: { $0.key < $1.key }) {
            for v in fields[source] where !fields[position].contains(v) { fields[position].append(v) }
        }
        return (fields, entries.joined(separator: ";"))
    }

    /// A separator as `JSCOMPS` writes it: `\`, `,` and `;` escaped.
    static func escapeSeparator(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: ";", with: "\\;")
    }

    /// A `JSCOMPS` value's entries: split at unescaped `;`, escapes undone.
    static func splitEntries(_ parameter: String) -> [String] {
        split(parameter, at: ";").map { entry in
            var out = ""
            var escaped = false
            for c in entry {
                if !escaped && c == "\\" { escaped = true } else { out.append(c); escaped = false }
            }
            return out
        }
    }
}
