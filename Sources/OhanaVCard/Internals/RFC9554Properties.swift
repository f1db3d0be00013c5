import Foundation
import Ohana

/// RFC 9554's properties (`PRONOUNS`, `GRAMGENDER`, `SOCIALPROFILE`, `CREATED`, `LANGUAGE`) read
/// into the model. A property written in a way the model cannot give back exactly (a group,
/// parameters it has no slot for, a second `GRAMGENDER`) stays an unmapped property instead.
extension CardMapper {
    static let rfc9554Properties: Set<String> = ["PRONOUNS", "GRAMGENDER", "SOCIALPROFILE", "CREATED", "LANGUAGE"]

    mutating func mapRFC9554(_ p: RawProperty) {
        let value = unescapedText(of: p)
        let params = cleaned(p.parameters)
        switch p.key {
        case "PRONOUNS" where p.group == nil && params.allSatisfy({ $0.name == "PREF" && $0.values.count == 1 && Int($0.values[0]) != nil }) && !value.isEmpty:
            contact.pronouns.append(Pronouns(value, preference: p.first("PREF").flatMap { Int($0) }))
        // The gender's token in any case (RFC 6350 section 3.3: such tokens are case-insensitive).
        case "GRAMGENDER" where p.group == nil && params.isEmpty && contact.grammaticalGender == nil && !value.isEmpty:
            contact.grammaticalGender = GrammaticalGender(rawValue: value)
        case "LANGUAGE" where p.group == nil && params.isEmpty && contact.language == nil && !value.isEmpty:
            contact.language = value
        case "CREATED" where p.group == nil && params.allSatisfy({ $0.name == "VALUE" && $0.values == ["timestamp"] }) && contact.created == nil:
            guard let date = RFC9554Timestamp.date(value), RFC9554Timestamp.text(date) == value else { return keepUnmapped(p) }
            contact.created = date
            if !params.isEmpty { contact.customProperties["vcard.CREATED"] = .strings([""] + params.map(VCardParameters.encode)) }
        case "SOCIALPROFILE" where !value.isEmpty:
            var profile = SocialProfile(value: value, group: p.group)
            for param in params {
                let first = param.values.count == 1 ? param.values[0] : nil
                switch param.name {
                case "VALUE" where first?.lowercased() == "text" && !profile.isUsername: profile.isUsername = true
                case "SERVICE-TYPE" where first != nil && profile.service == nil: profile.service = first
                case "USERNAME" where first != nil && profile.username == nil: profile.username = first
                case "LABEL" where first != nil && profile.label == nil: profile.label = first
                case "PREF" where first.flatMap({ Int($0) }) != nil && profile.preference == nil: profile.preference = Int(first!)
                default: profile.parameters.append(param)
                }
            }
            contact.socialProfiles.append(profile)
        default:
            keepUnmapped(p)
        }
    }
}

/// vCard `TIMESTAMP` values (RFC 6350 section 4.3.5) in the basic UTC form `19940930T143510Z`.
enum RFC9554Timestamp {
    static func date(_ text: String) -> Date? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return f.date(from: text)
    }

    static func text(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return f.string(from: date)
    }
}

extension CardOutput {
    /// Writes RFC 9554's properties held in the model.
    mutating func writeRFC9554(to out: inout [UInt8]) {
        let c = contact
        if let language = c.language { emit(group: nil, name: "LANGUAGE", parameters: [], value: text(language), plain: language, to: &out) }
        if let created = c.created {
            let value = RFC9554Timestamp.text(created)
            var parameters: [PropertyParameter] = []
            if case .strings(let d)? = c.customProperties["vcard.CREATED"] { parameters = d.dropFirst().compactMap(VCardParameters.decode) }
            emit(group: nil, name: "CREATED", parameters: parameters, value: value, plain: value, to: &out)
        }
        if let g = c.grammaticalGender {
            emit(group: nil, name: "GRAMGENDER", parameters: [], value: text(g.rawValue.uppercased()), plain: g.rawValue, to: &out)
        }
        for p in c.pronouns {
            let parameters = p.preference.map { [PropertyParameter(name: "PREF", values: [String($0)])] } ?? []
            emit(group: nil, name: "PRONOUNS", parameters: parameters, value: text(p.value), plain: p.value, to: &out)
        }
        for s in c.socialProfiles {
            var parameters: [PropertyParameter] = []
            if s.isUsername { parameters.append(PropertyParameter(name: "VALUE", values: ["text"])) }
            if let v = s.service { parameters.append(PropertyParameter(name: "SERVICE-TYPE", values: [v])) }
            if let v = s.username { parameters.append(PropertyParameter(name: "USERNAME", values: [v])) }
            if let v = s.label { parameters.append(PropertyParameter(name: "LABEL", values: [v])) }
            if let v = s.preference { parameters.append(PropertyParameter(name: "PREF", values: [String(v)])) }
            let value = s.isUsername ? text(s.value) : s.value
            emit(group: s.group, name: "SOCIALPROFILE", parameters: parameters + s.parameters, value: value, plain: s.value, to: &out)
        }
    }
}
