import Foundation
import Ohana
import OhanaVCard

/// `NOTE`, `ORG` and `N`'s `SORT-AS`, with the members RFC 9555 gives their parameters (sections
/// 2.5.5, 2.9.4 and 2.11.4; `TITLE` and `ROLE`: see TitleEntries).
extension CardBuilder {
    /// `notes`: the note, with `CREATED` as `created` and `AUTHOR`, `AUTHOR-NAME` as `author`.
    mutating func encodeNote() {
        guard let note = contact.note else { return }
        var json: [String: JSONValue] = ["note": .string(note)]
        var details = contact.details("NOTE")
        if let taken = details.take(NoteParameters.names), let extra = NoteParameters.members(taken),
            NoteParameters.parameters(extra).map({ "\($0.0)=\($0.1)" }) == NoteParameters.names.compactMap({ n in taken[n].map { "\(n)=\($0)" } })
        {
            json.merge(extra) { a, _ in a }
            contact.setDetails(details, of: "NOTE")
        }
        members["notes"] = .object([singleID("NOTE", "NOTE-1"): .object(json)])
    }

    /// `organizations`: name and units, `SORT-AS` as the organization's and units' `sortAs`.
    mutating func encodeOrganization() {
        guard contact.organization != nil || contact.department != nil else { return }
        var org: [String: JSONValue] = [:]
        if let o = contact.organization { org["name"] = .string(o) }
        var units: [[String: JSONValue]] = contact.department.map { $0.components(separatedBy: ";").map { ["name": .string($0)] } } ?? []
        var details = contact.details("ORG")
        if let taken = details.take(["SORT-AS"]), let values = taken["SORT-AS"], values.count <= units.count + 1,
            !values.isEmpty, values.allSatisfy({ !$0.isEmpty })
        {
            org["sortAs"] = .string(values[0])
            for (i, v) in values.dropFirst().enumerated() { units[i]["sortAs"] = .string(v) }
            contact.setDetails(details, of: "ORG")
        }
        if !units.isEmpty { org["units"] = .array(units.map(JSONValue.object)) }
        // ORG;TYPE=work (or home): the organization's context (RFC 9555 section 2.3.22), given back before SORT-AS.
        var typeDetails = contact.details("ORG")
        if let taken = typeDetails.take(["TYPE"]), let values = taken["TYPE"], values.count == 1, let context = LabelMapping.typeContexts[values[0]] {
            org["contexts"] = [context: true]
            contact.setDetails(typeDetails, of: "ORG")
        }
        members["organizations"] = .object([singleID("ORG", "ORG-1"): .object(org)])
    }

    /// `name/sortAs` from `N`'s `SORT-AS`: its values by component, surname first.
    mutating func encodeNameSortAs() {
        var details = contact.details("N")
        guard let taken = details.take(["SORT-AS"]), let values = taken["SORT-AS"], values.count == 1 else { return }
        let parts = values[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= SortAs.nameKinds.count, parts.last?.isEmpty == false else { return }
        var sortAs: [String: JSONValue] = [:]
        for (kind, v) in zip(SortAs.nameKinds, parts) where !v.isEmpty { sortAs[kind] = .string(v) }
        guard SortAs.nameValue(sortAs) == values[0] else { return }
        var name = members["name"]?.object ?? [:]
        name["sortAs"] = .object(sortAs)
        members["name"] = .object(name)
        contact.setDetails(details, of: "N")
    }

    /// Leaves out the `ORG`'s group when it is the organization's id and roles name that id (the
    /// reader gives the group back).
    mutating func dropOrganizationIDGroup() {
        var details = contact.details("ORG")
        guard !details.group.isEmpty, let orgs = members["organizations"]?.object, orgs.count == 1, orgs.keys.first == details.group,
            members["titles"]?.object?.values.contains(where: { $0["organizationId"]?.string == details.group }) == true
        else { return }
        details.group = ""
        contact.setDetails(details, of: "ORG")
    }

}

/// The members `NOTE`'s parameters go to (RFC 9555 section 2.11.4).
enum NoteParameters {
    static let names = ["CREATED", "AUTHOR", "AUTHOR-NAME"]

    /// The note's `created` and `author` for the parameters taken; nil when one cannot be one.
    static func members(_ taken: [String: [String]]) -> [String: JSONValue]? {
        var json: [String: JSONValue] = [:]
        var author: [String: JSONValue] = [:]
        for (name, values) in taken {
            guard values.count == 1 else { return nil }
            switch name {
            case "CREATED":
                guard let utc = Timestamps.jscontact(values[0]) else { return nil }
                json["created"] = .string(utc)
            case "AUTHOR": author["uri"] = .string(values[0])
            default: author["name"] = .string(values[0])
            }
        }
        if !author.isEmpty { json["author"] = .object(author) }
        return json
    }

