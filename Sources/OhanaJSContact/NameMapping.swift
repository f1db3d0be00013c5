import Foundation
import Ohana

/// A contact's name as a JSContact `Name` (RFC 9553 section 2.2.1, RFC 9555 section 2.5.5), and back.
enum NameMapping {
    /// The contact's custom property holding an ordered name's `defaultSeparator` (JSCOMPS's first
    /// entry, RFC 9555 section 3.3.1), which the model's name has no field for.
    static let defaultSeparatorKey = "vcard.N.defaultSeparator"

    static func component(_ c: NameOrAddressComponent) -> JSONValue {
        var json: [String: JSONValue] = ["kind": .string(c.kind), "value": .string(c.value)]
        if let p = c.phonetic { json["phonetic"] = .string(p) }
        return .object(json)
    }

    static func component(from json: JSONValue) -> NameOrAddressComponent? {
        guard let kind = json["kind"]?.string, let value = json["value"]?.string else { return nil }
        return NameOrAddressComponent(kind: kind, value: value, phonetic: json["phonetic"]?.string)
    }

    /// The name fields as components in vCard N order, phonetics attached.
    static func flatComponents(_ c: Contact) -> [NameOrAddressComponent] {
        var parts: [NameOrAddressComponent] = []
        if let v = c.namePrefix { parts.append(.init(kind: "title", value: v)) }
        if let v = c.givenName { parts.append(.init(kind: "given", value: v, phonetic: c.phoneticGivenName)) }
        if let v = c.middleName { parts.append(.init(kind: "given2", value: v, phonetic: c.phoneticMiddleName)) }
        if let v = c.familyName { parts.append(.init(kind: "surname", value: v, phonetic: c.phoneticFamilyName)) }
        if let v = c.nameSuffix { parts.append(.init(kind: "credential", value: v)) }
        return parts
    }

    static func encode(_ c: Contact) -> JSONValue? {
        var json: [String: JSONValue] = [:]
        let ordered = !c.nameComponents.isEmpty && agrees(c.nameComponents, with: c)
        // One component per field, in Western order, unless a field holds a list (then N's order).
        let hasLists = [c.familyName, c.givenName, c.middleName, c.namePrefix, c.nameSuffix].contains { $0?.contains(where: { $0 == "," || $0 == ";" }) == true }
        let components = ordered ? c.nameComponents : (hasLists ? listComponents(c) : nil) ?? flatComponents(c)
        if !components.isEmpty { json["components"] = .array(components.map(component)) }
        if ordered { json["isOrdered"] = true }
        if ordered, let separator = c.customProperties[defaultSeparatorKey]?.stringValue { json["defaultSeparator"] = .string(separator) }
        if !ordered, hasLists, components.count > 0 {
            var back = Contact(id: c.id)
            setFields(fromList: components, of: &back)
            if back.nameSuffix != c.nameSuffix, let suffix = c.nameSuffix { json[exactSuffixKey] = .string(suffix) }
        }
        if let full = c.formattedName { json["full"] = .string(full) }
        if let s = c.phoneticSystem { json["phoneticSystem"] = .string(s) }
        if let s = c.phoneticScript { json["phoneticScript"] = .string(s) }
        // A phonetic spelling without the part it spells has no JSContact place; it goes as a vendor member.
        var orphans: [String: JSONValue] = [:]
        if c.givenName == nil, let p = c.phoneticGivenName { orphans["given"] = .string(p) }
        if c.middleName == nil, let p = c.phoneticMiddleName { orphans["given2"] = .string(p) }
        if c.familyName == nil, let p = c.phoneticFamilyName { orphans["surname"] = .string(p) }
        if !orphans.isEmpty { json[Vendor.prefix + "phonetic"] = .object(orphans) }
        return json.isEmpty ? nil : .object(json)
    }

    /// Whether ordered components give exactly the contact's name fields.
    static func agrees(_ components: [NameOrAddressComponent], with c: Contact) -> Bool {
        var copy = c
        copy.nameComponents = components
        return copy.nameComponentsAgree
    }

