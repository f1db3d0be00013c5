import Foundation
import Testing
@testable import Ohana
@testable import OhanaJSON

/// The JSON writer's byte buffer keeps every byte through growth, hands its bytes over intact and
/// edits them in place as an array would.
@Suite struct JSONByteBufferTests {
    @Test("appends of every size across many growths keep the same bytes as an array")
    func appendsMatchAnArray() {
        var generator = SystemRandomNumberGenerator()
        var buffer = JSONByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for _ in 0..<2_000 {
            let run = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if run.count == 1 { buffer.append(run[0]) } else { run.withUnsafeBufferPointer { buffer.append($0) } }
            expected += run
            buffer.append(",\n")
            expected += Array(",\n".utf8)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.array == expected)
        #expect(buffer.copy(10..<50) == Array(expected[10..<50]))
    }

    @Test("takeData hands over the bytes written and leaves the buffer empty and usable")
    func takeDataHandsOverTheBytes() {
        var buffer = JSONByteBuffer(copying: Array("[1,2".utf8))
        buffer.append(",3]")
        let data = buffer.takeData()
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3]")
        #expect(buffer.count == 0)
        buffer.append("{}")
        #expect(buffer.array == Array("{}".utf8))
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3]")
    }

    @Test("reverse, subscript and removeAll edit the bytes in place")
    func editsInPlace() {
        var buffer = JSONByteBuffer(copying: Array("ab123".utf8))
        buffer.reverse(from: 2)
        #expect(buffer.array == Array("ab321".utf8))
        buffer[0] = UInt8(ascii: "A")
        #expect(buffer[0] == UInt8(ascii: "A"))
        buffer.removeAll(from: 2)
        #expect(buffer.array == Array("Ab".utf8))
        buffer.removeAll(from: 0)
        #expect(buffer.count == 0 && buffer.array.isEmpty)
    }

    @Test("encodeData writes the bytes encode writes")
    func encodeDataMatchesEncode() throws {
        var encoder = JSONBytesEncoder()
        encoder.pretty = true
        let contacts = (0..<300).map { Contact(id: ContactID(rawValue: "c\($0)"), givenName: "Zoë \($0)", familyName: "Å/\"\($0)\"") }
        #expect(try encoder.encodeData(contacts: contacts[...]) == Data(try encoder.encode(contacts)))
        #expect(try encoder.encodeData(contacts[0]) == Data(try encoder.encode(contacts[0])))
    }
}
