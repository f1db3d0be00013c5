import Foundation
import Ohana
import Testing
@testable import OhanaCSV

@Suite("Spreadsheet formula injection")
struct FormulaInjectionTests {
    static let dangerous = ["=1+2", "+1 555 0100", "-2+3", "@SUM(A1:A9)", "\tTAB", "\rCR", "=HYPERLINK(\"http://x\")"]

    @Test("cells starting with = + - @ tab or CR are written with a leading quote")
    func neutralised() throws {
        let contacts = Self.dangerous.map { Contact(givenName: $0, fields: [.phone($0)], note: $0) }
        let table = try rows(CSVContactsWriter(dialect: .google).write(contacts))
        for (index, value) in Self.dangerous.enumerated() {
            #expect(cell(table, row: index, column: "First Name") == "'" + value)
            #expect(cell(table, row: index, column: "Phone 1 - Value") == "'" + value)
            #expect(cell(table, row: index, column: "Notes") == "'" + value)
        }
        let plain = try rows(CSVContactsWriter(dialect: .google, neutralizesFormulas: false).write(contacts))
        #expect(cell(plain, row: 0, column: "First Name") == "=1+2")
    }

    @Test("safe cells are left alone, including ones that start with a quote")
    func safeCells() throws {
        let safe = ["'90s", "'twas", "Ann", " =space first", "1+1", "''"]
        let table = try rows(CSVContactsWriter(dialect: .outlook).write(safe.map { Contact(givenName: $0) }))
        #expect((0..<safe.count).map { cell(table, row: $0, column: "First Name") } == safe)
    }

    @Test("a round trip keeps +1 phone numbers, formulas and leading quotes exactly")
    func roundTrip() throws {
        let values = Self.dangerous + ["'=already quoted", "''+two quotes", "'90s", "'", "+", "-"]
        for dialect in CSVDialect.allCases {
            let contacts = values.map { Contact(givenName: "X", fields: [.phone($0, label: .mobile)], note: $0) }
            let back = CSVContactsReader().read(CSVContactsWriter(dialect: dialect).write(contacts), source: "f.csv")
            #expect(back.contacts.map { $0.phoneNumbers.first?.value } == values)
            #expect(back.contacts.map(\.note) == values)
        }
    }

    @Test("escaping and unescaping are inverse for every string")
    func inverse() {
        let samples = ["", "'", "''", "'''=", "=", "'=", "a", "'a", "+1", "'+1", "''+1", "-", "@x", "\t", "'\t", " =x", "é"]
        for value in samples {
            #expect(FormulaGuard.unescape(FormulaGuard.escape(value)) == value)
        }
        // What a foreign file holds: only a quote before a trigger is taken for an escape.
        #expect(FormulaGuard.unescape("'+1 555 0100") == "+1 555 0100")
        #expect(FormulaGuard.unescape("'90s") == "'90s")
        #expect(CSVContactsReader(removesFormulaEscapes: false)
            .read(Data("Given Name\n'+1\n".utf8), source: "x").contacts.first?.givenName == "'+1")
    }
}
