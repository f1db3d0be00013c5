import Foundation
import Ohana
import OhanaVCard

/// Converts contacts to JSContact cards and back (RFC 9555), losing nothing: what JSContact has no
/// member for travels in `vCardProps`, `vCardParams` and this library's vendor members, and vCard
/// `JSPROP` properties carry JSContact-only data through vCard and are applied back.
public struct JSContactConverter: Sendable {
    /// Creates a converter.
    public init() {}

    /// The card for a contact.
    public func card(from contact: Contact) -> Card {
        var builder = CardBuilder(contact: contact)
        return builder.build()
    }
}

/// Builds one card from one contact.
struct CardBuilder {
    /// The contact; the members that take kept vCard parameters remove them from its custom properties.
    var contact: Contact
    var members: [String: JSONValue] = [:]

    /// `GEO` and `TZ` properties that became an address's `coordinates` or `timeZone`.
    var placeProperties: [UnmappedProperty] = []
    /// The ids of the `titles` entries made from the contact's titles (not roles).
    var titleIDs: [String] = []

    /// `X-ABLabel` labels of the social profiles and rule properties, by group (lower case).
    let groupLabels: [String: String]

    init(contact: Contact) {
        self.contact = contact
        groupLabels = GroupLabels.labels(of: contact)
    }

    mutating func build() -> Card {
        let c = contact
        members["@type"] = "Card"
        members["version"] = .string(Card.defaultVersion)
        members["uid"] = .string(c.id.rawValue)
        if let name = NameMapping.encode(c) {
            members["name"] = name
            if name["defaultSeparator"] != nil { contact.customProperties[NameMapping.defaultSeparatorKey] = nil }
        }
        encodeFullName()
        if let nickname = c.nickname { members["nicknames"] = .object([singleID("NICKNAME", "NICK-1"): ["name": .string(nickname)]]) }
        encodeNameSortAs()
        encodePhoneticLocalization()
        encodeOrganization()
        encodeTitle()
        encodeFields()
        encodeSocialProfiles()
        encodeAddresses()
        encodeUngroupedPlaces()
        if let b = c.birthday {
            var date: [String: JSONValue] = ["month": .integer(b.month), "day": .integer(b.day)]
            if let y = b.year { date["year"] = .integer(y) }
            members["anniversaries"] = .object([singleID("BDAY", "BDAY-1"): ["kind": "birth", "date": .object(date)]])
        }
        encodeNote()
        if let photo = c.photo {
            let uri = "data:\(photo.mediaType ?? "application/octet-stream");base64,\(photo.data.base64EncodedString())"
            members["media"] = .object([singleID("PHOTO", "PHOTO-1"): ["kind": "photo", "uri": .string(uri)]])
            if photo.mediaType == nil { members[Vendor.exact + "Photo"] = true }
        }
        if !c.tags.isEmpty {
            members["keywords"] = LabelMapping.trueMap(c.tags)
            if c.tags != Array(Set(c.tags)).sorted() { members[Vendor.tagOrder] = .array(c.tags.map(JSONValue.string)) }
        }
        encodeSpeakToAs()
        if let created = c.created { members["created"] = .string(Self.utc(created)) }
        if let language = c.language { members["language"] = .string(language) }
        encodeLanguageFromParameters()
        // What the members above did not take of the kept vCard details.
        if !contact.customProperties.isEmpty { members[Vendor.customProperties] = Vendor.encode(contact.customProperties) }
        if !c.mergedContactIDs.isEmpty { members[Vendor.mergedContactIDs] = Vendor.encode(c.mergedContactIDs) }
        encodeUnmapped()
        markTitleKind()
        dropOrganizationIDGroup()
        // Localizations take ALTID from the kept details too.
        members[Vendor.customProperties] = contact.customProperties.isEmpty ? nil : Vendor.encode(contact.customProperties)
        DefaultLanguage.apply(&members)
        return Card(members: members)
    }