    /// The parameters for a note's `created` and `author`, in the order `names` gives.
    static func parameters(_ json: [String: JSONValue]) -> [(String, [String])] {
        var result: [(String, [String])] = []
        if let c = json["created"]?.string, let v = Timestamps.vcard(c) { result.append(("CREATED", [v])) }
        if let uri = json["author"]?["uri"]?.string { result.append(("AUTHOR", [uri])) }
        if let name = json["author"]?["name"]?.string { result.append(("AUTHOR-NAME", [name])) }
        return result
    }

    /// Whether a note's members other than `note` all have parameters.
    static func isRepresentable(_ object: [String: JSONValue]) -> Bool {
        if let c = object["created"], c.string.flatMap(Timestamps.vcard) == nil { return false }
        if let a = object["author"] {
            guard let author = a.object, !author.isEmpty, author.allSatisfy({ ["uri", "name"].contains($0.key) && $0.value.string != nil })
            else { return false }
        }
        return object.keys.allSatisfy { ["note", "created", "author"].contains($0) }
    }
}

/// `SORT-AS` values as `sortAs` members.
enum SortAs {
    /// `N`'s components in order, by kind.
    static let nameKinds = ["surname", "given", "given2", "title", "credential", "surname2", "generation"]

    /// The `SORT-AS` value of a name's `sortAs`: values in `N` order, comma-separated; nil when a
    /// kind has no `N` position or a value is not text.
    static func nameValue(_ sortAs: [String: JSONValue]) -> String? {
        guard !sortAs.isEmpty, sortAs.keys.allSatisfy(nameKinds.contains) else { return nil }
        var parts = nameKinds.map { sortAs[$0]?.string ?? "" }
        guard sortAs.values.allSatisfy({ $0.string?.isEmpty == false && $0.string?.contains(",") == false }) else { return nil }
        while parts.last == "" { parts.removeLast() }
        return parts.joined(separator: ",")
    }
}

extension CardReader {
    /// The contact's organization, and `SORT-AS` from `sortAs`.
    mutating func readOrganization() {
        guard let (id, org) = only("organizations"), let object = org.object,
            object.keys.allSatisfy({ ["name", "units", "sortAs", "contexts"].contains($0) })
        else { return }
        var type: String?
        if let contexts = org["contexts"]?.object {
            guard contexts.count == 1, let (context, value) = contexts.first, value == true,
                let t = LabelMapping.typeContexts.first(where: { $0.value == context })?.key
            else { return }
            type = t
        }
        let units = org["units"]?.array ?? []
        guard units.allSatisfy({ $0.object?.keys.allSatisfy { $0 == "name" || $0 == "sortAs" } == true && $0["name"]?.string != nil })
        else { return }
        if let type { pendingDetails.append(("ORG", [("TYPE", [type])])) }
        var sortAs = [org["sortAs"]?.string ?? ""] + units.map { $0["sortAs"]?.string ?? "" }
        while sortAs.last == "" { sortAs.removeLast() }
        if !sortAs.isEmpty {
            guard sortAs.allSatisfy({ !$0.isEmpty }), org["sortAs"]?.string != nil else { return }
            pendingDetails.append(("ORG", [("SORT-AS", sortAs)]))
        }
        contact.organization = org["name"]?.string
        let names = units.compactMap { $0["name"]?.string }
        if !names.isEmpty { contact.department = names.joined(separator: ";") }
        take("organizations", id)
    }

    /// The contact's note, and `CREATED`, `AUTHOR` and `AUTHOR-NAME` from `created` and `author`.
    mutating func readNote() {
        guard let id = Self.ownEntry(m, map: "notes"), let object = m["notes"]?[id]?.object, let text = object["note"]?.string else { return }
        contact.note = text
        let parameters = NoteParameters.parameters(object)
        if !parameters.isEmpty { pendingDetails.append(("NOTE", parameters)) }
        take("notes", id)
    }

    /// `name/sortAs` as `N`'s `SORT-AS`.
    mutating func readNameSortAs() {
        guard let sortAs = m["name"]?["sortAs"]?.object, let value = SortAs.nameValue(sortAs) else { return }
        pendingDetails.append(("N", [("SORT-AS", [value])]))
        take("name", "sortAs")
    }

    /// Puts the parameters card members gave back into the contact's kept details.
    mutating func applyPendingDetails() {
        for (property, parameters) in pendingDetails {
            contact.setDetails(contact.details(property).putting(parameters), of: property)
        }
        // An id other than the generated one is the property's first parameter, `PROP-ID`.
        for (property, id) in propertyIDs.sorted(by: { $0.key < $1.key }) {
            var details = contact.details(property)
            details.entries.insert(DetailParameters.encode("PROP-ID", [id]), at: details.entries.first?.hasPrefix("ALTID=") == true ? 1 : 0)
            contact.setDetails(details, of: property)
        }
    }
}
