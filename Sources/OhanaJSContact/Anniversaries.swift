import Foundation
import Ohana
import OhanaVCard

/// `BDAY`, `DEATHDATE` and `ANNIVERSARY` properties the model keeps as unmapped ones (a birthday
/// with a time, a death date, a wedding), with `BIRTHPLACE` and `DEATHPLACE`, as `anniversaries`
/// entries (RFC 9555 section 2.5.1), and back. The contact's own birthday is not one of them.
enum AnniversaryCoding {
    static let kinds = ["BDAY": "birth", "DEATHDATE": "death", "ANNIVERSARY": "wedding"]
    static let places = ["birth": "BIRTHPLACE", "death": "DEATHPLACE"]

    /// A `PartialDate` (`19960415`, `--0415`) or `Timestamp` (`19531015T231000Z`) for a date value;
    /// nil when ``vcard(_:)`` would not give the same text back.
    static func date(_ value: String) -> JSONValue? {
        var json: JSONValue?
        if let utc = Timestamps.jscontact(value) {
            json = ["@type": "Timestamp", "utc": .string(utc)]
        } else if value.count == 8, value.allSatisfy(\.isASCII), let n = Int(value) {
            json = ["year": .integer(n / 10000), "month": .integer(n / 100 % 100), "day": .integer(n % 100)]
        } else if value.count == 6, value.hasPrefix("--"), let n = Int(value.dropFirst(2)), value.dropFirst(2).allSatisfy(\.isASCII) {
            json = ["month": .integer(n / 100), "day": .integer(n % 100)]
        }
        if json == nil, let utc = utcFromOffset(value) {
            // A time with a UTC offset is the same instant in UTC (RFC 9553's Timestamp is UTC); the
            // card's exact copy of the unmapped properties keeps the value as written.
            return ["@type": "Timestamp", "utc": .string(utc)]
        }
        guard let json, vcard(json) == value else { return nil }
        return json
    }

    /// `UTCDateTime` for a vCard date and time with a UTC offset (`20010203T040506-0500`,
    /// RFC 6350 section 4.3.5), nil for anything else.
    static func utcFromOffset(_ value: String) -> String? {
        let c = Array(value.replacingOccurrences(of: ":", with: ""))
        guard c.count == 18 || c.count == 20, c[8] == "T", c[15] == "+" || c[15] == "-" else { return nil }
        let digits = c[0..<8] + c[9..<15] + c[16...]
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let local = Timestamps.jscontact(String(c[0..<15]) + "Z"),
            let date = ISO8601DateFormatter().date(from: local)
        else { return nil }
        let hours = Int(String(c[16...17])) ?? 0, minutes = c.count == 20 ? Int(String(c[18...19])) ?? 0 : 0
        guard hours <= 23, minutes <= 59 else { return nil }
        let offset = (hours * 3600 + minutes * 60) * (c[15] == "-" ? -1 : 1)
        return CardBuilder.utc(date.addingTimeInterval(TimeInterval(-offset)))
    }

    /// The vCard date value of a `PartialDate` or `Timestamp`.
    static func vcard(_ date: JSONValue) -> String? {
        guard let object = date.object else { return nil }
        if object["@type"]?.string == "Timestamp", object.count == 2, let utc = object["utc"]?.string { return Timestamps.vcard(utc) }
        guard object.keys.allSatisfy({ ["year", "month", "day"].contains($0) }), let month = object["month"]?.integer,
            let day = object["day"]?.integer, (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        if let year = object["year"]?.integer {
            guard (0...9999).contains(year) else { return nil }
            return String(format: "%04d%02d%02d", year, month, day)
        }
        return String(format: "--%02d%02d", month, day)
    }

    /// Whether an entry is the one the contact's own birthday gives (a partial date and nothing else).
    static func isModelBirthday(_ entry: JSONValue) -> Bool {
        guard entry["kind"]?.string == "birth", entry.object?.count == 2, let date = entry["date"]?.object,
            date["@type"] == nil, date["month"] != nil
        else { return false }
        return vcard(.object(date)) != nil
    }

    /// The entries for the unmapped date and place properties without parameters or group; the
    /// properties used are removed from `unmapped`.
    static func encode(_ unmapped: inout [UnmappedProperty], into map: inout [String: JSONValue]) {
        var usedIndices = Set<Int>()
        for (i, u) in unmapped.enumerated() where u.group == nil && u.parameters.allSatisfy({ $0.name.uppercased() == "PROP-ID" }) {
            let propID = u.parameters.first("PROP-ID")
            guard u.parameters.count <= 1, propID.map(CardValidator.isID) ?? true, propID.map({ map[$0] == nil }) ?? true else { continue }
            guard let kind = kinds[u.name.uppercased()], let date = date(u.value) else { continue }
            var json: [String: JSONValue] = ["kind": .string(kind), "date": date]
            let placeIndex = places[kind].flatMap { placeName in
                unmapped.indices.first { j in
                    !usedIndices.contains(j) && unmapped[j].name.uppercased() == placeName && unmapped[j].group == nil
                        && (unmapped[j].parameters.isEmpty || (propID != nil && unmapped[j].parameters == u.parameters))
                }
            }
            if let j = placeIndex { json["place"] = ["full": .string(VCardText.unescape(unmapped[j].value))] }
            // An entry that reads as the contact's own birthday would come back as that.
            if isModelBirthday(.object(json)) { continue }
            if let j = placeIndex { usedIndices.insert(j) }
            usedIndices.insert(i)
            var n = map.count + 1
            while map["ANNIVERSARY-\(n)"] != nil { n += 1 }
            map[propID ?? "ANNIVERSARY-\(n)"] = .object(json)
        }
        unmapped = unmapped.enumerated().filter { !usedIndices.contains($0.offset) }.map(\.element)
    }

    /// The date (and place) properties of the entries that are not the contact's birthday, and their paths.
    static func decode(_ map: [String: JSONValue]) -> ([UnmappedProperty], Set<[String]>) {
        var result: [UnmappedProperty] = []
        var paths: Set<[String]> = []
        var generated = map.values.contains(where: isModelBirthday) ? 1 : 0
        for key in orderedKeys(map, prefix: "ANNIVERSARY") {
            guard let entry = map[key], !isModelBirthday(entry), let object = entry.object,
                object.keys.allSatisfy({ ["kind", "date", "place"].contains($0) }),
                let kind = object["kind"]?.string, let name = kinds.first(where: { $0.value == kind })?.key,
                let date = object["date"], let value = vcard(date)
            else { continue }
            var place: UnmappedProperty?
            generated += 1
            let parameters = key == "ANNIVERSARY-\(generated)" ? [] : [PropertyParameter(name: "PROP-ID", values: [key])]
            if let p = object["place"] {
                guard let placeName = places[kind], p.object?.count == 1, let full = p["full"]?.string else { generated -= 1; continue }
                // The place shares the date's PROP-ID (RFC 9555 section 2.5.1).
                place = UnmappedProperty(name: placeName, parameters: parameters, value: VCardText.escape(full))
            }
            result.append(UnmappedProperty(name: name, parameters: parameters, value: value))
            if let place { result.append(place) }
            paths.insert(["anniversaries", key])
        }
        return (result, paths)
    }
}