    /// The id of the entry a single-valued property gives: its `PROP-ID` (RFC 9555 sections 2.3.18
    /// and 3.1), taken from the kept details when it is their first parameter, else `fallback`.
    mutating func singleID(_ property: String, _ fallback: String) -> String {
        var details = contact.details(property)
        guard let id = details.takeFirst("PROP-ID"), CardValidator.isID(id) else { return fallback }
        contact.setDetails(details, of: property)
        return id
    }

    /// `name/full` from `FN` (RFC 9555 section 2.5.2), also when the vCard reader left it out as
    /// the name the fields spell; none for an `FN` with `DERIVED=TRUE` (RFC 9554 section 4.3),
    /// which only spells the components out. A name of lists has no such spelling.
    private mutating func encodeFullName() {
        var details = contact.details("FN")
        let spelled = NameMapping.spelledName(contact)
        if let taken = details.take(["DERIVED"]), taken["DERIVED"]?.map({ $0.lowercased() }) == ["true"] {
            contact.setDetails(details, of: "FN")
            // What the reader would not give back travels as a vendor member: the FN, or only its mark.
            // The reader spells ordered components with separators out again; any other FN travels.
            let recomputed = members["name"].flatMap(NameMapping.derivedFull)
            if let full = contact.formattedName {
                if spelled == nil, full == NameMapping.listSpelledName(contact) {
                    // The reader spells a name of lists out again.
                } else if spelled == nil || recomputed == nil || recomputed == spelled || recomputed != full {
                    members[Vendor.derivedFullName] = .string(full)
                }
                var name = members["name"]?.object ?? [:]
                name["full"] = nil
                members["name"] = name.isEmpty ? nil : .object(name)
            } else if spelled == nil || (recomputed != nil && recomputed != spelled) {
                members[Vendor.derivedFullName] = true
            }
            return
        }
        guard contact.formattedName == nil, spelled != nil || NameMapping.hasLists(members["name"] ?? .null) else { return }
        if details.entries.contains(where: { $0.uppercased().hasPrefix("DERIVED=") }) {
            return
        } else if var name = members["name"]?.object, name["full"] == nil {
            name["full"] = .string(contact.composedName)
            members["name"] = .object(name)
        }
    }

    static func utc(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }

    // MARK: Fields

    private mutating func encodeFields() {
        var maps: [FieldKind: [String: JSONValue]] = [:]
        var allocators: [FieldKind: IDAllocator] = [:]
        var counts: [FieldKind: Int] = [:]
        var order: [JSONValue] = []
        var others: [ContactField] = []
        for kind in FieldKind.allCases {
            allocators[kind, default: IDAllocator()].reserve(
                contact.fields.filter { FieldKind($0.type) == kind }.compactMap { $0.parameters.first("PROP-ID") })
        }
        for field in contact.fields {
            guard let kind = FieldKind(field.type) else {
                others.append(field)
                continue
            }
            counts[kind, default: 0] += 1
            let id = allocators[kind, default: IDAllocator()].id(prefix: kind.idPrefix, index: counts[kind]!, propID: field.parameters.first("PROP-ID"))
            var json = FieldCoding.encode(field, kind: kind)
            var plain = field
            plain.provenance = nil
            if FieldCoding.decode(json, kind: kind, id: id, index: counts[kind]!) != plain {
                json[Vendor.exact] = Vendor.encode(plain)
            }
            maps[kind, default: [:]][id] = .object(json)
            order.append(.string(kind.rawValue + "/" + id))
        }
        for (kind, map) in maps { members[kind.rawValue] = .object(map) }
        if !others.isEmpty { members[Vendor.otherFields] = Vendor.encode(others.map { var f = $0; f.provenance = nil; return f }) }
        // The model keeps one list of fields; JSContact one map per kind. The order is kept when
        // grouping by kind would change it.
        let grouped = FieldKind.allCases.flatMap { kind in order.filter { $0.string!.hasPrefix(kind.rawValue + "/") } }
        if grouped != order || !others.isEmpty {
            var withOthers = order
            if !others.isEmpty {
                withOthers = []
                var i = 0
                for field in contact.fields {
                    if FieldKind(field.type) == nil { withOthers.append("other") } else { withOthers.append(order[i]); i += 1 }
                }
            }
            members[Vendor.prefix + "fieldOrder"] = .array(withOthers)
        }
    }