    /// Fills the contact's name fields from a `Name`; the parts that have no field are returned.
    static func decode(_ json: JSONValue, into c: inout Contact) {
        let components = (json["components"]?.array ?? []).compactMap(component(from:))
        if json["isOrdered"]?.bool == true {
            c.setName(fromComponents: components)
        } else {
            setFields(fromList: components, of: &c)
        }
        if json["isOrdered"]?.bool == true, let separator = json["defaultSeparator"]?.string {
            c.customProperties[defaultSeparatorKey] = .string(separator)
        }
        if json["isOrdered"]?.bool != true, let suffix = json[exactSuffixKey]?.string, sameButOrder(suffix, c.nameSuffix) { c.nameSuffix = suffix }
        c.formattedName = json["full"]?.string
        c.phoneticSystem = json["phoneticSystem"]?.string
        c.phoneticScript = json["phoneticScript"]?.string
        if let orphans = json[Vendor.prefix + "phonetic"] {
            if let p = orphans["given"]?.string { c.phoneticGivenName = p }
            if let p = orphans["given2"]?.string { c.phoneticMiddleName = p }
            if let p = orphans["surname"]?.string { c.phoneticFamilyName = p }
        }
        // Without components, the full name is all there is; it stays the formatted name.
    }

    /// The full name ordered components spell (RFC 9553 section 2.2.1): their values in order,
    /// each separator component between two values, else the default separator or a space.
    static func derivedFull(_ json: JSONValue) -> String? {
        guard json["isOrdered"]?.bool == true else { return nil }
        let components = (json["components"]?.array ?? []).compactMap(component(from:))
        guard components.contains(where: { $0.kind != "separator" }) else { return nil }
        let separator = json["defaultSeparator"]?.string ?? " "
        var text = ""
        var afterValue = false
        for c in components {
            if c.kind == "separator" {
                text += c.value
                afterValue = false
            } else {
                if afterValue { text += separator }
                text += c.value
                afterValue = true
            }
        }
        return text
    }

    /// The name the contact's fields spell, when it is one (not lists joined with `,` or `;`).
    static func spelledName(_ c: Contact) -> String? {
        let composed = c.composedName
        return composed.isEmpty || composed.contains(where: { $0 == "," || $0 == ";" }) ? nil : composed
    }

