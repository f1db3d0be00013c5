import Foundation
import Ohana

/// Reads Google Contacts CSV and Outlook CSV files into contacts.
///
/// The dialect is detected from the header row unless one is given. Columns the model has no slot
/// for are kept as custom properties (key: the column header, value: `.string`) so that
/// ``CSVContactsWriter`` writes them back. A row that cannot be read becomes a ``Diagnostic`` with
/// its line number, and reading goes on with the next row.
public struct CSVContactsReader: Sendable {
    /// The dialect to read, or `nil` to detect it from the header row.
    public var dialect: CSVDialect?
    /// Whether a leading `'` that neutralised a formula (see ``CSVContactsWriter``) is removed.
    public var removesFormulaEscapes: Bool

    /// The custom property key of Google's system groups (`* myContacts`, `* starred`), a `.strings` value.
    public static let googleSystemGroupsKey = "Google System Groups"

    /// How many unterminated quoted cells a file may have before reading stops.
    public static let maximumUnterminatedQuotes = 100

    /// Creates a reader; `dialect` `nil` detects the dialect from the header row.
    public init(dialect: CSVDialect? = nil, removesFormulaEscapes: Bool = true) {
        self.dialect = dialect
        self.removesFormulaEscapes = removesFormulaEscapes
    }

    /// Reads every contact of a CSV file's bytes; `source` names the file in diagnostics.
    ///
    /// Complexity: O(*n*) in the size of the data.
    public func read(_ data: Data, source: String) -> LoadedContacts {
        read(data, source: source, providerID: nil)
    }

    /// Reads the contacts and, when `providerID` is given, records each one's provenance (its line).
    ///
    /// One pass finds the records (``CSVRecords``); the header row makes the column plan; then
    /// rows become contacts on every core, a batch at a time, kept in file order.
    func read(_ data: Data, source: String, providerID: String?) -> LoadedContacts {
        var diagnostics: [Diagnostic] = []
        let decoded = TextDecoding.decode(data)
        if let warning = decoded.warning {
            diagnostics.append(Diagnostic(.warning, source: source, line: warning.line, message: warning.message))
        }
        let bytes = decoded.bytes
        let found = bytes.withUnsafeBufferPointer {
            CSVRecords.scan($0, from: decoded.start, maximumUnterminated: Self.maximumUnterminatedQuotes)
        }
        var mapper: CSVRowMapper?
        var firstRow = found.records.count
        for (index, record) in found.records.enumerated() {
            if record.unterminated {
                diagnostics.append(Self.unterminated(source: source, line: record.line))
                continue
            }
            let row = bytes.withUnsafeBufferPointer { CSVRecords.texts(of: record, in: $0) }
            if row.allSatisfy(\.isBlank) { continue }
            let made = CSVRowMapper(reader: self, header: row, line: record.line, source: source, providerID: providerID)
            diagnostics += made.headerDiagnostics
            mapper = made
            firstRow = index + 1
            break
        }
        guard let mapper else {
            diagnostics.append(Diagnostic(.warning, source: source, line: nil, message: "the file has no header row; nothing to read"))
            return LoadedContacts(contacts: [], diagnostics: diagnostics)
        }
        let batches = stride(from: firstRow, to: found.records.count, by: Self.rowsPerBatch).map {
            $0..<min(found.records.count, $0 + Self.rowsPerBatch)
        }
        let stableIDs = StableContactIDs(source: source)
        // Rows become contacts on every core, each written straight into its place in the result.
        let filled = parallelFill(batches: batches) { (_, batch, emit: (consuming Contact) -> Void) in
            bytes.withUnsafeBufferPointer { buffer in
                var diagnostics: [Diagnostic] = []
                var row: [String] = []
                var cells: [CSVRecords.Cell] = []
                for index in batch {
                    let record = found.records[index]
                    if record.unterminated {
                        diagnostics.append(Self.unterminated(source: source, line: record.line))
                        continue
                    }
                    row.removeAll(keepingCapacity: true)
                    cells.removeAll(keepingCapacity: true)
                    CSVRecords.cells(of: record, in: buffer, into: &cells)
                    for cell in cells { row.append(CSVRecords.cell(cell, in: buffer)) }
                    // The same file gives the same ids, run after run (a CSV row has no id of its own).
                    if let contact = mapper.contact(from: row, id: stableIDs.id(at: index), line: record.line, diagnostics: &diagnostics) {
                        emit(contact)
                    }
                }
                return diagnostics
            }
        }
        let contacts = filled.elements
        for part in filled.extras { diagnostics += part }
        if let line = found.stoppedAtLine {
            diagnostics.append(Diagnostic(
                .error, source: source, line: line,
                message: "more than \(Self.maximumUnterminatedQuotes) unclosed quoted cells; the rest of the file is not read"))
        }
        return LoadedContacts(contacts: contacts, diagnostics: diagnostics)
    }

    /// How many rows one mapping task turns into contacts.
    static let rowsPerBatch = 512

    private static func unterminated(source: String, line: Int) -> Diagnostic {
        Diagnostic(
            .error, source: source, line: line,
            message: "a quoted cell starting on this line is never closed; the row is skipped and reading resumes on the next line")
    }
}

/// Birthday cells: ISO `1980-05-14`, year-less `--05-14`, and Outlook's `5/14/1980` (`0/0/00` is none).
enum BirthdayText {
    /// `.some(birthday)` when read, `.some(nil)` for an explicit "no date", `nil` when unreadable.
    static func parse(_ text: String) -> Birthday?? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "0/0/00" || text == "0/0/0000" || text == "00/00/0000" { return .some(nil) }
        if text.hasPrefix("--") {
            let parts = text.dropFirst(2).split(separator: "-")
            guard parts.count == 2, let m = Int(parts[0]), let d = Int(parts[1]),
                  let b = Birthday(month: m, day: d) else { return nil }
            return .some(b)
        }
        let iso = text.prefix(while: { $0 != "T" && $0 != " " }).split(separator: "-", omittingEmptySubsequences: false)
        if iso.count == 3, iso[0].count == 4 {
            guard let y = Int(iso[0]), let m = Int(iso[1]), let d = Int(iso[2]),
                  let b = Birthday(year: y, month: m, day: d) else { return nil }
            return .some(b)
        }
        let us = text.prefix(while: { $0 != " " }).split(separator: "/", omittingEmptySubsequences: false)
        if us.count == 3, let m = Int(us[0]), let d = Int(us[1]), var y = Int(us[2]) {
            if us[2].count <= 2 { y += y < 30 ? 2000 : 1900 }
            guard let b = Birthday(year: y, month: m, day: d) else { return nil }
            return .some(b)
        }
        return nil
    }

    /// The ISO form Google writes: `1980-05-14`, or `--05-14` without a year.
    static func google(_ birthday: Birthday) -> String { birthday.description }

    /// The form Outlook writes: `5/14/1980`; year-less birthdays use the ISO `--05-14`.
    static func outlook(_ birthday: Birthday) -> String {
        guard let year = birthday.year else { return birthday.description }
        return "\(birthday.month)/\(birthday.day)/\(year)"
    }
}
