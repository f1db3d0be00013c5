import Foundation
import OhanaSampleData
import Testing
@testable import Ohana
@testable import OhanaJSON

/// The streaming JSON decoder reads what Foundation's `JSONDecoder` reads, or refuses.
@Suite struct JSONBytesDecoderTests {
    static func decoders(iso8601: Bool) -> (JSONBytesDecoder, JSONDecoder) {
        var ours = JSONBytesDecoder()
        let foundation = JSONDecoder()
        if iso8601 {
            ours.datesAsISO8601 = true
            foundation.dateDecodingStrategy = .iso8601
        }
        return (ours, foundation)
    }

    @Test(arguments: [false, true])
    func contactsDecodeAsFoundationDecodesThem(_ iso8601: Bool) throws {
        let (ours, foundation) = Self.decoders(iso8601: iso8601)
        let encoder = JSONEncoder()
        encoder.outputFormatting = iso8601 ? [.prettyPrinted, .sortedKeys] : []
        if iso8601 { encoder.dateEncodingStrategy = .iso8601 }
        var contacts = JSONBytesEncoderTests.awkwardContacts()
        contacts[contacts.count - 2].customProperties["zeta"] = .double(0.1)
        for contact in contacts {
            let data = try encoder.encode(contact)
            let theirs = try foundation.decode(Contact.self, from: data)
            let mine = try ours.decode(Contact.self, from: data)
            #expect(mine == theirs)
        }
        let all = try encoder.encode(contacts)
        #expect(try ours.decode([Contact].self, from: all) == foundation.decode([Contact].self, from: all))
    }

    /// Text that exercises escapes, numbers and nesting: both decoders agree.
    @Test(arguments: [
        #"{"a":"\u00e9\ud83d\ude00\n\t\"\\\/","b":[1,-2,3.5e2,0.25,-0],"c":{"d":[[],[{}]],"e":null},"f":true}"#,
        #"  [ "x" , "" , "\u0000" ]  "#,
        #"{"":{"":""}}"#,
    ])
    func valuesDecodeAsFoundationDecodesThem(_ text: String) throws {
        struct Loose: Decodable, Equatable {
            var a: String?
            var b: [Double]?
            var c: [String: [[[String: Int]]]?]?
            var f: Bool?
        }
        let (ours, foundation) = Self.decoders(iso8601: false)
        let data = Data(text.utf8)
        if text.hasPrefix("{\"a\"") {
            #expect(try ours.decode(Loose.self, from: data) == foundation.decode(Loose.self, from: data))
            let raw = try ours.decode([String: AnyValue].self, from: data)
            #expect(raw["a"] == .string("é😀\n\t\"\\/"))
        } else if text.contains("[") {
            #expect(try ours.decode([String].self, from: data) == foundation.decode([String].self, from: data))
        } else {
            #expect(try ours.decode([String: [String: String]].self, from: data) == foundation.decode([String: [String: String]].self, from: data))
        }
    }

    /// Whatever it does not accept, it rejects (and callers ask Foundation): never a different answer.
    @Test(arguments: [
        #"{"a":1,"a":2}"#, #"{"a":1,}"#, #"[1 2]"#, #"{"a":"\ud800"}"#, #"{"a":01}"#, #"{"a":1.}"#,
        #"{"a":"x"} x"#, #"{"a":1e400}"#, "{\"a\":\"\u{1}\"}", #"{"a":"\q"}"#, #"{"a":tru}"#,
    ])
    func rejectsWhatItDoesNotAccept(_ text: String) throws {
        let (ours, _) = Self.decoders(iso8601: false)
        #expect(throws: JSONBytesDecoder.Rejected.self) { try ours.decode([String: AnyValue].self, from: Data(text.utf8)) }
    }

    @Test func typeMismatchesAndMissingKeysAreRejected() throws {
        struct Needs: Decodable { var n: Int }
        let (ours, _) = Self.decoders(iso8601: false)
        for text in [#"{"n":"1"}"#, #"{"m":1}"#, #"{"n":1.5}"#, #"{"n":99999999999999999999}"#, #"{"n":null}"#, "[]"] {
            #expect(throws: JSONBytesDecoder.Rejected.self, "\(text)") { try ours.decode(Needs.self, from: Data(text.utf8)) }
        }
        #expect(try ours.decode(Needs.self, from: Data(#"{"n":-42}"#.utf8)).n == -42)
    }

