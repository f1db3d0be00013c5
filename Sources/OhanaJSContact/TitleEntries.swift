import Foundation
import Ohana
import OhanaVCard

/// `TITLE` and `ROLE` (RFC 9555 section 2.9.6): each a `Title` in the card's `titles`, of kind
/// `title` or `role`. The contact holds one title, its job title; the card's other titles and its
/// roles are `TITLE` and `ROLE` lines the contact keeps as unmapped properties, so that a card with
/// several titles is written as several `TITLE` lines, each with its id as `PROP-ID` (RFC 9555
/// section 3.1), and read back as the same entries. An entry's `organizationId` is the vCard group
/// it shares with the `ORG`; its other parameters are its `vCardParams`.
extension CardBuilder {
    /// The contact's job title as the card's first title.
    mutating func encodeTitle() {
        guard let title = contact.jobTitle else { return }
        let id = singleID("TITLE", "TITLE-1")
        members["titles"] = .object([id: ["name": .string(title)]])
        titleIDs.append(id)
    }

    /// A `ROLE`, or a `TITLE` besides the contact's job title, as a `titles` entry; its id, or nil
    /// when it cannot be one (no text, an id taken, a group that is not the `ORG`'s, or a title
    /// the contact would read as its job title).
    mutating func encodeTitleEntry(_ u: UnmappedProperty) -> String? {
        let isRole = u.name.uppercased() == "ROLE"
        let ids = u.parameters.filter { $0.name.uppercased() == "PROP-ID" }
        let propID = ids.first?.values.first
        guard isRole || contact.jobTitle != nil, !u.value.isEmpty, ids.count <= 1, ids.first.map({ $0.values.count == 1 }) ?? true,
            propID.map(CardValidator.isID) ?? true, propID.map({ members["titles"]?[$0] == nil }) ?? true
        else { return nil }
        var entry: [String: JSONValue] = ["name": .string(VCardText.unescape(u.value))]
        if isRole { entry["kind"] = "role" }
        if let group = u.group {
            let orgGroup = DetailParameters(contact.customProperties[DetailParameters.key("ORG")])?.group
            guard let orgs = members["organizations"]?.object, orgs.count == 1, let orgID = orgs.keys.first,
                orgGroup?.lowercased() == group.lowercased()
            else { return nil }
            entry["organizationId"] = .string(orgID)
        }
        let rest = u.parameters.removing(["PROP-ID"])
        if !rest.isEmpty { entry["vCardParams"] = .object(VCardNames.object(rest, group: nil)) }
        var titles = members["titles"]?.object ?? [:]
        var n = titles.count + 1
        while titles["TITLE-\(n)"] != nil { n += 1 }
        let id = propID ?? "TITLE-\(n)"
        titles[id] = .object(entry)
        members["titles"] = .object(titles)
        if !isRole { titleIDs.append(id) }
        return id
    }

    /// Spells the titles' default `kind` (RFC 9553 section 2.2.5) when roles share the `titles` map.
    mutating func markTitleKind() {
        guard var titles = members["titles"]?.object, titles.values.contains(where: { $0["kind"]?.string == "role" }) else { return }
        for id in titleIDs {
            guard var t = titles[id]?.object, t["kind"] == nil else { continue }
            t["kind"] = "title"
            titles[id] = .object(t)
        }
        members["titles"] = .object(titles)
    }
}

extension CardReader {
    /// The contact's job title: the card's first title (in id order) that has no member but its
    /// name and kind.
    mutating func readTitle() {
        guard let id = Self.ownTitle(m), let name = m["titles"]?[id]?["name"]?.string else { return }
        contact.jobTitle = name
        take("titles", id)
    }

    /// The key of the `titles` entry that is the contact's job title: the first of kind `title`
    /// (spelled out or not, RFC 9553 section 2.2.5), in id order, with no member but its name.
    static func ownTitle(_ m: [String: JSONValue]) -> String? {
        guard let map = m["titles"]?.object else { return nil }
        return orderedKeys(map, prefix: "TITLE").first { key in
            guard let t = map[key]?.object, t["name"]?.string != nil, t["kind"]?.string ?? "title" == "title" else { return false }
            return t.keys.allSatisfy { $0 == "name" || $0 == "kind" || isTitleType($0, of: t) }
        }
    }

