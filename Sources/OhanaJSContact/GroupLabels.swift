import Foundation
import Ohana
import OhanaVCard

/// A `label` as Apple's `X-ABLabel` in the property's group (RFC 9555 section 2.11.11), for the
/// properties the vCard reader does not label itself: social profiles and the properties of
/// ``PropertyRule`` (CALADRURI, KEY, URL's kin...).
enum GroupLabels {
    static let property = "X-ABLABEL"

    /// The labels by group (lower case): each group holding one `X-ABLabel` and one other property,
    /// a social profile or an unmapped property with a rule.
    static func labels(of contact: Contact) -> [String: String] {
        var counts: [String: Int] = [:]
        func count(_ group: String?) { if let g = group?.lowercased() { counts[g, default: 0] += 1 } }
        contact.fields.forEach { count($0.group) }
        contact.postalAddresses.forEach { count($0.group) }
        contact.socialProfiles.forEach { count($0.group) }
        contact.unmappedProperties.forEach { count($0.group) }
        var partners = Set(contact.socialProfiles.compactMap { $0.group?.lowercased() })
        for u in contact.unmappedProperties where u.name.uppercased() != property {
            if let g = u.group, let rule = PropertyRule.all.first(where: { $0.vcard == u.name.uppercased() }), rule.entry(u) != nil {
                partners.insert(g.lowercased())
            }
        }
        var labels: [String: String] = [:]
        for u in contact.unmappedProperties where u.name.uppercased() == property && u.parameters.isEmpty {
            guard let g = u.group?.lowercased(), counts[g] == 2, partners.contains(g) else { continue }
            labels[g] = VCardText.unescape(u.value)
        }
        return labels
    }

    /// The group a labelled entry without one is written in: made from its id (vCard groups are
    /// letters, digits and `-`).
    static func group(forID id: String) -> String {
        "label-" + String(id.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// The `X-ABLabel` property of a group.
    static func labelProperty(_ label: String, group: String) -> UnmappedProperty {
        UnmappedProperty(group: group, name: property, value: VCardText.escape(label))
    }
}
