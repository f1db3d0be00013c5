import Foundation

// The parts most contacts do not have, behind one reference (`Contact.rare`, `nil` while they are
// all empty). Custom properties, the one rare part many cards carry (an app's or a generator's own
// value), are held in that box as a short sorted list; the others behind a second reference, so
// that a card with custom properties alone holds a box of two words and a list, not every rare
// part's room and a dictionary's (about 360 bytes a card, a third of a generated card's memory).
extension Contact {
    struct RareParts: Hashable, Sendable {
        var customProperties = CustomProperties()
        var more: Indirect<MoreRareParts>?

        var isEmpty: Bool { customProperties.isEmpty && more == nil }
    }

    struct MoreRareParts: Hashable, Sendable {
        var phoneticGivenName: String?
        var phoneticMiddleName: String?
        var phoneticFamilyName: String?
        var photo: Photo?
        var unmappedProperties: [UnmappedProperty] = []
        var mergedContactIDs: [ContactID] = []
        var nameComponents: [NameOrAddressComponent] = []
        var phoneticSystem: String?
        var phoneticScript: String?
        var pronouns: [Pronouns] = []
        var grammaticalGender: GrammaticalGender?
        var socialProfiles: [SocialProfile] = []
        var created: Date?
        var language: String?

        var isEmpty: Bool {
            phoneticGivenName == nil && phoneticMiddleName == nil && phoneticFamilyName == nil && photo == nil
                && unmappedProperties.isEmpty && mergedContactIDs.isEmpty
                && nameComponents.isEmpty && phoneticSystem == nil && phoneticScript == nil && pronouns.isEmpty
                && grammaticalGender == nil && socialProfiles.isEmpty && created == nil && language == nil
        }
    }

    /// Makes the rare parts' boxes present and uniquely referenced, ready for a change in place.
    private mutating func makeMoreUnique() {
        rare.makeUniqueBox(empty: RareParts())
        rare!.value.more.makeUniqueBox(empty: MoreRareParts())
    }

    private mutating func dropEmptyRare() {
        if rare?.value.more?.value.isEmpty == true { rare!.value.more = nil }
        if rare?.value.isEmpty == true { rare = nil }
    }

    /// Phonetic spelling of the given name.
    public var phoneticGivenName: String? {
        get { rare?.value.more?.value.phoneticGivenName }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.phoneticGivenName
        }
    }
    /// Phonetic spelling of the middle name.
    public var phoneticMiddleName: String? {
        get { rare?.value.more?.value.phoneticMiddleName }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.phoneticMiddleName
        }
    }
    /// Phonetic spelling of the family name.
    public var phoneticFamilyName: String? {
        get { rare?.value.more?.value.phoneticFamilyName }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.phoneticFamilyName
        }
    }
    /// Photo bytes and media type.
    public var photo: Photo? {
        get { rare?.value.more?.value.photo }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.photo
        }
    }
    /// Typed values that post processors and apps attach (statistics, app data).
    ///
    /// Held as a short list sorted by key: each read makes the dictionary (O(*n*) in its few
    /// entries), and a change writes the list back.
    public var customProperties: [String: CustomValue] {
        get { rare.map { $0.value.customProperties.dictionary } ?? [:] }
        set {
            guard rare != nil || !newValue.isEmpty else { return }
            rare.makeUniqueBox(empty: RareParts())
            rare!.value.customProperties = CustomProperties(newValue)
            dropEmptyRare()
        }
    }
    /// Source properties the model has no slot for, carried along and written back.
    public var unmappedProperties: [UnmappedProperty] {
        get { rare?.value.more?.value.unmappedProperties ?? [] }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.unmappedProperties
        }
    }
    /// Identifiers of contacts that were merged into this one.
    public var mergedContactIDs: [ContactID] {
        get { rare?.value.more?.value.mergedContactIDs ?? [] }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.mergedContactIDs
        }
    }
    /// The name's parts in the order the source wrote them (vCard `JSCOMPS`, JSContact `name.components`);
    /// empty when the source gave no order. Used only while it agrees with the name fields.
    public var nameComponents: [NameOrAddressComponent] {
        get { rare?.value.more?.value.nameComponents ?? [] }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.nameComponents
        }
    }
    /// The phonetic system of the name's phonetic parts, such as `ipa` or `jyut` (RFC 9554 `PHONETIC`).
    public var phoneticSystem: String? {
        get { rare?.value.more?.value.phoneticSystem }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.phoneticSystem
        }
    }
    /// The script of the name's phonetic parts, such as `Latn` (RFC 9554 `SCRIPT`).
    public var phoneticScript: String? {
        get { rare?.value.more?.value.phoneticScript }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.phoneticScript
        }
    }
    /// Pronouns, in the source's order (RFC 9554 `PRONOUNS`).
    public var pronouns: [Pronouns] {
        get { rare?.value.more?.value.pronouns ?? [] }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.pronouns
        }
    }
    /// The grammatical gender to use in salutations (RFC 9554 `GRAMGENDER`).
    public var grammaticalGender: GrammaticalGender? {
        get { rare?.value.more?.value.grammaticalGender }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.grammaticalGender
        }
    }
    /// Profiles on social networks (RFC 9554 `SOCIALPROFILE`).
    public var socialProfiles: [SocialProfile] {
        get { rare?.value.more?.value.socialProfiles ?? [] }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.socialProfiles
        }
    }
    /// When the contact was created (RFC 9554 `CREATED`).
    public var created: Date? {
        get { rare?.value.more?.value.created }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.created
        }
    }
    /// The language the contact's data is written in, as a BCP 47 tag (RFC 9554 `LANGUAGE`).
    public var language: String? {
        get { rare?.value.more?.value.language }
        _modify {
            makeMoreUnique()
            defer { dropEmptyRare() }
            yield &rare!.value.more!.value.language
        }
    }
}

/// A contact's custom properties as a list sorted by key, each key once: a card holds one or two
/// (a dictionary's storage takes about twice the room). Equal lists for equal dictionaries.
struct CustomProperties: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        var key: String
        var value: CustomValue
    }

    private(set) var entries: [Entry] = []

    init() {}

    init(_ dictionary: [String: CustomValue]) {
        guard !dictionary.isEmpty else { return }
        var entries: [Entry] = []
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { entries.append(Entry(key: key, value: value)) }
        entries.sort { $0.key < $1.key }
        self.entries = entries
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The properties as a dictionary.
    var dictionary: [String: CustomValue] {
        guard !entries.isEmpty else { return [:] }
        var result: [String: CustomValue] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}