    /// The name a contact's fields of lists spell (`文,逸仙` is two names): every value in Western
    /// order, one space between; nil when the fields hold no list.
    static func listSpelledName(_ c: Contact) -> String? {
        let fields = [c.namePrefix, c.givenName, c.middleName, c.familyName, c.nameSuffix].compactMap { $0 }
        guard fields.contains(where: { $0.contains(where: { $0 == "," || $0 == ";" }) }) else { return nil }
        var seen: [String] = []
        for field in fields {
            for v in field.split(whereSeparator: { $0 == "," || $0 == ";" }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !v.isEmpty {
                seen.append(v)
            }
        }
        return seen.isEmpty ? nil : seen.joined(separator: " ")
    }

    /// Whether a `Name` without an order has several components of one kind, none holding `,` or `;`.
    static func hasLists(_ json: JSONValue) -> Bool {
        let components = (json["components"]?.array ?? []).compactMap(component(from:))
        guard json["isOrdered"]?.bool != true, !components.contains(where: { $0.value.contains(where: { $0 == "," || $0 == ";" }) }) else { return false }
        return Set(components.map(\.kind)).count < components.count
    }

    /// Whether every component of a `Name` is of a kind the model's name fields hold.
    static func hasOnlyModelKinds(_ json: JSONValue) -> Bool {
        let kinds: Set<String> = ["title", "given", "given2", "surname", "surname2", "credential", "generation", "separator"]
        return (json["components"]?.array ?? []).allSatisfy { $0["kind"]?.string.map(kinds.contains) ?? false }
    }

    // MARK: N's lists (RFC 9555 section 2.5.5)

    /// The name fields as the vCard reader fills them from `N`: each a comma-separated list, and the
    /// suffix `suffixes;surname2;generation` when `N` has RFC 9554's seven components.
    static func listValues(_ s: String?) -> [String] {
        s.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
    }

    /// One component per value of `N`, in `N` order: surnames (without the secondary ones), given
    /// names, additional names, titles, credentials (without the generation), secondary surnames and
    /// generation; nil when the fields do not come back from them as they are.
    static func listComponents(_ c: Contact) -> [NameOrAddressComponent]? {
        let suffix = c.nameSuffix.map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) } ?? []
        guard suffix.count <= 3 else { return nil }
        let surname2 = suffix.count > 1 ? listValues(suffix[1]).filter { !$0.isEmpty } : []
        let generation = suffix.count > 2 ? listValues(suffix[2]).filter { !$0.isEmpty } : []
        var parts: [NameOrAddressComponent] = []
        func add(_ kind: String, _ values: [String], phonetic: String? = nil, without: [String] = []) {
            // A phonetic list spells the values one by one.
            let spellings = phonetic.map(listValues)
            for (i, v) in values.enumerated() where !v.isEmpty && !without.contains(v) {
                let spelling = spellings.flatMap { $0.count == values.count ? $0[i] : nil }
                parts.append(.init(kind: kind, value: v, phonetic: spelling?.isEmpty == false ? spelling : nil))
            }
        }
        add("surname", listValues(c.familyName), phonetic: c.phoneticFamilyName, without: surname2)
        add("given", listValues(c.givenName), phonetic: c.phoneticGivenName)
        add("given2", listValues(c.middleName), phonetic: c.phoneticMiddleName)
        add("title", listValues(c.namePrefix))
        add("credential", suffix.first.map(listValues) ?? [], without: generation)
        add("surname2", surname2)
        add("generation", generation)
        var back = Contact(id: c.id)
        setFields(fromList: parts, of: &back)
        // The credentials may list the generation's copy first (RFC 9555's example) or last (RFC 9554's):
        // the suffix is the same but for that order (see exactSuffixKey).
        let same = back.familyName == c.familyName && back.givenName == c.givenName && back.middleName == c.middleName
            && back.namePrefix == c.namePrefix && sameButOrder(back.nameSuffix, c.nameSuffix) && back.phoneticFamilyName == c.phoneticFamilyName
            && back.phoneticGivenName == c.phoneticGivenName && back.phoneticMiddleName == c.phoneticMiddleName
        return same ? parts : nil
    }

    /// Vendor member of a `Name`: the name suffix as the card had it, when its credentials list the
    /// generation's copy elsewhere than the model's reading of components puts it.
    static let exactSuffixKey = Vendor.prefix + "nameSuffix"

    /// Whether two suffixes are the same lists, each list's values in any order.
    static func sameButOrder(_ a: String?, _ b: String?) -> Bool {
        func lists(_ s: String?) -> [[String]]? {
            s.map { $0.split(separator: ";", omittingEmptySubsequences: false).map { listValues(String($0)).sorted() } }
        }
        return lists(a) == lists(b)
    }

    /// The name fields from components without an order: the values of one kind as a list, as
    /// ``listComponents(_:)`` reads them.
    static func setFields(fromList components: [NameOrAddressComponent], of c: inout Contact) {
        var values: [String: [String]] = [:]
        var phonetics: [String: [String]] = [:]
        for part in components {
            values[part.kind, default: []].append(part.value)
            if let p = part.phonetic { phonetics[part.kind, default: []].append(p) }
        }
        func list(_ kinds: String...) -> String? {
            let all = kinds.flatMap { values[$0] ?? [] }
            return all.isEmpty ? nil : all.joined(separator: ",")
        }
        c.familyName = list("surname", "surname2")
        c.givenName = list("given")
        c.middleName = list("given2")
        c.namePrefix = list("title")
        if values["surname2"] == nil && values["generation"] == nil {
            c.nameSuffix = list("credential")
        } else {
            c.nameSuffix = [list("generation", "credential") ?? "", list("surname2") ?? "", list("generation") ?? ""].joined(separator: ";")
        }
        c.phoneticFamilyName = phonetics["surname"]?.joined(separator: ",")
        c.phoneticGivenName = phonetics["given"]?.joined(separator: ",")
        c.phoneticMiddleName = phonetics["given2"]?.joined(separator: ",")
        c.nameComponents = []
    }
}