    /// Contacts written by hand, as other tools write them: nulls, unknown keys, escapes, a missing
    /// id, and what Foundation refuses. Ours gives Foundation's contact, or rejects.
    @Test(arguments: [
        #"{"id":"a","givenName":null,"fields":null,"tags":["x"],"extra":{"deep":[1,{"id":"no"}]},"note":"\u00e9\n"}"#,
        #"{"id":"b","fields":[{"type":"phoneNumber","value":"1","label":null,"isPreferred":true,"unknown":1}],"postalAddresses":[{"city":"X","street":["1","2"],"isPreferred":false}]}"#,
        #"{"id":"c","extra":1,"extra":2,"mergedContactIDs":["m"]}"#,
        #"{"id":"d","givenName":"A","givenName":"B"}"#,
        #"{"id":"e","fields":[{"type":"fax","value":"1"}]}"#,
        #"{"id":"f","fields":[{"value":"1"}]}"#,
        #"{"id":"g","fields":[{"type":"url","value":null}]}"#,
        #"{"id":"h","tags":[null]}"#,
        #"{"id":"i","givenName":1}"#,
        #"{"id":"j","fields":{}}"#,
        #"{"i\u0064":"k","givenName":"escaped key"}"#,
        #"{"id":1}"#,
        #"{"id":"l","postalAddresses":[{"isPreferred":"yes"}]}"#,
        #"{"id":"m","fields":[{"type":"phoneNumber","value":"1","phoneNumber":{"isParsed":true,"isValid":false,"status":"junk","x":1}}]}"#,
        #"{"id":"n","fields":[{"type":"phoneNumber","value":"1","phoneNumber":{"isParsed":true}}]}"#,
        #"{"id":"o","fields":[{"type":"phoneNumber","value":"1","phoneNumber":{"isParsed":true,"isValid":true,"status":"odd"}}]}"#,
        #"{"id":"p","customProperties":{"a":{"string":null,"integer":3},"b":{"string":"x","integer":4},"c":{"bool":true}}}"#,
        #"{"id":"q","customProperties":{"k":{"string":"1"},"k":{"string":"2"}}}"#,
        #"{"id":"r","customProperties":{"\u006b":{"string":"escaped"}},"provenance":[{"providerID":"p","recordID":null}]}"#,
        #"{"id":"s","customProperties":{"k":null}}"#,
        #"{"id":"t","customProperties":{"k":{"string":1}}}"#,
        #"{"id":"u","provenance":[{"recordID":"no provider"}]}"#,
        #"{"id":"v","photo":{"data":"AQI=","mediaType":null,"x":1},"provenance":[{"providerID":"p","revision":"2","y":0}]}"#,
        #"{"id":"w","photo":{"mediaType":"image/png"}}"#,
        #"{"id":"x","photo":{"data":"not base64!"}}"#,
        #"{"id":"y","fields":[{"type":"url","value":"u","parameters":[{"name":"X","values":["a","b"]},{"name":"Y","values":[]}]}]}"#,
        #"{"id":"z","postalAddresses":[{"city":"c","parameters":[{"name":"X"}],"provenance":{"providerID":"p"}}]}"#,
    ])
    func handWrittenContactsDecodeAsFoundationOrAreRejected(_ text: String) throws {
        let (ours, foundation) = Self.decoders(iso8601: true)
        let data = Data(text.utf8)
        let theirs = Result { try foundation.decode(Contact.self, from: data) }
        do {
            let mine = try ours.decode(Contact.self, from: data)
            #expect(mine == (try theirs.get()), "\(text)")
        } catch is JSONBytesDecoder.Rejected {
            // Rejected: the caller asks Foundation, whatever it answers. The plain JSON ones are never rejected.
            let plain = ["a", "b", "m", "p", "r", "v", "y"].contains { text.hasPrefix(#"{"id":""# + $0 + "\"") }
            #expect(!plain, "\(text)")
        }
    }

    @Test func aContactWithoutAnIDGetsANewOneAndTheRest() throws {
        let (ours, _) = Self.decoders(iso8601: true)
        let data = Data(#"{"givenName":"Ann","fields":[{"type":"emailAddress","value":"a@x.example"}]}"#.utf8)
        let first = try ours.decode(Contact.self, from: data), second = try ours.decode(Contact.self, from: data)
        #expect(first.id != second.id && !first.id.rawValue.isEmpty)
        #expect(first.givenName == "Ann" && first.fields == [ContactField(type: .emailAddress, value: "a@x.example")])
    }

    /// Escapes, control characters and runs of white space at every offset from a word boundary
    /// (the decoder skips eight bytes at a time): the same strings as Foundation's, or rejected
    /// where Foundation fails too.
    @Test func stringsAndSpacesAtEveryAlignmentDecodeAsFoundationDecodesThem() throws {
        let (ours, foundation) = Self.decoders(iso8601: false)
        let pieces = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "\u{1}", "\t", "\u{7F}", "x\\"]
        for piece in pieces {
            for offset in 0..<17 {
                let text = String(repeating: "a", count: offset) + piece + String(repeating: "b", count: 16 - offset)
                for spaces in [0, 1, 4, 7, 8, 9, 16] {
                    let gap = String(repeating: " ", count: spaces)
                    let document = "[\n" + gap + "\"" + text + "\"" + gap + ",\t\r\n" + gap + "\"\(offset)\"" + gap + "]"
                    let data = Data(document.utf8)
                    switch Result(catching: { try foundation.decode([String].self, from: data) }) {
                    case .success(let theirs):
                        #expect(try ours.decode([String].self, from: data) == theirs, "\(document.debugDescription)")
                    case .failure:
                        #expect(throws: JSONBytesDecoder.Rejected.self, "\(document.debugDescription)") {
                            try ours.decode([String].self, from: data)
                        }
                    }
                }
            }
        }
    }

    @Test func invalidUTF8IsRejected() {
        let (ours, _) = Self.decoders(iso8601: false)
        #expect(throws: JSONBytesDecoder.Rejected.self) { try ours.decode([String].self, from: Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])) }
    }
}

/// Any JSON value, to decode documents of unknown shape.
enum AnyValue: Decodable, Equatable {
    case string(String), number(Double), bool(Bool), null, array([AnyValue]), object([String: AnyValue])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(Double.self) { self = .number(value) }
        else if let value = try? single.decode(String.self) { self = .string(value) }
        else if let value = try? single.decode([AnyValue].self) { self = .array(value) }
        else { self = .object(try single.decode([String: AnyValue].self)) }
    }
}
