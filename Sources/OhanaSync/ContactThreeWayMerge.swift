import Ohana
import OhanaCardDAV

/// How a real conflict (the same field changed to different values on both sides) is resolved.
public enum ConflictPreference: String, Hashable, Sendable, Codable, CaseIterable {
    /// Keep both values where the field is multi-valued; the local value for single values.
    case keepBoth
    /// The local value wins.
    case local
    /// The server's value wins.
    case remote
}

/// A field that both sides changed to different values since the base, and how it was resolved.
public struct FieldConflict: Hashable, Sendable, CustomStringConvertible {
    /// The field's name, such as `familyName` or `phone`.
    public var field: String
    /// The values at the base (the last synced version).
    public var base: [String]
    /// The local values.
    public var local: [String]
    /// The server's values.
    public var remote: [String]
    /// The values the merge kept.
    public var merged: [String]

    /// Creates a conflict report.
    public init(field: String, base: [String], local: [String], remote: [String], merged: [String]) {
        self.field = field
        self.base = base
        self.local = local
        self.remote = remote
        self.merged = merged
    }

    /// The conflict in one line, with both values.
    public var description: String {
        func list(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.map { "\"\($0)\"" }.joined(separator: ", ") }
        return "\(field): local \(list(local)), server \(list(remote)) (was \(list(base))); kept \(list(merged))"
    }
}

/// The result of a three-way merge: the merged contact and the conflicts met on the way.
public struct ThreeWayMergeResult: Hashable, Sendable {
    /// The merged contact (the local contact's identity and provenance).
    public var contact: Contact
    /// The fields both sides changed to different values.
    public var conflicts: [FieldConflict]
}

/// Field-level three-way merge of two versions of a contact that share a base version.
///
/// Changes made on one side only are taken. A single-valued field changed on both sides to different
/// values is a conflict, resolved by the preference (local unless `.remote`). Multi-valued fields
/// (phone numbers, email addresses and other labeled fields, postal addresses, tags, unknown
/// properties) merge as sets: a value added on either side is kept, a value removed on either side
/// is dropped. When both sides replaced the same value with different ones, that is a conflict: both
/// new values are kept unless the preference names a side.
///
/// Complexity: O(*v* log *v*) in the number of values of the three versions.
public struct ContactThreeWayMerge: Sendable {
    /// How conflicts are resolved.
    public var preference: ConflictPreference

    /// Creates a merge with a conflict preference (default: keep both values where possible).
    public init(preference: ConflictPreference = .keepBoth) {
        self.preference = preference
    }

    /// Merges `local` and `remote`, both derived from `base`; the result keeps `local`'s identity.
    public func merge(base: Contact, local: Contact, remote: Contact) -> ThreeWayMergeResult {
        var merged = local
        var conflicts: [FieldConflict] = []

        func single<V: Equatable>(_ name: String, _ path: WritableKeyPath<Contact, V?>, _ show: (V) -> String) {
            let (b, l, r) = (base[keyPath: path], local[keyPath: path], remote[keyPath: path])
            if l == r || r == b { merged[keyPath: path] = l; return }
            if l == b { merged[keyPath: path] = r; return }
            let chosen = preference == .remote ? r : l
            merged[keyPath: path] = chosen
            conflicts.append(FieldConflict(field: name, base: b.map(show).map { [$0] } ?? [], local: l.map(show).map { [$0] } ?? [],
                                           remote: r.map(show).map { [$0] } ?? [], merged: chosen.map(show).map { [$0] } ?? []))
        }
        for (name, path) in ContactFieldNames.singleText { single(name, path) { $0 } }
        single("birthday", \.birthday) { $0.description }
        single("photo", \.photo) { "\($0.data.count) bytes" + ($0.mediaType.map { " \($0)" } ?? "") }

        // Labeled fields merge per type, so a conflict names the type.
        var fields: [ContactField] = []
        let types = ContactFieldType.allCases
        var byType: [ContactFieldType: [ContactField]] = [:]
        for type in types {
            let result = set(ContactFieldNames.name(of: type), base: base.fields(ofType: type), local: local.fields(ofType: type),
                             remote: remote.fields(ofType: type), key: FieldKey.init, show: { $0.value })
            byType[type] = result.values
            conflicts += result.conflicts
        }
        // Keep the local order of types: walk local's fields, then append types local did not have.
        var emitted: Set<ContactFieldType> = []
        for field in local.fields where emitted.insert(field.type).inserted { fields += byType[field.type] ?? [] }
        for type in types where !emitted.contains(type) { fields += byType[type] ?? [] }
        merged.fields = fields

        let addresses = set("postalAddress", base: base.postalAddresses, local: local.postalAddresses, remote: remote.postalAddresses,
                            key: AddressKey.init, show: ContactFieldNames.describe)
        merged.postalAddresses = addresses.values
        conflicts += addresses.conflicts
        let tags = set("tags", base: base.tags, local: local.tags, remote: remote.tags, key: { $0 }, show: { $0 })
        merged.tags = tags.values
        conflicts += tags.conflicts
        let unmapped = set("unknown properties", base: base.unmappedProperties, local: local.unmappedProperties,
                           remote: remote.unmappedProperties, key: { $0 }, show: { "\($0.name):\($0.value)" })
        merged.unmappedProperties = unmapped.values
        conflicts += unmapped.conflicts

        var custom = local.customProperties
        for key in Set(base.customProperties.keys).union(remote.customProperties.keys).sorted() {
            let (b, l, r) = (base.customProperties[key], local.customProperties[key], remote.customProperties[key])
            if l == r || r == b { continue }
            if l == b { custom[key] = r } else if preference == .remote { custom[key] = r }
        }
        merged.customProperties = custom
        return ThreeWayMergeResult(contact: merged, conflicts: conflicts)
    }

