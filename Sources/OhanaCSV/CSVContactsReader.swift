import CSV
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
    func read(_ data: Data, source: String, providerID: String?) -> LoadedContacts {
        var state = ReadState(reader: self, source: source, providerID: providerID)
        let decoded = TextDecoding.decode(data)
        if let warning = decoded.warning {
            state.diagnostics.append(Diagnostic(.warning, source: source, line: warning.line, message: warning.message))
        }
        let text = decoded.text
        var segment = text[...]
        var lineBase = 1
        var unterminated = 0
        segments: while true {
            guard let csv = try? CSVReader(string: String(segment)) else { break }
            var line = lineBase
            var pending: (row: [String], line: Int)?
            while let row = csv.next() {
                let start = line
                line += 1 + Self.lineBreaks(in: row)
                if let previous = pending { state.handle(previous.row, line: previous.line) }
                pending = (row, start)
            }
            guard let last = pending else { break }
            let lastStart = Self.offset(ofLine: last.line - lineBase, in: segment)
            let quotes = segment[lastStart...].utf8.reduce(0) { $1 == UInt8(ascii: "\"") ? $0 + 1 : $0 }
            if Self.lineBreaks(in: last.row) > 0 && quotes % 2 == 1 {
                // A quoted cell opened on this line never closes: it swallowed the rest of the file.
                state.diagnostics.append(Diagnostic(
                    .error, source: source, line: last.line,
                    message: "a quoted cell starting on this line is never closed; the row is skipped and reading resumes on the next line"))
                unterminated += 1
                guard unterminated < Self.maximumUnterminatedQuotes else {
                    state.diagnostics.append(Diagnostic(
                        .error, source: source, line: last.line + 1,
                        message: "more than \(Self.maximumUnterminatedQuotes) unclosed quoted cells; the rest of the file is not read"))
                    break
                }
                let next = Self.offset(ofLine: 1, in: segment[lastStart...])
                guard next < segment.endIndex else { break }
                segment = segment[next...]
                lineBase = last.line + 1
                continue segments
            }
            state.handle(last.row, line: last.line)
            break
        }
        if state.plan == nil {
            state.diagnostics.append(Diagnostic(.warning, source: source, line: nil, message: "the file has no header row; nothing to read"))
        }
        return LoadedContacts(contacts: state.contacts, diagnostics: state.diagnostics)
    }

    /// The line breaks inside a row's cells (CR LF, CR and LF each count once), as CSVReader reads them.
    static func lineBreaks(in row: [String]) -> Int {
        var count = 0
        for cell in row {
            var previousCR = false
            for byte in cell.utf8 {
                if byte == 13 {
                    count += 1
                    previousCR = true
                } else {
                    if byte == 10 && !previousCR { count += 1 }
                    previousCR = false
                }
            }
        }
        return count
    }

    /// The index where line `n` (0-based) of `text` starts; `endIndex` when it has fewer lines.
    static func offset(ofLine n: Int, in text: Substring) -> Substring.Index {
        guard n > 0 else { return text.startIndex }
        let utf8 = text.utf8
        var index = utf8.startIndex
        var seen = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == 13 {
                if index < utf8.endIndex && utf8[index] == 10 { index = utf8.index(after: index) }
                seen += 1
            } else if byte == 10 {
                seen += 1
            }
            if seen == n { return index }
        }
        return text.endIndex
    }
}

/// The state of one read: the plan made from the header, and what has been read so far.
private struct ReadState {
    let reader: CSVContactsReader
    let source: String
    let providerID: String?
    var plan: ColumnPlan?
    var headerCount = 0
    var contacts: [Contact] = []
    var diagnostics: [Diagnostic] = []

    init(reader: CSVContactsReader, source: String, providerID: String?) {
        self.reader = reader
        self.source = source
        self.providerID = providerID
    }

    mutating func handle(_ row: [String], line: Int) {
        if row.allSatisfy(\.isBlank) { return }
        guard let plan else {
            let header = row.map { reader.removesFormulaEscapes ? FormulaGuard.unescape($0) : $0 }
            var dialect = reader.dialect
            if dialect == nil {
                dialect = CSVDialect.detect(header: header)
                if dialect == nil {
                    diagnostics.append(Diagnostic(
                        .warning, source: source, line: line,
                        message: "the header matches neither Google nor Outlook contacts CSV; unknown columns are kept as custom properties"))
                }
            }
            let made = ColumnPlan(header: header, dialect: dialect ?? .google)
            for warning in made.headerWarnings {
                diagnostics.append(Diagnostic(.warning, source: source, line: line, message: warning))
            }
            plan = made
            headerCount = header.count
            return
        }
        if row.count > headerCount, !row[headerCount...].allSatisfy(\.isBlank) {
            diagnostics.append(Diagnostic(
                .error, source: source, line: line,
                message: "the row has \(row.count) cells but the header has \(headerCount) (an unquoted comma?); the row is skipped"))
            return
        }
        if row.count < headerCount {
            diagnostics.append(Diagnostic(
                .warning, source: source, line: line,
                message: "the row has \(row.count) cells but the header has \(headerCount); the missing cells are read as empty"))
        }
        var contact = makeContact(row, plan: plan, line: line)
        if let providerID {
            contact.provenance = [Provenance(providerID: providerID, recordID: "line \(line)")]
        }
        contacts.append(contact)
    }

