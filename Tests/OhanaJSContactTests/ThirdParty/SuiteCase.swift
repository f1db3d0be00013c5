import Foundation
import OhanaJSContact

/// One test case of jmapio/jscontact-tests (ThirdParty/jscontact-tests/cases.json).
struct SuiteCase: Decodable, Sendable, CustomStringConvertible {
    /// The suite's name for the case.
    let id: String
    /// The JSContact members the case starts from.
    let card: [String: JSONValue]
    /// The vCard properties the case expects.
    let vcard: [PropertyMatch]
    /// The case is not run from JSContact to vCard.
    let skipToVCard: Bool
    /// The case is not read back from vCard (its vCard does not decide the JSContact card).
    let skipFromVCard: Bool
    /// The members that make the card invalid (a case that must be rejected).
    let invalidMembers: [String]

    var description: String { id }

    /// The card the case sends, completed as the suite completes it.
    var completeCard: Card {
        var members = card
        if members["@type"] == nil { members["@type"] = "Card" }
        if members["uid"] == nil { members["uid"] = "urn:uuid:0d9d1e9a-3c43-4a1e-9d8b-6a3f4a1c2b7e" }
        if members["version"] == nil { members["version"] = "1.0" }
        return Card(members: members)
    }
}

/// The suite's file: its cases and the properties any written vCard may hold.
struct SuiteFile: Decodable {
    /// Every case.
    let cases: [SuiteCase]
    /// PRODID, REV, UID, VERSION, FN and the like, which a card may hold beside the expected ones.
    let defaultProperties: [PropertyMatch]

    /// The vendored file.
    static let vendored: SuiteFile = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("jscontact-tests/cases.json")
        do { return try JSONDecoder().decode(SuiteFile.self, from: Data(contentsOf: url)) } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

/// How a value (of a property or a parameter) is matched.
indirect enum ValueMatch: Decodable, Sendable {
    case any, exact(String), noCase(String), maybeQuoted(String), maybeEscaped(String)
    case oneOf([ValueMatch]), components([[String]?], [String?]), json(JSONValue), timestamp(String)

    private enum Keys: String, CodingKey { case kind, value, values, components }
    /// A component is a string (matched as written) or a list (matched as a set).
    private enum Component: Decodable {
        case text(String), set([String])
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .text(s) } else { self = .set(try c.decode([String].self)) }
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "any": self = .any
        case "exact": self = .exact(try c.decode(String.self, forKey: .value))
        case "noCase": self = .noCase(try c.decode(String.self, forKey: .value))
        case "maybeQuoted": self = .maybeQuoted(try c.decode(String.self, forKey: .value))
        case "maybeEscaped": self = .maybeEscaped(try c.decode(String.self, forKey: .value))
        case "oneOf": self = .oneOf(try c.decode([ValueMatch].self, forKey: .values))
        case "json": self = .json(try JSONValue(jsonText: try c.decode(String.self, forKey: .value)))
        case "timestamp": self = .timestamp(try c.decode(String.self, forKey: .value))
        case "components":
            let parts = try c.decode([Component].self, forKey: .components)
            self = .components(parts.map { if case .set(let s) = $0 { s } else { nil } },
                               parts.map { if case .text(let t) = $0 { t } else { nil } })
        default: throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown matcher \(kind)")
        }
    }

    /// Whether a value as written in the vCard matches.
    func matches(_ value: String) -> Bool {
        switch self {
        case .any: true
        case .exact(let v): v == value
        case .noCase(let v): v.uppercased() == value.uppercased()
        case .maybeQuoted(let v): value == v || value == "\"" + v + "\""
        case .maybeEscaped(let v): value == v || v == value.replacingOccurrences(of: "\\,", with: ",")
        case .oneOf(let all): all.contains { $0.matches(value) }
        case .timestamp(let v): Self.instant(v) != nil && Self.instant(v) == Self.instant(value)
        case .json(let v):
            (try? JSONValue(jsonText: value.replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\\\", with: "\\"))) == v
        case .components(let sets, let texts):
            Self.matchesComponents(value, sets: sets, texts: texts)
        }
    }

    private static func matchesComponents(_ value: String, sets: [[String]?], texts: [String?]) -> Bool {
        let parts = VCardLine.split(value, on: ";")
        guard parts.count == sets.count else { return false }
        for (i, part) in parts.enumerated() {
            if let text = texts[i], text != part { return false }
            if let set = sets[i], Set(VCardLine.split(part, on: ",")) != Set(set) { return false }
        }
        return true
    }

    /// `YYYYMMDDTHHMMSS` with `Z` or a `±HHMM` offset, as seconds since 1970.
    static func instant(_ text: String) -> Double? {
        var t = text
        if t.count == 18 { t += "00" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = t.hasSuffix("Z") ? "yyyyMMdd'T'HHmmss'Z'" : "yyyyMMdd'T'HHmmssZ"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: t)?.timeIntervalSince1970
    }

    /// Every spelling this matcher names (one per `oneOf` alternative); empty for `any`.
    var examples: [String] {
        if case .oneOf(let all) = self { return all.flatMap(\.examples) }
        return example.map { [$0] } ?? []
    }

    /// A value this matcher accepts, for writing the case's vCard; nil for `any`.
    var example: String? {
        switch self {
        case .any: nil
        case .exact(let v), .noCase(let v), .maybeQuoted(let v), .maybeEscaped(let v), .timestamp(let v): v
        case .oneOf(let all): all.lazy.compactMap(\.example).first
        case .json(let v): v.jsonText.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
        case .components(let sets, let texts):
            zip(sets, texts).map { set, text in text ?? set!.joined(separator: ",") }.joined(separator: ";")
        }
    }
}

/// A parameter the suite expects.
struct ParameterMatch: Decodable, Sendable {
    let name: String
    let value: ValueMatch
    let mandatory: Bool
}

/// A vCard property the suite expects.
struct PropertyMatch: Decodable, Sendable {
    /// An `ALTID` shared by the properties with the same id.
    struct AltID: Decodable, Sendable { let id: String; let mandatory: Bool }
    let name: String
    let value: ValueMatch
    let mandatory: Bool
    let params: [ParameterMatch]
    let altID: AltID?
    /// A group shared by the properties with the same id.
    let groupID: String?
    /// A group spelled out.
    let group: String?
}
