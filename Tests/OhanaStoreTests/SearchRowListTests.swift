import Foundation
import Ohana
@testable import OhanaStore
import Testing

/// A search's candidates as one list of search rows, and where a row's parts lie in its bytes.
struct SearchRowListTests {
    @Test("a chunk of search rows and stored JSON, mixed, becomes rows of the same light contacts, in order")
    func mixedChunkAsRows() throws {
        let codec = ContactCodec()
        var first = StoredJSONChunk()
        var second = StoredJSONChunk()
        for (index, contact) in SearchRowTests.contacts.enumerated() {
            let entry = index.isMultiple(of: 3) ? Array(try codec.encodeJSON(contact)) : SearchRow.encode(contact)
            if index < 700 { first.append(entry) } else { second.append(entry) }
        }
        var rowsOnly = StoredJSONChunk()
        for contact in SearchRowTests.contacts.prefix(5) { rowsOnly.append(SearchRow.encode(contact)) }
        var list = SearchRowList()
        try list.append(first)
        try list.append(rowsOnly)
        try list.append(second)
        let expected = (Array(SearchRowTests.contacts.prefix(700)) + SearchRowTests.contacts.prefix(5)
            + SearchRowTests.contacts.dropFirst(700)).map(SearchCandidates.lightContact)
        #expect(list.count == expected.count)
        #expect(try (0..<list.count).map { try list.lightContact(at: $0) } == expected)
        for index in 0..<list.count {
            #expect(list.bytes[list.range(at: index)].first == SearchRow.version)
        }
    }

    @Test("a damaged row reads as unreadable")
    func damagedRow() throws {
        var list = SearchRowList()
        list.append([Array(SearchRow.encode(SearchRowTests.contacts[0]).dropLast())])
        #expect(throws: SearchRow.Unreadable.self) { try list.lightContact(at: 0) }
    }

    @Test("the layout finds each text and field value of a row, and which are plain ASCII")
    func layout() {
        var layout = SearchRowLayout()
        var plainRows = 0
        func isPlain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } }
        for contact in SearchRowTests.contacts {
            let row = SearchRow.encode(contact)
            let texts = SearchCandidates.lightTexts(of: contact)
            let values = contact.fields.map(\.value)
            let plain = (texts.compactMap { $0 } + values).allSatisfy(isPlain)
            row.withUnsafeBytes { bytes in
                let read = layout.read(bytes)
                #expect(read, "\(contact.id)")
                #expect(layout.isPlainASCII == plain, "\(contact.id)")
                if plain { plainRows += 1 }
                func text(_ start: Int, _ end: Int) -> String? {
                    start < 0 ? nil : String(decoding: bytes[start..<end], as: UTF8.self)
                }
                #expect(texts.indices.map { text(layout.textStarts[$0], layout.textEnds[$0]) } == texts, "\(contact.id)")
                #expect(layout.textIsPlain == texts.map { $0.map(isPlain) ?? true }, "\(contact.id)")
                #expect((0..<layout.fieldCount).map { text(layout.valueStarts[$0], layout.valueEnds[$0]) } == values)
                #expect(layout.valueIsPlain == values.map(isPlain))
            }
        }
        #expect(plainRows > 100 && plainRows < SearchRowTests.contacts.count)
        var invalid = SearchRow.encode(Contact(id: "x", givenName: "Zoë"))
        if let start = invalid.firstRange(of: Array("ë".utf8))?.lowerBound { invalid[start + 1] = 0x41 }
        #expect(invalid.withUnsafeBytes { SearchRow.lightContact($0) } == nil)
        #expect(invalid.withUnsafeBytes { layout.read($0) } == false)
        let damaged = Array(SearchRow.encode(SearchRowTests.contacts[0]).dropLast())
        #expect(damaged.withUnsafeBytes { layout.read($0) } == false)
        var unknownType = SearchRow.encode(Contact(id: "x", givenName: "A", fields: [.email("a@b.example")]))
        let type = Array("emailAddress".utf8)
        if let start = unknownType.firstRange(of: type)?.lowerBound { unknownType[start] = UInt8(ascii: "f") }
        #expect(unknownType.withUnsafeBytes { SearchRow.lightContact($0) } == nil)
        #expect(unknownType.withUnsafeBytes { layout.read($0) } == false)
    }
}
