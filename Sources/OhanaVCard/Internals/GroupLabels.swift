/// The labels Apple's clients give fields through groups: in `item1.TEL:…` with
/// `item1.X-ABLabel:_$!<Mobile>!$_`, the `X-ABLabel` of group `item1` labels the phone number.
///
/// Built once per card from its grouped properties, sorted by group (O(n log n) in the grouped
/// properties, and three arrays: a card's groups were first gathered into five sets and
/// dictionaries, about seven allocations and a string hash per grouped property for every card
/// that had groups). Groups are compared in lower case.
struct GroupLabels {
    /// A group whose properties include a field and an `X-ABLabel`.
    private struct Entry {
        var group: String
        var label: String
        /// The group holds only the field and its label (the writer makes a new group for it).
        var labelOnly: Bool
    }

    /// Sorted by group.
    private var entries: [Entry] = []
    /// The positions (in the card's order) of the `X-ABLabel` lines taken as labels, ascending.
    private(set) var labelLines: [Int] = []

    /// No group labels a field.
    init() {}

    /// The labels of `properties`: for each group that holds a field (a property whose upper-case
    /// name is in `fieldNames`), its first `X-ABLabel`, made into text by `text`.
    init(_ properties: [RawProperty], fieldNames: Set<String>, text: (RawProperty) -> String) {
        var grouped: [(group: String, position: Int)] = []
        for position in properties.indices {
            if let group = properties[position].group { grouped.append((group.lowercased(), position)) }
        }
        guard !grouped.isEmpty else { return }
        grouped.sort { $0.group != $1.group ? $0.group < $1.group : $0.position < $1.position }
        var start = 0
        while start < grouped.count {
            var end = start + 1
            while end < grouped.count, grouped[end].group == grouped[start].group { end += 1 }
            let members = grouped[start..<end]
            if members.contains(where: { fieldNames.contains(properties[$0.position].key) }),
                let label = members.first(where: { properties[$0.position].kind == .appleLabel })?.position
            {
                entries.append(Entry(group: grouped[start].group, label: text(properties[label]), labelOnly: end - start == 2))
                labelLines.append(label)
            }
            start = end
        }
        labelLines.sort()
    }

    /// Whether no group labels a field.
    var isEmpty: Bool { entries.isEmpty }

    /// The label of `group` (any case), if it labels a field. O(log n).
    func label(ofGroup group: String?) -> String? {
        guard !entries.isEmpty, let group else { return nil }
        return entry(group.lowercased())?.label
    }

    /// Whether `group` (any case) only ties a field to its label. O(log n).
    func isLabelOnly(_ group: String) -> Bool {
        guard !entries.isEmpty else { return false }
        return entry(group.lowercased())?.labelOnly ?? false
    }

    private func entry(_ group: String) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].group < group { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].group == group ? entries[low] : nil
    }
}