    /// Set merge of one multi-valued field: kept on both sides, or added on one; removed on either side drops it.
    private func set<Value, Key: Hashable>(
        _ name: String, base: [Value], local: [Value], remote: [Value], key: (Value) -> Key, show: (Value) -> String
    ) -> (values: [Value], conflicts: [FieldConflict]) {
        let baseKeys = Set(base.map(key))
        let localKeys = Set(local.map(key))
        let remoteKeys = Set(remote.map(key))
        let localAdded = local.filter { !baseKeys.contains(key($0)) && !remoteKeys.contains(key($0)) }
        let remoteAdded = remote.filter { !baseKeys.contains(key($0)) && !localKeys.contains(key($0)) }
        let localRemoved = base.filter { !localKeys.contains(key($0)) }
        let remoteRemoved = base.filter { !remoteKeys.contains(key($0)) }
        // A conflict: both sides removed a value (or the same one) and each put a different value in.
        let conflicted = !localAdded.isEmpty && !remoteAdded.isEmpty && !localRemoved.isEmpty && !remoteRemoved.isEmpty
            && !Set(localRemoved.map(key)).isDisjoint(with: remoteRemoved.map(key))
        var dropLocalAdded = false
        var dropRemoteAdded = false
        if conflicted {
            switch preference {
            case .keepBoth: break
            case .local: dropRemoteAdded = true
            case .remote: dropLocalAdded = true
            }
        }
        let localAddedKeys = Set(localAdded.map(key))
        var values: [Value] = []
        var seen: Set<Key> = []
        for value in local {
            let k = key(value)
            guard seen.insert(k).inserted else { continue }
            if localAddedKeys.contains(k) { if !dropLocalAdded { values.append(value) }; continue }
            // Present locally and at the base or on the server: kept unless the server removed it.
            if baseKeys.contains(k) && !remoteKeys.contains(k) { continue }
            values.append(value)
        }
        if !dropRemoteAdded {
            for value in remoteAdded where seen.insert(key(value)).inserted { values.append(value) }
        }
        guard conflicted else { return (values, []) }
        let conflict = FieldConflict(field: name, base: base.map(show), local: local.map(show), remote: remote.map(show),
                                     merged: values.map(show))
        return (values, [conflict])
    }
}

/// A labeled field's identity in a merge: everything but where it came from and derived phone details.
private struct FieldKey: Hashable {
    var field: ContactField
    init(_ field: ContactField) {
        var f = field
        f.provenance = nil
        f.phoneNumber = nil
        self.field = f
    }
}

/// A postal address's identity in a merge: everything but where it came from.
private struct AddressKey: Hashable {
    var address: PostalAddress
    init(_ address: PostalAddress) {
        var a = address
        a.provenance = nil
        self.address = a
    }
}

/// The names the merge and the diff give the parts of a contact.
enum ContactFieldNames {
    /// The single-valued text parts, by name.
    static var singleText: [(String, WritableKeyPath<Contact, String?>)] { [
        ("namePrefix", \.namePrefix), ("givenName", \.givenName), ("middleName", \.middleName),
        ("familyName", \.familyName), ("nameSuffix", \.nameSuffix), ("nickname", \.nickname),
        ("phoneticGivenName", \.phoneticGivenName), ("phoneticMiddleName", \.phoneticMiddleName),
        ("phoneticFamilyName", \.phoneticFamilyName), ("formattedName", \.formattedName),
        ("organization", \.organization), ("department", \.department), ("jobTitle", \.jobTitle), ("note", \.note),
    ] }

    /// The name of a labeled field type.
    static func name(of type: ContactFieldType) -> String {
        switch type {
        case .phoneNumber: "phone"
        case .emailAddress: "email"
        case .url: "url"
        case .instantMessage: "instantMessage"
        case .other: "otherField"
        }
    }

    /// A postal address in one line.
    static func describe(_ address: PostalAddress) -> String {
        let parts = [address.poBox, address.extendedAddress] + address.street.map(Optional.some)
            + [address.city, address.region, address.postalCode, address.country]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
