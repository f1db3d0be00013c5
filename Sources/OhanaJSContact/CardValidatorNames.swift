import Foundation

/// Member names. RFC 9553's property names are registered and case-sensitive, other names are
/// vendor-specific (a domain name and a colon first, `example.com:foo`, RFC 9553 section 1.8.1) or
/// registered later; a card may carry those, and the reader keeps them (`JSPROP`, RFC 9555). Two
/// kinds of name are errors: one that differs only in case from a property of its object
/// (`nickNames`: RFC 9553 section 1.7.1 makes such an object invalid), and `extra`, which RFC 9553
/// section 1.7.3 reserves (section 1.7.3.1; listed with "reserved" usage in IANA's JSContact
/// Properties registry, section 3.5.2).
extension CardValidator {
    static let caseSection = "RFC 9553 section 1.7.1"
    static let reservedSection = "RFC 9553 section 1.7.3"

    /// Whether a name is vendor-specific: a domain name, then a colon, then the name.
    static func isVendorSpecific(_ name: String) -> Bool {
        guard let colon = name.firstIndex(of: ":") else { return false }
        let domain = name[..<colon]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
            && domain.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
            && colon < name.index(before: name.endIndex)
    }

    /// Reports a member the object's rule does not name when it is reserved or a wrongly cased
    /// property of the object; other unknown members are allowed and kept.
    mutating func checkUnknown(_ name: String, in rule: ObjectRule, path: [String], at full: [String]? = nil) {
        guard name != "@type", !Self.isVendorSpecific(name) else { return }
        if name.lowercased() == "extra" {
            fail(full ?? path + [name], "\"\(name)\" is reserved and cannot be a property of \(rule.type)", Self.reservedSection)
        } else if let known = rule.members.keys.first(where: { $0.lowercased() == name.lowercased() }) {
            fail(full ?? path + [name], "\"\(name)\" differs only in case from the property \"\(known)\" of \(rule.type): "
                + "property names are case-sensitive, and others must be vendor-specific (example.com:\(name))", Self.caseSection)
        }
    }

    /// Checks each patch of a `localizations` entry: its pointer must lead through the card's
    /// members to a member the card may have, and its value must be what that member holds.
    mutating func checkPatches(_ patches: [String: JSONValue], path: [String]) {
        for (pointer, value) in patches.sorted(by: { $0.key < $1.key }) {
            let here = path + [pointer]
            var rule = MemberRule.object(Rules.card)
            var section = Rules.card.section
            var resolved = true
            for token in JSONPointer.tokens(pointer) {
                switch rule {
                case .object(let o):
                    guard let next = o.members[token] else {
                        if token != "@type", !Self.isVendorSpecific(token) { checkUnknown(token, in: o, path: here, at: here) }
                        resolved = false
                        break
                    }
                    rule = next
                    section = o.section
                case .idMap(let o), .list(let o):
                    rule = .object(o)
                    section = o.section
                default:
                    resolved = false  // inside a value of no object type (a map, a date): not walked
                }
                if !resolved { break }
            }
            if resolved, value != .null { check(value, rule, path: here, section: section) }
        }
    }
}
