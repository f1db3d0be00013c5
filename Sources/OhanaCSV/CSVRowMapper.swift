import Foundation
import Ohana

/// Turns rows into contacts by the column plan made from the header row. Immutable, so rows
/// are mapped on every core; what a row gets wrong goes to the caller's diagnostics.
struct CSVRowMapper: Sendable {
    let reader: CSVContactsReader
    let source: String
    let providerID: String?
    let plan: ColumnPlan
    let headerCount: Int
    /// Each address slot's ``ColumnPlan/AddressSlot/valueColumns``.
    let addressValueColumns: [[Int]]
    /// Warnings about the header row itself.
    let headerDiagnostics: [Diagnostic]

    /// Makes the plan from the header row on `line`.
    init(reader: CSVContactsReader, header row: [String], line: Int, source: String, providerID: String?) {
        self.reader = reader
        self.source = source
        self.providerID = providerID
        var diagnostics: [Diagnostic] = []
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
        addressValueColumns = made.addresses.map(\.valueColumns)
        headerCount = header.count
        headerDiagnostics = diagnostics
    }

    /// The contact of one data row, or `nil` when the row is blank or is skipped (with a diagnostic).
    func contact(from row: [String], id: ContactID, line: Int, diagnostics: inout [Diagnostic]) -> Contact? {
        if row.allSatisfy(\.isBlank) { return nil }
        if row.count > headerCount, !row[headerCount...].allSatisfy(\.isBlank) {
            diagnostics.append(Diagnostic(
                .error, source: source, line: line,
                message: "the row has \(row.count) cells but the header has \(headerCount) (an unquoted comma?); the row is skipped"))
            return nil
        }
        if row.count < headerCount {
            diagnostics.append(Diagnostic(
                .warning, source: source, line: line,
                message: "the row has \(row.count) cells but the header has \(headerCount); the missing cells are read as empty"))
        }
        var contact = makeContact(row, id: id, plan: plan, line: line, diagnostics: &diagnostics)
        if let providerID {
            contact.provenanceRecords = ProvenanceRecords(providerID: providerID, record: .text("line \(line)"))
        }
        return contact
    }

    private func cell(_ row: [String], _ column: Int?) -> String {
        guard let column, column < row.count else { return "" }
        return reader.removesFormulaEscapes ? FormulaGuard.unescape(row[column]) : row[column]
    }

    private func values(_ text: String, split: Bool) -> [String] {
        guard split, Self.contains(text, " ::: ") else { return [text] }
        return text.components(separatedBy: " ::: ")
    }

