import Foundation
import Ohana
import Testing
@testable import OhanaCSV

@Suite("Bad input")
struct BadInputTests {
    @Test("bad rows give line-numbered diagnostics and the rest loads")
    func badRows() throws {
        let loaded = try readFixture("bad-rows.csv")
        #expect(loaded.contacts.map(\.givenName) == ["Anne", "Bob", "Dora", "Eve", "Gus"])
        #expect(loaded.diagnostics.map(\.line) == [3, 4, 9])
        #expect(loaded.diagnostics.map(\.severity) == [.warning, .error, .error])
        #expect(loaded.diagnostics[1].description.hasPrefix("bad-rows.csv:4: error: the row has 6 cells but the header has 5"))
        #expect(loaded.diagnostics[2].message.contains("never closed"))
        // The quoted multi-line cells of Dora's row are read whole, CRLF kept.
        let dora = loaded.contacts[2]
        #expect(dora.familyName == "Multi\r\nLine")
        #expect(dora.note == "note\r\nwith lines")
        #expect(loaded.contacts[1].emailAddresses.map(\.value) == ["bob@example.org"])
        #expect(loaded.contacts[4].note == "after the bad row")
    }

    @Test("LF, CR LF and lone CR line ends all count lines")
    func lineEnds() {
        for end in ["\n", "\r\n", "\r"] {
            let csv = ["First Name,Notes", "A,\"x\(end)y\"", "B,one,two", "C,ok"].joined(separator: end) + end
            let loaded = CSVContactsReader().read(Data(csv.utf8), source: "e.csv")
            #expect(loaded.contacts.map(\.givenName) == ["A", "C"])
            #expect(loaded.diagnostics.map(\.line) == [4], "line end \(end.debugDescription)")
        }
    }

    @Test("empty and header-only files load nothing, and say so when there is no header")
    func emptyFiles() {
        let empty = CSVContactsReader().read(Data(), source: "empty.csv")
        #expect(empty.contacts.isEmpty && empty.diagnostics.count == 1)
        let headerOnly = CSVContactsReader().read(Data("First Name,Last Name\r\n".utf8), source: "h.csv")
        #expect(headerOnly.contacts.isEmpty && headerOnly.diagnostics.isEmpty)
    }

    @Test("an unrecognised header still loads every cell as a custom property, with a warning")
    func unknownLayout() throws {
        let loaded = CSVContactsReader().read(Data("id,price\n1,9.99\n".utf8), source: "u.csv")
        #expect(loaded.diagnostics.map(\.line) == [1])
        #expect(loaded.contacts.first?.custom("price") == "9.99")
    }

    @Test("an unclosed quote early in a large file costs one row, not the rest of the file")
    func unclosedQuoteEarly() {
        var csv = "First Name,Last Name,E-mail Address\r\nOpen,\"Quote,open@example.org\r\n"
        for i in 0..<5_000 { csv += "P\(i),Q,p\(i)@example.org\r\n" }
        let loaded = CSVContactsReader().read(Data(csv.utf8), source: "q.csv")
        #expect(loaded.diagnostics.map(\.line) == [2])
        #expect(loaded.contacts.count == 5_000)
        #expect(loaded.contacts.last?.emailAddresses.first?.value == "p4999@example.org")
    }

    @Test("the provider names each contact's line and reports a missing file")
    func provider() async throws {
        let provider = CSVContactsProvider(fileURL: fixturesURL.appendingPathComponent("google.csv"))
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.map { $0.provenance.first?.recordID } == ["line 2", "line 4"])
        #expect(loaded.contacts.first?.provenance.first?.providerID == "csv:google.csv")
        let missing = CSVContactsProvider(fileURL: fixturesURL.appendingPathComponent("nope.csv"))
        await #expect(throws: ContactsProviderError.self) { try await missing.loadContacts() }
    }
}
