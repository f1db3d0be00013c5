import Foundation
import Ohana
import OhanaVCard

extension JSContactConverter {
    /// The contact for a card. Card members the model has no slot for become vCard `JSPROP`
    /// properties (RFC 9555 section 3.2.1) in the contact's unmapped properties, so that a vCard
    /// written from it carries them and converting back applies them again.
    public func contact(from card: Card) -> Contact {
        var reader = CardReader(card: card)
        return reader.read()
    }
}

/// Reads one card into a contact, recording which members it used.
struct CardReader {
    let card: Card
    var used = Set<[String]>()
    var contact: Contact
    /// Parameters of single-valued vCard properties that card members gave, put back into the
    /// contact's kept details once its custom properties are read.
    var pendingDetails: [(property: String, parameters: [(String, [String])])] = []

    init(card: Card) {
        self.card = Card(members: DefaultLanguage.undo(card.members))
        contact = Contact(id: ContactID(rawValue: card.uid ?? "urn:uuid:" + UUID().uuidString.lowercased()))
    }

    mutating func take(_ path: String...) {
        used.insert(path)
        if path.count == 2, Self.defaultIDs[path[0]] != nil { singleIDs[path[0]] = path[1] }
        // Ids of single-valued members that are not the ones the builder makes are kept (RFC 9555 PROP-ID).
        if path.count == 2, let expected = Self.defaultIDs[path[0]], path[1] != expected {
            if let property = Self.singleProperties[path[0]], CardValidator.isID(path[1]) { propertyIDs[property] = path[1] } else { renamed[path[0]] = path[1] }
        }
        if path.count == 3, path[0] == "speakToAs", path[1] == "pronouns" {
            pronounIndex += 1
            if path[2] != "PRONOUNS-\(pronounIndex)" { renamed["speakToAs/pronouns/PRONOUNS-\(pronounIndex)"] = path[2] }
        }
    }

    /// The ids the builder gives single-valued members.
    static let defaultIDs = ["nicknames": "NICK-1", "organizations": "ORG-1", "titles": "TITLE-1", "anniversaries": "BDAY-1",
                             "notes": "NOTE-1", "media": "PHOTO-1"]
    /// The id of a single-valued member's entry when it is not the generated one (its PROP-ID).
    static func generatedIDs(_ map: String, _ id: String??) -> String? {
        guard let id = id ?? nil, id != defaultIDs[map], CardValidator.isID(id) else { return nil }
        return id
    }
    /// The vCard property of each single-valued member, whose `PROP-ID` keeps an id not generated.
    static let singleProperties = [
        "nicknames": "NICKNAME", "organizations": "ORG", "titles": "TITLE", "anniversaries": "BDAY", "notes": "NOTE", "media": "PHOTO",
    ]
    /// Ids of single-valued members that are not the generated ones, by vCard property.
    var propertyIDs: [String: String] = [:]
    private var renamed: [String: String] = [:]
    /// The ids of the single-valued members read into the contact, by member (`titles`...).
    var singleIDs: [String: String] = [:]
    private var pronounIndex = 0
    /// How many properties localizing the contact's own the reader has put first among its unmapped ones.
    private var localizingCount = 0
    /// The `GEO` and `TZ` properties of addresses that have nothing else (``placeLines()``).
    private var placeProperties: [UnmappedProperty] = []
    var m: [String: JSONValue] { card.members }

