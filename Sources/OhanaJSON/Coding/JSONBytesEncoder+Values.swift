import Foundation
import Ohana

/// Small model values that nearly every contact carries (its provenance, custom properties, a
/// photo, source parameters) written member by member, as their `encode(to:)` writes them; custom
/// values other than text go through ``JSONStreamWriter/encodeValue(_:)``.
extension JSONStreamWriter {
    /// Writes `provenance` as its synthesized `encode(to:)` does (absent parts left out).
    func writeProvenance(_ provenance: Provenance) {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        writeMember("providerID", provenance.providerID)
        writeIdentifier("recordID", provenance.record)
        writeMember("revision", provenance.revision)
        closeFrame()
    }

    /// Writes `photo` as its synthesized `encode(to:)` does (the data in base64).
    func writePhoto(_ photo: Photo) {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        writeMember("data", photo.data.base64EncodedString())
        writeMember("mediaType", photo.mediaType)
        closeFrame()
    }

    /// Writes `parameter` as its synthesized `encode(to:)` does.
    func writeParameter(_ parameter: PropertyParameter) {
        openFrame(isObject: true, isNested: false, keysInOrder: true)
        writeMember("name", parameter.name)
        writeStrings("values", parameter.values)
        closeFrame()
    }

    /// Writes custom properties as `Dictionary.encode(to:)` does: an object, its keys sorted when
    /// the object closes.
    func writeCustomProperties(_ properties: [String: CustomValue]) throws {
        openFrame(isObject: true, isNested: false)
        for (key, value) in properties {
            startMember(key: key)
            if case .string(let text) = value {
                openFrame(isObject: true, isNested: false, keysInOrder: true)
                writeMember("string", text)
                closeFrame()
            } else {
                try encodeValue(value)
            }
        }
        closeFrame()
    }
}
