import CSV
import Foundation
import Ohana
@testable import OhanaCSV

/// The folder of this test target's own fixture files.
let fixturesURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The bytes of a fixture file.
func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixturesURL.appendingPathComponent(name))
}

/// Reads a fixture with auto-detected dialect.
func readFixture(_ name: String, dialect: CSVDialect? = nil) throws -> LoadedContacts {
    CSVContactsReader(dialect: dialect).read(try fixture(name), source: name)
}

/// Parses CSV bytes with CSV.swift into rows (header first), for looking at written cells.
func rows(_ data: Data) throws -> [[String]] {
    var text = String(decoding: data, as: UTF8.self)
    if text.unicodeScalars.first == "\u{FEFF}" { text = String(text.unicodeScalars.dropFirst()) }
    let reader = try CSVReader(string: text)
    var result: [[String]] = []
    while let row = reader.next() { result.append(row) }
    return result
}

/// The cell of `column` in data row `index` (0-based, after the header).
func cell(_ table: [[String]], row index: Int, column: String) -> String? {
    guard let position = table.first?.firstIndex(of: column), index + 1 < table.count else { return nil }
    let row = table[index + 1]
    return position < row.count ? row[position] : ""
}

extension Contact {
    /// The values of the fields of one type.
    func values(_ type: ContactFieldType) -> [String] { fields(ofType: type).map(\.value) }
    /// The custom property's text.
    func custom(_ key: String) -> String? { customProperties[key]?.stringValue }
}
