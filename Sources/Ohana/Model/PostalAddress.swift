import Foundation

/// A postal address of a contact.
public struct PostalAddress: Hashable, Codable, Sendable {
    /// The label, such as home or work.
    public var label: ContactFieldLabel?
    /// Street lines, in order.
    public var street: [String]
    /// City or locality.
    public var city: String?
    /// State, province or other region.
    public var region: String?
    /// Postal code.
    public var postalCode: String?
    /// Country name as written.
    public var country: String?
    /// ISO 3166-1 alpha-2 country code, such as `DE`.
    public var isoCountryCode: String?
    /// Whether the source marked this address as preferred.
    public var isPreferred: Bool
    /// Post office box (vCard ADR's first component).
    public var poBox: String? {
        get { rare?.value.poBox }
        set { setRare(\.poBox, newValue, isEmpty: newValue == nil) }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { if rare?.value.isEmpty == true { rare = nil } }
            yield &rare!.value.poBox
        }
    }
    /// Extended address, such as an apartment or suite (vCard ADR's second component).
    public var extendedAddress: String? {
        get { rare?.value.extendedAddress }
        set { setRare(\.extendedAddress, newValue, isEmpty: newValue == nil) }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { if rare?.value.isEmpty == true { rare = nil } }
            yield &rare!.value.extendedAddress
        }
    }
    /// Source parameters the model has no slot for, carried along and written back.
    public var parameters: [PropertyParameter] {
        get { rare?.value.parameters ?? [] }
        set { setRare(\.parameters, newValue, isEmpty: newValue.isEmpty) }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { if rare?.value.isEmpty == true { rare = nil } }
            yield &rare!.value.parameters
        }
    }
    /// The source's property group, kept for writing back.
    public var group: String? {
        get { rare?.value.group }
        set { setRare(\.group, newValue, isEmpty: newValue == nil) }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { if rare?.value.isEmpty == true { rare = nil } }
            yield &rare!.value.group
        }
    }
    /// Where this address came from.
    public var provenance: Provenance? {
        get { rare?.value.provenance }
        set { setRare(\.provenance, newValue, isEmpty: newValue == nil) }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { if rare?.value.isEmpty == true { rare = nil } }
            yield &rare!.value.provenance
        }
    }
    /// The address's parts in the order the source wrote them (vCard `JSCOMPS`, JSContact
    /// `components`); empty when the source gave no order. Used only while it agrees with the fields.
    public var components: [NameOrAddressComponent] {
        get { rare?.value.components ?? [] }
        set { setRare(\.components, newValue, isEmpty: newValue.isEmpty) }
        _modify {
            rare.makeUniqueBox(empty: RareParts())
            defer { if rare?.value.isEmpty == true { rare = nil } }
            yield &rare!.value.components
        }
    }

    /// The parts most addresses do not have, behind one reference (`nil` when all are empty): an
    /// address is then about half its size, and a book holds an address for most contacts.
    private var rare: Indirect<RareParts>?

    /// Sets one rare part; setting an empty one on an address without the box allocates nothing.
    private mutating func setRare<Part>(_ part: WritableKeyPath<RareParts, Part>, _ value: Part, isEmpty: Bool) {
        if rare == nil, isEmpty { return }
        rare.makeUniqueBox(empty: RareParts())
        rare!.value[keyPath: part] = value
        if rare!.value.isEmpty { rare = nil }
    }

    private struct RareParts: Hashable, Sendable {
        var poBox: String?
        var extendedAddress: String?
        var parameters: [PropertyParameter] = []
        var group: String?
        var provenance: Provenance?
        var components: [NameOrAddressComponent] = []

        var isEmpty: Bool {
            poBox == nil && extendedAddress == nil && parameters.isEmpty && group == nil && provenance == nil && components.isEmpty
        }
    }

    /// Creates a postal address.
    public init(
        label: ContactFieldLabel? = nil,
        street: [String] = [],
        poBox: String? = nil,
        extendedAddress: String? = nil,
        city: String? = nil,
        region: String? = nil,
        postalCode: String? = nil,
        country: String? = nil,
        isoCountryCode: String? = nil,
        isPreferred: Bool = false,
        parameters: [PropertyParameter] = [],
        group: String? = nil,
        provenance: Provenance? = nil
    ) {
        self.label = label
        self.street = street
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.isPreferred = isPreferred
        let rare = RareParts(poBox: poBox, extendedAddress: extendedAddress, parameters: parameters, group: group, provenance: provenance)
        self.rare = rare.isEmpty ? nil : Indirect(rare)
    }

    /// Whether every part of the address is empty.
    public var isEmpty: Bool {
        street.allSatisfy(\.isBlank) && [poBox, extendedAddress, city, region, postalCode, country, isoCountryCode]
            .allSatisfy { $0?.isBlank ?? true }
    }

    private enum CodingKeys: String, CodingKey {
        case label, street, poBox, extendedAddress, city, region, postalCode, country, isoCountryCode
        case isPreferred, parameters, group, provenance, components
    }

    /// Decodes an address; every key may be missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            label: try c.decodeIfPresent(ContactFieldLabel.self, forKey: .label),
            street: try c.decodeIfPresent([String].self, forKey: .street) ?? [],
            poBox: try c.decodeIfPresent(String.self, forKey: .poBox),
            extendedAddress: try c.decodeIfPresent(String.self, forKey: .extendedAddress),
            city: try c.decodeIfPresent(String.self, forKey: .city),
            region: try c.decodeIfPresent(String.self, forKey: .region),
            postalCode: try c.decodeIfPresent(String.self, forKey: .postalCode),
            country: try c.decodeIfPresent(String.self, forKey: .country),
            isoCountryCode: try c.decodeIfPresent(String.self, forKey: .isoCountryCode),
            isPreferred: try c.decodeIfPresent(Bool.self, forKey: .isPreferred) ?? false,
            parameters: try c.decodeIfPresent([PropertyParameter].self, forKey: .parameters) ?? [],
            group: try c.decodeIfPresent(String.self, forKey: .group),
            provenance: try c.decodeIfPresent(Provenance.self, forKey: .provenance)
        )
        components = try c.decodeIfPresent([NameOrAddressComponent].self, forKey: .components) ?? []
    }

    /// Encodes an address, leaving out empty parts.
    ///
    /// Keys go in sorted order, as sorted-key JSON writes them: the streaming encoder then has no
    /// members to reorder.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(city, forKey: .city)
        if !components.isEmpty { try c.encode(components, forKey: .components) }
        try c.encodeIfPresent(country, forKey: .country)
        try c.encodeIfPresent(extendedAddress, forKey: .extendedAddress)
        try c.encodeIfPresent(group, forKey: .group)
        if isPreferred { try c.encode(isPreferred, forKey: .isPreferred) }
        try c.encodeIfPresent(isoCountryCode, forKey: .isoCountryCode)
        try c.encodeIfPresent(label, forKey: .label)
        if !parameters.isEmpty { try c.encode(parameters, forKey: .parameters) }
        try c.encodeIfPresent(poBox, forKey: .poBox)
        try c.encodeIfPresent(postalCode, forKey: .postalCode)
        try c.encodeIfPresent(provenance, forKey: .provenance)
        try c.encodeIfPresent(region, forKey: .region)
        if !street.isEmpty { try c.encode(street, forKey: .street) }
    }
}
