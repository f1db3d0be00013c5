import Foundation
import Ohana

/// The properties of a card written in a form of their own: the birthday, the photo, and the
/// properties kept as they were read.
extension CardOutput {
    mutating func writeBirthday(_ b: Birthday, to out: inout [UInt8]) {
        let md = String(format: "%02d%02d", b.month, b.day)
        var parameters: [PropertyParameter] = []
        let value: String
        switch (version, b.year) {
        case (.v4_0, let year?), (.v2_1, let year?): value = String(format: "%04d", year) + md
        case (.v4_0, nil), (.v2_1, nil): value = "--" + md
        case (.v3_0, let year?): value = String(format: "%04d-%02d-%02d", year, b.month, b.day)
        case (.v3_0, nil):
            if target == .ios {
                parameters.append(PropertyParameter(name: "X-APPLE-OMIT-YEAR", values: ["1604"]))
                value = String(format: "1604-%02d-%02d", b.month, b.day)
            } else {
                value = String(format: "--%02d-%02d", b.month, b.day)
            }
        }
        property("BDAY", value: value, plain: value, details: "BDAY", parameters: parameters, to: &out)
    }

    func photoType(_ mediaType: String) -> String {
        let lower = mediaType.lowercased()
        if lower.hasPrefix("image/") {
            let sub = lower.dropFirst(6)
            if !sub.isEmpty, sub.allSatisfy({ $0.isLetter || $0.isNumber }), sub != "jpg" { return sub.uppercased() }
        }
        return mediaType
    }

    func writePhoto(_ photo: Photo, to out: inout [UInt8]) {
        let base64 = photo.data.base64EncodedString()
        let d = details("PHOTO")
        if version == .v4_0 {
            let value = "data:\(photo.mediaType ?? "");base64,\(base64)"
            emit(group: d.group, name: "PHOTO", parameters: d.parameters, value: value, plain: "", to: &out)
            return
        }
        var parameters = [PropertyParameter(name: "ENCODING", values: [version == .v2_1 ? "BASE64" : "b"])]
        if let m = photo.mediaType { parameters.append(PropertyParameter(name: "TYPE", values: [photoType(m)])) }
        // A kept TYPE parameter's values follow the media type's.
        for p in d.parameters {
            if p.name == "TYPE", let i = parameters.firstIndex(where: { $0.name == "TYPE" }) {
                parameters[i].values += p.values
            } else {
                parameters.append(p)
            }
        }
        emit(group: d.group, name: "PHOTO", parameters: parameters, value: base64, plain: "", binary: true, to: &out)
    }

    func write(_ u: UnmappedProperty, to out: inout [UInt8]) {
        var value = u.value
        if value.contains("\n") || value.contains("\r") {
            value = value.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
                .replacingOccurrences(of: "\r", with: "\\n")
        }
        let binary = u.parameters.contains { $0.name == "ENCODING" && ["B", "BASE64"].contains($0.values.first?.uppercased() ?? "") }
        emit(group: u.group, name: u.name.isEmpty ? "X-UNNAMED" : u.name, parameters: u.parameters, value: value, plain: "",
             binary: binary, to: &out)
    }
}
