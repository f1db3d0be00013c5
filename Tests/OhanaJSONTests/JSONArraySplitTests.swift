import Foundation
import OhanaSampleData
import Testing
@testable import Ohana
@testable import OhanaJSON

/// Splitting a large JSON array on every core finds exactly the elements and lines one pass finds,
/// or gives up (and one pass runs) when a guessed boundary is not one.
@Suite struct JSONArraySplitTests {
    static func onePass(_ text: String) throws -> [JSONArrayLayout.Element] {
        try JSONArrayLayout.split(Data(text.utf8)).get().elements
    }

    static func inParts(_ text: String, parts: Int) -> [JSONArrayLayout.Element]? {
        Array(text.utf8).withUnsafeBytes { JSONArrayLayout.splitInParts(bytes: $0, parts: parts)?.elements }
    }

    static func same(_ a: [JSONArrayLayout.Element], _ b: [JSONArrayLayout.Element]) -> Bool {
        a.map(\.bytes) == b.map(\.bytes) && a.map(\.line) == b.map(\.line)
    }

    @Test(arguments: [true, false])
    func partsFindWhatOnePassFinds(pretty: Bool) throws {
        let contacts = ContactGenerator(seed: 3).generate(count: 300)
        let text = String(decoding: try ContactsJSON.encode(contacts, pretty: pretty), as: UTF8.self)
        let expected = try Self.onePass(text)
        #expect(expected.count == 300)
        for parts in 2...7 {
            if pretty {
                let found = try #require(Self.inParts(text, parts: parts), "\(parts) parts")
                #expect(Self.same(found, expected), "\(parts) parts")
            } else {
                // Compact arrays look alike between contacts and between nested objects: not parted.
                #expect(Self.inParts(text, parts: parts) == nil)
            }
        }
    }

    /// Notes that hold the array's separator `},\n  {` everywhere a part may start: each part
    /// either starts at a true boundary or the split gives up; never different elements.
    @Test func boundariesInsideStringsAreNotTakenForElements() throws {
        var text = "[\n"
        for index in 0..<400 {
            // The separator itself inside a string (a raw line break there is tolerated by the split).
            let note = index.isMultiple(of: 3) ? "x },\n  { y" : index.isMultiple(of: 4) ? "},\n  {" : "a\\\"},{\\\"b"
            text += (index == 0 ? "" : ",\n") + "  {\"id\": \"c\(index)\", \"note\": \"\(note)\",\n   \"tags\": [\"},{\"]}"
        }
        text += "\n]\n"
        let expected = try Self.onePass(text)
        #expect(expected.count == 400)
        var gaveUp = 0
        for parts in 2...40 {
            if let found = Self.inParts(text, parts: parts) {
                #expect(Self.same(found, expected), "\(parts) parts")
            } else {
                gaveUp += 1
            }
        }
        // Enough guesses land inside a string for giving up to be exercised.
        #expect(gaveUp > 0)
        #expect(gaveUp < 39)
    }

    /// Each element the split finds is the text of one contact, on the line a reader counting
    /// line feeds from the top gives, with escaped quotes and backslashes, nested arrays and
    /// indentation at every offset from the eight-byte words the split skips by.
    @Test(arguments: [true, false])
    func elementsAreTheContactsOnTheirLines(pretty: Bool) throws {
        var contacts = ContactGenerator(seed: 5).generate(count: 40)
        for index in contacts.indices {
            let filler = String(repeating: "x", count: index % 17)
            contacts[index].note = filler + #"a "quoted" \ back\"slash } ] { ["# + "\nline"
            contacts[index].tags = [filler + "]", "\\", "}" + filler]
        }
        let data = try ContactsJSON.encode(contacts, pretty: pretty)
        let text = String(decoding: data, as: UTF8.self)
        let elements = try Self.onePass(text)
        try #require(elements.count == contacts.count)
        let bytes = Array(data)
        for (element, contact) in zip(elements, contacts) {
            let slice = Data(bytes[element.bytes])
            #expect(try JSONDecoder().decode(Contact.self, from: slice) == contact)
            #expect(element.line == 1 + bytes[..<element.bytes.lowerBound].filter { $0 == 0x0A }.count)
        }
    }

    @Test func brokenArraysAreLeftToOnePass() {
        for text in ["[{\"a\": 1}, {\"b\": 2}, {\"c\": \"3}", "[{\"a\": 1}, {\"b\": 2}, {\"c\": 3}", "[{\"a\": 1}, {\"b\": 2},, {\"c\": 3}]", "[{\"a\": 1}, {\"b\": 2}] x"] {
            #expect(Self.inParts(text, parts: 3) == nil, "\(text)")
        }
    }
}
