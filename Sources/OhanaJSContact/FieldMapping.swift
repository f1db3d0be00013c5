import Foundation
import Ohana

/// The JSContact property each kind of contact field goes to (RFC 9555 section 2.7 and 2.11.9).
enum FieldKind: String, CaseIterable {
    case phones, emails, links, onlineServices

    init?(_ type: ContactFieldType) {
        switch type {
        case .phoneNumber: self = .phones
        case .emailAddress: self = .emails
        case .url: self = .links
        case .instantMessage: self = .onlineServices
        case .other: return nil
        }
    }

    var type: ContactFieldType {
        switch self {
        case .phones: .phoneNumber
        case .emails: .emailAddress
        case .links: .url
        case .onlineServices: .instantMessage
        }
    }

    /// The prefix of generated ids, as RFC 9555's examples write them (`PHONE-1`, `EMAIL-1`...).
    var idPrefix: String {
        switch self {
        case .phones: "PHONE"
        case .emails: "EMAIL"
        case .links: "LINK"
        case .onlineServices: "OS"
        }
    }

    var valueMember: String {
        switch self {
        case .phones: "number"
        case .emails: "address"
        case .links: "uri"
        case .onlineServices: "uri"
        }
    }
}

/// Labels as JSContact contexts and phone features (RFC 9555 sections 2.3.22 and 2.7.6).
enum LabelMapping {
    static let phoneFeatures: Set<String> = ["voice", "text", "video", "textphone", "main-number", "fax", "mobile", "pager"]
    /// TYPE values that are contexts (RFC 9555 section 2.3.22): `home` is `private`.
    static let typeContexts = ["work": "work", "home": "private"]

    static func encode(_ label: ContactFieldLabel?, isPhone: Bool) -> (contexts: [String], features: [String], label: String?) {
        guard let label else { return ([], [], nil) }
        switch label {
        case .home: return (["private"], [], nil)
        case .work: return (["work"], [], nil)
        case .mobile where isPhone: return ([], ["mobile"], nil)
        case .fax where isPhone: return ([], ["fax"], nil)
        case .homeFax where isPhone: return (["private"], ["fax"], nil)
        case .workFax where isPhone: return (["work"], ["fax"], nil)
        case .pager where isPhone: return ([], ["pager"], nil)
        default: return ([], [], label.rawValue)
        }
    }

    /// The label, and the features it did not use.
    static func decode(contexts: Set<String>, features: Set<String>, label: String?) -> (ContactFieldLabel?, Set<String>) {
        var rest = features
        if let label { return (ContactFieldLabel(rawValue: label), rest) }
        let home = contexts.contains("private"), work = contexts.contains("work")
        if rest.remove("fax") != nil { return (home ? .homeFax : work ? .workFax : .fax, rest) }
        if rest.remove("mobile") != nil { return (.mobile, rest) }
        if rest.remove("pager") != nil { return (.pager, rest) }
        if home { return (.home, rest) }
        if work { return (.work, rest) }
        return (nil, rest)
    }

    static func trueMap(_ keys: [String]) -> JSONValue? {
        keys.isEmpty ? nil : .object(Dictionary(keys.map { ($0, JSONValue.bool(true)) }, uniquingKeysWith: { a, _ in a }))
    }
}

/// Keys of one Id map in the order they were generated: numbered ids by number, others by name.
func orderedKeys(_ map: [String: JSONValue], prefix: String) -> [String] {
    func number(_ key: String) -> Int? {
        guard key.hasPrefix(prefix + "-") else { return nil }
        return Int(key.dropFirst(prefix.count + 1))
    }
    return map.keys.sorted { a, b in
        switch (number(a), number(b)) {
        case let (x?, y?): return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a < b
        }
    }
}

/// Generates ids that are stable: a `PROP-ID` parameter's value when there is one, else `PREFIX-n`.
struct IDAllocator {
    private var used = Set<String>()
    private var reserved = Set<String>()

    mutating func id(prefix: String, index: Int, propID: String?) -> String {
        if let propID, CardValidator.isID(propID), used.insert(propID).inserted { return propID }
        var candidate = "\(prefix)-\(index)"
        var n = index
        while reserved.contains(candidate) || !used.insert(candidate).inserted {
            n += 1000
            candidate = "\(prefix)-\(n)"
        }
        return candidate
    }

    /// Marks the ids of `PROP-ID` parameters as taken before numbering the rest.
    mutating func reserve(_ ids: [String]) {
        for id in ids where CardValidator.isID(id) { reserved.insert(id) }
    }
}

extension Array where Element == PropertyParameter {
    /// The first value of a parameter, matched without case.
    func first(_ name: String) -> String? {
        first(where: { $0.name.uppercased() == name })?.values.first
    }

    /// The parameters without those named.
    func removing(_ names: Set<String>) -> [PropertyParameter] {
        filter { !names.contains($0.name.uppercased()) }
    }
}
