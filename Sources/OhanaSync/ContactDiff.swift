import Ohana
import OhanaCardDAV

/// One field's change between two versions of a contact: the values removed and the values added.
public struct FieldChange: Hashable, Sendable, CustomStringConvertible {
    /// The field's name, such as `familyName` or `phone`.
    public var field: String
    /// Values the old version had and the new one has not.
    public var removed: [String]
    /// Values the new version has and the old one had not.
    public var added: [String]

    /// Creates a field change.
    public init(field: String, removed: [String], added: [String]) {
        self.field = field
        self.removed = removed
        self.added = added
    }

    /// The change in one line: `field: -"old" +"new"`.
    public var description: String {
        "\(field): " + (removed.map { "-\"\($0)\"" } + added.map { "+\"\($0)\"" }).joined(separator: " ")
    }
}

/// Field-level differences between two versions of a contact.
public enum ContactDiff {
    /// The fields that differ from `old` to `new` (`nil` for a contact that does not exist on that side),
    /// in a fixed order: names, organization, labeled fields, addresses, dates, the rest.
    public static func changes(from old: Contact?, to new: Contact?) -> [FieldChange] {
        var changes: [FieldChange] = []
        func compare(_ name: String, _ a: [String], _ b: [String]) {
            let removed = a.filter { !b.contains($0) }
            let added = b.filter { !a.contains($0) }
            if !removed.isEmpty || !added.isEmpty { changes.append(FieldChange(field: name, removed: removed, added: added)) }
        }
        for (name, path) in ContactFieldNames.singleText {
            compare(name, old?[keyPath: path].map { [$0] } ?? [], new?[keyPath: path].map { [$0] } ?? [])
        }
        for type in ContactFieldType.allCases {
            func values(_ c: Contact?) -> [String] {
                c?.fields(ofType: type).map { f in f.value + (f.label.map { " (\($0.rawValue))" } ?? "") } ?? []
            }
            compare(ContactFieldNames.name(of: type), values(old), values(new))
        }
        compare("postalAddress", old?.postalAddresses.map(ContactFieldNames.describe) ?? [],
                new?.postalAddresses.map(ContactFieldNames.describe) ?? [])
        compare("birthday", old?.birthday.map { [$0.description] } ?? [], new?.birthday.map { [$0.description] } ?? [])
        compare("photo", old?.photo.map { ["\($0.data.count) bytes"] } ?? [], new?.photo.map { ["\($0.data.count) bytes"] } ?? [])
        compare("tags", old?.tags ?? [], new?.tags ?? [])
        compare("unknown properties", old?.unmappedProperties.map { "\($0.name):\($0.value)" } ?? [],
                new?.unmappedProperties.map { "\($0.name):\($0.value)" } ?? [])
        return changes
    }
}