    mutating func read() -> Contact {
        take("@type"); take("version"); take("uid")
        if let name = nameWithPhoneticLocalization() {
            NameMapping.decode(name, into: &contact)
            let separator = name["isOrdered"]?.bool == true && name["defaultSeparator"]?.string != nil ? ["defaultSeparator"] : []
            // Components of a kind the model has no field for (a vendor's `example.com:clan`) go as they
            // are, in a JSPROP for `name/components`, which gives them back after the fields' components;
            // their order and default separator too, which N's JSCOMPS cannot name such a kind in.
            let kept = NameMapping.hasOnlyModelKinds(name) ? ["components", "isOrdered"] + separator : []
            for key in name.object?.keys ?? [:].keys where (kept + ["full", "phoneticSystem", "phoneticScript", Vendor.prefix + "phonetic", NameMapping.exactSuffixKey]).contains(key) {
                take("name", key)
            }
            if name["isOrdered"]?.bool == true, !NameMapping.agrees(contact.nameComponents, with: contact) { contact.nameComponents = [] }
            // The full name the fields spell is left out, as the vCard reader leaves out such an FN;
            // without a full name, the FN written is marked as spelled from the name (DERIVED=TRUE).
            let derived = m[Vendor.derivedFullName]
            if let spelled = NameMapping.spelledName(contact) {
                if contact.formattedName == spelled { contact.formattedName = nil }
                if name["full"] == nil, derived == nil {
                    // Ordered components with separators spell a name the fields do not; it is the FN written.
                    if let full = NameMapping.derivedFull(name), full != spelled { contact.formattedName = full }
                    pendingDetails.append(("FN", [("DERIVED", ["TRUE"])]))
                }
            } else if NameMapping.hasLists(name) {
                if name["full"] == nil, derived == nil, let spelled = NameMapping.listSpelledName(contact) {
                    // A name of lists: each value once, not the lists as written (RFC 9553 section 2.2.1).
                    contact.formattedName = spelled
                    pendingDetails.append(("FN", [("DERIVED", ["TRUE"])]))
                } else if contact.formattedName == contact.composedName {
                    contact.formattedName = nil  // as the vCard reader leaves out such an FN
                }
            }
        }
        if let derived = m[Vendor.derivedFullName] {
            if let text = derived.string { contact.formattedName = text }
            pendingDetails.append(("FN", [("DERIVED", ["TRUE"])]))
            take(Vendor.derivedFullName)
        }
        readNameSortAs()
        if let id = Self.ownEntry(m, map: "nicknames"), let text = m["nicknames"]?[id]?["name"]?.string {
            contact.nickname = text
            take("nicknames", id)
        }
        readOrganization()
        readTitle()
        readFields()
        readAddresses()
        readLocalizedAddresses()
        let birthdays = (m["anniversaries"]?.object ?? [:]).filter { AnniversaryCoding.isModelBirthday($0.value) }
        if birthdays.count == 1, let (id, a) = birthdays.first, a["kind"]?.string == "birth", let date = a["date"]?.object,
            date.keys.allSatisfy({ ["year", "month", "day"].contains($0) }), a.object?.count == 2,
            let month = date["month"]?.integer, let day = date["day"]?.integer,
            let b = Birthday(year: date["year"]?.integer, month: month, day: day)
        {
            contact.birthday = b
            take("anniversaries", id)
        }
        readNote()
        let photos = (m["media"]?.object ?? [:]).filter {
            $0.value["kind"]?.string == "photo" && $0.value["uri"]?.string?.lowercased().hasPrefix("data:") == true
        }
        if photos.count == 1, let (id, media) = photos.first, media.object?.count == 2,
            let uri = media["uri"]?.string, let photo = Self.photo(fromDataURI: uri)
        {
            contact.photo = photo
            if m[Vendor.exact + "Photo"] != nil { contact.photo?.mediaType = nil }
            take("media", id); take(Vendor.exact + "Photo")
        }
        if var keywords = m["keywords"]?.object, keywords.values.allSatisfy({ $0 == .bool(true) }) {
            // Keywords only other CATEGORIES lines gave are not tags (see OtherCategories).
            for other in m[OtherCategories.key]?.array?.compactMap(\.string) ?? [] { keywords[other] = nil }
            let order = m[Vendor.tagOrder]?.array?.compactMap(\.string)
            contact.tags = order.flatMap { Set($0) == Set(keywords.keys) ? $0 : nil } ?? keywords.keys.sorted()
            take("keywords"); take(Vendor.tagOrder); take(OtherCategories.key)
        }
        readSpeakToAs()
        if let s = m["created"]?.string, let date = ISO8601DateFormatter().date(from: s), CardBuilder.utc(date) == s {
            contact.created = date
            take("created")
        }
        if m[Localizations.languageFromParameters] == .bool(true) {
            take("language"); take(Localizations.languageFromParameters)
        } else if let language = m["language"]?.string {
            contact.language = language
            take("language")
        }
        if let custom = Vendor.decode([String: CustomValue].self, from: m[Vendor.customProperties]) {
            contact.customProperties.merge(custom) { _, kept in kept }
            take(Vendor.customProperties)
        }
        applyPendingDetails()
        if let merged = Vendor.decode([ContactID].self, from: m[Vendor.mergedContactIDs]) {
            contact.mergedContactIDs = merged
            take(Vendor.mergedContactIDs)
        }
        let (rebuilt, usedByProperties, _) = Self.unmapped(from: m)
        used.formUnion(usedByProperties)
        contact.unmappedProperties = Vendor.decode([UnmappedProperty].self, from: m[Vendor.exact + "Unmapped"]) ?? rebuilt
        if m[Vendor.exact + "Unmapped"] == nil { contact.unmappedProperties += placeProperties }
        take(Vendor.exact + "Unmapped")
        tieRolesToOrganization()
        readLocalizations()
        readLocalizedComponents()
        contact.unmappedProperties += residue(.object(m), path: [])
        if !renamed.isEmpty {
            let ids = JSONValue.object(renamed.mapValues(JSONValue.string))
            contact.unmappedProperties.append(UnmappedProperty(
                name: "JSPROP", parameters: [PropertyParameter(name: "JSPTR", values: [Vendor.ids])], value: VCardText.escape(ids.jsonText)))
        }
        return contact
    }

