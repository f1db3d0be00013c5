import Foundation
import Ohana
import OhanaSampleData
import OhanaTestSupport
import Testing
@testable import OhanaCSV

@Suite("CSV records: the byte-level RFC 4180 reader")
struct CSVRecordsTests {
    /// The rows (cell texts) and their first lines, as the reader finds them.
    private func scan(_ text: String, maximumUnterminated: Int = 100) -> (rows: [[String]], lines: [Int], broken: [Int]) {
        let decoded = TextDecoding.decode(Data(text.utf8))
        return decoded.bytes.withUnsafeBufferPointer { buffer in
            let found = CSVRecords.scan(buffer, from: decoded.start, maximumUnterminated: maximumUnterminated)
            let kept = found.records.filter { !$0.unterminated }
            return (kept.map { CSVRecords.texts(of: $0, in: buffer) }, kept.map(\.line),
                    found.records.filter(\.unterminated).map(\.line))
        }
    }

    @Test func quotedCellsHoldCommasQuotesAndLineBreaks() {
        let found = scan("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\r\nlines\",,\"\"\r\nlast,\"x\ny\"")
        #expect(found.rows == [["a", "b,c", "say \"hi\""], ["two\r\nlines", "", ""], ["last", "x\ny"]])
        #expect(found.lines == [1, 2, 4])
    }

    @Test func everyLineEndEndsARecordAndCountsOneLine() {
        let found = scan("a\rb\nc\r\nd\r\n\r\ne")
        #expect(found.rows == [["a"], ["b"], ["c"], ["d"], [""], ["e"]])
        #expect(found.lines == [1, 2, 3, 4, 5, 6])
    }

    @Test func strayQuotesAndTrailingCommasAreKept() {
        let found = scan("ab\"c,\"q\"tail,x,\n,\n\u{FEFF}")
        #expect(found.rows == [["ab\"c", "qtail", "x", ""], ["", ""], ["\u{FEFF}"]])
        #expect(scan("\u{FEFF}h1,h2\n").rows == [["h1", "h2"]])
    }

    @Test func aQuoteLeftOpenOverALineBreakSkipsOnlyItsRecord() {
        let found = scan("h\n\"open,1\nnext,2\nlast,3\n")
        #expect(found.broken == [2])
        #expect(found.rows == [["h"], ["next", "2"], ["last", "3"]])
        #expect(found.lines == [1, 3, 4])
        // Without a line break to swallow, an open quote just runs to the end.
        #expect(scan("h\n\"open,1").rows == [["h"], ["open,1"]])
        // Each restart finds the same open quote one line later; the number of restarts is bounded.
        #expect(scan(String(repeating: "x\",\"\n", count: 10), maximumUnterminated: 100).broken == Array(1...10))
        #expect(scan(String(repeating: "x\",\"\n", count: 10), maximumUnterminated: 3).broken == [1, 2, 3])
    }

    @Test func rowsMatchCSVSwiftOnWrittenAddressBooks() throws {
        var contacts = ContactGenerator(seed: 3).generate(count: 1_500)
        contacts[0].note = "quotes \"inside\", commas, and\r\nline\nbreaks\r"
        contacts[1].givenName = "=SUM(A1)"
        contacts[2].organization = "\"\""
        for dialect in [CSVDialect.google, .outlook] {
            let data = CSVContactsWriter(dialect: dialect).write(contacts)
            let expected = try rows(data)
            let decoded = TextDecoding.decode(data)
            let found = decoded.bytes.withUnsafeBufferPointer { buffer in
                let records = CSVRecords.scan(buffer, from: decoded.start, maximumUnterminated: 100)
                return records.records.map { CSVRecords.texts(of: $0, in: buffer) }
            }
            #expect(found == expected, "\(dialect)")
            let loaded = CSVContactsReader(dialect: dialect).read(data, source: "book.csv")
            #expect(loaded.contacts.count == contacts.count)
            #expect(loaded.contacts[0].note == contacts[0].note)
            #expect(loaded.contacts[1].givenName == "=SUM(A1)")
        }
    }
}