    /// Whether `member` of the entry `t` is its `@type`, spelled as RFC 9553 section 2.2.5 names it
    /// (`"Title"`): optional on every object, so saying nothing a vCard line would lose.
    static func isTitleType(_ member: String, of t: [String: JSONValue]) -> Bool {
        member == "@type" && t["@type"]?.string == "Title"
    }

    /// `TITLE` and `ROLE` properties for the `titles` entries besides the job title, in id order,
    /// with the keys of the entries they are for. Titles go so only beside the job title, which the
    /// vCard writer writes first (the first `TITLE` read is a contact's job title). An id other than
    /// the one the builder gives the entry is its `PROP-ID`; an `organizationId` is the group of the
    /// organization's kept `ORG` details (or the id itself, `groupForOrganization`).
    static func titleProperties(from m: [String: JSONValue]) -> (properties: [UnmappedProperty], keys: [String], groupForOrganization: String?) {
        guard let titles = m["titles"]?.object else { return ([], [], nil) }
        let own = ownTitle(m)
        // The ORG's kept group, read from the vendor member only when a title names an organization.
        var orgGroup = ""
        if titles.values.contains(where: { $0["organizationId"] != nil }),
            case .strings(let d)? = m[Vendor.customProperties]?[DetailParameters.key("ORG")].flatMap({ Vendor.decode(CustomValue.self, from: $0) })
        {
            orgGroup = d.first ?? ""
        }
        var result: [UnmappedProperty] = []
        var keys: [String] = []
        var groupForOrganization: String?
        // The ids the builder gives them: the first free `TITLE-n` from the count of entries before them.
        var placed: Set<String> = own.map { [$0] } ?? []
        for key in orderedKeys(titles, prefix: "TITLE") where key != own {
            guard let t = titles[key]?.object else { continue }
            let kind = t["kind"].map { $0.string ?? "" } ?? "title"
            guard let name = t["name"]?.string, !name.isEmpty, kind == "role" || (kind == "title" && own != nil),
                t.keys.allSatisfy({ ["kind", "name", "organizationId", "vCardParams"].contains($0) || isTitleType($0, of: t) }),
                t["vCardParams"] == nil || t["vCardParams"]?.object != nil
            else { continue }
            var (parameters, group) = VCardNames.parameters(t["vCardParams"]?.object ?? [:])
            if let org = t["organizationId"] {
                guard group == nil, let id = org.string, m["organizations"]?.object?.count == 1, m["organizations"]?[id] != nil else { continue }
                if orgGroup.isEmpty {
                    // The organization's id ties them as a vCard group, when it can be one.
                    guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { continue }
                    groupForOrganization = id
                }
                group = orgGroup.isEmpty ? id : orgGroup
            }
            var n = placed.count + 1
            while placed.contains("TITLE-\(n)") { n += 1 }
            if key != "TITLE-\(n)" { parameters.insert(PropertyParameter(name: "PROP-ID", values: [key]), at: 0) }
            placed.insert(key)
            result.append(UnmappedProperty(group: group, name: kind == "role" ? "ROLE" : "TITLE", parameters: parameters, value: VCardText.escape(name)))
            keys.append(key)
        }
        return (result, keys, groupForOrganization)
    }

    /// Gives the contact's `ORG` the group that ties titles to it, when the card tied them by the organization's id.
    mutating func tieRolesToOrganization() {
        guard let group = Self.titleProperties(from: m).groupForOrganization, contact.details("ORG").group.isEmpty,
            contact.organization != nil || contact.department != nil,
            contact.unmappedProperties.contains(where: { ["ROLE", "TITLE"].contains($0.name) && $0.group == group })
        else { return }
        var details = contact.details("ORG")
        details.group = group
        contact.setDetails(details, of: "ORG")
    }
}
