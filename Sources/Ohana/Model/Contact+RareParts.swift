import Foundation

// The parts most contacts do not have, behind one reference (`Contact.rare`, `nil` while they are
// all empty).
extension Contact {
    struct RareParts: Hashable, Sendable {
        var phoneticGivenName: String?
        var phoneticMiddleName: String?
        var phoneticFamilyName: String?
        var photo: Photo?
        var customProperties: [String: CustomValue] = [:]
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
                && customProperties.isEmpty && unmappedProperties.isEmpty && mergedContactIDs.isEmpty
                && nameComponents.isEmpty && phoneticSystem == nil && phoneticScript == nil && pronouns.isEmpty
                && grammaticalGender == nil && socialProfiles.isEmpty && created == nil && language == nil
        }
    }

    private mutating func dropEmptyRare() {
        if rare?.value.isEmpty == true { rare = nil }
    }

    /// Phonetic spelling of the given name.
    public var phoneticGivenName: String? {
        get { rare?.value.phoneticGivenName }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticGivenName
        }
    }
    /// Phonetic spelling of the middle name.
    public var phoneticMiddleName: String? {
        get { rare?.value.phoneticMiddleName }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticMiddleName
        }
    }
    /// Phonetic spelling of the family name.
    public var phoneticFamilyName: String? {
        get { rare?.value.phoneticFamilyName }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticFamilyName
        }
    }
    /// Photo bytes and media type.
    public var photo: Photo? {
        get { rare?.value.photo }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.photo
        }
    }
    /// Typed values that post processors and apps attach (statistics, app data).
    public var customProperties: [String: CustomValue] {
        get { rare?.value.customProperties ?? [:] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.customProperties
        }
    }
    /// Source properties the model has no slot for, carried along and written back.
    public var unmappedProperties: [UnmappedProperty] {
        get { rare?.value.unmappedProperties ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.unmappedProperties
        }
    }
    /// Identifiers of contacts that were merged into this one.
    public var mergedContactIDs: [ContactID] {
        get { rare?.value.mergedContactIDs ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.mergedContactIDs
        }
    }
    /// The name's parts in the order the source wrote them (vCard `JSCOMPS`, JSContact `name.components`);
    /// empty when the source gave no order. Used only while it agrees with the name fields.
    public var nameComponents: [NameOrAddressComponent] {
        get { rare?.value.nameComponents ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.nameComponents
        }
    }
    /// The phonetic system of the name's phonetic parts, such as `ipa` or `jyut` (RFC 9554 `PHONETIC`).
    public var phoneticSystem: String? {
        get { rare?.value.phoneticSystem }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticSystem
        }
    }
    /// The script of the name's phonetic parts, such as `Latn` (RFC 9554 `SCRIPT`).
    public var phoneticScript: String? {
        get { rare?.value.phoneticScript }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.phoneticScript
        }
    }
    /// Pronouns, in the source's order (RFC 9554 `PRONOUNS`).
    public var pronouns: [Pronouns] {
        get { rare?.value.pronouns ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.pronouns
        }
    }
    /// The grammatical gender to use in salutations (RFC 9554 `GRAMGENDER`).
    public var grammaticalGender: GrammaticalGender? {
        get { rare?.value.grammaticalGender }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.grammaticalGender
        }
    }
    /// Profiles on social networks (RFC 9554 `SOCIALPROFILE`).
    public var socialProfiles: [SocialProfile] {
        get { rare?.value.socialProfiles ?? [] }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.socialProfiles
        }
    }
    /// When the contact was created (RFC 9554 `CREATED`).
    public var created: Date? {
        get { rare?.value.created }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.created
        }
    }
    /// The language the contact's data is written in, as a BCP 47 tag (RFC 9554 `LANGUAGE`).
    public var language: String? {
        get { rare?.value.language }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { dropEmptyRare() }
            yield &rare!.value.language
        }
    }}