    /// Whether `text` holds `separator` (ASCII, not all spaces), by bytes: most cells do not,
    /// and Foundation's search costs far more than this scan. The separator's first byte that is
    /// not a space (`:` of ` ::: `, rare in cells, where spaces are common) is looked for with
    /// `memchr`; only where it occurs is the whole separator compared.
    static func contains(_ text: String, _ separator: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount)
        guard let key = needle.firstIndex(where: { $0 != 0x20 }) else { return false }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count, let base = bytes.baseAddress else { return false }
            var from = key
            while from < bytes.count {
                guard let found = memchr(base + from, Int32(needle[key]), bytes.count - from) else { return false }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let start = at - key
                if start + needle.count <= bytes.count, (0..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) {
                    return true
                }
                from = at + 1
            }
            return false
        }
    }

    private func makeContact(_ row: [String], id: ContactID, plan: ColumnPlan, line: Int, diagnostics: inout [Diagnostic]) -> Contact {
        var contact = Contact(blankWithID: id)
        for (column, keyPath) in plan.names {
            let value = cell(row, column)
            if !value.isBlank { keyPath.set(value, on: &contact) }
        }
        for (column, header) in plan.birthdays {
            let value = cell(row, column).trimmingWhitespace(newlines: false)
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
            if text.isEmpty { continue }
            let parts = plan.dialect == .google
                ? (Self.contains(text, ":::") ? text.components(separatedBy: ":::") : [text])
                : (Self.contains(text, ";") ? text.components(separatedBy: ";") : [text])
            for part in parts {
                let tag = part.trimmingWhitespace(newlines: false)
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
            let labelText = cell(row, slot.labelColumn)
            let serviceText = cell(row, slot.serviceColumn)
            if !plan.splitsMultipleValues
                || !(Self.contains(text, " ::: ") || Self.contains(labelText, " ::: ") || Self.contains(serviceText, " ::: ")) {
                // One value (nearly every cell): no lists to make.
                let parsed = slot.labelColumn == nil ? (label: slot.fixedLabel, isPreferred: false) : Labels.fromGoogle(labelText)
                contact.fields.append(Self.field(slot.type, parsed.label, text, parsed.isPreferred, service: serviceText))
                continue
            }
            let items = values(text, split: true)
            let labels = values(labelText, split: true)
            let services = values(serviceText, split: true)
            for (index, value) in items.enumerated() where !value.isBlank {
                var label = slot.fixedLabel
                var preferred = false
                if slot.labelColumn != nil {
                    let parsed = Labels.fromGoogle(labels.count == items.count ? labels[index] : labelText)
                    label = parsed.label
                    preferred = parsed.isPreferred && (labels.count == items.count || index == 0)
                }
                let service = services.count == items.count ? services[index] : services[0]
                contact.fields.append(Self.field(slot.type, label, value, preferred, service: service))
            }
        }

        for (slot, columns) in zip(plan.addresses, addressValueColumns)
        where !columns.allSatisfy({ $0 >= row.count || row[$0].isBlank }) {
            contact.postalAddresses += addresses(row, slot: slot, columns: columns, split: plan.splitsMultipleValues)
        }

        for (column, key) in plan.custom {
            let value = cell(row, column)
            if !value.isBlank { contact.customProperties[key] = .string(value) }
        }
        return contact
    }

    /// A field of a row; a service cell (`X-SERVICE-TYPE`) is kept as a parameter.
    private static func field(
        _ type: ContactFieldType, _ label: ContactFieldLabel?, _ value: String, _ preferred: Bool, service: String
    ) -> ContactField {
        var field = ContactField(type: type, label: label, value: value, isPreferred: preferred)
        let service = service.trimmingWhitespace(newlines: false)
        if !service.isEmpty { field.parameters = [PropertyParameter(name: "X-SERVICE-TYPE", values: [service])] }
        return field
    }

    private func addresses(_ row: [String], slot: ColumnPlan.AddressSlot, columns: [Int], split: Bool) -> [PostalAddress] {
        if !split || !(columns.contains { Self.contains(cell(row, $0), " ::: ") } || Self.contains(cell(row, slot.labelColumn), " ::: ")) {
            // One address (nearly every row): no lists to make.
            func part(_ column: Int?) -> String? {
                let value = cell(row, column)
                return value.isBlank ? nil : value
            }
            var address = PostalAddress(label: slot.fixedLabel)
            if slot.labelColumn != nil {
                let parsed = Labels.fromGoogle(cell(row, slot.labelColumn))
                address.label = parsed.label
                address.isPreferred = parsed.isPreferred
            }
            address.street = slot.street.flatMap { part($0.column).map(Self.lines) ?? [] }
            address.poBox = part(slot.poBox)
            address.extendedAddress = part(slot.extendedAddress)
            address.city = part(slot.city)
            address.region = part(slot.region)
            address.postalCode = part(slot.postalCode)
            address.country = part(slot.country)
            if address.isEmpty, let text = part(slot.formatted) { address.street = Self.lines(text) }
            return address.isEmpty ? [] : [address]
        }
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
        if !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return text.isBlank ? [] : [text] }
        return text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map(String.init)
            .filter { !$0.isBlank }
    }
}

