import Foundation
import Ohana

extension ContactEdit {
    /// The edit that turns `old` into `new`, value by value: each single-valued part that differs
    /// is set (or cleared); of each kind of value, those only `old` has and those only `new` has
    /// are paired in order as replacements, and the rest removed or added; addresses (by their
    /// one-line form) and tags removed or added. Values are compared as
    /// ``ValueSources`` compares them (a phone number by its digits, an email address ignoring case).
    ///
    /// How a whole new version of an aggregated contact (its card edited in `$EDITOR`) is routed to
    /// its cards: a changed email address is changed on every card holding it.
    public init(changing old: Contact, to new: Contact) {
        self.init()
        for part in Part.allCases where (old[editing: part] ?? "") != (new[editing: part] ?? "") {
            parts[part] = new[editing: part] ?? ""
        }
        var types: [ContactFieldType] = []
        for field in old.fields + new.fields where !types.contains(field.type) { types.append(field.type) }
        for type in types {
            let gone = old.fields.filter { field in field.type == type && !new.fields.contains { ValueSources.same($0, field) } }
            let came = new.fields.filter { field in field.type == type && !old.fields.contains { ValueSources.same($0, field) } }
            for (before, after) in zip(gone, came) {
                replacements.append(Replacement(type: type, old: before.value, new: after.value,
                                                label: after.label == before.label ? nil : after.label))
            }
            removals += gone.dropFirst(came.count).map { Removal(type: type, value: $0.value) }
            additions += came.dropFirst(gone.count)
        }
        let oldLines = Set(old.postalAddresses.map { $0.oneLine.lowercased() })
        let newLines = Set(new.postalAddresses.map { $0.oneLine.lowercased() })
        removedAddresses = old.postalAddresses.filter { !newLines.contains($0.oneLine.lowercased()) }.map(\.oneLine)
        addedAddresses = new.postalAddresses.filter { !oldLines.contains($0.oneLine.lowercased()) }
        let (oldTags, newTags) = (Set(old.tags.map { $0.lowercased() }), Set(new.tags.map { $0.lowercased() }))
        removedTags = old.tags.filter { !newTags.contains($0.lowercased()) }
        addedTags = new.tags.filter { !oldTags.contains($0.lowercased()) }
    }
}