    /// Puts a property localizing the contact's own `FN`, `N`, `TITLE`, `NICKNAME` or `NOTE` first
    /// among the unmapped properties, after the others put there: the vCard writer writes them next
    /// to the properties they localize, before the contact's other unmapped properties.
    mutating func insertLocalizing(_ property: UnmappedProperty) {
        contact.unmappedProperties.insert(property, at: localizingCount)
        localizingCount += 1
    }

    /// The one entry of an Id map, when it has exactly one.
    func only(_ name: String) -> (String, JSONValue)? {
        guard let map = m[name]?.object, map.count == 1, let (id, value) = map.first else { return nil }
        return (id, value)
    }

    /// The key of the `nicknames` or `notes` entry that is the contact's own nickname or note: the
    /// first, in id order, that has no member the contact's property cannot hold.
    static func ownEntry(_ m: [String: JSONValue], map: String) -> String? {
        guard let entries = m[map]?.object else { return nil }
        let isNote = map == "notes"
        return orderedKeys(entries, prefix: isNote ? "NOTE" : "NICK").first { key in
            guard let o = entries[key]?.object else { return false }
            return isNote ? o["note"]?.string != nil && NoteParameters.isRepresentable(o) : o.count == 1 && o["name"]?.string != nil
        }
    }

    private mutating func readFields() {
        var byKind: [FieldKind: [(String, ContactField)]] = [:]
        var socials: [SocialProfile] = []
        for kind in FieldKind.allCases {
            guard let map = m[kind.rawValue]?.object else { continue }
            var index = 0
            var socialIndex = map.values.filter { $0["vCardName"] != nil }.count
            for key in orderedKeys(map, prefix: kind.idPrefix) {
                guard let json = map[key]?.object, kind != .links || json["kind"] == nil else { continue }
                if kind == .onlineServices, json["vCardName"] == nil {
                    socialIndex += 1
                    socials.append(SocialCoding.decode(json, id: key, index: socialIndex))
                } else {
                    index += 1
                    byKind[kind, default: []].append((kind.rawValue + "/" + key, FieldCoding.decode(json, kind: kind, id: key, index: index)))
                }
                let known: Set<String> = [kind.valueMember, "user", "service", "uri", "vCardName", "contexts", "features", "label",
                                          "pref", "vCardParams", Vendor.exact, Vendor.customProperties, Vendor.prefix + "phoneNumber"]
                for member in json.keys where known.contains(member) { take(kind.rawValue, key, member) }
                if json.keys.allSatisfy(known.contains) { take(kind.rawValue, key) }
            }
        }
        contact.socialProfiles = socials
        let others = Vendor.decode([ContactField].self, from: m[Vendor.otherFields]) ?? []
        take(Vendor.otherFields)
        if let order = m[Vendor.prefix + "fieldOrder"]?.array?.compactMap(\.string) {
            take(Vendor.prefix + "fieldOrder")
            var lookup: [String: ContactField] = [:]
            for list in byKind.values { for (k, f) in list { lookup[k] = f } }
            var otherIterator = others.makeIterator()
            var placed = Set<String>()
            for key in order {
                if key == "other", let f = otherIterator.next() { contact.fields.append(f) }
                else if let f = lookup[key] { contact.fields.append(f); placed.insert(key) }
            }
            for kind in FieldKind.allCases { for (k, f) in byKind[kind] ?? [] where !placed.contains(k) { contact.fields.append(f) } }
            while let f = otherIterator.next() { contact.fields.append(f) }
        } else {
            for kind in FieldKind.allCases { contact.fields += (byKind[kind] ?? []).map(\.1) }
            contact.fields += others
        }
    }