    private func cell(_ row: [String], _ column: Int?) -> String {
        guard let column, column < row.count else { return "" }
        return reader.removesFormulaEscapes ? FormulaGuard.unescape(row[column]) : row[column]
    }

    private func values(_ text: String, split: Bool) -> [String] {
        guard split, text.contains(" ::: ") else { return [text] }
        return text.components(separatedBy: " ::: ")
    }

    private mutating func makeContact(_ row: [String], plan: ColumnPlan, line: Int) -> Contact {
        var contact = Contact()
        for (column, keyPath) in plan.names {
            let value = cell(row, column)
            if !value.isBlank { keyPath.set(value, on: &contact) }
        }
        for (column, header) in plan.birthdays {
            let value = cell(row, column).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            switch BirthdayText.parse(value) {
            case .some(.some(let birthday)): contact.birthday = birthday
            case .some(.none): break
            case .none:
                diagnostics.append(Diagnostic(
                    .warning, source: source, line: line,
                    message: "'\(value)' in column \(header) is not a date; it is kept as text"))
                contact.customProperties[header] = .string(value)
            }
        }
        var systemGroups: [String] = []
        for column in plan.tags {
            let text = cell(row, column)
            let parts = plan.dialect == .google ? text.components(separatedBy: ":::") : text.components(separatedBy: ";")
            for part in parts {
                let tag = part.trimmingCharacters(in: .whitespaces)
                if tag.isEmpty { continue }
                if plan.dialect == .google && tag.hasPrefix("*") {
                    systemGroups.append(tag)
                } else {
                    contact.tags.append(tag)
                }
            }
        }
        if !systemGroups.isEmpty { contact.customProperties[CSVContactsReader.googleSystemGroupsKey] = .strings(systemGroups) }

        for slot in plan.fields {
            let text = cell(row, slot.valueColumn)
            guard !text.isBlank else { continue }
            let items = values(text, split: plan.splitsMultipleValues)
            let labelText = cell(row, slot.labelColumn)
            let labels = values(labelText, split: plan.splitsMultipleValues)
            let services = values(cell(row, slot.serviceColumn), split: plan.splitsMultipleValues)
            for (index, value) in items.enumerated() where !value.isBlank {
                var label = slot.fixedLabel
                var preferred = false
                if slot.labelColumn != nil {
                    let parsed = Labels.fromGoogle(labels.count == items.count ? labels[index] : labelText)
                    label = parsed.label
                    preferred = parsed.isPreferred && (labels.count == items.count || index == 0)
                }
                var field = ContactField(type: slot.type, label: label, value: value, isPreferred: preferred)
                let service = (services.count == items.count ? services[index] : services[0]).trimmingCharacters(in: .whitespaces)
                if !service.isEmpty { field.parameters = [PropertyParameter(name: "X-SERVICE-TYPE", values: [service])] }
                contact.fields.append(field)
            }
        }

        for slot in plan.addresses {
            contact.postalAddresses += addresses(row, slot: slot, split: plan.splitsMultipleValues)
        }

        for (column, key) in plan.custom {
            let value = cell(row, column)
            if !value.isBlank { contact.customProperties[key] = .string(value) }
        }
        return contact
    }

    private func addresses(_ row: [String], slot: ColumnPlan.AddressSlot, split: Bool) -> [PostalAddress] {
        func parts(_ column: Int?) -> [String] { values(cell(row, column), split: split) }
        let labelText = cell(row, slot.labelColumn)
        let labels = parts(slot.labelColumn)
        let streets = slot.street.map { parts($0.column) }
        let formatted = parts(slot.formatted)
        let poBox = parts(slot.poBox), extended = parts(slot.extendedAddress), city = parts(slot.city)
        let region = parts(slot.region), postalCode = parts(slot.postalCode), country = parts(slot.country)
        let count = ([labels, formatted, poBox, extended, city, region, postalCode, country] + streets).map(\.count).max() ?? 1
        var result: [PostalAddress] = []
        for index in 0..<count {
            func part(_ list: [String]) -> String? {
                let value = index < list.count ? list[index] : ""
                return value.isBlank ? nil : value
            }
            var address = PostalAddress(label: slot.fixedLabel)
            if slot.labelColumn != nil {
                let parsed = Labels.fromGoogle(labels.count == count ? labels[index] : labelText)
                address.label = parsed.label
                address.isPreferred = parsed.isPreferred && (labels.count == count || index == 0)
            }
            address.street = streets.flatMap { part($0).map(Self.lines) ?? [] }
            address.poBox = part(poBox)
            address.extendedAddress = part(extended)
            address.city = part(city)
            address.region = part(region)
            address.postalCode = part(postalCode)
            address.country = part(country)
            if address.isEmpty, let text = part(formatted) { address.street = Self.lines(text) }
            if !address.isEmpty { result.append(address) }
        }
        return result
    }

    /// The non-blank lines of a cell.
    static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map(String.init)
            .filter { !$0.isBlank }
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