    private mutating func encodeSocialProfiles() {
        guard !contact.socialProfiles.isEmpty else { return }
        var services = members["onlineServices"]?.object ?? [:]
        var allocator = IDAllocator()
        allocator.reserve(Array(services.keys) + contact.socialProfiles.compactMap { $0.parameters.first("PROP-ID") })
        // Social profiles are numbered after the messaging fields, in the same map (RFC 9555 section 2.7.5).
        let offset = services.count
        for (i, profile) in contact.socialProfiles.enumerated() {
            let id = allocator.id(prefix: "OS", index: offset + i + 1, propID: profile.parameters.first("PROP-ID"))
            var json: [String: JSONValue] = [:]
            json[profile.isUsername ? "user" : "uri"] = .string(profile.value)
            if let u = profile.username { json["user"] = .string(u) }
            if let s = profile.service { json["service"] = .string(s) }
            if let l = profile.label ?? profile.group.flatMap({ groupLabels[$0.lowercased()] }) { json["label"] = .string(l) }
            if let p = profile.preference { json["pref"] = .integer(p) }
            let params = VCardNames.object(profile.parameters.removing(["PROP-ID"]), group: profile.group)
            if !params.isEmpty { json["vCardParams"] = .object(params) }
            if SocialCoding.decode(json, id: id, index: offset + i + 1) != profile { json[Vendor.exact] = Vendor.encode(profile) }
            services[id] = .object(json)
        }
        members["onlineServices"] = .object(services)
    }

    private mutating func encodeAddresses() {
        guard !contact.postalAddresses.isEmpty else { return }
        let (bases, localized, order) = LocalizedAddresses.split(contact.postalAddresses)
        var map: [String: JSONValue] = [:]
        var ids: [String] = []
        var allocator = IDAllocator()
        allocator.reserve(bases.compactMap { $0.parameters.first("PROP-ID") })
        for (i, address) in bases.enumerated() {
            let id = allocator.id(prefix: "ADDR", index: i + 1, propID: address.parameters.first("PROP-ID"))
            var json = AddressCoding.encode(address)
            let ungrouped = takesUngroupedPlaces(address, among: bases)
            for (property, member, value) in AddressPlace.properties(for: address, in: contact.unmappedProperties, takesUngrouped: ungrouped) {
                json[member] = .string(value)
                placeProperties.append(property)
            }
            let localizes = localized.contains { $0.base == i }
            if localizes { LocalizedAddresses.droppingAltID(&json) }
            var plain = address
            plain.provenance = nil
            var back = AddressCoding.decode(json, id: id, index: i + 1)
            if localizes { back = LocalizedAddresses.withAltID(back) }
            if back != plain { json[Vendor.exact] = Vendor.encode(plain) }
            map[id] = .object(json)
            ids.append(id)
        }
        members["addresses"] = .object(map)
        encodeLocalizedAddresses(localized, ids: ids, order: order)
    }

    private mutating func encodeSpeakToAs() {
        var speak: [String: JSONValue] = [:]
        if let g = contact.grammaticalGender { speak["grammaticalGender"] = .string(g.rawValue) }
        if !contact.pronouns.isEmpty {
            var map: [String: JSONValue] = [:]
            for (i, p) in contact.pronouns.enumerated() {
                var json: [String: JSONValue] = ["pronouns": .string(p.value)]
                if let pref = p.preference { json["pref"] = .integer(pref) }
                map["PRONOUNS-\(i + 1)"] = .object(json)
            }
            speak["pronouns"] = .object(map)
        }
        if !speak.isEmpty { members["speakToAs"] = .object(speak) }
    }