    private mutating func readAddresses() {
        guard let map = m["addresses"]?.object else { return }
        let places = placeLines()
        var i = -1
        for key in orderedKeys(map, prefix: "ADDR") {
            if let lines = places[key] {
                placeProperties += lines
                take("addresses", key)
                continue
            }
            i += 1
            guard let json = map[key]?.object else { continue }
            let known: Set<String> = ["components", "isOrdered", "defaultSeparator", "countryCode", "contexts", "label", "pref", "vCardParams", Vendor.exact,
                                      "full", "coordinates", "timeZone"]
            var address = AddressCoding.decode(json, id: key, index: i + 1)
            if !address.components.isEmpty, !AddressCoding.agrees(address.components, with: address) { address.components = [] }
            contact.postalAddresses.append(address)
            for member in json.keys where known.contains(member) { take("addresses", key, member) }
            if json.keys.allSatisfy(known.contains) { take("addresses", key) }
        }
    }

    private mutating func readSpeakToAs() {
        guard let speak = m["speakToAs"]?.object else { return }
        if let g = speak["grammaticalGender"]?.string { contact.grammaticalGender = GrammaticalGender(rawValue: g); take("speakToAs", "grammaticalGender") }
        if let map = speak["pronouns"]?.object {
            for key in Self.pronounKeys(map).model {
                guard let p = map[key], let text = p["pronouns"]?.string else { continue }
                contact.pronouns.append(Pronouns(text, preference: p["pref"]?.integer))
                take("speakToAs", "pronouns", key)
            }
        }
    }

    /// The pronouns entries the model holds (ids `PRONOUNS-1`, `PRONOUNS-2`… in order, or not ids) and
    /// those with an id of the card's own, which go as `PRONOUNS` properties with that `PROP-ID`
    /// (RFC 9555 section 2.3.18): the model's pronouns have no id.
    static func pronounKeys(_ map: [String: JSONValue]) -> (model: [String], own: [String]) {
        var model: [String] = [], own: [String] = []
        for key in orderedKeys(map, prefix: "PRONOUNS") {
            guard let p = map[key], p["pronouns"]?.string != nil, p.object?.keys.allSatisfy({ $0 == "pronouns" || $0 == "pref" }) ?? false else { continue }
            if key == "PRONOUNS-\(model.count + 1)" || !CardValidator.isID(key) { model.append(key) } else { own.append(key) }
        }
        return (model, own)
    }

    /// `JSPROP` properties for every member not used, at the shallowest path not used.
    private func residue(_ value: JSONValue, path: [String]) -> [UnmappedProperty] {
        if used.contains(path) { return [] }
        let isPrefix = used.contains { $0.count > path.count && Array($0.prefix(path.count)) == path }
        guard isPrefix, let object = value.object else {
            return [UnmappedProperty(
                name: "JSPROP", parameters: [PropertyParameter(name: "JSPTR", values: [JSONPointer.path(path)])],
                value: VCardText.escape(value.jsonText))]
        }
        return object.keys.sorted().flatMap { residue(object[$0]!, path: path + [$0]) }
    }

