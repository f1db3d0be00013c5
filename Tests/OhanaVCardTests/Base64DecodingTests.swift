import Foundation
import Testing
@testable import OhanaVCard

/// The reader's base64 decoder (photos, 2.1 `ENCODING=BASE64` values): what Foundation decodes,
/// with white space and line breaks anywhere and the padding optional; nothing for broken input.
@Suite struct Base64DecodingTests {
    @Test func decodesWhatFoundationEncodesWithStrayWhiteSpaceAndWithoutPadding() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<400 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            var text = Array(bytes.base64EncodedString().utf8)
            if length.isMultiple(of: 3) { text.removeAll { $0 == 0x3D } }  // padding left out
            // White space, CR and LF at random places, as folding and old clients leave them.
            for _ in 0..<(length % 7) {
                let at = Int.random(in: 0...text.count, using: &generator)
                text.insert([0x20, 0x09, 0x0D, 0x0A].randomElement(using: &generator)!, at: at)
            }
            let decoded = TransferDecoding.base64(text[...])
            #expect(decoded == (length == 0 ? nil : bytes), "length \(length): \(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("digits after the padding, one digit too many, or no digit at all decode to nothing")
    func brokenInputDecodesToNothing() {
        for broken in ["QUJD=RE", "QUJDR", "====", "", " \r\n", "QQ==QQ=="] {
            #expect(TransferDecoding.base64(Array(broken.utf8)[...]) == nil, "\(broken)")
        }
        #expect(TransferDecoding.base64(Array("QUJD".utf8)[...]) == Data("ABC".utf8))
        #expect(TransferDecoding.base64(Array("QUI".utf8)[...]) == Data("AB".utf8))
        #expect(TransferDecoding.base64(Array("QQ".utf8)[...]) == Data("A".utf8))
    }
}