    /// `PRONOUNS` with a `PROP-ID`, which the model's pronouns do not hold (RFC 9555 sections 2.3.18
    /// and 2.5.4); false when the property is not one or has no place in `speakToAs`.
    private mutating func encodeSpeakToAs(_ u: UnmappedProperty) -> Bool {
        guard u.group == nil else { return false }
        var speak = members["speakToAs"]?.object ?? [:]
        switch u.name.uppercased() {
        case "PRONOUNS":
            guard let id = u.parameters.first("PROP-ID"), CardValidator.isID(id), speak["pronouns"]?[id] == nil,
                u.parameters.allSatisfy({ ["PROP-ID", "PREF"].contains($0.name.uppercased()) && $0.values.count == 1 }) else { return false }
            var entry: [String: JSONValue] = ["pronouns": .string(VCardText.unescape(u.value))]
            if let pref = u.parameters.first("PREF") {
                guard let n = Int(pref) else { return false }
                entry["pref"] = .integer(n)
            }
            var map = speak["pronouns"]?.object ?? [:]
            map[id] = .object(entry)
            speak["pronouns"] = .object(map)
        default: return false
        }
        members["speakToAs"] = .object(speak)
        return true
    }

    /// A `RELATED` property as a `relatedTo` entry (RFC 9555 section 2.9.5): its URI (or text) and relations.
    static func related(_ u: UnmappedProperty) -> (String, JSONValue)? {
        var relation: [String: JSONValue] = [:]
        var isText = false
        for p in u.parameters {
            switch p.name.uppercased() {
            case "TYPE": for t in p.values { relation[t] = true }
            case "VALUE" where p.values.map({ $0.lowercased() }) == ["text"]: isText = true
            default: return nil
            }
        }
        let key = isText ? VCardText.unescape(u.value) : u.value
        guard !key.isEmpty, isText != key.contains(":") else { return nil }
        return (key, ["relation": .object(relation)])
    }

    /// Gives the entry at `path` (a map and its generated key, or a map alone when it has one entry) another id.
    private mutating func rename(_ path: String, to id: String) {
        var tokens = JSONPointer.tokens(path)
        if tokens.count == 1, let key = members[tokens[0]]?.object?.keys.first { tokens.append(key) }
        guard let oldKey = tokens.popLast() else { return }
        var root = JSONValue.object(members)
        var cursor = root
        for t in tokens { cursor = cursor[t] ?? .null }
        guard var map = cursor.object, let value = map.removeValue(forKey: oldKey) else { return }
        map[id] = value
        JSONPointer.set(.object(map), at: tokens, in: &root)
        members = root.object ?? members
    }