    /// Unmapped vCard properties from the members that hold them (`kind`, `prodId`, `updated`,
    /// `members`, the Id maps of ``PropertyRule``, `titles`, `vCardProps`), the paths used, and
    /// the `ALTID` of each localized entry written so (see EntryLocalizations), by `map/key`.
    static func unmapped(from m: [String: JSONValue]) -> (properties: [UnmappedProperty], used: Set<[String]>, entryAltIDs: [String: String]) {
        var result: [UnmappedProperty] = []
        var written: [EntryLocalizations.Written] = []
        var used: Set<[String]> = [["kind"], ["prodId"], ["vCardProps"]]
        if let kind = m["kind"]?.string { result.append(UnmappedProperty(name: "KIND", value: kind)) }
        if let prodId = m["prodId"]?.string { result.append(UnmappedProperty(name: "PRODID", value: VCardText.escape(prodId))) }
        if let updated = m["updated"]?.string, let rev = Timestamps.vcard(updated) {
            result.append(UnmappedProperty(name: "REV", value: rev))
            used.insert(["updated"])
        }
        for rule in PropertyRule.all {
            guard let map = m[rule.map]?.object else { continue }
            let own = rule.sharesMapWithContact ? ownEntry(m, map: rule.map) : nil
            var index = own == nil ? 0 : 1
            for key in orderedKeys(map, prefix: rule.prefix) where key != own {
                guard let json = map[key]?.object, rule.matches(json), json.keys.allSatisfy(rule.members.contains) else { continue }
                index += 1
                let property = rule.property(json, id: key, index: index)
                if rule.sharesMapWithContact { written.append(.init(index: result.count, property: rule.vcard, map: rule.map, key: key)) }
                result.append(property)
                if let label = json["label"]?.string, let group = property.group { result.append(GroupLabels.labelProperty(label, group: group)) }
                used.insert([rule.map, key])
            }
        }
        if let related = m["relatedTo"]?.object,
            related.allSatisfy({ $0.value.object?.keys.allSatisfy { $0 == "relation" } == true && $0.value["relation"]?.object != nil })
        {
            for key in related.keys.sorted() {
                let types = related[key]?["relation"]?.object?.keys.sorted() ?? []
                var parameters = types.isEmpty ? [] : [PropertyParameter(name: "TYPE", values: types)]
                let isText = !key.contains(":")
                if isText { parameters.append(PropertyParameter(name: "VALUE", values: ["text"])) }
                result.append(UnmappedProperty(name: "RELATED", parameters: parameters, value: isText ? VCardText.escape(key) : key))
            }
            used.insert(["relatedTo"])
        }
        if let map = m["speakToAs"]?["pronouns"]?.object {
            for key in pronounKeys(map).own {
                var parameters = [PropertyParameter(name: "PROP-ID", values: [key])]
                if let pref = map[key]?["pref"]?.integer { parameters.append(PropertyParameter(name: "PREF", values: [String(pref)])) }
                result.append(UnmappedProperty(name: "PRONOUNS", parameters: parameters, value: VCardText.escape(map[key]?["pronouns"]?.string ?? "")))
                used.insert(["speakToAs", "pronouns", key])
            }
        }
        // Social profiles' labels go in their group's X-ABLabel (see SocialCoding).
        for (key, json) in (m["onlineServices"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let o = json.object, o["vCardName"] == nil, o[Vendor.exact] == nil, let label = o["label"]?.string else { continue }
            let group = VCardNames.parameters(o["vCardParams"]?.object ?? [:]).group ?? GroupLabels.group(forID: key)
            result.append(GroupLabels.labelProperty(label, group: group))
        }
        let (dates, datePaths) = AnniversaryCoding.decode(m["anniversaries"]?.object ?? [:])
        result += dates
        used.formUnion(datePaths)
        let titles = Self.titleProperties(from: m)
        for (property, key) in zip(titles.properties, titles.keys) {
            written.append(.init(index: result.count, property: property.name, map: "titles", key: key))
            result.append(property)
            used.insert(["titles", key])
        }
        if let members = m["members"]?.object, members.values.allSatisfy({ $0 == .bool(true) }) {
            for uid in members.keys.sorted() { result.append(UnmappedProperty(name: "MEMBER", value: uid)) }
            used.insert(["members"])
        }
        for entry in m["vCardProps"]?.array ?? [] {
            guard let parts = entry.array, parts.count >= 4, let name = parts[0].string else { continue }
            let (parameters, group) = VCardNames.parameters(parts[1].object ?? [:])
            let value = parts[3].string ?? parts[3].jsonText
            result.append(UnmappedProperty(group: group, name: VCardNames.vcard(name), parameters: parameters, value: value))
        }
        let (localizationPaths, altIDs) = EntryLocalizations.localize(&result, written: written, m: m)
        return (result, used.union(localizationPaths), altIDs)
    }

    static func photo(fromDataURI uri: String) -> Photo? {
        guard uri.hasPrefix("data:"), let comma = uri.firstIndex(of: ",") else { return nil }
        let meta = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma]
        guard meta.hasSuffix(";base64"), let data = Data(base64Encoded: String(uri[uri.index(after: comma)...])) else { return nil }
        return Photo(data: data, mediaType: String(meta.dropLast(7)))
    }
}
