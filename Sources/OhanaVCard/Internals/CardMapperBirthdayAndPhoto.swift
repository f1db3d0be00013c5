import Foundation
import Ohana

/// `BDAY` and `PHOTO` of one card.
extension CardMapper {
    mutating func mapBirthday(_ p: RawProperty) {
        let value = unescapedText(of: p).trimmedSpaces
        let valueType = p.first("VALUE")?.lowercased()
        guard valueType == nil || valueType == "date" || valueType == "date-and-or-time" || valueType == "date-time",
            var birthday = Self.parseDate(value)
        else {
            if valueType != "text" { report(p.line, .warning, "BDAY '\(value.prefix(30))' is not a date; kept as written") }
            keepUnmapped(p)
            return
        }
        var dropping: Set<String> = ["VALUE"]
        if let omit = p.first("X-APPLE-OMIT-YEAR"), let year = birthday.year, Int(omit) == year {
            birthday.year = nil
            dropping.insert("X-APPLE-OMIT-YEAR")
        } else if birthday.year == 1604 {
            birthday.year = nil  // Apple's placeholder year for birthdays without one
        }
        contact.birthday = birthday
        keepDetails(p, dropping: dropping)
    }

    mutating func mapPhoto(_ p: RawProperty) {
        let encoding = p.first("ENCODING")?.uppercased()
        let trimmedStart = p.value.drop(while: { $0 == 0x20 || $0 == 0x09 })
        if trimmedStart.count > 5, String(decoding: trimmedStart.prefix(5), as: UTF8.self).lowercased() == "data:" {
            let uri = trimmedStart.dropFirst(5)
            guard let comma = uri.firstIndex(of: 0x2C) else {
                report(p.line, .warning, "PHOTO data: URI has no ','; kept as written")
                keepUnmapped(p)
                return
            }
            // `base64\,` is written by some clients.
            let metaEnd = comma > uri.startIndex && uri[comma - 1] == 0x5C ? comma - 1 : comma
            // Split by bytes when ASCII (as media types are): splitting the text by characters
            // (grapheme breaking) cost 8,000 instructions a photo.
            let metaBytes = uri[..<metaEnd]
            let meta: [String] = metaBytes.allSatisfy({ $0 < 0x80 })
                ? metaBytes.split(separator: 0x3B).map { String(decoding: $0, as: UTF8.self) }
                : String(decoding: metaBytes, as: UTF8.self).split(separator: ";").map(String.init)
            guard meta.last?.lowercased() == "base64", let data = TransferDecoding.base64(uri[(comma + 1)...]) else {
                report(p.line, .warning, "PHOTO data: URI is not base64; kept as written")
                keepUnmapped(p)
                return
            }
            let mediaType = meta.first.flatMap { $0.lowercased() == "base64" || $0.isEmpty ? nil : $0 }
            contact.photo = Photo(data: data, mediaType: mediaType)
            var dropping: Set<String> = ["VALUE"]
            if encoding == "B" || encoding == "BASE64" { dropping.insert("ENCODING") }
            keepDetails(p, dropping: dropping)
            return
        }
        guard encoding == "B" || encoding == "BASE64" else {
            keepUnmapped(p)
            return
        }
        guard let data = TransferDecoding.base64(p.value) else {
            report(p.line, .warning, "PHOTO is not valid base64; kept as written")
            keepUnmapped(p)
            return
        }
        var mediaType: String?
        var dropping: Set<String> = ["ENCODING"]
        var parameters = p.parameters
        if let i = parameters.firstIndex(where: { $0.name == "TYPE" }), let first = parameters[i].values.first {
            mediaType = Self.mediaType(fromPhotoType: first)
            parameters[i].values.removeFirst()
            if parameters[i].values.isEmpty { parameters.remove(at: i) }
        }
        if let v = p.first("VALUE")?.lowercased(), v == "binary" { dropping.insert("VALUE") }
        contact.photo = Photo(data: data, mediaType: mediaType)
        var rest = p
        rest.parameters = parameters
        keepDetails(rest, dropping: dropping)
    }

    static func mediaType(fromPhotoType type: String) -> String {
        if type.contains("/") { return type }
        let lower = type.lowercased()
        return lower == "jpg" ? "image/jpeg" : "image/\(lower)"
    }
}