    /// Unmapped vCard properties go to `vCardProps`; `JSPROP` ones are applied back to the card.
    private mutating func encodeUnmapped() {
        var props: [JSONValue] = []
        var jsprops: [UnmappedProperty] = []
        var kept: [UnmappedProperty] = []
        var counts: [String: Int] = [:]
        var unmapped = contact.unmappedProperties
        if let i = unmapped.firstIndex(where: { $0.name == "JSPROP" && $0.parameters.first("JSPTR") == Vendor.ids }),
            let ids = (try? JSONValue(jsonText: VCardText.unescape(unmapped[i].value)))?.object
        {
            for (path, id) in ids { if let id = id.string { rename(path, to: id) } }
            jsprops.append(unmapped.remove(at: i))
        }
        var anniversaries = members["anniversaries"]?.object ?? [:]
        AnniversaryCoding.encode(&unmapped, into: &anniversaries)
        if !anniversaries.isEmpty { members["anniversaries"] = .object(anniversaries) }
        let localized = encodeLocalizations(&unmapped) + encodeLocalizedComponents(&unmapped)
        let localizing = EntryLocalizations.take(&unmapped)
        var entries: [Int: String] = [:]
        for (index, u) in unmapped.enumerated() {
            if placeProperties.contains(u) { continue }
            if u.name.uppercased() == "JSPROP", u.group == nil, let ptr = u.parameters.first("JSPTR"),
                let value = try? JSONValue(jsonText: VCardText.unescape(u.value))
            {
                var root = JSONValue.object(members)
                if JSONPointer.set(value, at: JSONPointer.tokens(ptr), in: &root), let object = root.object {
                    members = object
                    jsprops.append(u)
                    continue
                }
            }
            if u.name.uppercased() == "KIND", u.group == nil, u.parameters.isEmpty, members["kind"] == nil {
                members["kind"] = .string(u.value.lowercased())
                continue
            }
            if u.name.uppercased() == "PRODID", u.group == nil, u.parameters.isEmpty, members["prodId"] == nil {
                members["prodId"] = .string(VCardText.unescape(u.value))
                continue
            }
            if u.group == nil, u.parameters.isEmpty {
                if u.name.uppercased() == "REV", members["updated"] == nil, let updated = Timestamps.jscontact(u.value) {
                    members["updated"] = .string(updated)
                    continue
                }
                if u.name.uppercased() == "MEMBER", members["members"]?.object?[u.value] == nil {
                    var map = members["members"]?.object ?? [:]
                    map[u.value] = true
                    members["members"] = .object(map)
                    continue
                }
            }
            if ["ROLE", "TITLE"].contains(u.name.uppercased()), let id = encodeTitleEntry(u) {
                entries[index] = "titles/" + id
                continue
            }
            if encodeOtherCategories(u) { continue }
            if encodeSpeakToAs(u) { continue }
            if u.name.uppercased() == "RELATED", u.group == nil, let related = Self.related(u), members["relatedTo"]?.object?[related.0] == nil {
                var map = members["relatedTo"]?.object ?? [:]
                map[related.0] = related.1
                members["relatedTo"] = .object(map)
                continue
            }
            if u.name.uppercased() == GroupLabels.property, let g = u.group, groupLabels[g.lowercased()] != nil { continue }
            if let rule = PropertyRule.all.first(where: { $0.vcard == u.name.uppercased() }), var entry = rule.entry(u) {
                if let g = u.group, let label = groupLabels[g.lowercased()] { entry["label"] = .string(label) }
                let own = rule.vcard == "NICKNAME" ? contact.nickname : rule.vcard == "NOTE" ? contact.note : nil
                counts[rule.vcard, default: own == nil ? 0 : 1] += 1
                var map = members[rule.map]?.object ?? [:]
                var id = u.parameters.first("PROP-ID") ?? "\(rule.prefix)-\(counts[rule.vcard]!)"
                if map[id] != nil || !CardValidator.isID(id) { id = "\(rule.prefix)-\(counts[rule.vcard]!)-\(map.count)" }
                map[id] = .object(entry)
                members[rule.map] = .object(map)
                if rule.sharesMapWithContact { entries[index] = "\(rule.map)/\(id)" }
                continue
            }
            kept.append(u)
        }
        kept += encodeEntryLocalizations(localizing, entries: entries)
        for u in kept {
            let params = VCardNames.object(u.parameters, group: u.group)
            props.append([.string(VCardNames.json(u.name)), .object(params), "unknown", .string(u.value)])
        }
        if !props.isEmpty { members["vCardProps"] = .array(props) }
        let rebuilt = CardReader.unmapped(from: members).properties
        let expected = contact.unmappedProperties.filter { u in !jsprops.contains(u) && !localized.contains(u) }
        // The reader puts localizing properties before the others: when they were not first, or are
        // several (whose order it may not keep), the copy holds them all where they were.
        let all = contact.unmappedProperties.filter { !jsprops.contains($0) }
        if localized.count > 1 || (!localized.isEmpty && Array(all.prefix(localized.count)) != localized) {
            members[Vendor.exact + "Unmapped"] = Vendor.encode(all)
        } else if rebuilt != expected {
            members[Vendor.exact + "Unmapped"] = Vendor.encode(expected)
        }
    }
}
